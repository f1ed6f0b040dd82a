/**
 * `disc-referee analyze <video> --game <id>`: a video file through the live referee. Prints
 * each shot (who shot, what it hit, what left the board, the calls) and the running score, and
 * the final score; with --json, one object per state at rest (DESIGN.md's analyze format, plus
 * the shot) and a last one with the final score. y4m and Motion JPEG need nothing else; mp4
 * (webm, mov, mkv) needs ffmpeg on the PATH. With --annotate <dir>: an annotated video (mp4 with
 * ffmpeg, else MJPEG), one image per shot at the moment of its call and a contact sheet.
 *
 * analyze-command.ts calls analyzeVideo(path, options, io) for each video input and folds the
 * returned exit code into its own.
 */
import type { BoardState } from '../rules/core/board-state.ts';
import { GAMES } from '../rules/games/registry.ts';
import { BOARD_PROFILES } from '../rules/profiles/registry.ts';
import { describe as describeMessage, type RefereeMessage, type SetupEvent } from '../server/live/live-referee.ts';
import type { ClickedPoint } from '../vision/calibrate/manual.ts';
import type { Calibration } from '../vision/calibrate/types.ts';
import type { Rgb } from '../vision/detect/teams.ts';
import { loadOpenCv } from '../vision/opencv/load-opencv.ts';
import { openVideo } from '../vision/video/open-video.ts';
import { VideoReadError, type VideoSource } from '../vision/video/types.ts';
import type { VideoWriteFormat } from '../vision/video/video-writer.ts';
import { AnnotationLog } from './annotate-log.ts';
import { annotateVideo, type AnnotatedFiles } from './annotate-video.ts';
import { EXIT } from './exit-codes.ts';
import type { GameSetup } from './game-setup.ts';
import type { CliIo } from './io.ts';
import { formatScore, percentile, runSession } from './live-session.ts';
import { cameraWarnings, discCallJson, round2 } from './output-format.ts';
import { compareWithTruth, describeComparison, truthBeside } from './video-truth.ts';

export interface AnalyzeVideoOptions {
  /** From resolveGame(--game, --variant, --board). */
  setup: GameSetup;
  /** From --teams (team colours in team order); learnt from the video when absent. */
  teamColors?: Rgb[];
  /** One JSON object per line instead of text. */
  json?: boolean;
  /** Frame rate of a Motion JPEG file (default: the JSON beside it, else 30). */
  fps?: number;
  /** Team names in turn order (default A, B, ... as many as colours, at least 2). */
  teams?: string[];
  /**
   * Match options (discs per team, scoring, ...) over the variant's. By default those of the
   * match JSON beside the video, when there is one for this game (rendered matches have it).
   */
  matchOptions?: Record<string, unknown>;
  /** --variant was given: the match JSON beside the video does not choose the variant. */
  variantGiven?: boolean;
  /** Show a progress bar on stderr (default: when stderr is a terminal). */
  progress?: boolean;
  /**
   * Folder for the annotated video (every frame with the board, calls and tracks), one image
   * per shot at the moment of its call, and a contact sheet of all shots.
   */
  annotateDir?: string;
  /** The annotated video's format: 'auto' (default) is mp4 with ffmpeg, else MJPEG. */
  annotateFormat?: VideoWriteFormat | 'auto';
  /** How long the board must be still, with no hand in view, before a call (ms; the tracker's default when absent). */
  settleMs?: number;
  /** The camera's height above the board as measured (mm; --camera-height-mm). */
  cameraHeightMm?: number;
  /** Points of the board a person found in the video's image (--points). */
  clickedPoints?: readonly ClickedPoint[];
}

interface TtyLike {
  isTTY?: boolean;
  columns?: number;
}

function progressBar(io: CliIo, total: number | null, what = 'frame'): { update: (done: number, tMs: number) => void; clear: () => void } {
  const tty = io.stderr as unknown as TtyLike;
  let last = 0;
  let shown = false;
  return {
    update(done, tMs) {
      const now = Date.now();
      if (now - last < 100) return;
      last = now;
      shown = true;
      const width = Math.max(10, Math.min(40, (tty.columns ?? 80) - 40));
      const frac = total ? Math.min(1, done / total) : 0;
      const bar = total ? `[${'#'.repeat(Math.round(frac * width)).padEnd(width, '.')}] ${(frac * 100).toFixed(0).padStart(3)}%` : '[streaming]';
      io.stderr.write(`\r${bar} ${what} ${done}${total ? `/${total}` : ''} (${(tMs / 1000).toFixed(1)} s)`);
    },
    clear() {
      if (shown) io.stderr.write('\r\x1b[K');
      shown = false;
    },
  };
}

