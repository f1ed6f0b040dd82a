/**
 * The annotated video of `analyze <video> --annotate <dir>`, drawn in a second pass over the
 * video from what the live referee logged (annotate-log.ts):
 *   <name>.annotated.mp4 (or .mjpeg without ffmpeg): every frame with the fitted board, the
 *     discs at rest with their calls, the moving discs' tracks as they travel, the last
 *     shot's hits, the board's state and the running score;
 *   <name>.shot-NN.png: each shot on the frame its call was made (the board at rest), with
 *     the shot disc, its trajectories and the hits marked;
 *   <name>.shots.png: all the shots on one contact sheet.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { pieceRadiusMm, type BoardProfile } from '../rules/profiles/schema.ts';
import type { ClickedPoint } from '../vision/calibrate/manual.ts';
import type { Calibration } from '../vision/calibrate/types.ts';
import { openVideo } from '../vision/video/open-video.ts';
import { openVideoWriter, type VideoWriteFormat } from '../vision/video/video-writer.ts';
import type { BoardMotion, PathPoint } from '../vision/track/types.ts';
import { CALL_COLOURS, discOutline, drawBoardGeometry, drawClicks, drawScale, headlineBar, label, polyline, putFrame, scoreBox, seen, topPlane, type PointPx } from './annotate-draw.ts';
import type { AnnotationLog, RestMark, ShotMark } from './annotate-log.ts';

export const ANNOTATE_VIDEO_DEFAULTS = {
  /** The last shot's tracks and hits stay on the video this long after its call. */
  showShotMs: 2000,
  /** Contact sheet: thumbnail width (px, at most the video's), columns at most, gap (px). */
  thumbWidthPx: 480,
  maxColumns: 4,
  gapPx: 8,
};

export interface AnnotateVideoOptions {
  outDir: string;
  profile: BoardProfile;
  calibration: Calibration;
  /** The points a person gave for a manual calibration, ringed on every frame. */
  clicks?: readonly ClickedPoint[];
  /** Frame rate of a Motion JPEG input (as given to the analysis). */
  fps?: number;
  /** 'auto' (default): mp4 when ffmpeg is on the PATH, else MJPEG. */
  format?: VideoWriteFormat | 'auto';
  onProgress?: (done: number, total: number | null) => void;
}

export interface AnnotatedFiles {
  video: string;
  videoFormat: VideoWriteFormat;
  frames: number;
  shotImages: string[];
  contactSheet: string | null;
}

const STATE_TEXT: Record<BoardMotion, string> = {
  calibrating: 'looking for the board',
  'at-rest': 'at rest',
  moving: 'moving',
  hand: 'hand over the board',
  settling: 'settling',
  disturbed: 'disturbed (light or camera)',
};

const SHOT_COLOUR = '#ffe14d';
const STRUCK_COLOUR = '#ff5fd2';
const HIT_COLOUR = '#ff3b3b';

/** Where a path was at tMs (its last point before then; null before it starts). */
function pointAt(path: readonly PathPoint[], tMs: number): PathPoint | null {
  let at: PathPoint | null = null;
  for (const p of path) {
    if (p.tMs > tMs) break;
    at = p;
  }
  return at;
}

function describeShot(s: ShotMark): string {
  const parts = [`shot ${s.number} (${s.shooter})`, s.valid ? 'valid' : 'not valid'];
  if (s.hits.length > 0) parts.push(`hit ${s.hits.map((h) => `${h.byId}>${h.hitId}`).join(', ')}`);
  else parts.push('no hit');
  for (const r of s.removed) parts.push(`${r.id} ${r.reason}`);
  return parts.join(' · ');
}

function scoreLines(scores: Record<string, number>, shot: ShotMark | null): string[] {
  const lines = Object.entries(scores).map(([t, p]) => `${t}  ${p}`);
  if (shot) lines.push(`board ${Object.entries(shot.boardScore).map(([t, p]) => `${t} ${p}`).join(' · ')}`);
  return lines;
}

class FramePainter {
  private readonly top: number[];
  private readonly rMm: number;
  private readonly scale: number;
  private readonly geometry: Canvas;

  constructor(
    private readonly log: AnnotationLog,
    private readonly profile: BoardProfile,
    private readonly cal: Calibration,
    private readonly widthPx: number,
    private readonly heightPx: number,
    clicks: readonly ClickedPoint[] = [],
  ) {
    this.top = topPlane(cal, profile);
    this.rMm = pieceRadiusMm(profile);
    this.scale = drawScale(widthPx);
    // The board geometry is the same on every frame: drawn once.
    this.geometry = createCanvas(widthPx, heightPx);
    drawBoardGeometry(this.geometry.getContext('2d'), profile, cal);
    drawClicks(this.geometry.getContext('2d'), cal, clicks, this.scale);
  }

