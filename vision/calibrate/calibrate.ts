/**
 * Automatic calibration: from one frame and a board profile, the mapping from board
 * millimetres to image pixels (homography + lens), the camera pose, and how well it fits.
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { multiply3, applyHomography, invert3 } from '../geometry/homography.ts';
import { noLens } from '../geometry/lens.ts';
import { sampleBilinear, type GrayImage } from '../image/frame.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { findLargeEllipses, refineEllipse, type ImageEllipse } from './coarse-ellipses.ts';
import type { EllipseParams } from '../geometry/conic.ts';
import { CALIBRATE_DEFAULTS, type CalibrateOptions } from './defaults.ts';
import { modelEdges, type ModelEdgeSample } from './model-edges.ts';
import { hypot2 } from '../geometry/hypot2.ts';
import { projectSeen, projectSeenInto, refinePass, type FitState, type PassResult, type Polarity } from './refine-fit.ts';
import { searchEdge } from './edge-search.ts';
import { clippedAt } from './clipped-edge.ts';
import type { CalibrationResult } from './types.ts';
import { calibrateRect, calibrationResult } from './calibrate-rect.ts';
import { forConcentricPairs, fromConcentric as guessFromConcentric, unmirror } from './coarse-round.ts';
import { findRingEllipses } from './ring-ellipses.ts';

interface Circle {
  xMm: number;
  yMm: number;
  radiusMm: number;
}

/** Circles of the profile that an ellipse in the image may be, largest first. */
function modelCircles(profile: BoardProfile): Circle[] {
  const out: Circle[] = [];
  // The outline (rim, frame) stands above the surface: its image is not in the board's plane.
  if (profile.surface.shape === 'circle') out.push(profile.surface);
  for (const f of profile.features) if (f.kind === 'ring' || f.kind === 'disk') out.push(f);
  return out.sort((a, b) => b.radiusMm - a.radiusMm);
}

function rotationAbout(xMm: number, yMm: number, angleRad: number): number[] {
  const c = Math.cos(angleRad);
  const s = Math.sin(angleRad);
  // Rotate about (x, y): T(x,y) R T(-x,-y).
  return [c, -s, xMm - c * xMm + s * yMm, s, c, yMm - s * xMm - c * yMm, 0, 0, 1];
}

/** Board-to-image guess that puts `circle` on `ellipse` (rotation about the circle unknown). */
function guessFromEllipse(e: ImageEllipse, circle: Circle): number[] {
  const t = (e.angleDeg * Math.PI) / 180;
  const c = Math.cos(t);
  const s = Math.sin(t);
  const a = e.widthPx / 2 / circle.radiusMm;
  const b = e.heightPx / 2 / circle.radiusMm;
  // Image = centre + R(t) diag(a, b) (board - circle centre), mirrored if needed.
  const affine = [c * a, -s * b, e.centreXPx, s * a, c * b, e.centreYPx, 0, 0, 1];
  const shift = [1, 0, -circle.xMm, 0, 1, -circle.yMm, 0, 0, 1];
  const h = multiply3(affine, shift);
  return unmirror(h, circle);
}

// Scratch points of the scores below (see projectSeenInto).
const scratchP = { x: 0, y: 0 };
const scratchQ = { x: 0, y: 0 };

/**
 * How well a mapping lines the model's edges up with the image: per feature, the mean signed
 * edge response at the predicted places. A painted ring that is really there answers with
 * the same sign all the way round; wood grain and discs average out.
 */
function alignmentScore(gray: GrayImage, state: FitState, samples: readonly ModelEdgeSample[], rangePx: number): number {
  const sums = new Map<string, number>();
  const p = scratchP;
  const q = scratchQ;
  for (const s of samples) {
    projectSeenInto(state, s.xMm, s.yMm, p);
    projectSeenInto(state, s.xMm + s.nxMm, s.yMm + s.nyMm, q);
    const l = hypot2(q.x - p.x, q.y - p.y);
    if (!(l > 0)) continue;
    const hit = searchEdge(gray, p.x, p.y, (q.x - p.x) / l, (q.y - p.y) / l, rangePx, s.kind, s.widthMm * l, 0);
    if (hit) sums.set(s.featureId, (sums.get(s.featureId) ?? 0) + Math.max(-60, Math.min(60, hit.response)));
  }
  let total = 0;
  for (const v of sums.values()) total += Math.abs(v);
  return total / Math.max(1, samples.length);
}

