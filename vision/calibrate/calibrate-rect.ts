/**
 * Automatic calibration of boards that are not a set of concentric rings: mats, table
 * shuffleboard, carrom, sjoelbak, Sling. A large quadrilateral in the image (the board's
 * outline, or a part of it between full-width lines) gives a homography for every way its
 * corners may match a rectangle of the board; a quick, sharp look at all the board's edges
 * picks the few best, which are then fitted to every edge (homography + lens k1).
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { applyHomography, homographyFromPairs, invert3, multiply3 } from '../geometry/homography.ts';
import { distortPx, noLens, type LensModel } from '../geometry/lens.ts';
import type { GrayImage } from '../image/frame.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { estimatePose } from './camera-pose.ts';
import { findBoardQuads, followQuadSides, snapRectSides, straightenQuad, type Point } from './coarse-quads.ts';
import { CALIBRATE_DEFAULTS, type CalibrateOptions } from './defaults.ts';
import { RECT_CALIBRATE_DEFAULTS, type RectCalibrateOptions } from './rect-defaults.ts';
import { searchEdge } from './edge-search.ts';
import { boardModel, facesCamera, visibleSamples, type BoardEdgeSample, type BoardModel, type Rect } from './rect-model.ts';
import { projectSeen, refinePass, type FitState, type PassResult, type Polarity } from './refine-fit.ts';
import type { CalibrationResult } from './types.ts';

export type Trace = (stage: string, facts: Record<string, unknown>) => void;

export type Options = CalibrateOptions & RectCalibrateOptions;

export interface Hypothesis {
  state: FitState;
  score: number;
  quad: number;
  rect: number;
  shift: number;
  snapped: boolean;
}

/** Sign of the image cross product of the board's x and y axes at a point: negative for a camera above the board. */
export function handedness(h: readonly number[], at: { xMm: number; yMm: number }): number {
  const o = applyHomography(h, at.xMm, at.yMm);
  const ex = applyHomography(h, at.xMm + 1, at.yMm);
  const ey = applyHomography(h, at.xMm, at.yMm + 1);
  return (ex.x - o.x) * (ey.y - o.y) - (ex.y - o.y) * (ey.x - o.x);
}

function rotationAbout(xMm: number, yMm: number, angleRad: number): number[] {
  const c = Math.cos(angleRad);
  const s = Math.sin(angleRad);
  return [c, -s, xMm - c * xMm + s * yMm, s, c, yMm - s * xMm - c * yMm, 0, 0, 1];
}

/** Ratio of the singular values of the mapping's Jacobian at a point (1: no shear or stretch). */
function anisotropy(h: readonly number[], at: { xMm: number; yMm: number }, stepMm: number): number {
  const o = applyHomography(h, at.xMm, at.yMm);
  const ex = applyHomography(h, at.xMm + stepMm, at.yMm);
  const ey = applyHomography(h, at.xMm, at.yMm + stepMm);
  const a = ex.x - o.x;
  const b = ey.x - o.x;
  const c = ex.y - o.y;
  const d = ey.y - o.y;
  const s1 = a * a + b * b + c * c + d * d;
  const det = Math.abs(a * d - b * c);
  const disc = Math.sqrt(Math.max(0, s1 * s1 - 4 * det * det));
  const big = Math.sqrt((s1 + disc) / 2);
  const small = Math.sqrt(Math.max(1e-12, (s1 - disc) / 2));
  return big / small;
}

/** Camera position over the board plane implied by a mapping (null when it makes no sense). */
function cameraOver(h: readonly number[], gray: GrayImage, o: CalibrateOptions): { xMm: number; yMm: number } | null {
  const pose = estimatePose({ boardToImage: h, widthPx: gray.widthPx, heightPx: gray.heightPx, minTiltForFocalDeg: o.minTiltForFocalDeg, priorHorizontalFovDeg: o.priorHorizontalFovDeg });
  return Number.isFinite(pose.centreXMm) && Number.isFinite(pose.centreYMm) ? { xMm: pose.centreXMm, yMm: pose.centreYMm } : null;
}

/**
 * Quick, sharp score of a mapping: mean edge response (capped) right where each sample
 * predicts its edge. Samples outside the image count as nothing found.
 */
