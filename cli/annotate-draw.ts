/**
 * Drawing what the referee saw on a camera frame: the fitted board geometry, disc outlines
 * (the top face, as the camera sees it), labels that stay readable on any background, and
 * the score box. Shared by the annotated image and the annotated video.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { BoardProfile } from '../rules/profiles/schema.ts';
import { modelEdges } from '../vision/calibrate/model-edges.ts';
import type { ClickedPoint } from '../vision/calibrate/manual.ts';
import { planeAtHeight } from '../vision/calibrate/plane-at-height.ts';
import type { Calibration } from '../vision/calibrate/types.ts';
import { applyHomography } from '../vision/geometry/homography.ts';
import { distortPx } from '../vision/geometry/lens.ts';
import type { Frame } from '../vision/image/frame.ts';

export const CALL_COLOURS: Record<string, string> = { clear: '#39d353', touching: '#ff9f1c', 'too-close': '#ff3b3b' };

export interface PointPx {
  x: number;
  y: number;
}

/** A point of a board plane (given by its homography) as the camera sees it (lens included). */
export function seen(cal: Calibration, planeToImage: readonly number[], xMm: number, yMm: number): PointPx {
  const p = applyHomography(planeToImage, xMm, yMm);
  return distortPx(cal.lens, p.x, p.y);
}

export function polyline(ctx: SKRSContext2D, pts: readonly PointPx[], close: boolean): void {
  ctx.beginPath();
  pts.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
  if (close) ctx.closePath();
  ctx.stroke();
}

/** Line widths and font sizes grow with the image (1 at 1280 px wide and below). */
export function drawScale(widthPx: number): number {
  return Math.max(1, widthPx / 1280);
}

/** A canvas holding the frame's pixels. */
export function canvasOf(frame: Frame): Canvas {
  const canvas = createCanvas(frame.widthPx, frame.heightPx);
  putFrame(canvas, frame);
  return canvas;
}

export function putFrame(canvas: Canvas, frame: Frame): void {
  const ctx = canvas.getContext('2d');
  const img = ctx.createImageData(frame.widthPx, frame.heightPx);
  img.data.set(frame.data);
  ctx.putImageData(img, 0, 0);
}

/** Every model edge of the board, drawn through the calibration (thin cyan). */
export function drawBoardGeometry(ctx: SKRSContext2D, profile: BoardProfile, cal: Calibration): void {
  ctx.strokeStyle = 'rgba(0, 220, 255, 0.8)';
  ctx.lineWidth = 1;
  const byFeature = new Map<string, PointPx[]>();
  for (const s of modelEdges(profile)) {
    const list = byFeature.get(s.featureId) ?? [];
    list.push(seen(cal, cal.boardToImage, s.xMm, s.yMm));
    byFeature.set(s.featureId, list);
  }
  for (const [id, pts] of byFeature) polyline(ctx, pts, !id.startsWith('quadrant') && profile.features.find((f) => f.id === id)?.kind !== 'line');
}

/** The top face of a disc lying at (xMm, yMm), as an image outline. */
export function discOutline(cal: Calibration, topToImage: readonly number[], xMm: number, yMm: number, radiusMm: number, points = 48): PointPx[] {
  const out: PointPx[] = [];
  for (let k = 0; k < points; k++) {
    const a = (2 * Math.PI * k) / points;
    out.push(seen(cal, topToImage, xMm + radiusMm * Math.cos(a), yMm + radiusMm * Math.sin(a)));
  }
  return out;
}

/** The plane of the discs' top faces. */
export function topPlane(cal: Calibration, profile: BoardProfile): number[] {
  return planeAtHeight(cal, profile.pieces[0]?.heightMm ?? 0);
}

/** White text with a dark edge: readable on wood, felt and discs alike. */
export function label(ctx: SKRSContext2D, text: string, x: number, y: number, sizePx: number, colour = '#ffffff'): void {
  ctx.font = `${Math.round(sizePx)}px sans-serif`;
  ctx.lineWidth = Math.max(2, sizePx / 4);
  ctx.strokeStyle = 'rgba(0,0,0,0.8)';
  ctx.strokeText(text, x, y);
  ctx.fillStyle = colour;
  ctx.fillText(text, x, y);
}

/** A dark bar across the top of the image with one line of text. */
export function headlineBar(ctx: SKRSContext2D, widthPx: number, text: string, scale: number): void {
  ctx.font = `${Math.round(16 * scale)}px sans-serif`;
  ctx.fillStyle = 'rgba(0,0,0,0.6)';
  ctx.fillRect(0, 0, widthPx, Math.round(26 * scale));
  ctx.fillStyle = '#ffffff';
  ctx.fillText(text, 8 * scale, 18 * scale);
}

/** The running score in the bottom-right corner, one team a line. */
export function scoreBox(ctx: SKRSContext2D, widthPx: number, heightPx: number, lines: readonly string[], scale: number): void {
  if (lines.length === 0) return;
  const size = Math.round(15 * scale);
  ctx.font = `bold ${size}px sans-serif`;
  const textW = Math.max(...lines.map((l) => ctx.measureText(l).width));
  const pad = 6 * scale;
  const boxW = textW + 2 * pad;
  const boxH = lines.length * size * 1.25 + 2 * pad;
  const x = widthPx - boxW - 4 * scale;
  const y = heightPx - boxH - 4 * scale;
  ctx.fillStyle = 'rgba(0,0,0,0.65)';
  ctx.fillRect(x, y, boxW, boxH);
  ctx.fillStyle = '#ffffff';
  lines.forEach((l, i) => ctx.fillText(l, x + pad, y + pad + (i + 0.85) * size * 1.25));
}

/** A manual calibration's points: a colour no call, team or board line is drawn in. */
export const CLICK_COLOUR = '#ff00ff';

/** Each point a person gave, ringed, with a line to where the calibration puts its board point. */
export function drawClicks(ctx: SKRSContext2D, cal: Calibration | null, clicks: readonly ClickedPoint[], scale: number): void {
  ctx.strokeStyle = CLICK_COLOUR;
  ctx.lineWidth = 2 * scale;
  for (const c of clicks) {
    ctx.beginPath();
    ctx.arc(c.xPx, c.yPx, 6 * scale, 0, 2 * Math.PI);
    ctx.stroke();
    if (cal) polyline(ctx, [{ x: c.xPx, y: c.yPx }, seen(cal, cal.boardToImage, c.xMm, c.yMm)], false);
  }
}
