/**
 * The live frame loop. Every frame takes the cheap path: luma at low resolution, its
 * difference from the previous frame (motion) and from the board at the last rest (change),
 * the hand test (a big changed region coming in from the image border) and the moving discs'
 * paths. Detection, the expensive part, runs only when the board has been still, with no hand
 * in view, for the settle time, and only in the boxes where something changed. Then the
 * tracker emits what happened: a shot (ShotEvent), a change made by hand, or nothing.
 *
 * Tracks keep their ids ("d1", "d2", ...) from rest to rest. Calibration happens once, on the
 * first frame where the board is found (the camera is fixed); give `calibration` to skip it.
 */
import type { PieceKind } from '../../rules/core/board-state.ts';
import { featuresOfKind, type BoardProfile } from '../../rules/profiles/schema.ts';
import { calibrateFrame, greyOfCalibration } from '../calibrate/calibrate-frame.ts';
import { withCameraHeight } from '../calibrate/camera-height.ts';
import type { ClickedPoint } from '../calibrate/manual.ts';
import { calibrateManually } from '../calibrate/manual-refine.ts';
import { checkSavedCalibration } from '../calibrate/saved-calibration.ts';
import type { CalibrateOptions } from '../calibrate/defaults.ts';
import { planeAtHeight } from '../calibrate/plane-at-height.ts';
import type { Calibration } from '../calibrate/types.ts';
import type { DetectOptions } from '../detect/defaults.ts';
import type { Rgb } from '../detect/teams.ts';
import type { DetectedDisc } from '../detect/types.ts';
import { applyHomography } from '../geometry/homography.ts';
import { distortPx } from '../geometry/lens.ts';
import { grayIn, toGray } from '../image/frame.ts';
import type { CV } from '../opencv/load-opencv.ts';
import type { PixelRect, VideoFrame } from '../video/types.ts';
import { BlobFinder, diffMask, fractionOn, growSquare, SparseMask, type Blob } from './blobs.ts';
import { BoardView } from './board-view.ts';
import { TRACK_DEFAULTS, type TrackOptions } from './defaults.ts';
import { downscaleLuma, lowResSize, type LowResSize } from './luma.ts';
import { EpisodeTracker, type EpisodeResult } from './motion-tracker.ts';
import { boxArea, detectInBoxes, mergeBoxes, outlineBox, type BoxMm, type RegionDetectInput } from './region-detect.ts';
import { boardOf, settle, type SeenDisc } from './settle.ts';
import { hasPits, intoPits, withPits } from './pits.ts';
import { TeamPalette } from './team-palette.ts';
import type { BoardMotion, FrameStats, Track, TrackerEvent } from './types.ts';

/** Pieces that belong to no team (carrom's queen and striker, PitRush's neutrals). */
const NO_TEAM_KINDS: ReadonlySet<PieceKind> = new Set(['queen', 'striker', 'neutral']);

/** Finds discs in boxes of the board (null: all of it); the real one wraps detectDiscs. */
export type DiscDetector = (input: RegionDetectInput) => DetectedDisc[];

export interface BoardTrackerOptions {
  profile: BoardProfile;
  /** Replaces the detector (tests with synthetic frames; another detection model). */
  detector?: DiscDetector;
  /** A calibration to use (the camera is fixed); found on the first frames when absent. */
  calibration?: Calibration;
  /** Team colours in team order; learnt in order of appearance when absent. */
  teamColors?: Rgb[];
  /** Labels of those colours ('A', 'B', ... when absent): 'white' / 'black' for carrom's men. */
  teamLabels?: string[];
  teamCount?: number;
  track?: Partial<TrackOptions>;
  detect?: Partial<DetectOptions>;
  calibrate?: Partial<CalibrateOptions>;
  /** The camera's height above the board, measured by a person (mm): see camera-height.ts. */
  cameraHeightMm?: number;
  /**
   * Points of the board a person found in the camera's image: the calibration is made from them
   * on the first frame (see manual-refine.ts), for a board not found on its own.
   */
  clickedPoints?: readonly ClickedPoint[];
  /**
   * The clock the frame stats are timed with (ms; wall time when absent). A benchmark on a
   * shared machine can give the process's CPU time: the work's own cost, not the time it
   * waited for a core.
   */
  clock?: () => number;
}

export class BoardTracker {
  private readonly o: TrackOptions;
  /** Holes a piece sinks out of play into (see TRACK_DEFAULTS.sinkingHolePrefix). */
  private readonly sinkHoles: readonly { xMm: number; yMm: number; radiusMm: number }[];
  private readonly palette: TeamPalette;
  private readonly now: () => number;
  private calibration: Calibration | null;
  private view: BoardView | null = null;
  private size: LowResSize | null = null;
  private low: Uint8Array = new Uint8Array(0);
  private prev: Uint8Array = new Uint8Array(0);
  private ref: Uint8Array = new Uint8Array(0);
  private motion = new SparseMask(0, 0);
  private change = new SparseMask(0, 0);
  private handRaw = new SparseMask(0, 0);
  private handNow = new SparseMask(0, 0);
  private handKept = new SparseMask(0, 0);
  private zoneNow = new SparseMask(0, 0);
  private zoneKept = new SparseMask(0, 0);
  private scratch = new SparseMask(0, 0);
  private finder = new BlobFinder(0, 0);
  private rowAcc: Uint32Array = new Uint32Array(0);
  private trackList: Track[] = [];
  private nextTrack = 1;
  private episode: EpisodeTracker | null = null;
  private lastActivityMs = -Infinity;
  private motionState: BoardMotion = 'calibrating';
  private framesSeen = 0;
  private hasPrev = false;
  /** Take the next frame as the reference (after reset() on a calibrated tracker). */
  private needReference = false;
  private lastHandMs = -Infinity;
  /** The previous frame's time, and how much moved on it (low-res pixels; 0: not moving, or a hand). */
  private prevFrameMs = -Infinity;
  private prevMovingPx = 0;
  /** The previous frame's motion was a disc coming to rest: the time of the frame before it (see comingToRest). */
  private tailFromMs: number | null = null;
  /** The board changed all over (the light, the camera) during the episode: the view is checked at its settle. */
  private episodeDisturbed = false;
  /** The last frame with any motion at all (hand included), ms. */
  private lastMotionAnyMs = -Infinity;
  /** When the view was last checked against the calibration (a still "hand"), ms. */
  private viewCheckedMs = -Infinity;
  /** The last check found the board elsewhere (said once, until a check finds it again). */
  private viewLost = false;
  /**
   * Detection made ahead of the call, once the board went still (it runs while the settle time
   * passes), kept up to date where the board changes until the call: the boxes it looked in
   * (null: the whole board), what it found, and its time.
   */
  private early: { boxes: BoxMm[] | null; found: DetectedDisc[]; detectMs: number; atMs: number; recheckedIds: Set<string>; still?: boolean } | null = null;
  /** The low-resolution frame the detection ahead is up to date with. */
  private earlyLow: Uint8Array = new Uint8Array(0);
  /** When each low-res pixel last showed motion or a hand (see detectQuietAhead). */
  private activeAtMs: Float64Array = new Float64Array(0);
  /** The low-resolution frame the board went still on (null: not still), and when. */
  private stillLow: Uint8Array = new Uint8Array(0);
  private stillSinceMs: number | null = null;
  /** The last few low-resolution frames, oldest first once full (see creptSinceStill). */
  private recent: { tMs: number; low: Uint8Array }[] = [];
  private recentNext = 0;
  private disposed = false;
  /** Called on every frame with the cheap path's images (diagnostics only). */
  debug: ((tMs: number, images: { low: Uint8Array; motion: SparseMask; change: SparseMask; hand: SparseMask | null; size: LowResSize }) => void) | null = null;
  private stats: FrameStats = { tMs: 0, state: 'calibrating', cheapMs: 0, detectMs: 0, movingPx: 0, changedPx: 0, hand: false };