function sharpScore(gray: GrayImage, state: FitState, samples: readonly BoardEdgeSample[], rangePx: number): number {
  let sum = 0;
  for (const s of samples) {
    const p = distortPx(state.lens, ...xy(applyHomography(state.boardToImage, s.xMm, s.yMm)));
    const q = distortPx(state.lens, ...xy(applyHomography(state.boardToImage, s.xMm + s.nxMm, s.yMm + s.nyMm)));
    const l = Math.hypot(q.x - p.x, q.y - p.y);
    if (!(l > 0 && l < 50) || !(p.x >= 0 && p.y >= 0 && p.x < gray.widthPx && p.y < gray.heightPx)) continue;
    const hit = searchEdge(gray, p.x, p.y, (q.x - p.x) / l, (q.y - p.y) / l, rangePx, s.kind, s.widthMm * l, 0);
    if (hit) sum += Math.min(40, Math.abs(hit.response));
  }
  return sum / Math.max(1, samples.length);
}

function xy(p: { x: number; y: number }): [number, number] {
  return [p.x, p.y];
}

function rectCorners(r: Rect): Point[] {
  return [
    { x: r.minXMm, y: r.minYMm },
    { x: r.maxXMm, y: r.minYMm },
    { x: r.maxXMm, y: r.maxYMm },
    { x: r.minXMm, y: r.maxYMm },
  ];
}

/** Whether the whole board lies in front of the camera under a mapping (no horizon across it). */
function inFront(h: readonly number[], r: Rect): boolean {
  const w = rectCorners(r).map((p) => h[6]! * p.x + h[7]! * p.y + h[8]!);
  return w.every((v) => v > 0) || w.every((v) => v < 0);
}

/** The mappings a quad's corners allow onto a model rectangle: 4 rotations, never mirrored. */
function quadMappings(corners: readonly Point[], r: Rect, board: Rect): { h: number[]; shift: number }[] {
  const model = rectCorners(r);
  const centre = { xMm: (r.minXMm + r.maxXMm) / 2, yMm: (r.minYMm + r.maxYMm) / 2 };
  let order = [0, 1, 2, 3];
  const first = homographyFromPairs(model.map((m, i) => ({ from: m, to: corners[order[i]!]! })));
  if (!first) return [];
  if (handedness(first, centre) > 0) order = [0, 3, 2, 1];
  const out: { h: number[]; shift: number }[] = [];
  for (let shift = 0; shift < 4; shift++) {
    const h = homographyFromPairs(model.map((m, i) => ({ from: m, to: corners[order[(i + shift) % 4]!]! })));
    if (h && handedness(h, centre) < 0 && inFront(h, board)) out.push({ h, shift });
  }
  return out;
}

/** Every k-th sample (at least `max` of them spread over the list). */
function thin<T>(xs: readonly T[], max: number): T[] {
  if (xs.length <= max) return [...xs];
  const step = xs.length / max;
  const out: T[] = [];
  for (let i = 0; i < max; i++) out.push(xs[Math.floor(i * step)]!);
  return out;
}

/** Of the orientations the board's symmetry allows, the one whose +y points most up in the image. */
function mostUpright(h: number[], model: BoardModel): number[] {
  const { centre, symmetryOrder } = model;
  let best = h;
  let upmost = Infinity;
  for (let k = 0; k < symmetryOrder; k++) {
    const hk = multiply3(h, rotationAbout(centre.xMm, centre.yMm, (2 * Math.PI * k) / symmetryOrder));
    const o = applyHomography(hk, centre.xMm, centre.yMm);
    const up = applyHomography(hk, centre.xMm, centre.yMm + 0.05 * model.scaleMm);
    const dy = (up.y - o.y) / Math.hypot(up.x - o.x, up.y - o.y);
    if (dy < upmost - 1e-9) {
      upmost = dy;
      best = hk;
    }
  }
  return best.map((v) => v / best[8]!);
}

/** Image span of the board (share of the image diagonal): whether the lens can be fitted. */
function imageSpan(h: readonly number[], model: BoardModel, gray: GrayImage): number {
  const r = model.rects[0]!;
  const pts = rectCorners(r).map((p) => applyHomography(h, p.x, p.y));
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  return Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) / Math.hypot(gray.widthPx, gray.heightPx);
}

interface Refined {
  fit: PassResult;
  samples: BoardEdgeSample[];
}