  private rest(index: number): RestMark | null {
    let out: RestMark | null = null;
    for (const r of this.log.rests) if (r.frameIndex <= index) out = r;
    return out;
  }

  /** The last shot called by this frame, while it is still shown (until the next one starts). */
  private recentShot(index: number, tMs: number, active: ShotMark | null): ShotMark | null {
    let out: ShotMark | null = null;
    for (const s of this.log.shots) if (s.frameIndex <= index) out = s;
    return out && !active && tMs - out.tMs <= ANNOTATE_VIDEO_DEFAULTS.showShotMs ? out : null;
  }

  /** The shot being played at this frame (moving, not yet called). */
  private activeShot(index: number, tMs: number): ShotMark | null {
    return this.log.shots.find((s) => s.frameIndex > index && s.startMs <= tMs) ?? null;
  }

  private px(xMm: number, yMm: number): PointPx {
    return seen(this.cal, this.top, xMm, yMm);
  }

  private ring(ctx: SKRSContext2D, xMm: number, yMm: number, rMm: number, colour: string, widthPx: number): void {
    ctx.strokeStyle = colour;
    ctx.lineWidth = widthPx;
    polyline(ctx, discOutline(this.cal, this.top, xMm, yMm, rMm), true);
  }

  private trail(ctx: SKRSContext2D, path: readonly PathPoint[], untilMs: number, colour: string): void {
    const pts = path.filter((p) => p.tMs <= untilMs).map((p) => this.px(p.xMm, p.yMm));
    if (pts.length < 2) return;
    ctx.strokeStyle = colour;
    ctx.lineWidth = 2 * this.scale;
    polyline(ctx, pts, false);
  }

  /** Tracks of a shot up to tMs; with `settled`, its hits and the shot disc marked too. */
  private shotTracks(ctx: SKRSContext2D, s: ShotMark, tMs: number, settled: boolean, rest: RestMark | null): void {
    for (const [id, path] of Object.entries(s.paths)) {
      const colour = id === s.shotDiscId ? SHOT_COLOUR : STRUCK_COLOUR;
      this.trail(ctx, path, tMs, colour);
      if (!settled) {
        const p = pointAt(path, tMs);
        if (p) this.ring(ctx, p.xMm, p.yMm, this.rMm, colour, 2 * this.scale);
      }
    }
    for (const c of s.contacts) {
      if (c.tMs > tMs) continue;
      const at = s.paths[c.hitId]?.[0] ?? pointAt(s.paths[c.byId] ?? [], c.tMs);
      if (!at) continue;
      const p = this.px(at.xMm, at.yMm);
      const k = 7 * this.scale;
      ctx.strokeStyle = HIT_COLOUR;
      ctx.lineWidth = 3 * this.scale;
      polyline(ctx, [{ x: p.x - k, y: p.y - k }, { x: p.x + k, y: p.y + k }], false);
      polyline(ctx, [{ x: p.x - k, y: p.y + k }, { x: p.x + k, y: p.y - k }], false);
      label(ctx, `hit ${c.hitId}`, p.x + k, p.y - k, 12 * this.scale, HIT_COLOUR);
    }
    if (!settled) return;
    // Discs the shot put out of play (ditch, hole, off the board): where their tracks ended.
    for (const r of s.removed) {
      const end = s.paths[r.id]?.at(-1);
      if (!end) continue;
      this.ring(ctx, end.xMm, end.yMm, this.rMm, 'rgba(200,200,200,0.9)', 2 * this.scale);
      const at = this.px(end.xMm + this.rMm * 1.1, end.yMm - this.rMm * 1.1);
      label(ctx, `${r.id} ${r.reason}`, at.x, at.y, 12 * this.scale);
    }
    const disc = rest?.discs.find((d) => d.id === s.shotDiscId);
    const end = disc ?? s.paths[s.shotDiscId]?.at(-1);
    if (end) {
      this.ring(ctx, end.xMm, end.yMm, this.rMm * 1.35, SHOT_COLOUR, 3 * this.scale);
      const at = this.px(end.xMm - this.rMm * 1.4, end.yMm - this.rMm * 1.6);
      label(ctx, 'shot', at.x, at.y, 12 * this.scale, SHOT_COLOUR);
    }
  }