  constructor(
    private readonly cv: CV,
    private readonly options: BoardTrackerOptions,
  ) {
    this.o = { ...TRACK_DEFAULTS, ...options.track };
    this.sinkHoles = featuresOfKind(options.profile, 'hole').filter((h) => h.id.startsWith(this.o.sinkingHolePrefix));
    this.palette = new TeamPalette(options.teamCount ?? 2, options.teamColors, options.teamLabels);
    this.calibration = options.calibration ?? null;
    this.now = options.clock ?? (() => performance.now());
  }

  get state(): BoardMotion {
    return this.motionState;
  }

  get tracks(): readonly Track[] {
    return this.trackList;
  }

  /** The board at the last rest (discs on the playing surface). */
  get board() {
    return boardOf(this.trackList);
  }

  get lastFrameStats(): FrameStats {
    return this.stats;
  }

  get calibrationInUse(): Calibration | null {
    return this.calibration;
  }

  get teamColors(): readonly Rgb[] {
    return this.palette.known;
  }

  /** Forget tracks, reference and state (a new round on a cleared board, a new match). */
  reset(options: { keepCalibration?: boolean } = {}): void {
    this.trackList = [];
    this.nextTrack = 1;
    this.episode = null;
    this.hasPrev = false;
    this.framesSeen = 0;
    this.lastActivityMs = -Infinity;
    this.prevFrameMs = -Infinity;
    this.prevMovingPx = 0;
    this.tailFromMs = null;
    this.episodeDisturbed = false;
    this.lastMotionAnyMs = -Infinity;
    this.viewCheckedMs = -Infinity;
    this.viewLost = false;
    this.early = null;
    this.activeAtMs.fill(-Infinity);
    for (const r of this.recent) r.tMs = -Infinity;
    this.stillSinceMs = null;
    this.palette.reset(this.options.teamColors);
    if (!options.keepCalibration) {
      this.calibration = this.options.calibration ?? null;
      this.view = null;
      this.size = null;
    }
    this.motionState = this.view ? 'at-rest' : 'calibrating';
    if (this.view) this.needReference = true;
  }

  /** Release the frame buffers. The tracker holds no cv.Mat between frames. */
  dispose(): void {
    this.disposed = true;
    this.low = this.prev = this.ref = this.earlyLow = this.stillLow = new Uint8Array(0);
    this.recent = [];
    this.activeAtMs = new Float64Array(0);
    this.motion = this.change = this.handRaw = this.handNow = this.handKept = this.zoneNow = this.zoneKept = this.scratch = new SparseMask(0, 0);
    this.finder = new BlobFinder(0, 0);
    this.trackList = [];
    this.episode = null;
  }