/**
 * Whether a mapping is a camera's view of the board: in front of it, not stretched beyond
 * what a tilted camera does, and not shrunk to a sliver (a fit can slide into that, putting
 * every sample on one strong edge).
 */
function plausible(h: readonly number[], model: BoardModel, gray: GrayImage, o: Options): boolean {
  const r = model.rects[0]!;
  if (!inFront(h, r)) return false;
  const centre = { xMm: (r.minXMm + r.maxXMm) / 2, yMm: (r.minYMm + r.maxYMm) / 2 };
  if (anisotropy(h, centre, 0.05 * Math.min(r.maxXMm - r.minXMm, r.maxYMm - r.minYMm)) > o.maxAnisotropy) return false;
  const pts = rectCorners(r).map((p) => applyHomography(h, p.x, p.y));
  let area = 0;
  for (let i = 0, j = 3; i < 4; j = i++) area += pts[j]!.x * pts[i]!.y - pts[i]!.x * pts[j]!.y;
  return Math.abs(area) / 2 >= 0.5 * o.minQuadAreaFraction * gray.widthPx * gray.heightPx;
}

/** Samples the camera of a mapping sees: feet of faces it stands clearly behind are left out. */
function seenFrom(h: readonly number[], samples: readonly BoardEdgeSample[], model: BoardModel, gray: GrayImage, o: Options): BoardEdgeSample[] {
  return visibleSamples(samples, cameraOver(h, gray, o), o.faceMarginFraction * model.scaleMm);
}

/** Share of samples with an edge within `rangePx` of where a fit puts them, and their median offset. */
function edgeOffsets(gray: GrayImage, state: FitState, samples: readonly BoardEdgeSample[], rangePx: number, minResponse: number): { found: number; medianPx: number } {
  const offsets: number[] = [];
  for (const s of samples) {
    const p = projectSeen(state, s.xMm, s.yMm);
    const q = projectSeen(state, s.xMm + s.nxMm, s.yMm + s.nyMm);
    const l = Math.hypot(q.x - p.x, q.y - p.y);
    if (!(l > 0 && l < 50)) continue;
    const hit = searchEdge(gray, p.x, p.y, (q.x - p.x) / l, (q.y - p.y) / l, rangePx, s.kind, s.widthMm * l, 0);
    if (hit && Math.abs(hit.response) >= minResponse) offsets.push(hit.offsetPx);
  }
  offsets.sort((a, b) => a - b);
  return { found: offsets.length / Math.max(1, samples.length), medianPx: offsets.length ? offsets[Math.floor(offsets.length / 2)]! : Infinity };
}

/**
 * Sides of the surface that are the foot of a wall the camera stands behind: the wall's top
 * edge hides them, so their edge is not where the board plane puts it.
 */
function hiddenWalls(gray: GrayImage, fit: PassResult, samples: readonly BoardEdgeSample[], model: BoardModel, o: Options): string[] {
  const camera = cameraOver(fit.boardToImage, gray, o);
  const groups = new Map<string, BoardEdgeSample[]>();
  for (const s of samples) {
    if (!s.maybeWall || facesCamera(s, camera, -o.faceMarginFraction * model.scaleMm)) continue;
    const g = groups.get(s.featureId);
    if (g) g.push(s);
    else groups.set(s.featureId, [s]);
  }
  const hidden: string[] = [];
  for (const [id, g] of groups) {
    const e = edgeOffsets(gray, fit, g, o.wallTestRangePx, o.minEdgeResponse);
    if (e.found < o.wallTestMinFound || Math.abs(e.medianPx) > Math.max(o.wallTestMaxOffsetPx, 2.5 * fit.rmsErrorPx)) hidden.push(id);
  }
  return hidden;
}

