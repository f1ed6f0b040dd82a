/**
 * Table-shuffleboard pucks. A long table fills the frame at a fraction of a pixel per
 * millimetre (its far end smaller still), so a puck is a blob of a few dozen pixels: candidates
 * are looked for in a view sampled about as finely as the image (a view at 1 px/mm upsamples
 * it, halving every gradient below the edge finder's threshold), with a lower edge threshold.
 * A puck casts a shadow of its own size that a circle finder takes for a second puck beside
 * it; pucks lie flat and cannot overlap, so of two that would, the one whose rim was found
 * less far round is not a puck. A puck's top is one colour: a "puck" on a painted number
 * whose top shows strokes is the number, and one whose top is two-toned is a fit dragged half
 * onto a shadow (the puck beside it is looked for again).
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import type { LensModel } from '../geometry/lens.ts';
import type { Frame } from '../image/frame.ts';
import { surroundStats, topFaceSamples } from './colour-contrast.ts';
import type { DetectOptions } from './defaults.ts';
import { flatLookAlike, FLAT_LOOKALIKE_DEFAULTS, type FlatLookAlikeOptions } from './flat-puck-lookalikes.ts';

export const PUCK_DEFAULTS = {
  /** The candidate view's resolution, as a multiple of the board's scale in the image (never finer than DETECT_DEFAULTS.rectifiedPxPerMm). */
  viewPxPerImagePx: 1.5,
  /** Canny high threshold of the circle finder (pucks are small and often blurred: 60 missed a quarter of them; 30 found no more with the colour search but fitted 2.4 times the candidates). */
  houghCanny: 40,
  /** Hough accumulator threshold (a small puck's circle collects fewer votes). */
  houghThreshold: 12,
  /** Two pucks whose centres are nearer than this many radii overlap by more than a quarter of their width (flat pucks touch at 2; a shadow beside its puck is 0.9-1.2 radii off, a puck measured a few mm off beside another still clears this). */
  overlapRadii: 1.5,
  /**
   * A puck whose outline reaches a painted number's box is that number when its top varies
   * in colour (topFaceSpread) by more than this (grey levels) and this many times the board
   * round it: on the corpus, numbers 34 and more (1.9 board spreads and more), pucks 12.4 at most.
   */
  labelMinSpread: 20,
  labelBoardSpreads: 1.5,
  /**
   * Anywhere on the playfield, a top varying by more than this (and the board spreads above)
   * is two things: a fit dragged half onto the puck's shadow (on the corpus those were 55 and
   * 82, pucks on the playfield 22 at most).
   */
  twoToneMinSpread: 35,
  /**
   * The puck beside such a fit is looked for again from this many candidates round it, this
   * many radii off (the fit lies between the puck and its shadow; on 160 scenes of the 12 ft
   * table recall 78.64 -> 78.87%, exact scores 81.3 -> 81.9%, no false puck more; the 9 ft
   * table unchanged).
   */
  twoToneRestarts: 8,
  twoToneRestartRadii: 0.75,
};

export type PuckOptions = typeof PUCK_DEFAULTS;

/** Whether every piece of the profile is a puck. */
export function isPuckBoard(profile: BoardProfile): boolean {
  return profile.pieces.every((p) => p.kind === 'puck');
}

/**
 * Detection options for a puck board seen at `boardPxPerMm` (the calibration's scale): the
 * candidate view and circle finder tuned as above. Other boards, and options the caller set,
 * are left as they are.
 */
export function puckDetectOptions(profile: BoardProfile, boardPxPerMm: number, options: Partial<DetectOptions>, base: DetectOptions, o: PuckOptions = PUCK_DEFAULTS): Partial<DetectOptions> {
  if (!isPuckBoard(profile) || !(boardPxPerMm > 0)) return options;
  const viewPxPerMm = Math.min(base.rectifiedPxPerMm, o.viewPxPerImagePx * boardPxPerMm);
  return { rectifiedPxPerMm: viewPxPerMm, houghCanny: o.houghCanny, houghThreshold: o.houghThreshold, ...options };
}

/**
 * Indices of detections that overlap a better one (found farther round its rim), which flat
 * pucks cannot do: the worse is a shadow or a second fit of the same puck.
 */
export function overlappingPucks(found: readonly { xMm: number; yMm: number; rimCoverage: number }[], radiusMm: number, o: PuckOptions = PUCK_DEFAULTS): number[] {
  const order = found.map((_, i) => i).sort((a, b) => found[b]!.rimCoverage - found[a]!.rimCoverage);
  const kept: number[] = [];
  const dropped: number[] = [];
  for (const i of order) {
    const f = found[i]!;
    if (kept.some((k) => Math.hypot(found[k]!.xMm - f.xMm, found[k]!.yMm - f.yMm) < o.overlapRadii * radiusMm)) dropped.push(i);
    else kept.push(i);
  }
  return dropped.sort((a, b) => a - b);
}

/** Whether a centre is over the playing surface (a puck off it lies lower: its top is not on `planes.top`). */
function overSurface(profile: BoardProfile, xMm: number, yMm: number): boolean {
  const s = profile.surface;
  return s.shape === 'circle' ? Math.hypot(xMm - s.xMm, yMm - s.yMm) <= s.radiusMm : xMm >= s.minXMm && xMm <= s.maxXMm && yMm >= s.minYMm && yMm <= s.maxYMm;
}