  push(frame: VideoFrame): TrackerEvent[] {
    if (this.disposed) throw new Error('BoardTracker: used after dispose()');
    const t0 = this.now();
    const events: TrackerEvent[] = [];
    const tMs = frame.timestampMs;
    // A different frame size is a different camera (or mode): find the board again.
    if (this.calibration && (frame.widthPx !== this.calibration.widthPx || frame.heightPx !== this.calibration.heightPx)) {
      if (this.options.calibration) throw new Error(`BoardTracker: frames are ${frame.widthPx}x${frame.heightPx}, the calibration given is for ${this.calibration.widthPx}x${this.calibration.heightPx}`);
      this.reset();
      events.push({ type: 'no-board', tMs, reason: 'the frame size changed: looking for the board again' });
    }
    this.framesSeen++;
    if (!this.view) {
      this.stats = { tMs, state: 'calibrating', cheapMs: 0, detectMs: 0, movingPx: 0, changedPx: 0, hand: false };
      if ((this.framesSeen - 1) % this.o.calibrateRetryFrames === 0) events.push(...this.start(frame));
      return events;
    }
    const view = this.view;
    const size = this.size!;
    const W = size.widthPx;
    const H = size.heightPx;
    downscaleLuma(frame, size, this.low, this.rowAcc);
    if (!this.hasPrev || this.needReference) {
      this.prev.set(this.low);
      if (this.needReference) this.ref.set(this.low);
      this.hasPrev = true;
      this.needReference = false;
    }
    const discPx = view.discAreaPx;
    // Motion is looked for where discs are followed (a mat's table too); the still test counts the board's.
    const movingPx = diffMask(this.low, this.prev, this.o.motionThreshold, this.motion, view.watchMask);
    const changedAll = diffMask(this.low, this.ref, this.o.changeThreshold, this.change);
    if (movingPx >= this.creepLeastPx()) this.lastMotionAnyMs = tMs;
    // A hand or arm: a big changed region that comes in from the image border over the board.
    let hand: SparseMask | null = null;
    let zone: SparseMask | null = null;
    let changedBoardPx = 0;
    let mostOfBoard = false;
    let lightOrView = false;
    if (changedAll > 0) {
      const blobs = this.finder.find(this.change, Math.max(2, this.o.minBlobDiscFraction * discPx), view.boardMask);
      for (const b of blobs) changedBoardPx += b.inRegion;
      // Most of the board changed, and most of the image beyond it too or nothing moved for a
      // while: the light or the camera, not an arm (an arm changes little of the table round
      // the board, and moves).
      const share = this.o.disturbedBoardFraction;
      mostOfBoard = changedBoardPx > share * view.boardPixels;
      lightOrView = mostOfBoard && (changedAll - changedBoardPx > share * (W * H - view.boardPixels) || tMs - this.lastMotionAnyMs >= this.o.wholeChangeStillMs);
      // It comes in from the border, or lies partly off the board (where no disc can be), or is
      // bigger than any few discs together.
      // (Beside a mat lying on a table a disc itself can slide off the board: there only a
      // region bigger than a moving disc is a hand.)
      const outsideDiscAreas = view.beyondSurface === 'off-board' ? this.o.handOffMatDiscAreas : 0.5;
      // An arm over a board's dark rim can differ too little from it: the hand over the board
      // and the arm beyond it are then separate regions. What changed off the board within a
      // short gap of a region over it counts as that region's.
      const gapPx = this.o.handLinkGapRadii * Math.sqrt(discPx / Math.PI);
      const near = (a: Blob, b: Blob) => a.minX - gapPx <= b.maxX && b.minX - gapPx <= a.maxX && a.minY - gapPx <= b.maxY && b.minY - gapPx <= a.maxY;
      const handBlobs = blobs.filter((b) => {
        if (lightOrView || b.inRegion < this.o.handMinBoardDiscAreas * discPx) return false;
        if (b.area >= this.o.handLargeDiscAreas * discPx) return true;
        if (b.area < this.o.handMinDiscAreas * discPx) return false;
        const linked = blobs.filter((c) => c === b || (c.inRegion === 0 && near(b, c)));
        return linked.some((c) => c.touchesBorder) || linked.reduce((sum, c) => sum + c.area - c.inRegion, 0) >= outsideDiscAreas * discPx;
      });
      if (handBlobs.length > 0) {
        const keep = new Set(handBlobs.map((b) => b.label));
        this.handRaw.clear();
        const labels = this.finder.labels;
        for (let k = 0; k < this.change.n; k++) {
          const i = this.change.idx[k]!;
          if (keep.has(labels[i]!)) this.handRaw.add(i);
        }
        // Grown by a margin: the hand's moving edge and its shadow stay inside it.
        const margin = Math.max(1, Math.round(this.o.handMarginMm * view.lowPxPerMm));
        growSquare(this.handRaw, margin, this.handNow);
        hand = this.handNow;
        // Fingers the colour of the board can reach past what is seen of the hand: discs within
        // a reach beyond its tip (the point furthest from where the arm comes in) are the hand's
        // to move (this zone does not hide motion: a disc flicked out of it is tracked).
        for (const b of handBlobs) if (b.touchesBorder) this.addFingers(b.label, W, H, view.lowPxPerMm);
        growSquare(this.handRaw, margin, this.zoneNow);
        zone = this.zoneNow;
      }
    }
    // A hand flickers in and out of the test near the border: it stays a while after it was seen.
    if (hand) {
      this.handKept.copyFrom(hand);
      this.zoneKept.copyFrom(zone ?? hand);
      this.lastHandMs = tMs;
    } else if (this.handKept.n > 0 && tMs - this.lastHandMs <= this.o.handHoldMs && !lightOrView) {
      hand = this.handKept;
      zone = this.zoneKept;
    } else {
      this.handKept.clear();
      this.zoneKept.clear();
    }
    // Moving: a connected region of change away from the hand (noise and JPEG flicker are specks).
    let freeMotionPx = 0;
    let movingBlobPx = 0;
    let isMoving = false;
    if (movingPx > 0) {
      if (hand) {
        this.scratch.clear();
        for (let k = 0; k < this.motion.n; k++) if (!hand.mask[this.motion.idx[k]!]) this.scratch.add(this.motion.idx[k]!);
        this.motion.copyFrom(this.scratch);
      }
      const minMoving = Math.max(3, this.o.motionDiscFraction * discPx);
      for (const b of this.finder.find(this.motion, 2, view.boardMask)) {
        freeMotionPx += b.inRegion;
        if (b.inRegion >= minMoving && !this.sinkingIntoHole(b)) {
          isMoving = true;
          movingBlobPx += b.inRegion;
        }
      }
    }
    const disturbed = !hand && mostOfBoard;
    if (disturbed) this.episodeDisturbed = true;
    // A change at rest with no motion (something crept in, the light changed): check it at settle.
    const creeping = !this.episode && changedBoardPx >= Math.max(4, 0.5 * discPx);
    if ((isMoving || hand || disturbed || creeping) && !this.episode) {
      this.episode = new EpisodeTracker(view, this.trackList.filter((t) => t.place === 'surface'), this.o, tMs, (b) => this.sinkingIntoHole(b));
      events.push({ type: 'motion', tMs, state: hand ? 'hand' : 'moving' });
    }
    if (this.episode) {
      this.episode.step(tMs, this.motion, this.change, hand, zone ?? hand);
      // A disc slid off a mat and still sliding on the table beside it: not at rest yet.
      if (!isMoving && this.episode.movingOffSurfaceAt(tMs)) isMoving = true;
    }
    this.debug?.(tMs, { low: this.low, motion: this.motion, change: this.change, hand, size });
    if (this.episode) {
      for (let k = 0; k < this.motion.n; k++) this.activeAtMs[this.motion.idx[k]!] = tMs;
      const handArea = zone ?? hand;
      if (handArea) for (let k = 0; k < handArea.n; k++) this.activeAtMs[handArea.idx[k]!] = tMs;
    }
    // A disc that came to rest within the last frame interval (its last motion a small
    // residual, and nothing at all moving since): the still time counts from the frame before it.
    const stoppedDead = this.tailFromMs !== null && !isMoving && !hand && !disturbed && freeMotionPx < this.creepLeastPx();
    if (stoppedDead && this.lastActivityMs === this.prevFrameMs) this.lastActivityMs = this.tailFromMs!;
    this.tailFromMs = isMoving && !hand && !disturbed && this.comingToRest(movingBlobPx) ? this.prevFrameMs : null;
    // What a hand was over (or a change of light) can have changed unseen: detect it all again.
    if (hand || disturbed) this.early = null;
    // A board changed all over (the light, the camera) and still since is at rest: what is on
    // it is looked at again everywhere, once the view is known to be the same (checkView).
    if (isMoving || hand) {
      this.lastActivityMs = tMs;
      // Motion alone keeps what was detected ahead: where it changes the frame it is redone.
      if (!hand && this.early) this.early.still = false;
      this.stillSinceMs = null;
    } else if (this.episode) {
      // A disc still creeping (too slowly for the frame-to-frame test): not at rest yet.
      const creptAtMs = this.creptSinceStill(tMs);
      if (creptAtMs !== null) this.lastActivityMs = creptAtMs;
    }
    let detectMs = 0;
    // A "hand" in which nothing moved for a while may be a bumped camera: the view is checked.
    const stillHand = hand !== null && tMs - this.lastMotionAnyMs >= this.o.wholeChangeStillMs && tMs - this.viewCheckedMs >= this.o.wholeChangeStillMs;
    const disturbedSettles = this.episode !== null && this.episodeDisturbed && tMs - this.lastActivityMs >= this.o.settleMs;
    if ((stillHand || disturbedSettles) && this.checkView(frame, tMs, events) === 'looking again') {
      this.stats = { tMs, state: 'calibrating', cheapMs: this.now() - t0, detectMs: 0, movingPx: 0, changedPx: changedBoardPx, hand: false };
      return events;
    }
    if (this.episode && tMs - this.lastActivityMs >= this.o.settleMs) {
      const d0 = this.now();
      const ev = this.settleNow(frame, tMs);
      detectMs = this.now() - d0;
      this.stillSinceMs = null;
      if (ev) events.push(ev);
      this.ref.set(this.low);
    } else if (this.episode && !hand && !disturbed) {
      // Detect now, while the settle time runs out: the call need not wait for it. Not while
      // the paths still see something move (a slow disc the frame-to-frame test misses): then
      // only where the board has been quiet a while (discs that stopped while others move).
      // The first look at a still board is not put off to the refresh time of one made while
      // things moved: the sooner it starts, the sooner the call can go out.
      const episode = this.episode.result();
      const stillMs = Math.min(tMs - this.lastActivityMs, tMs - episode.lastMotionMs);
      const still = stillMs > 0 && stillMs >= this.o.earlyDetectMs;
      if (!this.early || tMs - this.early.atMs >= this.o.earlyRefreshMs || (still && !this.early.still)) {
        const d0 = this.now();
        if (still) this.detectAhead(frame, tMs, this.changedBoxes(episode), episode);
        else this.detectQuietAhead(frame, tMs, episode);
        detectMs = this.now() - d0;
      }
    }
    this.motionState = hand ? 'hand' : disturbed ? 'disturbed' : isMoving ? 'moving' : this.episode ? 'settling' : 'at-rest';
    const slot = this.recent[this.recentNext]!;
    slot.tMs = tMs;
    slot.low.set(this.low);
    this.recentNext = (this.recentNext + 1) % this.recent.length;
    [this.prev, this.low] = [this.low, this.prev];
    this.prevFrameMs = tMs;
    this.prevMovingPx = isMoving && !hand && !disturbed ? movingBlobPx : 0;
    this.stats = { tMs, state: this.motionState, cheapMs: this.now() - t0 - detectMs, detectMs, movingPx: freeMotionPx, changedPx: changedBoardPx, hand: hand !== null };
    return events;
  }