/** Where a glare may have clipped rings away (see clippedAt): the image, and the options that judge it. */
interface RingGlare {
  gray: GrayImage;
  clippedLevel: number;
  minUnclippedShare: number;
}

/**
 * Why a fit is wrong if one of the painted rings is mostly not where the fit puts it. Given a
 * glare's image, a ring's samples clipped in it are not counted, and a ring clipped nearly all
 * round is not judged.
 */
function missingRing(profile: BoardProfile, samples: readonly ModelEdgeSample[], fit: PassResult, minCoverage: number, glare?: RingGlare): string | null {
  for (const f of profile.features) {
    if (f.kind !== 'ring') continue;
    const own = samples.filter((x) => x.featureId === f.id);
    if (own.length === 0) continue;
    // Each sample's glare is judged once; the matches carry the very samples judged.
    const judged = new Set(glare === undefined ? own : own.filter((x) => !clippedAt(glare.gray, fit, x, glare.clippedLevel)));
    if (glare && judged.size < glare.minUnclippedShare * own.length) continue;
    const seen = fit.matches.filter((m) => m.sample.featureId === f.id && judged.has(m.sample)).length / Math.max(1, judged.size);
    if (seen < minCoverage) return `the board's "${f.id}" circle was not found where the fit puts it (${(seen * 100).toFixed(0)}% seen)`;
  }
  return null;
}

/** Share of each feature's samples that the fit found. */
function featureCoverage(samples: readonly ModelEdgeSample[], fit: PassResult): Map<string, number> {
  const total = new Map<string, number>();
  for (const s of samples) total.set(s.featureId, (total.get(s.featureId) ?? 0) + 1);
  const found = new Map<string, number>();
  for (const m of fit.matches) found.set(m.sample.featureId, (found.get(m.sample.featureId) ?? 0) + 1);
  return new Map([...total].map(([id, n]) => [id, (found.get(id) ?? 0) / n]));
}

/** The sign every painted ring of the fit answers with (0 when they disagree or none is known). */
function paintPolarity(profile: BoardProfile, polarity: ReadonlyMap<string, Polarity>): Polarity {
  let sign: Polarity = 0;
  for (const f of profile.features) {
    if (f.kind !== 'ring') continue;
    const p = polarity.get(f.id) ?? 0;
    if (p === 0) continue;
    if (sign !== 0 && p !== sign) return 0;
    sign = p;
  }
  return sign;
}

function outlineRadiusMm(profile: BoardProfile): number {
  const o = profile.outline;
  return o.shape === 'circle' ? o.radiusMm : Math.hypot(o.maxXMm - o.minXMm, o.maxYMm - o.minYMm) / 2;
}

/** Width, in paint widths, of the second comparison that finds a blurred line's middle. */
const ROTATION_WIDE_LINE = 3;

/**
 * Round markings say nothing about the board's rotation; the straight lines (and pegs) do.
 * Fine-tune it by the strongest response of those markings over a small range of angles,
 * which stays right when a blurred line gives the least-squares fit too few clean edges.
 */