/** Passes at the given ranges; null when the fit leaves the plausible views. */
function passes(gray: GrayImage, start: FitState, polarity0: Map<string, Polarity>, samples: BoardEdgeSample[], ranges: readonly number[], lens: boolean, model: BoardModel, o: Options, trace: Trace): Refined | null {
  let state = start;
  let polarity = polarity0;
  let result: Refined | null = null;
  for (const rangePx of ranges) {
    const fitLens = lens && imageSpan(state.boardToImage, model, gray) >= o.lensFitMinSpan;
    const next = refinePass(gray, state, samples, polarity, { rangePx, fitLens, minResponse: o.minEdgeResponse, outlierSigmas: o.outlierSigmas, scaleMm: model.scaleMm, holdRotation: false });
    trace('rect-pass', { rangePx, fitLens, rms: next?.rmsErrorPx, inliers: next?.inlierFraction, samples: samples.length, k1: next?.lens.k1 });
    if (!next || !plausible(next.boardToImage, model, gray, o)) return null;
    result = { fit: next, samples };
    state = next;
    polarity = next.polarity;
  }
  return result;
}

/**
 * Guesses of the board's mapping from the large quadrilaterals in the image, best first: every
 * way each quad's corners may match each model rectangle (and the same with the surface's
 * sides moved onto the nearest strong edges), scored sharply on all the board's edges.
 */
export function rectHypotheses(cv: CV, gray: GrayImage, model: BoardModel, o: Options, trace: Trace): Hypothesis[] {
  const lens0 = noLens(gray.widthPx, gray.heightPx);
  const quads = findBoardQuads(cv, gray, o);
  trace('quads', { count: quads.length, corners: quads.map((q) => q.cornersPx.map((p) => [Math.round(p.x), Math.round(p.y)])) });
  const factor = Math.max(1, Math.round(gray.widthPx / o.quadWidthPx));
  const scoreSamples = thin(model.samples, o.rectScoreSamples);
  const hyps: Hypothesis[] = [];
  quads.forEach((q, qi) => {
    const sides = followQuadSides(gray, q, 1.5 * factor + 1, o.minEdgeResponse);
    const straight = straightenQuad(sides, lens0, o.lensK1RangeQuad);
    if (!straight || straight.straightnessPx > o.maxQuadStraightnessPx) {
      trace('quad-rejected', { quad: qi, straightness: straight?.straightnessPx });
      return;
    }
    const snapRange = Math.min(o.snapMaxRangePx, Math.max(o.snapMinRangePx, o.snapRangeFraction * Math.sqrt(q.areaPx)));
    model.rects.forEach((r, ri) => {
      for (const { h, shift } of quadMappings(straight.cornersPx, r, model.rects[0]!)) {
        if (!plausible(h, model, gray, o)) continue;
        // The guess as it is, and with the surface's sides moved onto the nearest strong edges.
        const snapped = snapRectSides(gray, h, straight.lens, model.rects[0]!, snapRange, o.minEdgeResponse);
        for (const [hk, snap] of [[h, false], [snapped, true]] as const) {
          if (!hk || (snap && !plausible(hk, model, gray, o))) continue;
          const state = { boardToImage: hk, lens: straight.lens };
          const seen = seenFrom(hk, scoreSamples, model, gray, o);
          hyps.push({ state, score: sharpScore(gray, state, seen, o.rectScoreRangePx) * (seen.length / scoreSamples.length), quad: qi, rect: ri, shift, snapped: snap });
        }
      }
    });
  });
  hyps.sort((a, b) => b.score - a.score);
  trace('hypotheses', { count: hyps.length, top: hyps.slice(0, 8).map((h) => ({ score: +h.score.toFixed(2), quad: h.quad, rect: h.rect, shift: h.shift, snapped: h.snapped })) });
  return hyps;
}