  /** First frame(s): calibrate, size the buffers, detect everything, take the reference. */
  private start(frame: VideoFrame): TrackerEvent[] {
    const t0 = this.now();
    const rgba = frame.toFrame();
    const gray = frame.toGray ? frame.toGray() : toGray(rgba);
    const points = !this.calibration && this.options.clickedPoints ? calibrateManually(this.cv, gray, this.options.profile, this.options.clickedPoints) : null;
    if (points && 'error' in points) return [{ type: 'no-board', tMs: frame.timestampMs, reason: `the points given make no calibration: ${points.error}` }];
    const fitted = this.calibration ?? points?.calibration ?? calibrateFrame(this.cv, rgba, gray, this.options.profile, this.options.calibrate);
    if (!fitted.found) return [{ type: 'no-board', tMs: frame.timestampMs, reason: fitted.reason }];
    const placed = this.options.cameraHeightMm !== undefined ? withCameraHeight(fitted, this.options.cameraHeightMm) : { calibration: fitted, warnings: [] };
    placed.warnings.unshift(...(points?.warnings ?? []));
    const cal = placed.calibration;
    this.calibration = cal;
    const probe = new BoardView(cal, this.options.profile, lowResSize(frame.widthPx, frame.heightPx, 1));
    const rLowAt1 = probe.lowPxPerMm * probe.discRadiusMm;
    const factor = Math.min(this.o.maxDownscale, Math.max(this.o.minDownscale, Math.floor(rLowAt1 / this.o.lowResDiscRadiusPx)));
    this.size = lowResSize(frame.widthPx, frame.heightPx, factor);
    this.view = new BoardView(cal, this.options.profile, this.size, this.o.offBoardWatchMm);
    const n = this.size.widthPx * this.size.heightPx;
    const { widthPx: w, heightPx: h } = this.size;
    this.low = new Uint8Array(n);
    this.prev = new Uint8Array(n);
    this.ref = new Uint8Array(n);
    this.earlyLow = new Uint8Array(n);
    this.activeAtMs = new Float64Array(n).fill(-Infinity);
    this.stillLow = new Uint8Array(n);
    this.recent = Array.from({ length: this.o.creepHistoryFrames }, () => ({ tMs: -Infinity, low: new Uint8Array(n) }));
    this.recentNext = 0;
    this.motion = new SparseMask(w, h);
    this.change = new SparseMask(w, h);
    this.handRaw = new SparseMask(w, h);
    this.handNow = new SparseMask(w, h);
    this.handKept = new SparseMask(w, h);
    this.zoneNow = new SparseMask(w, h);
    this.zoneKept = new SparseMask(w, h);
    this.scratch = new SparseMask(w, h);
    this.finder = new BlobFinder(w, h);
    this.rowAcc = new Uint32Array(this.size.widthPx);
    const d0 = this.now();
    const found = this.detect({ frame: rgba, gray, calibration: cal, profile: this.options.profile, boxes: null, teamCount: this.palette.teamCount, ...(this.options.teamColors ? { teamColors: this.options.teamColors } : {}) });
    const sure = found.filter((d) => d.confidence >= this.o.minDetectConfidence);
    this.learnTeams(sure);
    this.trackList = sure.map((d) => {
      const s = this.seen(d);
      const view = this.view!;
      const place = s.inHole || view.holeNear(s.xMm, s.yMm, 0.5 * view.discRadiusMm) ? 'hole' : view.surfaceInsetMm(s.xMm, s.yMm) >= 0 ? 'surface' : 'ditch';
      return { id: `d${this.nextTrack++}`, team: s.team, xMm: s.xMm, yMm: s.yMm, radiusMm: s.radiusMm, uncertaintyMm: s.uncertaintyMm, confidence: s.confidence, place, staged: false, ...(s.kind ? { kind: s.kind } : {}) };
    });
    if (hasPits(this.options.profile)) this.trackList = intoPits(this.trackList, this.options.profile, this.o.holeCaptureMm);
    downscaleLuma(frame, this.size, this.ref, this.rowAcc);
    this.prev.set(this.ref);
    this.hasPrev = true;
    this.motionState = 'at-rest';
    this.stats = { tMs: frame.timestampMs, state: 'at-rest', cheapMs: d0 - t0, detectMs: this.now() - d0, movingPx: 0, changedPx: 0, hand: false };
    return [{ type: 'ready', tMs: frame.timestampMs, board: boardOf(this.trackList), calibration: cal, detectMs: this.now() - d0, ...(placed.warnings.length > 0 ? { warnings: placed.warnings } : {}) }];
  }

  /**
   * Whether something on the board moved since it went still: this frame against the one the
   * still time started on, by a few grey levels, in regions no bigger than a disc or two. A
   * disc slowing to a stop moves less and less from frame to frame (at 60 fps its last ~0.2 s
   * pass the frame-to-frame test unseen) but keeps adding up against a fixed frame. When it
   * did, the still time starts again from the first of the last few frames that look like this
   * one where it crept (the change may have added up past the threshold only after the disc
   * stopped): returned, or null when nothing crept.
   */
  private creptSinceStill(tMs: number): number | null {
    if (this.stillSinceMs === null) {
      this.stillLow.set(this.low);
      this.stillSinceMs = tMs;
      return null;
    }
    const view = this.view!;
    if (diffMask(this.low, this.stillLow, this.o.creepThreshold, this.scratch, view.watchMask) === 0) return null;
    const most = this.o.creepMaxDiscAreas * view.discAreaPx;
    const least = this.creepLeastPx();
    const crept = this.finder.find(this.scratch, least, view.watchMask).filter((b) => b.inRegion > 0 && b.area <= most && !this.sinkingIntoHole(b));
    if (crept.length === 0) return null;
    // Back through the recent frames of the still time, newest first, while the places that
    // crept look as they do now (to within a few grey levels: a disc still creeping differs
    // from a frame or two back).
    let since = { tMs, low: this.low };
    const W = view.size.widthPx;
    const t = this.o.creepStoppedThreshold;
    for (let k = 1; k <= this.recent.length; k++) {
      const past = this.recent[(this.recentNext - k + this.recent.length) % this.recent.length]!;
      if (!(past.tMs > this.stillSinceMs && past.tMs < tMs)) break;
      let changed = 0;
      for (const b of crept) {
        for (let y = b.minY; y <= b.maxY; y++) for (let x = b.minX; x <= b.maxX; x++) if (Math.abs(this.low[y * W + x]! - past.low[y * W + x]!) > t) changed++;
      }
      if (changed >= least) break;
      since = past;
    }
    this.stillLow.set(since.low);
    this.stillSinceMs = since.tMs;
    return since.tMs;
  }