/** Analyse one video; returns the exit code (0 analysed, 3 unreadable, 4 board not found). */
export async function analyzeVideo(path: string, options: AnalyzeVideoOptions, io: CliIo): Promise<number> {
  const { setup } = options;
  let video: VideoSource;
  try {
    video = await openVideo(path, options.fps ? { fps: options.fps } : {});
  } catch (e) {
    if (e instanceof VideoReadError) {
      io.stderr.write(`${e.message}\n`);
      return EXIT.unreadable;
    }
    throw e;
  }
  const teamCount = Math.max(2, options.teams?.length ?? options.teamColors?.length ?? 2);
  const teams = options.teams ?? Array.from({ length: teamCount }, (_, i) => String.fromCharCode(65 + i));
  const truth = truthBeside(path);
  const fromTruth = !options.matchOptions && truth && truth.game === setup.rules.id ? (truth.setup.options ?? null) : null;
  const matchOptions = options.matchOptions ?? fromTruth ?? undefined;
  // A rendered match's variant too (point carrom scores otherwise than the standard game).
  const variant = !options.variantGiven && truth && truth.game === setup.rules.id ? (truth.setup.variant ?? setup.variant) : setup.variant;
  const matchSetup: SetupEvent = { type: 'setup', game: setup.rules.id, variant, teams, profileId: setup.profile.id, ...(matchOptions ? { options: matchOptions } : {}) };
  const env = { games: GAMES, profiles: { ...BOARD_PROFILES, [setup.profile.id]: setup.profile } };
  const { cv } = await loadOpenCv();
  const showProgress = options.progress ?? (io.stderr as unknown as TtyLike).isTTY === true;
  const bar = showProgress ? progressBar(io, video.info.frameCount) : null;
  const write = (s: string) => {
    bar?.clear();
    io.stdout.write(s);
  };
  let calibration: Calibration | null = null;
  let noBoard: string | null = null;
  const warnings: string[] = [];
  const base = { formatVersion: 1, file: path, game: setup.rules.id, board: setup.profile.id };
  const calibrationJson = () =>
    calibration
      ? { found: true, method: calibration.method, imageToBoard: calibration.imageToBoard.map((v) => Number(v.toPrecision(9))), rmsErrorPx: round2(calibration.rmsErrorPx) }
      : { found: false, reason: noBoard ?? 'not found yet' };
  const discsJson = (board: BoardState, m: Extract<RefereeMessage, { type: 'shot' }>) =>
    m.calls.map((c) => discCallJson(board, c));
  if (!options.json) {
    write(`${path}: ${video.info.widthPx}x${video.info.heightPx}, ${video.info.fps.toFixed(2)} fps${video.info.frameCount ? `, ${video.info.frameCount} frames` : ''} (${video.info.container})\n`);
    if (fromTruth || variant !== setup.variant) write(`  match set up as in the JSON beside the video: ${variant !== setup.variant ? `variant ${variant}, ` : ''}${JSON.stringify(fromTruth ?? {})}\n`);
  }
  const log = options.annotateDir ? new AnnotationLog(teams) : null;
  let session;
  try {
    session = await runSession(video, {
      cv,
      env,
      setup: matchSetup,
      profile: setup.profile,
      ...(options.teamColors ? { teamColors: options.teamColors } : {}),
      ...(options.settleMs !== undefined ? { track: { settleMs: options.settleMs } } : {}),
      ...(options.cameraHeightMm !== undefined ? { cameraHeightMm: options.cameraHeightMm } : {}),
      ...(options.clickedPoints ? { clickedPoints: options.clickedPoints } : {}),
      onFrame: (i, stats) => {
        log?.onFrame(i, stats);
        bar?.update(i + 1, stats.tMs);
      },
      onTrackerEvent: (e) => {
        log?.onTrackerEvent(e);
        if (e.type === 'ready') {
          calibration = e.calibration;
          if (!options.json) write(`  board found at ${(e.tMs / 1000).toFixed(1)} s (fit ${e.calibration.rmsErrorPx.toFixed(2)} px)\n`);
          for (const w of [...(e.warnings ?? []), ...cameraWarnings(e.calibration)]) {
            warnings.push(w);
            if (!options.json) write(`  warning: ${w}\n`);
          }
        }
        if (e.type === 'no-board') noBoard = e.reason;
      },
      onMessage: (m, referee) => {
        log?.onMessage(m, referee);
        if (m.type === 'warning') warnings.push(m.text);
        if (!options.json) {
          write(`  ${describeMessage(m).replace(/\n/g, '\n  ')}\n`);
          return;
        }
        if (m.type === 'shot') {
          const board = referee.state.board;
          write(
            `${JSON.stringify({
              ...base,
              kind: 'shot',
              timestampMs: Math.round(m.tMs),
              calibration: calibrationJson(),
              shot: { number: m.shotNumber, round: m.round, shooter: m.shooter, shotDiscId: m.shotDiscId, valid: m.valid, hits: m.hits, removed: m.removed, notes: m.notes, takeAway: m.takeAway },
              discs: discsJson(board, m),
              score: m.boardScore,
              matchScore: m.scores,
              warnings: warnings.splice(0),
            })}\n`,
          );
        } else if (m.type !== 'warning') {
          write(`${JSON.stringify({ ...base, kind: m.type, timestampMs: Math.round(m.tMs), ...m, type: undefined })}\n`);
        }
      },
    });
  } catch (e) {
    bar?.clear();
    if (e instanceof VideoReadError) {
      io.stderr.write(`${path}: ${e.message}\n`);
      return EXIT.unreadable;
    }
    throw e;
  }
  bar?.clear();
  if (!session.calibration) {
    const reason = noBoard ?? 'no frames';
    if (options.json) write(`${JSON.stringify({ ...base, kind: 'final', calibration: { found: false, reason }, discs: [], score: {}, warnings: [`board not found: ${reason}`] })}\n`);
    else io.stderr.write(`${path}: board not found: ${reason}\n`);
    return EXIT.boardNotFound;
  }
  const state = session.referee.state;
  const comparison = truth ? compareWithTruth(truth, session) : null;
  let annotated: AnnotatedFiles | null = null;
  if (log && options.annotateDir) {
    // A second pass over the video draws what the first one saw.
    const annotateBar = showProgress ? progressBar(io, video.info.frameCount, 'annotating frame') : null;
    try {
      annotated = await annotateVideo(path, log, {
        outDir: options.annotateDir,
        profile: setup.profile,
        calibration: session.calibration,
        ...(options.clickedPoints ? { clicks: options.clickedPoints } : {}),
        ...(options.fps ? { fps: options.fps } : {}),
        ...(options.annotateFormat ? { format: options.annotateFormat } : {}),
        onProgress: (done) => annotateBar?.update(done, log.frameMs[done - 1] ?? 0),
      });
    } catch (e) {
      annotateBar?.clear();
      io.stderr.write(`${path}: could not write the annotated video: ${(e as Error).message}\n`);
      return EXIT.failure;
    }
    annotateBar?.clear();
  }
  const annotatedJson = annotated ? { annotated: { video: annotated.video, videoFormat: annotated.videoFormat, frames: annotated.frames, shotImages: annotated.shotImages, contactSheet: annotated.contactSheet } } : {};
  if (options.json) {
    write(
      `${JSON.stringify({
        ...base,
        kind: 'final',
        calibration: calibrationJson(),
        shots: session.messages.filter((m) => m.type === 'shot').length,
        rounds: state.rounds.map((r) => ({ round: r.round, points: r.points, scoresAfter: r.scoresAfter })),
        score: state.scores,
        over: state.over,
        winner: state.winner,
        pending: state.pendingIds,
        journal: session.referee.journal,
        timingsMs: { frames: session.frames, trackMedian: round2(percentile(session.cheapMs, 0.5)), trackP99: round2(percentile(session.cheapMs, 0.99)), decodePerFrame: round2(session.decodeMs / Math.max(1, session.frames)), wall: Math.round(session.wallMs) },
        ...(comparison ? { truth: { agree: comparison.agree, shots: comparison.shotsTruth, finalScore: comparison.finalTruth } } : {}),
        ...annotatedJson,
        warnings: warnings.splice(0),
      })}\n`,
    );
  } else {
    write(`  final score: ${formatScore(state.scores)} after ${state.rounds.length} round(s), ${session.messages.filter((m) => m.type === 'shot').length} shot(s)${state.pendingIds.length > 0 ? `; waiting for a decision on ${state.pendingIds.join(', ')}` : ''}\n`);
    if (comparison) for (const line of describeComparison(comparison)) write(`  ${line}\n`);
    if (annotated) {
      write(`  annotated video: ${annotated.video} (${annotated.frames} frames, ${annotated.videoFormat})\n`);
      write(annotated.contactSheet ? `  shots: ${annotated.shotImages.length} image(s) (${annotated.shotImages[0]} ...), contact sheet ${annotated.contactSheet}\n` : '  no shots: no shot images\n');
    }
  }
  return EXIT.ok;
}

/** For analyze-command: is this path a video the referee can try to read? */
export { isVideoPath } from '../vision/video/open-video.ts';
