/**
 * A disc lying on another (PitRush allows stacks on the board) has its top face a disc's
 * height higher than the plane it is measured in: seen obliquely, its footprint comes out
 * shifted away from the camera by that height's parallax, up to ~4 mm at the board's far side,
 * and as a disc on a disc it has no pit to drop into. The camera cannot always tell: the disc
 * under it shows past a single disc's outline (its side wall, a crescent of its top face) in
 * another hue than the board's in most stacks, but one of the board's hue, or one almost wholly
 * hidden, shows nothing, and shadows, neighbours and pits show such colours round single discs
 * too (in 50 benchmark scenes over a third of single discs did). So every disc on the board is
 * taken as perhaps lying on one more disc (on more where something of another hue shows round
 * it): the footprints it would then have go with it, and the rules leave to a person a call
 * that a disc under it would change (DiscState.ifOnDiscsMm).
 */
import { featuresOfKind, type BoardProfile } from '../../rules/profiles/schema.ts';
import type { Calibration } from '../calibrate/types.ts';
import { applyHomography } from '../geometry/homography.ts';
import { distortPx } from '../geometry/lens.ts';
import type { Frame } from '../image/frame.ts';
import { surroundStats } from './colour-contrast.ts';
import type { DetectedDisc, DetectionResult } from './types.ts';

export interface StackOptions {
  /** Discs in the highest stack looked for (a footprint is given for each height up to it)... */
  maxStackDiscs: number;
  /** ... and where nothing shows a disc under it (a disc under it of the board's hue shows nothing). */
  unseenStackDiscs: number;
  /** Samples this far (mm) outside a single disc's outline, round it. */
  ringOffsetsMm: readonly number[];
  ringRays: number;
  /** A sample is not the board when its colour is farther than this (RGB) from the board's round the disc... */
  minForeignColourDistance: number;
  /** ... and than this many times the board's own colour spread there. */
  foreignBoardSpreads: number;
  /** ... and whose colour's share of each channel differs from the board's by more than this (a shadow keeps the board's hue). */
  minForeignHueDistance: number;
  /** A disc with at least this share of its samples not the board (and this many samples) may lie on another. */
  minForeignShare: number;
  minSamples: number;
  /** Samples this near (mm) a painted line or another disc's outline are not used (a pit's floor is the board's wood). */
  clearanceMm: number;
}

interface Segment {
  ax: number;
  ay: number;
  bx: number;
  by: number;
}

function shares(c: readonly number[]): [number, number, number] {
  const s = Math.max(1e-9, c[0]! + c[1]! + c[2]!);
  return [c[0]! / s, c[1]! / s, c[2]! / s];
}

function distToSegment(x: number, y: number, s: Segment): number {
  const dx = s.bx - s.ax;
  const dy = s.by - s.ay;
  const l2 = dx * dx + dy * dy;
  const t = l2 > 0 ? Math.max(0, Math.min(1, ((x - s.ax) * dx + (y - s.ay) * dy) / l2)) : 0;
  return Math.hypot(x - s.ax - t * dx, y - s.ay - t * dy);
}

/** Where the camera shows a point `heightMm` above (x, y), on the board plane. */
export function seenOnBoard(cal: Pick<Calibration, 'camera'>, xMm: number, yMm: number, heightMm: number): { xMm: number; yMm: number } {
  const c = cal.camera;
  const s = c.centreZMm / (c.centreZMm - heightMm);
  return { xMm: c.centreXMm + (xMm - c.centreXMm) * s, yMm: c.centreYMm + (yMm - c.centreYMm) * s };
}

/**
 * Footprint of a disc whose top face, at `seenHeightMm`, the camera shows where a top face at
 * `trueHeightMm` over `at` would be (the same ray through the top face's centre).
 */
export function footprintAtHeight(cal: Pick<Calibration, 'camera'>, at: { xMm: number; yMm: number }, seenHeightMm: number, trueHeightMm: number): { xMm: number; yMm: number } {
  const c = cal.camera;
  const s = (c.centreZMm - trueHeightMm) / (c.centreZMm - seenHeightMm);
  return { xMm: c.centreXMm + (at.xMm - c.centreXMm) * s, yMm: c.centreYMm + (at.yMm - c.centreYMm) * s };
}

/** The board-plane outline of a single disc: its centre's path from footprint to seen top face. */
function outlineSegment(cal: Pick<Calibration, 'camera'>, d: { xMm: number; yMm: number }, heightMm: number): Segment {
  const top = seenOnBoard(cal, d.xMm, d.yMm, heightMm);
  return { ax: d.xMm, ay: d.yMm, bx: top.xMm, by: top.yMm };
}