  /**
   * After a change all over the board, or a "hand" that does not move: is the board still where
   * the calibration puts it (a bumped camera is not a changed board)? If not, that is said once
   * (`no-board`) and the board is looked for again ('looking again': the tracker was reset). A
   * calibration given from outside cannot be found again here: it is checked again later, and
   * the call waits.
   */
  private checkView(frame: VideoFrame, tMs: number, events: TrackerEvent[]): 'same' | 'changed' | 'looking again' {
    this.episodeDisturbed = false;
    this.viewCheckedMs = tMs;
    const grey = greyOfCalibration(this.calibration!, () => frame.toFrame(), () => (frame.toGray ? frame.toGray() : toGray(frame.toFrame())));
    const check = checkSavedCalibration(grey, this.options.profile, this.calibration!);
    const wasLost = this.viewLost;
    this.viewLost = !check.stillValid;
    if (check.stillValid) return 'same';
    if (!wasLost) events.push({ type: 'no-board', tMs, reason: `the view changed (${check.reason}): looking for the board again` });
    // (Nor can one from a person's points: they were found in the view as it was.)
    if (this.options.calibration || this.options.clickedPoints) {
      this.lastActivityMs = tMs;
      return 'changed';
    }
    this.reset();
    return 'looking again';
  }

  /** The least region (low-res pixels) that is a disc creeping, not noise. */
  private creepLeastPx(): number {
    return Math.max(this.o.creepMinChangedPx, this.o.creepMinDiscFraction * this.view!.discAreaPx);
  }

  /**
   * Whether this frame's motion (`movingPx`, low-res pixels) may be the tail of a disc coming
   * to rest: little (about what a disc moving less than its radius leaves), on a frame after
   * one that moved too (not a hand's leaving). Whether it was is told by the next frame: nothing
   * at all moves on it (see stoppedDead in push).
   */
  private comingToRest(movingPx: number): boolean {
    return this.prevMovingPx > 0 && movingPx <= this.o.restResidualDiscAreas * this.view!.discAreaPx;
  }

  /**
   * A region of motion of a few discs at most centred over a pocket: a piece dropping into it,
   * seen sinking (or vanishing) in the frame after it went in. It does not hold the call: what
   * went down a pocket moves no more on the board (the episode still follows it). A piece's
   * centre over a pocket means it fell: the pocket is wider than the pieces.
   */
  private sinkingIntoHole(b: Blob): boolean {
    const view = this.view!;
    if (b.area > this.o.sinkingMaxDiscAreas * view.discAreaPx) return false;
    const p = view.lowToBoard(b.xPx, b.yPx, 0);
    return this.sinkHoles.some((h) => Math.hypot(p.xMm - h.xMm, p.yMm - h.yMm) <= h.radiusMm);
  }

  /** Add a circle of the fingers' reach around the tip of a hand region (label in finder). */
  private addFingers(label: number, W: number, H: number, pxPerMm: number): void {
    const labels = this.finder.labels;
    let ex = 0;
    let ey = 0;
    let en = 0;
    const pts: number[] = [];
    for (let k = 0; k < this.change.n; k++) {
      const i = this.change.idx[k]!;
      if (labels[i] !== label) continue;
      pts.push(i);
      const x = i % W;
      const y = (i - x) / W;
      if (x === 0 || y === 0 || x === W - 1 || y === H - 1) {
        ex += x;
        ey += y;
        en++;
      }
    }
    if (en === 0) return;
    ex /= en;
    ey /= en;
    let tip = -1;
    let far = -1;
    for (const i of pts) {
      const x = i % W;
      const y = (i - x) / W;
      const d = (x - ex) ** 2 + (y - ey) ** 2;
      if (d > far) {
        far = d;
        tip = i;
      }
    }
    const tx = tip % W;
    const ty = (tip - tx) / W;
    const reach = this.o.fingerReachMm * pxPerMm;
    for (let y = Math.max(0, Math.floor(ty - reach)); y <= Math.min(H - 1, Math.ceil(ty + reach)); y++) {
      for (let x = Math.max(0, Math.floor(tx - reach)); x <= Math.min(W - 1, Math.ceil(tx + reach)); x++) {
        if ((x - tx) ** 2 + (y - ty) ** 2 <= reach * reach) this.handRaw.add(y * W + x);
      }
    }
  }

  private detect(input: RegionDetectInput): DetectedDisc[] {
    return this.options.detector ? this.options.detector(input) : detectInBoxes(this.cv, input, this.options.detect);
  }

  /** With no colours given, a first board with several discs gives them (k-means, darkest first). */
  private learnTeams(found: readonly DetectedDisc[]): void {
    if (this.palette.known.length > 0 || found.length < 2) return;
    const byTeam = new Map<string, DetectedDisc[]>();
    for (const d of found) if (d.team) byTeam.set(d.team, [...(byTeam.get(d.team) ?? []), d]);
    const labels = [...byTeam.keys()].sort();
    if (labels.length < 2) return;
    for (const l of labels) {
      const ds = byTeam.get(l)!;
      const mean: Rgb = [0, 1, 2].map((c) => ds.reduce((s, d) => s + d.rgb[c as 0 | 1 | 2], 0) / ds.length) as Rgb;
      this.palette.classify(mean);
    }
  }

  private seen(d: DetectedDisc): SeenDisc {
    // On a board with pieces of several kinds (carrom) the kind is kept, and a piece of no team
    // (the queen, the striker) is labelled by its kind, not by the nearest team colour.
    const kinds = new Set(this.options.profile.pieces.map((p) => p.kind)).size > 1;
    const team = kinds && NO_TEAM_KINDS.has(d.kind) ? d.kind : this.palette.classify(d.rgb);
    return { xMm: d.xMm, yMm: d.yMm, radiusMm: d.radiusMm, uncertaintyMm: d.uncertaintyMm, team, confidence: d.confidence, inHole: d.state === 'in-hole', ...(kinds ? { kind: d.kind } : {}), ...(d.ifOnDiscsMm?.[0] ? { ifOnDiscMm: d.ifOnDiscsMm[0] } : {}) };
  }