function fineRotation(gray: GrayImage, fit: FitState, samples: readonly ModelEdgeSample[], profile: BoardProfile, pegHeightMm: (id: string) => number | null, paint: Polarity): FitState {
  if (samples.length === 0) return fit;
  const centre = profile.surface.shape === 'circle' ? profile.surface : { xMm: 0, yMm: 0 };
  const pegs = profile.features.filter((f) => f.kind === 'peg');
  const scoreAt = (deg: number) => {
    const state = { ...fit, boardToImage: multiply3(fit.boardToImage, rotationAbout(centre.xMm, centre.yMm, (deg * Math.PI) / 180)) };
    let score = 0;
    const p = scratchP;
    const q = scratchQ;
    for (const s of samples) {
      projectSeenInto(state, s.xMm, s.yMm, p);
      projectSeenInto(state, s.xMm + s.nxMm, s.yMm + s.nyMm, q);
      const l = hypot2(q.x - p.x, q.y - p.y);
      const polarity = s.kind === 'line' ? paint : 0;
      const hit = searchEdge(gray, p.x, p.y, (q.x - p.x) / l, (q.y - p.y) / l, 0.5, s.kind, s.widthMm * l, polarity);
      if (hit) score += Math.min(60, Math.abs(hit.response));
      // A line blurred into a band answers the paint-wide comparison at both its edges and
      // a wider one at its middle: both together peak where the line is.
      if (s.kind === 'line') {
        const wide = searchEdge(gray, p.x, p.y, (q.x - p.x) / l, (q.y - p.y) / l, 0.5, s.kind, ROTATION_WIDE_LINE * Math.max(1.5, s.widthMm * l), polarity);
        if (wide) score += Math.min(60, Math.abs(wide.response));
      }
    }
    for (const peg of pegs) {
      if (peg.kind !== 'peg') continue;
      const h = pegHeightMm(peg.id) ?? 0;
      // A peg is seen as a blob over its footprint, at any height up to its top: compare its
      // middle with the board beside it.
      const at = (x: number, y: number) => {
        const a = projectSeen(state, x, y);
        return sampleBilinear(gray, a.x, a.y);
      };
      const px = peg.xMm;
      const py = peg.yMm;
      const inside = at(px, py);
      const r = peg.radiusMm * 2.5;
      const around = (at(px + r, py) + at(px - r, py) + at(px, py + r) + at(px, py - r)) / 4;
      if (Number.isFinite(inside) && Number.isFinite(around)) score += 0.5 * Math.min(60, Math.abs(inside - around)) * (h > 0 ? 1 : 0);
    }
    return score;
  };
  // Coarse steps over the range, then fine steps about the best: painted lines are a few
  // pixels wide, so a line a coarse step off still answers in part.
  let best = { score: -Infinity, deg: 0 };
  for (let deg = -2; deg <= 2.0001; deg += 0.2) {
    const score = scoreAt(deg);
    if (score > best.score) best = { score, deg };
  }
  const coarse = best.deg;
  for (let deg = coarse - 0.15; deg <= coarse + 0.1501; deg += 0.05) {
    const score = scoreAt(deg);
    if (score > best.score) best = { score, deg };
  }
  return { ...fit, boardToImage: multiply3(fit.boardToImage, rotationAbout(centre.xMm, centre.yMm, (best.deg * Math.PI) / 180)) };
}

/** Choose the board's rotation by the markings that are not round (lines, fields). */
function bestRotation(gray: GrayImage, fit: FitState, samples: readonly ModelEdgeSample[], profile: BoardProfile, stepDeg: number, paint: Polarity): FitState {
  if (samples.length === 0) return fit;
  const centre = profile.surface.shape === 'circle' ? profile.surface : { xMm: 0, yMm: 0 };
  const scoreAt = (deg: number, rangePx: number, stride = 1) => {
    const h = multiply3(fit.boardToImage, rotationAbout(centre.xMm, centre.yMm, (deg * Math.PI) / 180));
    let score = 0;
    for (let i = 0; i < samples.length; i += stride) {
      const s = samples[i]!;
      const p = applyHomography(h, s.xMm, s.yMm);
      const q = applyHomography(h, s.xMm + s.nxMm, s.yMm + s.nyMm);
      const l = hypot2(q.x - p.x, q.y - p.y);
      const hit = searchEdge(gray, p.x, p.y, (q.x - p.x) / l, (q.y - p.y) / l, rangePx, s.kind, s.widthMm * l, s.kind === 'line' ? paint : 0);
      if (hit) score += Math.min(60, Math.abs(hit.response));
    }
    return score;
  };
  // Coarse steps with a search wide enough that a marking half a step away still answers
  // (every other sample: plenty to tell the lines' direction), then fine steps with a narrow
  // search around the best.
  const period = 360 / profile.symmetryOrder;
  const reachMm = Math.max(...samples.map((s) => Math.hypot(s.xMm - centre.xMm, s.yMm - centre.yMm)));
  const o = applyHomography(fit.boardToImage, centre.xMm, centre.yMm);
  const e = applyHomography(fit.boardToImage, centre.xMm + 100, centre.yMm);
  const pxPerMm = Math.hypot(e.x - o.x, e.y - o.y) / 100;
  const coarseRangePx = Math.max(1, Math.min(8, 0.5 * ((stepDeg * Math.PI) / 180) * reachMm * pxPerMm));
  let best = { score: -1, angle: 0 };
  for (let deg = 0; deg < period; deg += stepDeg) {
    const score = scoreAt(deg, coarseRangePx, 2);
    if (score > best.score) best = { score, angle: deg };
  }
  const coarse = best.angle;
  best = { score: -1, angle: coarse };
  for (let deg = coarse - stepDeg; deg <= coarse + stepDeg + 1e-9; deg += stepDeg / 10) {
    const score = scoreAt(deg, 1);
    if (score > best.score) best = { score, angle: deg };
  }
  // Of the orientations the board's symmetry allows, report the one whose +y points most up in the image.
  let chosen = best.angle;
  let upmost = Infinity;
  for (let k = 0; k < profile.symmetryOrder; k++) {
    const deg = best.angle + k * period;
    const h = multiply3(fit.boardToImage, rotationAbout(centre.xMm, centre.yMm, (deg * Math.PI) / 180));
    const o = applyHomography(h, centre.xMm, centre.yMm);
    const up = applyHomography(h, centre.xMm, centre.yMm + 100);
    const dy = (up.y - o.y) / Math.hypot(up.x - o.x, up.y - o.y);
    if (dy < upmost) {
      upmost = dy;
      chosen = deg;
    }
  }
  return { ...fit, boardToImage: multiply3(fit.boardToImage, rotationAbout(centre.xMm, centre.yMm, (chosen * Math.PI) / 180)) };
}