/** Share of the samples just outside a single disc's outline that are not the board, and how many were taken. */
export function foreignShareRound(
  frame: Frame,
  cal: Calibration,
  profile: BoardProfile,
  d: DetectedDisc,
  others: readonly DetectedDisc[],
  heightMm: number,
  o: StackOptions,
): { share: number; samples: number } {
  const r = d.radiusMm;
  const own = outlineSegment(cal, d, heightMm);
  const board = surroundStats(frame, cal.boardToImage, cal.lens, d.xMm, d.yMm, r + Math.hypot(own.bx - own.ax, own.by - own.ay));
  if (!board) return { share: 0, samples: 0 };
  const near = others.filter((g) => g !== d && Math.hypot(g.xMm - d.xMm, g.yMm - d.yMm) < 4 * r).map((g) => ({ g, s: outlineSegment(cal, g, heightMm) }));
  const lines = featuresOfKind(profile, 'line');
  const limit = Math.max(o.minForeignColourDistance, o.foreignBoardSpreads * board.spread);
  let samples = 0;
  let foreign = 0;
  for (let k = 0; k < o.ringRays; k++) {
    const a = (2 * Math.PI * k) / o.ringRays;
    for (const off of o.ringOffsetsMm) {
      // From the outline's far point in this direction (top face or footprint), outwards.
      const useTop = Math.cos(a) * (own.bx - own.ax) + Math.sin(a) * (own.by - own.ay) > 0;
      const x = (useTop ? own.bx : own.ax) + (r + off) * Math.cos(a);
      const y = (useTop ? own.by : own.ay) + (r + off) * Math.sin(a);
      if (distToSegment(x, y, own) < r + off - 0.3) continue;
      if (lines.some((l) => distToSegment(x, y, { ax: l.x1Mm, ay: l.y1Mm, bx: l.x2Mm, by: l.y2Mm }) < l.lineWidthMm / 2 + o.clearanceMm)) continue;
      if (near.some((n) => distToSegment(x, y, n.s) < n.g.radiusMm + o.clearanceMm)) continue;
      const p = applyHomography(cal.boardToImage, x, y);
      const q = distortPx(cal.lens, p.x, p.y);
      const xi = Math.round(q.x);
      const yi = Math.round(q.y);
      if (xi < 0 || yi < 0 || xi >= frame.widthPx || yi >= frame.heightPx) continue;
      const j = (yi * frame.widthPx + xi) * 4;
      samples++;
      const px: [number, number, number] = [frame.data[j]!, frame.data[j + 1]!, frame.data[j + 2]!];
      const dist = Math.hypot(px[0] - board.colour[0], px[1] - board.colour[1], px[2] - board.colour[2]);
      // A shadow or uneven light darkens the board but keeps its hue: a disc under this one differs in hue.
      const [sa, sb] = [shares(px), shares(board.colour)];
      if (dist > limit && Math.hypot(sa[0] - sb[0], sa[1] - sb[1], sa[2] - sb[2]) > o.minForeignHueDistance) foreign++;
    }
  }
  return { share: samples > 0 ? foreign / samples : 0, samples };
}

/** Holes whose id starts so are pits (as pit-stacks.ts reads them): boards where discs stack. */
const PIT_PREFIX = 'pit-';

/**
 * Discs lying on the board (not over a pit: see pit-stacks.ts), each perhaps on other discs:
 * given the footprints they would have on top of a stack of up to unseenStackDiscs
 * (maxStackDiscs where something of another hue shows round it), for the rules to call.
 */
export function markPossibleStacks(result: DetectionResult, input: { frame: Frame; profile: BoardProfile; calibration: Calibration }, o: StackOptions): DetectionResult {
  const { frame, profile, calibration: cal } = input;
  if (!featuresOfKind(profile, 'hole').some((h) => h.id.startsWith(PIT_PREFIX))) return result;
  const heightMm = profile.pieces[0]!.heightMm;
  const discs = result.discs.map((d) => {
    if (d.mayRestOnHidden || d.state !== 'on-board') return d;
    const { share, samples } = foreignShareRound(frame, cal, profile, d, result.discs, heightMm, o);
    const seen = samples >= o.minSamples && share >= o.minForeignShare;
    const under = Array.from({ length: (seen ? o.maxStackDiscs : o.unseenStackDiscs) - 1 }, (_, i) => footprintAtHeight(cal, d, heightMm, (i + 2) * heightMm));
    return under.length > 0 ? { ...d, ifOnDiscsMm: under } : d;
  });
  return { ...result, discs };
}