  /**
   * Where to detect: around what changed since the last rest (this frame against the reference,
   * left in `change`) and where moving discs stopped. Boxes, [] for nowhere, null for the
   * whole board; with the boxes they were merged from (`parts`).
   */
  private changedBoxes(episode: EpisodeResult): { boxes: BoxMm[] | null; parts: BoxMm[] } {
    const view = this.view!;
    diffMask(this.low, this.ref, this.o.changeThreshold, this.change);
    const minArea = Math.max(2, this.o.minBlobDiscFraction * view.discAreaPx);
    const blobs = this.finder.find(this.change, minArea, view.boardMask).filter((b) => b.inRegion > 0);
    const margin = this.o.detectMarginMm;
    const boxes: BoxMm[] = blobs.map((b) => {
      const bb = view.lowBoxToBoard(b.minX, b.minY, b.maxX, b.maxY);
      return { minXMm: bb.minXMm - margin, minYMm: bb.minYMm - margin, maxXMm: bb.maxXMm + margin, maxYMm: bb.maxYMm + margin };
    });
    boxes.push(...this.handVisitedBoxes(episode));
    for (const m of episode.moving) {
      const e = m.path[m.path.length - 1]!;
      const reach = 2 * view.discRadiusMm + margin;
      boxes.push({ minXMm: e.xMm - reach, minYMm: e.yMm - reach, maxXMm: e.xMm + reach, maxYMm: e.yMm + reach });
    }
    if (boxes.length === 0) return { boxes: [], parts: [] };
    const merged = mergeBoxes(boxes, view.discRadiusMm);
    const total = merged.reduce((s, b) => s + boxArea(b), 0);
    return { boxes: total > this.o.fullDetectBoardFraction * boxArea(outlineBox(this.options.profile)) ? null : merged, parts: boxes };
  }

  /**
   * Around the discs a hand was over: a disc of about the board's tone leaves its place looking
   * as it did when taken, and only detection tells whether it is still there.
   */
  private handVisitedBoxes(episode: EpisodeResult): BoxMm[] {
    const margin = this.o.detectMarginMm;
    return this.trackList
      .filter((t) => t.place === 'surface' && episode.handVisitedIds.includes(t.id))
      .map((t) => ({ minXMm: t.xMm - t.radiusMm - margin, minYMm: t.yMm - t.radiusMm - margin, maxXMm: t.xMm + t.radiusMm + margin, maxYMm: t.yMm + t.radiusMm + margin }));
  }

  /**
   * Centres of the resting discs whose place did not change since the last rest (see
   * keptReachRadii): decided from the image around each disc, as a nudge moves no path but
   * changes its place's pixels. Settle keeps such a disc where it was whatever is detected
   * there, so measuring it again only costs time. Only with the teams' colours known (fewer
   * discs would change what the colours are learnt from).
   */
  private keptDiscs(episode: EpisodeResult): { xMm: number; yMm: number }[] {
    if (this.palette.known.length < this.palette.teamCount) return [];
    const view = this.view!;
    const moved = new Set(episode.moving.map((m) => m.id));
    const visited = new Set(episode.handVisitedIds);
    const kept: { xMm: number; yMm: number }[] = [];
    for (const t of this.trackList) {
      // A disc a hand was over is known there only if its going would have shown (as in settle).
      if (t.place !== 'surface' || moved.has(t.id) || (visited.has(t.id) && !this.standsOut(t))) continue;
      if (fractionOn(this.scratch.mask, view.circlePixels(t.xMm, t.yMm, t.radiusMm, this.o.keptReachRadii)) === 0) kept.push({ xMm: t.xMm, yMm: t.yMm });
    }
    return kept;
  }

  /**
   * Whether the image round a place (`keptReachRadii` of a disc's radius) is as it was at the
   * last rest, in `scratch` as keptDiscs left it: a candidate there is no disc that came or
   * went (paint, grain, or a disc that stayed), so it is not fitted. Not near a disc a hand was
   * over that does not stand out from the board (only detection tells whether it is still
   * there), nor where a disc seen moving started or stopped (it may have come back to its place).
   */
  private unchangedAt(episode: EpisodeResult): (xMm: number, yMm: number, radiusMm: number) => boolean {
    const view = this.view!;
    const visited = new Set(episode.handVisitedIds);
    const moved = new Set(episode.moving.map((m) => m.id));
    const doubtful = [
      ...this.trackList.filter((t) => t.place === 'surface' && (moved.has(t.id) || (visited.has(t.id) && !this.standsOut(t)))),
      ...episode.moving.map((m) => m.path[m.path.length - 1]!),
    ];
    const reachMm = 2 * view.discRadiusMm;
    return (xMm, yMm, radiusMm) =>
      !doubtful.some((t) => Math.hypot(t.xMm - xMm, t.yMm - yMm) <= reachMm) && fractionOn(this.scratch.mask, view.circlePixels(xMm, yMm, radiusMm, this.o.keptReachRadii)) === 0;
  }

  private detectIn(frame: VideoFrame, boxes: BoxMm[] | null, episode: EpisodeResult): DetectedDisc[] {
    // The detector reads colours only inside the boxes: a source that converts by parts
    // (y4m's YUV) converts just their part of the image.
    const rect = boxes ? this.imageRectOf(boxes) : null;
    const rgba = rect && frame.toFrameIn ? frame.toFrameIn(rect) : frame.toFrame();
    // So does the grey image (a whole frame's costs a few times a small box's detection).
    const gray = rect ? (frame.toGrayIn ? frame.toGrayIn(rect) : grayIn(rgba, rect)) : frame.toGray ? frame.toGray() : toGray(rgba);
    diffMask(this.low, this.ref, this.o.keptChangeThreshold, this.scratch);
    // Only with the teams' colours known (as keptDiscs), and not after a hand or the light made
    // the whole board doubtful (boxes null).
    const tracked = boxes !== null && this.palette.known.length >= this.palette.teamCount;
    return this.detect({
      frame: rgba,
      gray,
      calibration: this.calibration!,
      profile: this.options.profile,
      boxes,
      teamCount: this.palette.teamCount,
      ...(this.palette.known.length >= this.palette.teamCount ? { teamColors: [...this.palette.known] } : {}),
      knownMm: this.keptDiscs(episode),
      ...(tracked && this.o.skipUnchangedCandidates ? { unchangedAt: this.unchangedAt(episode) } : {}),
    });
  }

  /** The image pixels the boxes cover: at the board's surface, the discs' tops and the ditch's floor. */
  private imageRectOf(boxes: readonly BoxMm[]): PixelRect {
    const cal = this.calibration!;
    const { profile } = this.options;
    const planes = [cal.boardToImage, planeAtHeight(cal, profile.pieces[0]?.heightMm ?? 0), planeAtHeight(cal, -profile.offSurfaceDropMm)];
    const r = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
    for (const b of boxes) {
      for (const h of planes) {
        for (const [x, y] of [[b.minXMm, b.minYMm], [b.maxXMm, b.minYMm], [b.minXMm, b.maxYMm], [b.maxXMm, b.maxYMm]] as const) {
          const ideal = applyHomography(h, x, y);
          const p = distortPx(cal.lens, ideal.x, ideal.y);
          r.x0 = Math.min(r.x0, p.x - 4);
          r.y0 = Math.min(r.y0, p.y - 4);
          r.x1 = Math.max(r.x1, p.x + 5);
          r.y1 = Math.max(r.y1, p.y + 5);
        }
      }
    }
    return r;
  }