/** The quick first attempt on a ringed board; the full search runs when it is not sure. */
export const ROUND_QUICK_DEFAULTS = {
  /** Distinct concentric guesses refined. */
  maxTries: 2,
  /** A round fit finding less than this share of the round edges is not taken on to the full fit. */
  minRoundInlierFraction: 0.6,
  /** A round fit finding this share of the round edges ends the tries. */
  enoughRoundInliers: 0.85,
  /** Guesses that put the board's circle within this many pixels of a tried one are the same guess. */
  sameGuessPx: 3,
  /** The quick fit is taken only when it is at least this good (a clear margin over the checks). */
  minInlierFraction: 0.7,
  maxRmsErrorPx: 0.6,
  minRingCoverage: 0.6,
};

/**
 * A round guess described independently of its rotation about the board's centre: the image
 * of the centre, and where the image of the circle of radius `radiusMm` about it crosses eight
 * rays from there.
 */
function roundSignature(h: readonly number[], centre: { xMm: number; yMm: number }, radiusMm: number): number[] | null {
  const hInv = invert3(h);
  if (!hInv) return null;
  const { xMm: cx, yMm: cy } = centre;
  const circle = [1, 0, -cx, 0, 1, -cy, -cx, -cy, cx * cx + cy * cy - radiusMm * radiusMm];
  // Image conic: H^-T C H^-1.
  const q = multiply3(transpose3(hInv), multiply3(circle, hInv));
  const o = applyHomography(h, cx, cy);
  const quad = (u: readonly number[], v: readonly number[]) => {
    let s = 0;
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) s += u[i]! * q[3 * i + j]! * v[j]!;
    return s;
  };
  const x0 = [o.x, o.y, 1];
  const c0 = quad(x0, x0);
  const out = [o.x, o.y];
  for (let k = 0; k < 8; k++) {
    const d = [Math.cos((k * Math.PI) / 4), Math.sin((k * Math.PI) / 4), 0];
    const a = quad(d, d);
    const b = quad(d, x0);
    const disc = b * b - a * c0;
    if (!(disc >= 0) || a === 0) return null;
    const t = Math.max((-b + Math.sqrt(disc)) / a, (-b - Math.sqrt(disc)) / a);
    if (!(t > 0)) return null;
    out.push(t);
  }
  return out;
}

function transpose3(m: readonly number[]): number[] {
  return [m[0]!, m[3]!, m[6]!, m[1]!, m[4]!, m[7]!, m[2]!, m[5]!, m[8]!];
}