export function calibrateRect(cv: CV, gray: GrayImage, profile: BoardProfile, options: Partial<CalibrateOptions & RectCalibrateOptions> = {}, trace: Trace = () => {}): CalibrationResult {
  const o: Options = { ...CALIBRATE_DEFAULTS, ...RECT_CALIBRATE_DEFAULTS, ...options };
  const model = boardModel(profile, { spacingMm: o.rectSampleSpacingMm, maxSamples: o.rectMaxSamples });
  const hyps = rectHypotheses(cv, gray, model, o, trace);
  if (hyps.length === 0) return { found: false, reason: 'no quadrilateral in the image matches this board\'s outline' };
  const scoreSamples = thin(model.samples, o.rectScoreSamples);

  // A first fit to all the edges from each of the best guesses, on a thinned set of samples,
  // judged by a sharp look at all of them; the best is then fitted closely (lens included).
  const coarseSamples = thin(model.samples, o.rectCoarseSamples);
  let first: { r: Refined; score: number } | null = null;
  for (const g of hyps.slice(0, o.rectRefineCandidates)) {
    const r = passes(gray, g.state, new Map(), seenFrom(g.state.boardToImage, coarseSamples, model, gray, o), o.rectRangesPx, false, model, o, trace);
    const seen = r ? seenFrom(r.fit.boardToImage, scoreSamples, model, gray, o) : [];
    const score = r ? sharpScore(gray, r.fit, seen, 1) * (seen.length / scoreSamples.length) : -1;
    trace('rect-guess-fit', { quad: g.quad, rect: g.rect, shift: g.shift, snapped: g.snapped, rms: r?.fit.rmsErrorPx, inliers: r?.fit.inlierFraction, score });
    if (r && (!first || score > first.score)) first = { r, score };
  }
  if (!first) return { found: false, reason: 'the board\'s edges could not be followed from any guess' };
  const start0 = first.r.fit;
  let best = passes(gray, start0, start0.polarity, seenFrom(start0.boardToImage, model.samples, model, gray, o), o.fullRangesPx, true, model, o, trace);
  if (!best) return { found: false, reason: 'the board\'s edges could not be followed' };
  // A side seen from behind its wall: fit again without it, if the rest still holds the board.
  const hidden = hiddenWalls(gray, best.fit, best.samples, model, o);
  if (hidden.length > 0) {
    const rest = best.samples.filter((s) => !hidden.includes(s.featureId));
    const again = passes(gray, best.fit, best.fit.polarity, rest, o.fullRangesPx.slice(1), true, model, o, trace);
    trace('hidden-walls', { hidden, rms: again?.fit.rmsErrorPx, inliers: again?.fit.inlierFraction });
    if (again) best = again;
  }
  const fit = best.fit;
  if (fit.rmsErrorPx > o.maxRmsErrorPx || fit.inlierFraction < o.minInlierFraction) {
    return { found: false, reason: `board fit too poor (rms ${fit.rmsErrorPx.toFixed(2)} px, ${(fit.inlierFraction * 100).toFixed(0)}% of edges found)` };
  }
  const boardToImage = mostUpright(fit.boardToImage, model);
  return calibrationResult({ ...fit, boardToImage }, gray, profile, o);
}

/** The public result of a fit: both directions of the mapping, the camera and the quality. */
export function calibrationResult(fit: PassResult, gray: GrayImage, profile: BoardProfile, o: CalibrateOptions): CalibrationResult {
  const imageToBoard = invert3(fit.boardToImage);
  if (!imageToBoard) return { found: false, reason: 'degenerate board mapping' };
  const pose = estimatePose({ boardToImage: fit.boardToImage, widthPx: gray.widthPx, heightPx: gray.heightPx, minTiltForFocalDeg: o.minTiltForFocalDeg, priorHorizontalFovDeg: o.priorHorizontalFovDeg });
  const s = profile.surface;
  const mid = s.shape === 'rect' ? { x: (s.minXMm + s.maxXMm) / 2, y: (s.minYMm + s.maxYMm) / 2 } : { x: s.xMm, y: s.yMm };
  const c = applyHomography(fit.boardToImage, mid.x, mid.y);
  const cx = applyHomography(fit.boardToImage, mid.x + 10, mid.y);
  const cy = applyHomography(fit.boardToImage, mid.x, mid.y + 10);
  const lens: LensModel = fit.lens;
  return {
    found: true,
    method: 'auto',
    boardToImage: fit.boardToImage,
    imageToBoard: imageToBoard.map((v) => v / imageToBoard[8]!),
    lens,
    camera: {
      focalPx: pose.focalPx,
      focalFromPerspective: pose.focalFromPerspective,
      tiltDeg: pose.tiltDeg,
      centreXMm: pose.centreXMm,
      centreYMm: pose.centreYMm,
      centreZMm: pose.centreZMm,
      verticalVanishing: pose.verticalVanishing,
    },
    rmsErrorPx: fit.rmsErrorPx,
    inlierFraction: fit.inlierFraction,
    pxPerMm: (Math.hypot(cx.x - c.x, cx.y - c.y) + Math.hypot(cy.x - c.x, cy.y - c.y)) / 20,
    widthPx: gray.widthPx,
    heightPx: gray.heightPx,
    profileId: profile.id,
  };
}