  /**
   * Bring the detection ahead up to date with this frame: the first time, in the boxes that
   * need it (`boxes`, from changedBoxes); then again only where the frame changed since (a disc
   * creeping too slowly for the frame-to-frame test) and in boxes it did not look in yet.
   */
  private detectAhead(frame: VideoFrame, tMs: number, where: { boxes: BoxMm[] | null; parts: BoxMm[] }, episode: EpisodeResult): void {
    const d0 = this.now();
    const { boxes } = where;
    const early = this.early;
    if (!early || (boxes === null && early.boxes !== null)) {
      const found = boxes && boxes.length === 0 ? [] : this.detectIn(frame, boxes, episode);
      this.early = { boxes, found, detectMs: (early?.detectMs ?? 0) + this.now() - d0, atMs: tMs, recheckedIds: new Set(), still: true };
      this.earlyLow.set(this.low);
      return;
    }
    const view = this.view!;
    const margin = this.o.detectMarginMm;
    const redo: BoxMm[] = [];
    diffMask(this.low, this.earlyLow, this.o.earlyChangeThreshold, this.scratch, view.boardMask);
    for (const b of this.finder.find(this.scratch, this.o.earlyMinChangedPx, view.boardMask)) {
      const bb = view.lowBoxToBoard(b.minX, b.minY, b.maxX, b.maxY);
      redo.push({ minXMm: bb.minXMm - margin, minYMm: bb.minYMm - margin, maxXMm: bb.maxXMm + margin, maxYMm: bb.maxYMm + margin });
    }
    // Of a box made of several, only the parts not looked in yet (the others were, and did not change since).
    if (boxes) for (const b of where.parts) if (!this.coveredAhead(b)) redo.push(b);
    // A disc the paths saw stop where nothing was found: looked for once more (an edge lost
    // to the noise of one frame can show in the next). Not where it may have gone down a hole
    // or off the surface.
    const r = view.discRadiusMm;
    for (const m of episode.moving) {
      const e = m.path[m.path.length - 1]!;
      if (early.recheckedIds.has(m.id) || view.surfaceInsetMm(e.xMm, e.yMm) < 0 || view.holeNear(e.xMm, e.yMm, 2 * r)) continue;
      if (early.found.some((d) => Math.hypot(d.xMm - e.xMm, d.yMm - e.yMm) <= 2 * r)) continue;
      // Only where it was looked for already (else it is looked for now anyway).
      if (!this.coveredAhead({ minXMm: e.xMm - r, minYMm: e.yMm - r, maxXMm: e.xMm + r, maxYMm: e.yMm + r })) continue;
      early.recheckedIds.add(m.id);
      const reach = 2 * r + margin;
      redo.push({ minXMm: e.xMm - reach, minYMm: e.yMm - reach, maxXMm: e.xMm + reach, maxYMm: e.yMm + reach });
    }
    early.atMs = tMs;
    early.still = true;
    if (redo.length === 0) return;
    this.redoAhead(frame, mergeBoxes(redo, view.discRadiusMm), episode);
    early.detectMs += this.now() - d0;
    this.earlyLow.set(this.low);
  }

  /** Whether the detection ahead looked in all of a box (allowing `samePlaceMm`), in one or several of its boxes. */
  private coveredAhead(b: BoxMm): boolean {
    const boxes = this.early?.boxes;
    if (boxes === null) return true;
    if (!boxes || boxes.length === 0) return false;
    const slack = this.o.samePlaceMm;
    const step = Math.max(slack, 0.25 * this.view!.discRadiusMm);
    const nx = Math.max(1, Math.ceil((b.maxXMm - b.minXMm) / step));
    const ny = Math.max(1, Math.ceil((b.maxYMm - b.minYMm) / step));
    for (let i = 0; i <= nx; i++) {
      const x = b.minXMm + ((b.maxXMm - b.minXMm) * i) / nx;
      for (let j = 0; j <= ny; j++) {
        const y = b.minYMm + ((b.maxYMm - b.minYMm) * j) / ny;
        if (!boxes.some((e) => x >= e.minXMm - slack && x <= e.maxXMm + slack && y >= e.minYMm - slack && y <= e.maxYMm + slack)) return false;
      }
    }
    return true;
  }

  /**
   * Detect again in boxes: what was found in them before is replaced. A box is first grown over
   * the whole of every disc found before with its centre in it: a box cut from a small change
   * (a creep, noise) can clip a disc, and a disc the box cuts through is not found again in it.
   */
  private redoAhead(frame: VideoFrame, boxes: BoxMm[], episode: EpisodeResult): void {
    const early = this.early!;
    const margin = this.o.detectMarginMm;
    const centreIn = (d: DetectedDisc, b: BoxMm) => d.xMm >= b.minXMm && d.xMm <= b.maxXMm && d.yMm >= b.minYMm && d.yMm <= b.maxYMm;
    let merged = boxes;
    // (A box grown over a disc may take in another's centre: grown until none is cut.)
    for (let round = 0, grew = true; grew && round < 8; round++) {
      grew = false;
      const grown = merged.map((b) => {
        const g = { ...b };
        for (const d of early.found) {
          if (!centreIn(d, b)) continue;
          const reach = d.radiusMm + margin;
          g.minXMm = Math.min(g.minXMm, d.xMm - reach);
          g.minYMm = Math.min(g.minYMm, d.yMm - reach);
          g.maxXMm = Math.max(g.maxXMm, d.xMm + reach);
          g.maxYMm = Math.max(g.maxYMm, d.yMm + reach);
        }
        grew ||= g.minXMm < b.minXMm || g.minYMm < b.minYMm || g.maxXMm > b.maxXMm || g.maxYMm > b.maxYMm;
        return g;
      });
      merged = mergeBoxes(grown, this.view!.discRadiusMm);
    }
    const inside = (d: DetectedDisc) => merged.some((b) => centreIn(d, b));
    const again = this.detectIn(frame, merged, episode);
    // A disc across a box's edge can be found from both sides: the newer look wins.
    const twice = (d: DetectedDisc) => again.some((a) => Math.hypot(a.xMm - d.xMm, a.yMm - d.yMm) < 0.6 * d.radiusMm);
    early.found = [...early.found.filter((d) => !inside(d) && !twice(d)), ...again];
    if (early.boxes !== null) early.boxes = [...early.boxes, ...merged];
  }