  paint(canvas: Canvas, index: number, tMs: number): void {
    const ctx = canvas.getContext('2d');
    ctx.drawImage(this.geometry, 0, 0);
    const rest = this.rest(index);
    const active = this.activeShot(index, tMs);
    const recent = this.recentShot(index, tMs, active);
    // Discs a shot in play has set moving are drawn where they travel, not where they rested.
    const moving = new Set(active ? Object.entries(active.paths).filter(([, p]) => p[0] && p[0].tMs <= tMs).map(([id]) => id) : []);
    for (const d of rest?.discs ?? []) {
      if (moving.has(d.id)) continue;
      this.ring(ctx, d.xMm, d.yMm, this.rMm, d.call ? CALL_COLOURS[d.call.call] ?? '#ffffff' : 'rgba(200,200,200,0.9)', 2 * this.scale);
      const text = d.call ? `${d.id} ${d.call.team} ${d.call.points}${d.call.call === 'clear' ? '' : ` ${d.call.call}`}` : `${d.id} out`;
      const at = this.px(d.xMm + this.rMm * 1.1, d.yMm + this.rMm * 1.1);
      label(ctx, text, at.x, at.y, 12 * this.scale);
    }
    if (recent) this.shotTracks(ctx, recent, tMs, true, rest);
    if (active) this.shotTracks(ctx, active, tMs, false, rest);
    const state = this.log.frameState[index] ?? 'calibrating';
    headlineBar(ctx, this.widthPx, `${(tMs / 1000).toFixed(1)} s · ${STATE_TEXT[state]}${recent ? ` · ${describeShot(recent)}` : ''}`, this.scale);
    scoreBox(ctx, this.widthPx, this.heightPx, scoreLines(rest?.scores ?? {}, recent), this.scale);
  }
}

/** All shots' images on one sheet, a caption under each. */
class ContactSheet {
  readonly canvas: Canvas;
  private readonly cols: number;
  private readonly thumbW: number;
  private readonly thumbH: number;
  private readonly captionH: number;

  constructor(count: number, widthPx: number, heightPx: number) {
    const d = ANNOTATE_VIDEO_DEFAULTS;
    this.cols = Math.min(d.maxColumns, Math.ceil(Math.sqrt(count)));
    const rows = Math.ceil(count / this.cols);
    this.thumbW = Math.min(widthPx, d.thumbWidthPx);
    this.thumbH = Math.round((heightPx * this.thumbW) / widthPx);
    this.captionH = 22;
    this.canvas = createCanvas(this.cols * (this.thumbW + d.gapPx) + d.gapPx, rows * (this.thumbH + this.captionH + d.gapPx) + d.gapPx);
    const ctx = this.canvas.getContext('2d');
    ctx.fillStyle = '#202124';
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
  }

  add(k: number, shot: Canvas, caption: string): void {
    const gap = ANNOTATE_VIDEO_DEFAULTS.gapPx;
    const x = gap + (k % this.cols) * (this.thumbW + gap);
    const y = gap + Math.floor(k / this.cols) * (this.thumbH + this.captionH + gap);
    const ctx = this.canvas.getContext('2d');
    ctx.drawImage(shot, x, y, this.thumbW, this.thumbH);
    ctx.font = '13px sans-serif';
    ctx.fillStyle = '#e8eaed';
    ctx.fillText(caption, x + 2, y + this.thumbH + 15, this.thumbW - 4);
  }
}

export async function annotateVideo(path: string, log: AnnotationLog, o: AnnotateVideoOptions): Promise<AnnotatedFiles> {
  await mkdir(o.outDir, { recursive: true });
  const base = join(o.outDir, basename(path, extname(path)));
  const video = await openVideo(path, o.fps ? { fps: o.fps } : {});
  const { widthPx, heightPx } = video.info;
  const painter = new FramePainter(log, o.profile, o.calibration, widthPx, heightPx, o.clicks);
  const writer = openVideoWriter(`${base}.annotated`, { widthPx, heightPx, fps: video.info.fps, ...(o.format ? { format: o.format } : {}) });
  const sheet = log.shots.length > 0 ? new ContactSheet(log.shots.length, widthPx, heightPx) : null;
  const shotImages: string[] = [];
  const canvas = createCanvas(widthPx, heightPx);
  const digits = Math.max(2, String(log.shots.length).length);
  try {
    for await (const f of video.frames()) {
      putFrame(canvas, f.toFrame());
      painter.paint(canvas, f.index, f.timestampMs);
      await writer.write(canvas);
      for (const [k, s] of log.shots.entries()) {
        if (s.frameIndex !== f.index) continue;
        const file = `${base}.shot-${String(s.number).padStart(digits, '0')}.png`;
        await writeFile(file, await canvas.encode('png'));
        shotImages.push(file);
        sheet?.add(k, canvas, `${describeShot(s)} · ${Object.entries(s.scores).map(([t, p]) => `${t} ${p}`).join(' - ')}`);
      }
      o.onProgress?.(f.index + 1, video.info.frameCount);
    }
  } catch (e) {
    // The first failure is the one to report, not the encoder's complaint about a cut stream.
    await writer.close().catch(() => {});
    throw e;
  } finally {
    video.close();
  }
  await writer.close();
  let contactSheet: string | null = null;
  if (sheet) {
    contactSheet = `${base}.shots.png`;
    await writeFile(contactSheet, await sheet.canvas.encode('png'));
  }
  return { video: writer.path, videoFormat: writer.format, frames: writer.frames, shotImages, contactSheet };
}