/** A fit good enough to stop at: every ring well covered, most edges found, tight residuals. */
function confident(profile: BoardProfile, samples: readonly ModelEdgeSample[], fit: PassResult, q: typeof ROUND_QUICK_DEFAULTS): boolean {
  return fit.inlierFraction >= q.minInlierFraction && fit.rmsErrorPx <= q.maxRmsErrorPx && missingRing(profile, samples, fit, q.minRingCoverage) === null;
}

/** Optional trace of the stages, for diagnostics (`--verbose`). */
export type CalibrationTrace = (stage: string, facts: Record<string, unknown>) => void;

const NO_TRACE: CalibrationTrace = () => {};

export function calibrate(cv: CV, gray: GrayImage, profile: BoardProfile, options: Partial<CalibrateOptions> = {}, trace: CalibrationTrace = NO_TRACE): CalibrationResult {
  const o = { ...CALIBRATE_DEFAULTS, ...options };
  // Boards without concentric painted rings (everything but crokinole) are found by their outline.
  if (profile.surface.shape !== 'circle' || !profile.features.some((f) => f.kind === 'ring')) return calibrateRect(cv, gray, profile, options, trace);
  const samples = modelEdges(profile);
  const roundIds = new Set(['surface', ...profile.features.filter((f) => f.kind === 'ring' || f.kind === 'hole' || f.kind === 'disk').map((f) => f.id)]);
  const roundSamples = samples.filter((s) => roundIds.has(s.featureId));
  const otherSamples = samples.filter((s) => !roundIds.has(s.featureId));
  const ellipses = findLargeEllipses(cv, gray, o);
  trace('ellipses', { ellipses });
  if (ellipses.length === 0) return { found: false, reason: 'no board-sized round shape in the image' };

  // Pairs of nested ellipses are images of concentric circles: they undo the perspective.
  // Each (pair, pair of model circles with the same radius ratio) is a guess, refined with
  // narrow searches. When none of them finds every ring, single ellipses give rougher
  // affine guesses (a few pixels off under perspective), refined with wider searches.
  const lens0 = noLens(gray.widthPx, gray.heightPx);
  const refined = ellipses.map((e) => refineEllipse(cv, gray, e)).filter((e): e is EllipseParams => e !== null);
  // Thin painted rings rarely come out of the contour search whole: look for them along rays
  // from round shapes.
  const addRings = (seeds: readonly ImageEllipse[]) => {
    for (const e of seeds) {
      for (const ring of findRingEllipses(cv, gray, e)) {
        // The same ring seen from two seeds (or both sides of one line) is one ellipse.
        const same = refined.some((r) => Math.hypot(r.centreXPx - ring.centreXPx, r.centreYPx - ring.centreYPx) < 0.01 * r.a && Math.abs(Math.sqrt(r.a * r.b) - Math.sqrt(ring.a * ring.b)) < 0.01 * r.a);
        if (!same) refined.push(ring);
      }
    }
  };
  const circles = modelCircles(profile);
  const scaleMm = outlineRadiusMm(profile);
  // Guesses are ranked on a subset of the round samples; guesses that put the board's circles
  // in the same place (within a pixel or two) are one guess.
  const rankSamples = roundSamples.filter((_, i) => i % o.guessSampleStride === 0);
  const seenGuesses = new Set<string>();
  const toGuess = (h: number[] | null, rangePx: number) => {
    if (!h) return null;
    const c = applyHomography(h, 0, 0);
    const radii = [[scaleMm, 0], [0, scaleMm], [-scaleMm, 0], [0, -scaleMm]].map(([x, y]) => {
      const p = applyHomography(h, x!, y!);
      return Math.round(Math.hypot(p.x - c.x, p.y - c.y) / 2);
    });
    const key = [Math.round(c.x / 2), Math.round(c.y / 2), ...radii.sort((a, b) => a - b)].join(',');
    if (seenGuesses.has(key)) return null;
    seenGuesses.add(key);
    const state = { boardToImage: h, lens: lens0 };
    return { state, score: alignmentScore(gray, state, rankSamples, rangePx) };
  };
  const concentricGuesses = () => {
    const out: { state: FitState; score: number }[] = [];
    forConcentricPairs(refined, circles, (outer, view, circle) => {
      const g = toGuess(guessFromConcentric(outer, view, circle), 3);
      if (g) out.push(g);
    });
    return out;
  };
  // Each guess refined on the round markings; the fits best aligned first.
  const roundFits = (guesses: { state: FitState; score: number }[], ranges: readonly number[], maxTries: number, enoughInliers = Infinity) => {
    guesses.sort((a, b) => b.score - a.score);
    trace('guesses', { count: guesses.length, scores: guesses.slice(0, 6).map((g) => g.score), homographies: guesses.slice(0, 6).map((g) => g.state.boardToImage) });
    const fits: { fit: PassResult; score: number }[] = [];
    for (const g of guesses.slice(0, maxTries)) {
      let fit: PassResult | null = null;
      let state: FitState = g.state;
      let polarity = new Map<string, Polarity>();
      for (const rangePx of ranges) {
        fit = refinePass(gray, state, roundSamples, polarity, { rangePx, fitLens: false, minResponse: o.minEdgeResponse, outlierSigmas: o.outlierSigmas, scaleMm, holdRotation: true });
        if (!fit) break;
        state = fit;
        polarity = fit.polarity;
      }
      // The score only ranks several fits: worked out for one alone when it is traced.
      const score = fit && trace !== NO_TRACE ? alignmentScore(gray, fit, roundSamples, 1) : fit ? NaN : -1;
      trace('round-fit', { rms: fit?.rmsErrorPx, inliers: fit?.inlierFraction, score });
      if (fit) fits.push({ fit, score });
      // A fit that finds nearly every round edge leaves the other guesses nothing to add.
      if (fit && fit.inlierFraction >= enoughInliers) break;
    }
    if (fits.length > 1) for (const f of fits) if (Number.isNaN(f.score)) f.score = alignmentScore(gray, f.fit, roundSamples, 1);
    return fits.sort((a, b) => b.score - a.score).map((f) => f.fit);
  };
  // From a round fit: the rotation, the full fit with every marking and the lens, and the
  // checks that it is this board. A failure says why.
  const finish = (best: PassResult, faintLineWidthPx = 0): PassResult | string => {
    // The straight lines are painted like the rings: darker (or lighter) than the wood in the
    // same way. Held to the rings' sign, a line blurred into a wide band is not taken at the
    // bright ridge beside it, a degree or so off.
    const paint = paintPolarity(profile, best.polarity);
    let state: FitState = bestRotation(gray, best, otherSamples, profile, o.rotationStepDeg, paint);
    const polarity = new Map(best.polarity);
    if (paint !== 0) for (const sample of otherSamples) if (sample.kind === 'line' && !polarity.has(sample.featureId)) polarity.set(sample.featureId, paint);
    let fit: PassResult | null = null;
    for (const rangePx of o.fullRangesPx) {
      fit = refinePass(gray, state, samples, polarity, { rangePx, fitLens: true, minResponse: o.minEdgeResponse, outlierSigmas: o.outlierSigmas, scaleMm, holdRotation: otherSamples.length === 0, faintLineWidthPx });
      trace('full-fit', { rangePx, rms: fit?.rmsErrorPx, inliers: fit?.inlierFraction, k1: fit?.lens.k1 });
      if (!fit) break;
      state = fit;
      for (const [k, v] of fit.polarity) polarity.set(k, v);
    }
    if (!fit) return 'the board\'s edges could not be followed';
    if (otherSamples.length > 0) {
      const pegHeights = new Map(profile.features.flatMap((f) => (f.kind === 'peg' ? [[f.id, f.heightMm] as const] : [])));
      fit = { ...fit, boardToImage: fineRotation(gray, fit, otherSamples, profile, (id) => pegHeights.get(id) ?? null, paint).boardToImage };
    }
    // Every painted ring must be there: a fit that found only the surface's edge is a wrong one
    // (but not where a glare clips it away: the quick fits above count every part of a ring).
    const missing = missingRing(profile, samples, fit, o.minRingCoverage, { gray, clippedLevel: o.ringClippedLevel, minUnclippedShare: o.ringMinUnclippedShare });
    if (missing) return missing;
    if (fit.rmsErrorPx > o.maxRmsErrorPx || fit.inlierFraction < o.minInlierFraction) {
      return `board fit too poor (rms ${fit.rmsErrorPx.toFixed(2)} px, ${(fit.inlierFraction * 100).toFixed(0)}% of edges found)`;
    }
    return fit;
  };
  // The best aligned fit can be a wrong one (a strong step edge taken for a ring): the next
  // ones get their chance when it fails the checks.
  const firstPassing = (fits: PassResult[], faintLineWidthPx = 0): PassResult | string | null => {
    let failure: string | null = null;
    for (const fit of fits.slice(0, o.finishTries)) {
      const done = finish(fit, faintLineWidthPx);
      if (typeof done !== 'string') return done;
      trace('rejected', { reason: done });
      failure ??= done;
    }
    return failure;
  };
  // Quick attempts, one round shape at a time, largest first: rings looked for from it, then
  // the best few distinct guesses not tried yet. A fit is taken only when it is clearly this
  // board; a round fit that misses much of the rings is not worth the full fit. When no round
  // shape gives such a fit, the full search below weighs every guess.
  const q = ROUND_QUICK_DEFAULTS;
  const centre = profile.surface.shape === 'circle' ? profile.surface : { xMm: 0, yMm: 0 };
  const pool: { state: FitState; score: number }[] = [];
  const triedSignatures: number[][] = [];
  const seeds = ellipses.slice(0, o.ringSearchSeeds);
  for (const seed of seeds) {
    addRings([seed]);
    pool.push(...concentricGuesses());
    const distinct: { state: FitState; score: number }[] = [];
    for (const g of [...pool].sort((x, y) => y.score - x.score)) {
      if (distinct.length >= q.maxTries) break;
      const signature = roundSignature(g.state.boardToImage, centre, scaleMm);
      if (!signature) continue;
      if (triedSignatures.some((t) => t.every((v, k) => Math.abs(v - signature[k]!) <= q.sameGuessPx))) continue;
      triedSignatures.push(signature);
      distinct.push(g);
    }
    const quickFit = roundFits(distinct, o.roundRangesPx, q.maxTries, q.enoughRoundInliers)[0];
    const promising = quickFit && quickFit.inlierFraction >= q.minRoundInlierFraction && missingRing(profile, roundSamples, quickFit, q.minRingCoverage) === null;
    const quickDone = promising ? finish(quickFit) : null;
    if (quickDone && typeof quickDone !== 'string' && confident(profile, samples, quickDone, q)) {
      trace('quick', { accepted: true, rms: quickDone.rmsErrorPx, inliers: quickDone.inlierFraction, k1: quickDone.lens.k1, coverage: featureCoverage(samples, quickDone) });
      return calibrationResult(quickDone, gray, profile, o);
    }
    trace('quick', { accepted: false, tried: distinct.length, fit: typeof quickDone === 'string' ? quickDone : quickDone ? { rms: quickDone.rmsErrorPx, inliers: quickDone.inlierFraction } : quickFit ? { roundInliers: quickFit.inlierFraction } : null });
  }
  // Full search: rings from every round shape (the largest can be a shadow or a table edge),
  // every guess.
  addRings(ellipses.slice(seeds.length));
  const concentric = [...pool, ...concentricGuesses()];
  const concentricFits = roundFits(concentric, o.roundRangesPx, 4);
  let result: PassResult | string = firstPassing(concentricFits) ?? 'the round shapes in the image do not match this board\'s rings';
  if (typeof result === 'string') {
    const affine = ellipses.flatMap((e) => circles.map((c) => toGuess(guessFromEllipse(e, c), 8))).filter((g): g is { state: FitState; score: number } => g !== null);
    const second = firstPassing(roundFits(affine, o.wideRoundRangesPx, 6));
    if (second !== null && typeof second !== 'string') result = second;
  }
  if (typeof result === 'string' && o.faintRingWidthPx > 0) {
    // Not found: perhaps its rings are too faint to see at their paint's width (a blurred
    // image), so every fit is refused for a ring it cannot see. The same fits once more, a
    // faint line looked for again wider (only now: a board found without it is not changed).
    const faint = firstPassing(concentricFits, o.faintRingWidthPx);
    trace('faint-rings', typeof faint === 'string' || faint === null ? { reason: faint } : { rms: faint.rmsErrorPx, inliers: faint.inlierFraction });
    if (faint !== null && typeof faint !== 'string') result = faint;
  }
  if (typeof result === 'string') return { found: false, reason: result };
  const fit = result;
  return calibrationResult(fit, gray, profile, o);
}