  /**
   * While something still moves, detect ahead where the board has been quiet a while: around
   * changes since the last look (against the last rest where it did not look yet) in which no
   * low-res pixel showed motion or a hand for `aheadQuietMs`. A disc that stopped early is then
   * measured before the last one stops, and the call waits only for the last. What changes
   * afterwards in a box looked at (a disc hit again) is looked at again (detectAhead).
   */
  private detectQuietAhead(frame: VideoFrame, tMs: number, episode: EpisodeResult): void {
    const view = this.view!;
    if (this.early?.boxes === null) return;
    if (!this.early) {
      this.early = { boxes: [], found: [], detectMs: 0, atMs: tMs, recheckedIds: new Set() };
      this.earlyLow.set(this.ref);
    }
    const early = this.early;
    early.atMs = tMs;
    const d0 = this.now();
    const margin = this.o.detectMarginMm;
    const boxes: BoxMm[] = [];
    diffMask(this.low, this.earlyLow, this.o.earlyChangeThreshold, this.scratch, view.boardMask);
    for (const b of this.finder.find(this.scratch, Math.max(this.o.earlyMinChangedPx, this.o.minBlobDiscFraction * view.discAreaPx), view.boardMask)) {
      if (b.inRegion === 0) continue;
      const bb = view.lowBoxToBoard(b.minX, b.minY, b.maxX, b.maxY);
      boxes.push({ minXMm: bb.minXMm - margin, minYMm: bb.minYMm - margin, maxXMm: bb.maxXMm + margin, maxYMm: bb.maxYMm + margin });
    }
    // Where a followed disc stopped, and where a hand was over discs (as settle will look there: changedBoxes).
    for (const m of episode.moving) {
      const e = m.path[m.path.length - 1]!;
      const reach = 2 * view.discRadiusMm + margin;
      boxes.push({ minXMm: e.xMm - reach, minYMm: e.yMm - reach, maxXMm: e.xMm + reach, maxYMm: e.yMm + reach });
    }
    boxes.push(...this.handVisitedBoxes(episode));
    const quietSince = tMs - this.o.aheadQuietMs;
    // Quiet parts are merged among themselves: a part next to a disc still moving does not wait for it.
    const quietParts = boxes.filter((b) => this.quietInLow(b, quietSince));
    const quiet = mergeBoxes(quietParts, view.discRadiusMm).filter((b) => (!this.coveredAhead(b) || this.changedInLow(b)) && this.quietInLow(b, quietSince));
    if (quiet.length === 0) return;
    this.redoAhead(frame, quiet, episode);
    for (const b of quiet) {
      this.forEachLowPixel(b, (i) => {
        this.earlyLow[i] = this.low[i]!;
      });
    }
    early.detectMs += this.now() - d0;
  }

  /** Calls `f` with each low-res pixel of a board box (its image at the board's and the discs' top height). */
  private forEachLowPixel(b: BoxMm, f: (i: number) => boolean | void): boolean {
    const view = this.view!;
    const { widthPx: w, heightPx: h } = view.size;
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const height of [0, view.discHeightMm]) {
      for (const [x, y] of [[b.minXMm, b.minYMm], [b.maxXMm, b.minYMm], [b.minXMm, b.maxYMm], [b.maxXMm, b.maxYMm]] as const) {
        const p = view.boardToLow(x, y, height);
        x0 = Math.min(x0, p.x);
        y0 = Math.min(y0, p.y);
        x1 = Math.max(x1, p.x);
        y1 = Math.max(y1, p.y);
      }
    }
    for (let y = Math.max(0, Math.floor(y0)); y <= Math.min(h - 1, Math.ceil(y1)); y++) {
      for (let x = Math.max(0, Math.floor(x0)); x <= Math.min(w - 1, Math.ceil(x1)); x++) if (f(y * w + x) === true) return true;
    }
    return false;
  }

  /** No motion or hand in a box since a time. */
  private quietInLow(b: BoxMm, sinceMs: number): boolean {
    return !this.forEachLowPixel(b, (i) => this.activeAtMs[i]! > sinceMs);
  }

  /** The box's pixels differ from what the detection ahead last saw there. */
  private changedInLow(b: BoxMm): boolean {
    const t = this.o.earlyChangeThreshold;
    return this.forEachLowPixel(b, (i) => Math.abs(this.low[i]! - this.earlyLow[i]!) > t);
  }

  /**
   * Whether a disc stands out from the board round it in the image of the last rest (medians
   * of its top and of a ring round it, low-res luma): its going would change its place.
   */
  private standsOut(t: Track): boolean {
    const view = this.view!;
    const top = view.circlePixels(t.xMm, t.yMm, t.radiusMm, 0.7);
    const near = new Set(view.circlePixels(t.xMm, t.yMm, t.radiusMm, 1.3));
    const ring = Array.from(view.circlePixels(t.xMm, t.yMm, t.radiusMm, 1.9)).filter((i) => !near.has(i));
    if (ring.length === 0) return false;
    const median = (idx: ArrayLike<number>) => {
      const v = Array.from(idx, (i) => this.ref[i]!).sort((a, b) => a - b);
      return v[v.length >> 1]!;
    };
    return Math.abs(median(top) - median(ring)) >= this.o.vacatedShowsContrast;
  }

  /** The board is still: detect where it changed (or take the detection made ahead) and work out what happened. */
  private settleNow(frame: VideoFrame, tMs: number): TrackerEvent | null {
    const episode = this.episode!.result();
    this.episode = null;
    const view = this.view!;
    const where = this.changedBoxes(episode);
    const { boxes } = where;
    if (boxes && boxes.length === 0) {
      this.early = null;
      return { type: 'unchanged', tMs, startMs: episode.startMs };
    }
    this.detectAhead(frame, tMs, where, episode);
    const { detectMs } = this.early!;
    // What was looked at ahead outside where settle looks (a change that went away) is not used.
    const found = boxes === null ? this.early!.found : this.early!.found.filter((d) => boxes.some((b) => d.xMm >= b.minXMm && d.xMm <= b.maxXMm && d.yMm >= b.minYMm && d.yMm <= b.maxYMm));
    this.early = null;
    const settled = settle({
      view,
      tracks: this.trackList,
      episode,
      change: this.change.mask,
      detections: found.filter((d) => d.confidence >= this.o.minMovedConfidence).map((d) => this.seen(d)),
      newId: () => `d${this.nextTrack++}`,
      o: this.o,
      vacatedShows: (t) => this.standsOut(t),
    });
    // On a board of pits (PitRush) a disc that dropped into one stays in play.
    const result = hasPits(this.options.profile) ? withPits(settled, this.options.profile, this.o.holeCaptureMm, this.o.stackOverlapFraction) : settled;
    this.trackList = result.tracks;
    // A carrom board's holes are pockets: what drops into one is pocketed.
    if (featuresOfKind(this.options.profile, 'hole').some((h) => h.id.startsWith('pocket'))) for (const r of result.removed) if (r.reason === 'hole') r.reason = 'pocket';
    if (result.kind === 'shot' && result.shot) {
      return {
        type: 'shot',
        tMs,
        shot: result.shot,
        board: result.board,
        detail: {
          startMs: episode.startMs,
          lastMotionMs: episode.lastMotionMs,
          calledMs: tMs,
          paths: result.paths,
          contacts: result.contacts,
          handSeen: episode.handSeen,
          takenByHandIds: result.takenByHandIds,
          detectMs,
          warnings: result.warnings,
        },
      };
    }
    if (result.kind === 'board-change') {
      return { type: 'board-change', tMs, board: result.board, removedIds: [...result.takenByHandIds, ...result.removed.map((r) => r.id)], addedIds: result.addedIds, movedIds: result.movedIds, startMs: episode.startMs, detectMs };
    }
    return { type: 'unchanged', tMs, startMs: episode.startMs };
  }
}