/** Why a fit whose top is two-toned is not a puck (see notOnePuckTop). */
const TWO_TONED = 'a top of two colours (a puck and its shadow), not one puck';

/**
 * Why a "puck" on the playfield is not one by the colour of its top, or null: its outline
 * reaches a painted number's box (taken as a square of the number's size) and its top varies
 * like paint strokes on wood; or its top is two-toned anywhere (a puck and its shadow).
 */
export function notOnePuckTop(
  profile: BoardProfile,
  frame: Frame,
  planes: { board: readonly number[]; top: readonly number[] },
  lens: LensModel,
  d: { xMm: number; yMm: number; radiusMm: number },
  o: PuckOptions = PUCK_DEFAULTS,
): string | null {
  if (!overSurface(profile, d.xMm, d.yMm)) return null;
  const spread = topFaceSpread(frame, planes.top, lens, d.xMm, d.yMm, d.radiusMm);
  const board = surroundStats(frame, planes.board, lens, d.xMm, d.yMm, d.radiusMm)?.spread ?? 0;
  const label = profile.features.find((f) => f.kind === 'label' && Math.abs(d.xMm - f.xMm) <= f.sizeMm / 2 + d.radiusMm && Math.abs(d.yMm - f.yMm) <= f.sizeMm / 2 + d.radiusMm);
  if (label && spread > Math.max(o.labelMinSpread, o.labelBoardSpreads * board)) return `the painted "${label.id}", not a puck`;
  if (spread > Math.max(o.twoToneMinSpread, o.labelBoardSpreads * board)) return TWO_TONED;
  return null;
}

/**
 * Candidates round each fit whose top is two-toned (see notOnePuckTop): the puck beside it,
 * looked for again (the fit itself is dropped later).
 */
export function besideTwoToned(
  profile: BoardProfile,
  frame: Frame,
  planes: { board: readonly number[]; top: readonly number[] },
  lens: LensModel,
  found: readonly { xMm: number; yMm: number; radiusMm: number }[],
  radiusMm: number,
  o: PuckOptions = PUCK_DEFAULTS,
): { xMm: number; yMm: number; radiusMm: number }[] {
  const twoToned = found.filter((f) => notOnePuckTop(profile, frame, planes, lens, f, o) === TWO_TONED);
  return twoToned.flatMap((f) =>
    Array.from({ length: o.twoToneRestarts }, (_, k) => {
      const a = (2 * Math.PI * k) / o.twoToneRestarts;
      return { xMm: f.xMm + o.twoToneRestartRadii * radiusMm * Math.cos(a), yMm: f.yMm + o.twoToneRestartRadii * radiusMm * Math.sin(a), radiusMm };
    }),
  );
}

/**
 * How much the inner part of a top face varies in colour: the mean distance of its samples
 * (out to 0.6 radii) from their median colour. A puck's top is one colour; a circle fitted
 * round a painted number holds the number's strokes and the wood between them (the mean, as
 * the strokes may be fewer than half the samples).
 */
export function topFaceSpread(frame: Frame, planeToImage: readonly number[], lens: LensModel, xMm: number, yMm: number, radiusMm: number): number {
  const samples = topFaceSamples(frame, planeToImage, lens, xMm, yMm, radiusMm);
  if (samples.length === 0) return 0;
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const c = [0, 1, 2].map((i) => med(samples.map((s) => s[i]!)));
  return samples.reduce((sum, s) => sum + Math.hypot(s[0] - c[0]!, s[1] - c[1]!, s[2] - c[2]!), 0) / samples.length;
}

/**
 * Drops from `found` (in place) the painted numbers, the fits half on a shadow, the flat fits
 * on the board's grain or on a streak (see flat-puck-lookalikes.ts) and the overlapping fits
 * taken for pucks, and returns them as rejections.
 */
export function dropPuckLookAlikes(
  scene: { profile: BoardProfile; frame: Frame; planes: { board: readonly number[]; top: readonly number[] }; lens: LensModel },
  found: { xMm: number; yMm: number; radiusMm: number; rimCoverage: number }[],
  radiusMm: number,
  o: PuckOptions = PUCK_DEFAULTS,
  flat: FlatLookAlikeOptions = FLAT_LOOKALIKE_DEFAULTS,
): { xMm: number; yMm: number; reason: string }[] {
  const rejected: { xMm: number; yMm: number; reason: string }[] = [];
  // These first: a number's or a shadow's fit must not push out a puck beside it.
  for (let i = found.length - 1; i >= 0; i--) {
    const f = found[i]!;
    const reason = notOnePuckTop(scene.profile, scene.frame, scene.planes, scene.lens, f, o) ?? flatLookAlike(scene.profile, scene.frame, scene.planes, scene.lens, f, radiusMm, flat);
    if (!reason) continue;
    rejected.push({ xMm: f.xMm, yMm: f.yMm, reason });
    found.splice(i, 1);
  }
  for (const i of overlappingPucks(found, radiusMm, o).reverse()) {
    const f = found.splice(i, 1)[0]!;
    rejected.push({ xMm: f.xMm, yMm: f.yMm, reason: 'overlaps a puck whose rim was found farther round' });
  }
  return rejected;
}
