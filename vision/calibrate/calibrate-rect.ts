/**
 * Automatic calibration of boards that are not a set of concentric painted rings: mats, table
 * shuffleboard, carrom, sjoelbak, Sling, and PitRush (a round frame around a hexagonal field).
 *
 * 1. Guesses. A large quadrilateral in the image (the board's outline, or a part of it between
 *    full-width lines or bars) gives a homography for every way its corners may match a
 *    rectangle of the board (4 rotations, never mirrored: the camera is above the board), and
 *    the same with the surface's sides moved onto the nearest strong straight edges. Round
 *    boards: nested ellipses give the mapping up to a rotation; a polygonal field's side
 *    directions give the rotation, its sides moved onto their edges correct the rest. A
 *    board not found from those is looked at again, with more ways round an arm across it:
 *    each quad's sides followed where most of their edge lies, or from its straight sides
 *    alone; still not found, also from a quad's straight sides looked for farther off, with
 *    every quad of straight stretches, and the two quads of a board cut in two joined.
 * 2. A quick, sharp score of every guess on all the board's edges ranks them.
 * 3. The best guesses are fitted to all edges on half- and quarter-size images (a linear,
 *    robust point-on-line fit with shrinking ranges, kept to views a real camera makes; from
 *    a part of a long board, growing outwards and trying a few stretches along it), and
 *    judged sharply again, less for a mapping no camera makes.
 * 4. The winner is fitted closely at full size as a camera (pose, focal length, lens k1 and
 *    k2): a camera cannot stretch the board one way, and raised edges are seen at their
 *    height. A board with few markings is fitted first from the sharpest place across it (from
 *    a start a few millimetres off sideways the fit settles on a wall's top edge or its shadow),
 *    and from the start as it is when that fit does not hold. Sides of the surface seen from
 *    behind a wall are dropped (a wall of known height: its top edge fitted instead), and so
 *    is a wall's foot held off by its shadow; a poor fit is tried again from other lenses;
 *    the markings must be found where the fit puts them (a board with few markings: its
 *    faces and raised edges, and its own end seen better than the other, and its edges across
 *    it sharpest where the fit puts them: else
 *    fitted again from where they are, or refused; a raised frame's outer edge found along a
 *    long side, unless most edges are; its markings too short to judge one by one, taken
 *    together). A long board's markings must be found at both its ends. A refused or doubtful
 *    fit: the next best guesses too; none holding, the best guess as it was and after its
 *    narrow fit, then guesses that scored lower. Many markings all found hold the board with
 *    fewer of its edges (its outline may be lost in dark gutters). A board with few markings,
 *    its fit doubtful or finding few edges: fitted once more from where it ended, and refused
 *    if it no longer holds. Still none holding on a board in a raised frame: the best starts
 *    moved corner by corner onto the sharpest edges near them (a guess from the frame's top or
 *    its shadow's edge lies a few pixels beyond the close fit's reach), a fit from there
 *    trusted only when not doubtful and close, or when it finds most of the board's edges.
 * 5. Of the orientations the board's symmetry allows, the one whose +y points most up.
 */
import { featuresOfKind, type BoardProfile } from '../../rules/profiles/schema.ts';
import { applyHomography, homographyFromPairs, invert3, multiply3 } from '../geometry/homography.ts';
import { noLens, undistortPx, type LensModel } from '../geometry/lens.ts';
import type { GrayImage } from '../image/frame.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { cameraPass, type CameraFitState, type CameraPassResult } from './camera-fit.ts';
import { cameraCentreMm, cameraHomography, cameraMismatch, nearestCamera } from './camera-model.ts';
import { cameraEstimateOf, estimatePose } from './camera-pose.ts';
import { fieldRotations } from './field-orientation.ts';
import { holeFloorRatio } from './hole-floors.ts';
import { fitToEdges, halfImage, scaleState, unscaleState } from './edge-icp.ts';
import { findBoardQuads, followQuadSides, polygonArea, snapRectSides, straightenQuad, type Point, type SideStarts, type StraightQuad } from './coarse-quads.ts';
import { joinQuads } from './joined-quads.ts';
import { findBoardPolygons, polygonMappings } from './coarse-polygons.ts';
import { snapSlantedSides } from './polygon-snap.ts';
import { climbCorners } from './corner-climb.ts';
import { roundGuesses, type Circle } from './coarse-round.ts';
import { CALIBRATE_DEFAULTS, type CalibrateOptions } from './defaults.ts';
import { RECT_CALIBRATE_DEFAULTS, type RectCalibrateOptions } from './rect-defaults.ts';
import { searchEdge } from './edge-search.ts';
import { facesCameraAt, sampleFlags } from './sample-flags.ts';
import { boardModel, facesCamera, segment, visibleSamples, type BoardEdgeSample, type BoardModel, type Rect } from './rect-model.ts';
import { projectSeen, type FitState, type PassResult, type Polarity } from './refine-fit.ts';
import { clippedAt } from './clipped-edge.ts';
import type { Calibration, CalibrationResult } from './types.ts';

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
function cameraOver(h: readonly number[], gray: GrayImage, o: CalibrateOptions): { xMm: number; yMm: number; zMm: number } | null {
  const pose = estimatePose({ boardToImage: h, widthPx: gray.widthPx, heightPx: gray.heightPx, minTiltForFocalDeg: o.minTiltForFocalDeg, priorHorizontalFovDeg: o.priorHorizontalFovDeg });
  const ok = Number.isFinite(pose.centreXMm) && Number.isFinite(pose.centreYMm) && Number.isFinite(pose.centreZMm);
  return ok ? { xMm: pose.centreXMm, yMm: pose.centreYMm, zMm: pose.centreZMm } : null;
}

/**
 * Quick, sharp score of a mapping: mean edge response (capped) right where each sample
 * predicts its edge. Samples outside the image count as nothing found.
 */
function sharpScore(gray: GrayImage, state: FitState, samples: readonly BoardEdgeSample[], rangePx: number): number {
  let sum = 0;
  for (const s of samples) sum += sharpAt(gray, state, s, s.xMm, s.yMm, rangePx);
  return sum / Math.max(1, samples.length);
}

/** Cap on one sample's response in sharpScore (one glaring edge must not outweigh the rest). */
const SHARP_CAP = 40;

/** One sample's capped edge response where a mapping puts it (at xMm, yMm: a raised edge's foot). */
function sharpAt(gray: GrayImage, state: FitState, s: BoardEdgeSample, xMm: number, yMm: number, rangePx: number): number {
  // applyHomography then distortPx, written out (no objects: this runs millions of times).
  const h = state.boardToImage;
  const L = state.lens;
  const x1 = xMm + s.nxMm;
  const y1 = yMm + s.nyMm;
  const w0 = h[6]! * xMm + h[7]! * yMm + h[8]!;
  const w1 = h[6]! * x1 + h[7]! * y1 + h[8]!;
  const dx0 = ((h[0]! * xMm + h[1]! * yMm + h[2]!) / w0 - L.centreXPx) / L.scalePx;
  const dy0 = ((h[3]! * xMm + h[4]! * yMm + h[5]!) / w0 - L.centreYPx) / L.scalePx;
  const dx1 = ((h[0]! * x1 + h[1]! * y1 + h[2]!) / w1 - L.centreXPx) / L.scalePx;
  const dy1 = ((h[3]! * x1 + h[4]! * y1 + h[5]!) / w1 - L.centreYPx) / L.scalePx;
  const r0 = dx0 * dx0 + dy0 * dy0;
  const r1 = dx1 * dx1 + dy1 * dy1;
  const f0 = 1 + L.k1 * r0 + L.k2 * r0 * r0;
  const f1 = 1 + L.k1 * r1 + L.k2 * r1 * r1;
  const px = L.centreXPx + dx0 * f0 * L.scalePx;
  const py = L.centreYPx + dy0 * f0 * L.scalePx;
  const qx = L.centreXPx + dx1 * f1 * L.scalePx;
  const qy = L.centreYPx + dy1 * f1 * L.scalePx;
  const l = Math.hypot(qx - px, qy - py);
  if (!(l > 0 && l < 50) || !(px >= 0 && py >= 0 && px < gray.widthPx && py < gray.heightPx)) return 0;
  const hit = searchEdge(gray, px, py, (qx - px) / l, (qy - py) / l, rangePx, s.kind, s.widthMm * l, 0);
  return hit ? Math.min(SHARP_CAP, Math.abs(hit.response)) : 0;
}

// Scratch for seenSharpScore: which samples are seen, and where their feet lie.
let seenIndex = new Int32Array(256);
let seenFeetMm = new Float64Array(512);

/**
 * sharpScore over the samples a mapping's camera sees (feet of faces it stands clearly behind
 * left out, raised edges where its rays through them meet the board), turned into a score by
 * `finish(sum, seen)` (rising with the sum). When even every sample still to look at at its cap
 * cannot lift the score above `bar`, the search stops and -Infinity is returned: the grids and
 * climbs score thousands of mappings and keep only one that beats the best so far.
 */
function seenSharpScore(
  h: readonly number[],
  state: FitState,
  samples: readonly BoardEdgeSample[],
  model: BoardModel,
  gray: GrayImage,
  o: Options,
  rangePx: number,
  finish: (sum: number, seen: number) => number,
  bar = -Infinity,
): number {
  const seen = seenFeet(h, samples, model, gray, o);
  // A bar a hair lower than asked: rounding in the sums must never stop a search that wins.
  const lowBar = bar > 0 ? bar * (1 - 1e-9) : bar;
  let sum = 0;
  for (let j = 0; j < seen; j++) {
    sum += sharpAt(gray, state, samples[seenIndex[j]!]!, seenFeetMm[2 * j]!, seenFeetMm[2 * j + 1]!, rangePx);
    // Tested at every eighth sample: stopping a little later costs less than testing each one.
    if (lowBar > 0 && (j & 7) === 7 && finish(sum + SHARP_CAP * (seen - 1 - j), seen) < lowBar) return -Infinity;
  }
  return finish(sum, seen);
}

/**
 * The samples a mapping's camera sees (feet of faces it stands clearly behind left out),
 * into seenIndex, and where their feet lie (raised edges where its rays through them meet
 * the board) into seenFeetMm: their count.
 */
function seenFeet(h: readonly number[], samples: readonly BoardEdgeSample[], model: BoardModel, gray: GrayImage, o: Options): number {
  const camera = cameraOver(h, gray, o);
  const marginMm = o.faceMarginFraction * model.scaleMm;
  if (seenIndex.length < samples.length) {
    seenIndex = new Int32Array(2 * samples.length);
    seenFeetMm = new Float64Array(4 * samples.length);
  }
  let seen = 0;
  const f = sampleFlags(samples);
  for (let i = 0; i < f.count; i++) {
    if (!f.maybeWall[i] && !f.wallFoot[i] && !facesCameraAt(f, i, camera, marginMm)) continue;
    let xMm = f.xMm[i]!;
    let yMm = f.yMm[i]!;
    const z = f.zMm[i]!;
    if (z) {
      if (!camera || !(camera.zMm > 2 * z)) continue;
      const k = z / (camera.zMm - z);
      xMm = xMm + k * (xMm - camera.xMm);
      yMm = yMm + k * (yMm - camera.yMm);
    }
    seenIndex[seen] = i;
    seenFeetMm[2 * seen] = xMm;
    seenFeetMm[2 * seen + 1] = yMm;
    seen++;
  }
  return seen;
}

/**
 * A cheap stand-in for the sharp score of samples (sum over `of`, within 1 px) under a mapping
 * slid by `aMm` and stretched by `k` about `centreMm` along a board: with the camera and the
 * samples it sees held as the mapping has them, a slide and a stretch only move each foot
 * along the board, by the same amount for feet at the same place along it. So the feet are
 * grouped by that place (to the millimetre), and each group's summed capped response is
 * looked up along a line of offsets `stepMm` apart (each looked at once, when first needed)
 * and interpolated.
 */
function alongScorer(state: FitState, samples: readonly BoardEdgeSample[], model: BoardModel, gray: GrayImage, o: Options, longAxisY: boolean, centreMm: number, maxOffsetMm: number, stepMm: number, of: number): (aMm: number, k: number) => number {
  const seen = seenFeet(state.boardToImage, samples, model, gray, o);
  const byPlace = new Map<number, number[]>();
  for (let j = 0; j < seen; j++) {
    const place = Math.round(longAxisY ? seenFeetMm[2 * j + 1]! : seenFeetMm[2 * j]!);
    const g = byPlace.get(place);
    if (g) g.push(j);
    else byPlace.set(place, [j]);
  }
  const groups = [...byPlace].map(([place, js]) => ({
    offsetMm: place - centreMm,
    samples: js.map((j) => samples[seenIndex[j]!]!),
    feet: js.flatMap((j) => [seenFeetMm[2 * j]!, seenFeetMm[2 * j + 1]!]),
  }));
  const n = Math.ceil(maxOffsetMm / stepMm) + 1;
  const row = 2 * n + 1;
  const table = new Float64Array(groups.length * row).fill(NaN);
  const at = (gi: number, t: number): number => {
    const cell = gi * row + t;
    let v = table[cell]!;
    if (Number.isNaN(v)) {
      const d = (t - n) * stepMm;
      const g = groups[gi]!;
      v = 0;
      for (let i = 0; i < g.samples.length; i++) v += sharpAt(gray, state, g.samples[i]!, g.feet[2 * i]! + (longAxisY ? 0 : d), g.feet[2 * i + 1]! + (longAxisY ? d : 0), 1);
      table[cell] = v;
    }
    return v;
  };
  return (aMm, k) => {
    let sum = 0;
    for (let gi = 0; gi < groups.length; gi++) {
      const t = (aMm + (k - 1) * groups[gi]!.offsetMm) / stepMm + n;
      const t0 = Math.floor(t);
      if (t0 < 0 || t0 + 1 >= row) continue;
      const v0 = at(gi, t0);
      sum += v0 + (t - t0) * (at(gi, t0 + 1) - v0);
    }
    return sum / Math.max(1, of);
  };
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

/** A rectangle grown about its centre by a factor (Infinity: everything). */
function grown(r: Rect, factor: number): Rect {
  if (!Number.isFinite(factor)) return { minXMm: -Infinity, minYMm: -Infinity, maxXMm: Infinity, maxYMm: Infinity };
  const cx = (r.minXMm + r.maxXMm) / 2;
  const cy = (r.minYMm + r.maxYMm) / 2;
  const hx = ((r.maxXMm - r.minXMm) / 2) * factor;
  const hy = ((r.maxYMm - r.minYMm) / 2) * factor;
  return { minXMm: cx - hx, minYMm: cy - hy, maxXMm: cx + hx, maxYMm: cy + hy };
}

function inRect(r: Rect, x: number, y: number): boolean {
  return x >= r.minXMm && x <= r.maxXMm && y >= r.minYMm && y <= r.maxYMm;
}

/** Whether two mappings put the board's corners within a pixel or two of each other, up to the board's symmetry. */
function sameMapping(a: readonly number[], b: readonly number[], model: BoardModel): boolean {
  const { centre, symmetryOrder } = model;
  for (let k = 0; k < symmetryOrder; k++) {
    const bk = multiply3(b, rotationAbout(centre.xMm, centre.yMm, (2 * Math.PI * k) / symmetryOrder));
    const same = rectCorners(model.rects[0]!).every((p) => {
      const u = applyHomography(a, p.x, p.y);
      const v = applyHomography(bk, p.x, p.y);
      return Math.hypot(u.x - v.x, u.y - v.y) < 2;
    });
    if (same) return true;
  }
  return false;
}

/**
 * At most `max` samples, spread evenly within each feature, every feature keeping at least
 * `minPerFeature` (a short end of a long board must not vanish from a thinned set).
 */
function thinByFeature<T extends { featureId: string }>(xs: readonly T[], max: number, minPerFeature: number): T[] {
  if (xs.length <= max) return [...xs];
  const groups = new Map<string, T[]>();
  for (const x of xs) {
    const g = groups.get(x.featureId);
    if (g) g.push(x);
    else groups.set(x.featureId, [x]);
  }
  const out: T[] = [];
  for (const g of groups.values()) out.push(...thin(g, Math.max(minPerFeature, Math.round((g.length * max) / xs.length))));
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
 * edge hides them, so their edge is not where the board plane puts it. Walls of known height
 * whose edge is not where the fit puts it (in a shadow) too.
 */
function hiddenWalls(gray: GrayImage, fit: PassResult, samples: readonly BoardEdgeSample[], model: BoardModel, o: Options): string[] {
  const camera = cameraOver(fit.boardToImage, gray, o);
  const groups = new Map<string, BoardEdgeSample[]>();
  for (const s of samples) {
    // The foot of a wall of known height, seen from in front, is tested too: it may lie in
    // the shadow the wall casts, the shadow's edge a few pixels off. (Not its top edge, seen
    // from behind: the wall's outer edge lies a few pixels beyond it.)
    if (!s.wallFoot && (!s.maybeWall || facesCamera(s, camera, -o.faceMarginFraction * model.scaleMm))) continue;
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

/** How far a mapping is from any camera's view (see cameraMismatch), with the best focal length. */
function mismatchOf(h: readonly number[], gray: GrayImage, o: Options): { mismatch: number; focalPx: number } {
  return cameraMismatch(h, gray.widthPx / 2, gray.heightPx / 2, o.cameraFocalWidths[0] * gray.widthPx, o.cameraFocalWidths[1] * gray.widthPx, { focalPx: priorFocalPx(gray, o), weight: o.cameraFocalPriorWeight });
}

/** The same view under another lens: the mapping re-made so that the board's points are seen where they were. */
function withLens(state: FitState, lens: LensModel, model: BoardModel): FitState {
  const r = model.rects[0]!;
  const pairs: { from: Point; to: Point }[] = [];
  for (let i = 0; i <= 4; i++) {
    for (let j = 0; j <= 4; j++) {
      const from = { x: r.minXMm + ((r.maxXMm - r.minXMm) * i) / 4, y: r.minYMm + ((r.maxYMm - r.minYMm) * j) / 4 };
      const seen = projectSeen(state, from.x, from.y);
      pairs.push({ from, to: undistortPx(lens, seen.x, seen.y) });
    }
  }
  const h = homographyFromPairs(pairs);
  return h ? { boardToImage: h, lens } : state;
}

/** Focal length of a typical webcam at this image width. */
function priorFocalPx(gray: GrayImage, o: Options): number {
  return gray.widthPx / 2 / Math.tan(((o.priorHorizontalFovDeg / 2) * Math.PI) / 180);
}

/** The camera nearest to a mapping (at its best focal length). */
function cameraFrom(state: FitState, gray: GrayImage, o: Options, focalOverridePx?: number): CameraFitState | null {
  const focalPx = focalOverridePx ?? mismatchOf(state.boardToImage, gray, o).focalPx;
  const camera = nearestCamera(state.boardToImage, gray.widthPx / 2, gray.heightPx / 2, focalPx);
  return camera ? { camera, lens: state.lens } : null;
}

/**
 * Samples a camera sees where they are: block feet and walls' feet only from in front (with a
 * margin), raised edges at their height (a camera above sees a top edge from anywhere).
 */
function seenByCamera(samples: readonly BoardEdgeSample[], state: CameraFitState, model: BoardModel, o: Options): BoardEdgeSample[] {
  const c = cameraCentreMm(state.camera);
  const marginMm = o.faceMarginFraction * model.scaleMm;
  const f = sampleFlags(samples);
  const out: BoardEdgeSample[] = [];
  for (let i = 0; i < f.count; i++) {
    const z = f.zMm[i]!;
    if (z ? c.zMm > 2 * z && facesCameraAt(f, i, c, marginMm) : f.onOutline[i] || f.maybeWall[i] || facesCameraAt(f, i, c, marginMm)) out.push(samples[i]!);
  }
  return out;
}

export interface CameraRefined {
  fit: CameraPassResult;
  samples: BoardEdgeSample[];
}

/** Camera passes at the given ranges; null when the fit leaves the plausible views. */
function cameraPasses(gray: GrayImage, start: CameraFitState, polarity0: Map<string, Polarity>, samples: readonly BoardEdgeSample[], ranges: readonly number[], model: BoardModel, o: Options, trace: Trace, drop: readonly string[] = []): CameraRefined | null {
  let state = start;
  let polarity = polarity0;
  let result: CameraRefined | null = null;
  for (const [i, rangePx] of ranges.entries()) {
    const all = seenByCamera(samples, state, model, o).filter((s) => !drop.includes(s.featureId));
    // The early, wider passes only bring the camera near: fewer samples do (the last takes all).
    const seen = i < ranges.length - 1 ? thinByFeature(all, o.cameraEarlySamples, 4) : all;
    const span = imageSpan(cameraHomography(state.camera), model, gray);
    // The lens only once the pose holds (a rough pose bends the lens to fit its errors), k2 last.
    const fitK1 = span >= o.rectLensFitMinSpan && i >= o.cameraLensFromPass;
    const fitK2 = span >= o.rectLensK2MinSpan && i === ranges.length - 1;
    const fitFocal = i >= o.cameraLensFromPass;
    const fitFrame = i >= o.cameraLensFromPass && seen.some((s) => s.onOutline);
    const next = cameraPass(gray, state, seen, polarity, { rangePx, fitFocal, fitK1, fitK2, fitFrame, minResponse: o.minEdgeResponse, blurredLineFactor: o.cameraBlurredLineFactor, blurredLineMinPx: o.cameraBlurredLineMinPx, outlierSigmas: o.outlierSigmas, focalPrior: { focalPx: priorFocalPx(gray, o), weight: o.cameraFocalPriorPx } });
    trace('camera-pass', { rangePx, fitK1, fitK2, frameMm: next?.frameHeightMm, rms: next?.rmsErrorPx, inliers: next?.inlierFraction, samples: seen.length, k1: next?.lens.k1, k2: next?.lens.k2, focalPx: next?.camera.focalPx });
    if (!next || !plausible(next.boardToImage, model, gray, o)) return null;
    result = { fit: next, samples: seen };
    state = { camera: next.camera, lens: next.lens, frameHeightMm: next.frameHeightMm };
    polarity = next.polarity;
  }
  return result;
}

/**
 * Guesses of the board's mapping from the large quadrilaterals in the image, best first: every
 * way each quad's corners may match each model rectangle (and the same with the surface's
 * sides moved onto the nearest strong edges), scored sharply on all the board's edges.
 */
export function rectHypotheses(cv: CV, gray: GrayImage, profile: BoardProfile, model: BoardModel, o: Options, trace: Trace, again = false): Hypothesis[] {
  const lens0 = noLens(gray.widthPx, gray.heightPx);
  if (profile.surface.shape === 'circle') return roundHypotheses(cv, gray, model, profile, o, trace, again);
  const quads = findBoardQuads(cv, gray, o);
  trace('quads', { count: quads.length, corners: quads.map((q) => q.cornersPx.map((p) => [Math.round(p.x), Math.round(p.y)])) });
  const factor = Math.max(1, Math.round(gray.widthPx / o.quadWidthPx));
  const scoreSamples = thinByFeature(model.samples.filter((x) => !x.onOutline), o.rectScoreSamples, 4);
  const hyps: Hypothesis[] = [];
  const straightAreasPx: number[] = [];
  const parts: { straight: StraightQuad; quad: number }[] = [];
  // Every way a straight quad may match each model rectangle, scored.
  const addGuesses = (straight: StraightQuad, qi: number, areaPx: number) => {
    const snapRange = Math.min(o.snapMaxRangePx, Math.max(o.snapMinRangePx, o.snapRangeFraction * Math.sqrt(areaPx)));
    model.rects.forEach((r, ri) => {
      for (const { h, shift } of quadMappings(straight.cornersPx, r, model.rects[0]!)) {
        if (!plausible(h, model, gray, o)) continue;
        // The guess as it is, and with the surface's sides moved onto the nearest strong edges.
        const snapped = snapRectSides(gray, h, straight.lens, model.rects[0]!, snapRange, o.minEdgeResponse);
        for (const [hk, snap] of [[h, false], [snapped, true]] as const) {
          if (!hk || (snap && !plausible(hk, model, gray, o))) continue;
          const state = { boardToImage: hk, lens: straight.lens };
          const score = seenSharpScore(hk, state, scoreSamples, model, gray, o, o.rectScoreRangePx, (sum, seen) => (sum / Math.max(1, seen)) * (seen / scoreSamples.length));
          hyps.push({ state, score, quad: qi, rect: ri, shift, snapped: snap });
        }
      }
    });
  };
  quads.forEach((q, qi) => {
    // A quad of a contour's straight stretches only when no hull gave a straight outline of
    // half its size (an arm or a shadow joined to the outline bent them all; a part of the
    // board between bars may still come out straight, but a guess from it is far off).
    if (q.fromStretches && !(again && o.stretchQuadsAlwaysInLastLook) && straightAreasPx.some((a) => a >= o.stretchQuadsMaxHullShare * q.areaPx)) return;
    const rangePx = 1.5 * factor + 1;
    const sides = followQuadSides(gray, q, rangePx, o.minEdgeResponse);
    const asFollowed = straightenQuad(sides, lens0, o.lensK1RangeQuad);
    const isStraight = (s: typeof asFollowed) => s !== null && s.straightnessPx <= o.maxQuadStraightnessPx;
    const straights: NonNullable<typeof asFollowed>[] = [];
    if (!again) {
      if (isStraight(asFollowed)) straights.push(asFollowed!);
    } else {
      // The second look takes only quads the first refused, each side on the line most of it lies on;
      const consensus = !isStraight(asFollowed) && o.quadSideConsensus ? straightenQuad(sides, lens0, o.lensK1RangeQuad, o.quadSideConsensus) : null;
      if (isStraight(consensus)) straights.push(consensus!);
      // and every quad with its sides followed also where the coarse outline left them, and from
      // the straight sides alone (see SideStarts).
      const followed = (starts: SideStarts, range: number) => {
        const other = followQuadSides(gray, q, range, o.minEdgeResponse, undefined, starts);
        // (One finding no side's edge in more places than the contour did adds nothing.)
        if (!other.sidesPx.some((side, i) => side.length > sides.sidesPx[i]!.length)) return;
        const plain = straightenQuad(other, lens0, o.lensK1RangeQuad);
        const straight = isStraight(plain) ? plain : o.quadSideConsensus ? straightenQuad(other, lens0, o.lensK1RangeQuad, o.quadSideConsensus) : null;
        if (isStraight(straight)) straights.push(straight!);
      };
      for (const starts of o.quadFollowWithoutContour ? (['contour-or-side', 'side'] as const) : []) followed(starts, rangePx);
      // (In the last look only) from the straight sides looked for farther off too (see
      // quadWideFollowFraction): a wider look finds other edges too, and their guesses compete.
      const wideRangePx = o.quadWideFollowFraction * Math.sqrt(q.areaPx);
      if (o.quadFollowWithoutContour && wideRangePx > rangePx) followed('side', wideRangePx);
    }
    if (straights.length === 0) {
      trace('quad-rejected', { quad: qi, straightness: asFollowed?.straightnessPx });
      return;
    }
    straightAreasPx.push(q.areaPx);
    for (const straight of straights) {
      addGuesses(straight, qi, q.areaPx);
      parts.push({ straight, quad: qi });
    }
  });
  // A board cut in two by an arm across it: the quads of its two parts joined (see joined-quads.ts).
  if (again && o.joinSplitQuads) {
    parts.forEach((p, k) => {
      for (const other of parts.slice(k + 1)) {
        if (other.quad === p.quad) continue;
        const joined = joinQuads(p.straight.cornersPx, other.straight.cornersPx, o.joinSplitQuads!);
        if (!joined) continue;
        const areaPx = Math.abs(polygonArea(joined));
        trace('joined-quads', { quads: [p.quad, other.quad], corners: joined.map((c) => [Math.round(c.x), Math.round(c.y)]) });
        // (Its lens: the larger part's, whose sides were longer.)
        const larger = Math.abs(polygonArea(p.straight.cornersPx)) >= Math.abs(polygonArea(other.straight.cornersPx)) ? p.straight : other.straight;
        addGuesses({ ...larger, cornersPx: joined }, quads.length + k, areaPx);
      }
    });
  }
  hyps.sort((a, b) => b.score - a.score);
  trace('hypotheses', { count: hyps.length, top: hyps.slice(0, 8).map((h) => ({ score: +h.score.toFixed(2), quad: h.quad, rect: h.rect, shift: h.shift, snapped: h.snapped })) });
  return hyps;
}

/**
 * Guesses for a round board whose markings are not rings: nested ellipses give the mapping up
 * to a rotation about the centre; every rotation step (within the board's symmetry) is scored
 * sharply on the markings that are not round.
 */
function roundHypotheses(cv: CV, gray: GrayImage, model: BoardModel, profile: BoardProfile, o: Options, trace: Trace, tilted: boolean): Hypothesis[] {
  const s = profile.surface;
  if (s.shape !== 'circle') return [];
  const circles: Circle[] = [s];
  if (profile.outline.shape === 'circle' && profile.outline.radiusMm > s.radiusMm + 1) circles.unshift(profile.outline);
  const guesses = roundGuesses(cv, gray, circles, o, tilted ? priorFocalPx(gray, o) : undefined).filter((h) => plausible(h, model, gray, o));
  const lens = noLens(gray.widthPx, gray.heightPx);
  trace('round-guesses', { count: guesses.length });
  const marks = thinByFeature(model.samples.filter((x) => !x.featureId.startsWith('surface-') && !x.zMm && !x.facing && !x.onOutline), o.rectScoreSamples, 4);
  // A large painted polygon (PitRush's hexagonal field): at each rotation its sides are moved
  // onto the nearest strong straight edges, which corrects the ellipses' rough centre and scale.
  const field = largestField(profile, s.radiusMm);
  const guessesFromField: Hypothesis[] = [];
  // Its outline, found whole in the image, is a guess of its own (the frame may be lost
  // against the table): the corners give the rotation too.
  if (field) {
    const polygons = findBoardPolygons(cv, gray, field.length, o);
    const fromPolygons = polygons.flatMap((p) => polygonMappings(field, p, model.symmetryOrder, { xMm: s.xMm, yMm: s.yMm })).filter((h) => plausible(h, model, gray, o));
    trace('field-polygons', { count: polygons.length, guesses: fromPolygons.length });
    for (const h of fromPolygons) {
      const state = { boardToImage: h, lens };
      guessesFromField.push({ state, score: sharpScore(gray, state, marks, o.rectScoreRangePx), quad: -1, rect: 0, shift: 0, snapped: false });
    }
  }
  const period = 360 / model.symmetryOrder;
  const hyps: Hypothesis[] = [];
  guesses.forEach((g, gi) => {
    const c = applyHomography(g, s.xMm, s.yMm);
    const e = applyHomography(g, s.xMm + s.radiusMm, s.yMm);
    const snapRangePx = Math.min(o.roundSnapMaxRangePx, o.roundSnapRangeFraction * Math.hypot(e.x - c.x, e.y - c.y));
    const steps: number[] = [];
    if (field) {
      const normalsDeg = field.map((a, i) => {
        const b = field[(i + 1) % field.length]!;
        return (Math.atan2(b.x - a.x, -(b.y - a.y)) * 180) / Math.PI;
      });
      const input = { gray, boardToImage: g, lens, centre: { xMm: s.xMm, yMm: s.yMm }, innerMm: o.fieldInnerFraction * s.radiusMm, outerMm: o.fieldOuterFraction * s.radiusMm, stepMm: o.fieldStepFraction * s.radiusMm, normalsDeg };
      steps.push(...fieldRotations(input, o.fieldRotations).map((r) => r.deg));
    } else for (let deg = 0; deg < period; deg += o.roundRotationStepDeg) steps.push(deg);
    for (const deg of steps) {
      const h = multiply3(g, rotationAbout(s.xMm, s.yMm, (deg * Math.PI) / 180));
      const state = { boardToImage: h, lens };
      hyps.push({ state, score: sharpScore(gray, state, marks, o.rectScoreRangePx), quad: gi, rect: 0, shift: deg, snapped: false });
      // Nothing straight tells the lens here: the same guess under a typical webcam's barrel too.
      for (const k1 of o.roundGuessK1) {
        const bent = withLens(state, { ...lens, k1 }, model);
        hyps.push({ state: bent, score: sharpScore(gray, bent, marks, o.rectScoreRangePx), quad: gi, rect: 0, shift: deg, snapped: false });
      }
      const snapped = field && snapSlantedSides(gray, h, lens, field, { rangePx: snapRangePx, slantFraction: o.fieldSnapSlantFraction, perSide: o.fieldSnapPerSide, capResponse: o.fieldSnapCapResponse, minMeanResponse: o.fieldSnapMinMeanResponse, minResponse: o.minEdgeResponse });
      if (snapped && plausible(snapped.boardToImage, model, gray, o)) {
        const st = { boardToImage: snapped.boardToImage, lens };
        hyps.push({ state: st, score: sharpScore(gray, st, marks, o.rectScoreRangePx), quad: gi, rect: 0, shift: deg, snapped: true });
      }
    }
  });
  hyps.sort((a, b) => b.score - a.score);
  // The field's outline after the best guesses from the frame: tried when those do not fit well.
  guessesFromField.sort((a, b) => b.score - a.score);
  hyps.splice(o.rectIcpCandidates - 1, 0, ...guessesFromField);
  trace('hypotheses', { count: hyps.length, top: hyps.slice(0, 8).map((h) => ({ score: +h.score.toFixed(2), guess: h.quad, deg: h.shift, snapped: h.snapped })) });
  return hyps;
}

/** The largest filled polygon of a board covering much of a round surface (its vertices in mm). */
function largestField(profile: BoardProfile, radiusMm: number): Point[] | null {
  let best: Point[] | null = null;
  let bestArea = 0.3 * Math.PI * radiusMm * radiusMm;
  for (const f of profile.features) {
    if (f.kind !== 'region' || !f.fill || f.pointsMm.length < 3) continue;
    let area = 0;
    for (let i = 0, j = f.pointsMm.length - 1; i < f.pointsMm.length; j = i++) area += f.pointsMm[j]!.xMm * f.pointsMm[i]!.yMm - f.pointsMm[i]!.xMm * f.pointsMm[j]!.yMm;
    if (Math.abs(area) / 2 > bestArea) {
      bestArea = Math.abs(area) / 2;
      best = f.pointsMm.map((p) => ({ x: p.xMm, y: p.yMm }));
    }
  }
  return best;
}

/**
 * Whether a board has fewer than two painted markings long enough to judge one by one (8 or
 * more edge samples on the board's plane, as featureCoverage counts them): a sjoelbak.
 */
function fewMarkings(samples: readonly BoardEdgeSample[]): boolean {
  const counts = new Map<string, number>();
  for (const x of samples) if (!x.zMm && !x.facing && !x.onOutline && !x.featureId.startsWith('surface-')) counts.set(x.featureId, (counts.get(x.featureId) ?? 0) + 1);
  return [...counts.values()].filter((n) => n >= 8).length < 2;
}

/**
 * Every slide and stretch along a board's length (about its centre) within a range, in steps
 * of about `stepPx` image pixels at the centre, scored: the best place (the mapping as it is
 * unless another scores higher), its score, and the score of the mapping as it is. `score`
 * may give up on a place that cannot beat `bar` (the best so far), returning no more than it.
 */
export function sharpestAlong(
  state: FitState,
  score: (s: FitState, bar: number) => number,
  whole: Rect,
  longAxisY: boolean,
  o: { alongGridStepPx: number; alongGridRangeFraction: number; alongGridStretch: number; alongGridExactChecks?: number },
  cheap?: (grid: { maxOffsetMm: number; stepMm: number }) => (aMm: number, k: number) => number,
): { state: FitState; score: number; here: number; aMm: number; k: number } {
  const cx = (whole.minXMm + whole.maxXMm) / 2;
  const cy = (whole.minYMm + whole.maxYMm) / 2;
  const c = applyHomography(state.boardToImage, cx, cy);
  const u = applyHomography(state.boardToImage, cx + (longAxisY ? 0 : 1), cy + (longAxisY ? 1 : 0));
  const pxPerMm = Math.max(1e-6, Math.hypot(u.x - c.x, u.y - c.y));
  const longMm = longAxisY ? whole.maxYMm - whole.minYMm : whole.maxXMm - whole.minXMm;
  const aStep = o.alongGridStepPx / pxPerMm;
  const kStep = aStep / (longMm / 2);
  const na = Math.ceil((o.alongGridRangeFraction * longMm) / aStep);
  const nk = Math.ceil(o.alongGridStretch / kStep);
  const moved = (a: number, k: number): FitState => {
    const t = longAxisY ? [1, 0, 0, 0, k, cy * (1 - k) + a, 0, 0, 1] : [k, 0, cx * (1 - k) + a, 0, 1, 0, 0, 0, 1];
    return { boardToImage: multiply3(state.boardToImage, t), lens: state.lens };
  };
  const here = score(state, -Infinity);
  let best = { a: 0, k: 1, score: here };
  if (cheap) {
    // The whole grid by the cheap score; its best few places by the score itself.
    const approx = cheap({ maxOffsetMm: na * aStep + nk * kStep * (longMm / 2) * 1.1, stepMm: aStep / 4 });
    const top: { a: number; k: number; v: number }[] = [];
    const keep = o.alongGridExactChecks ?? 6;
    for (let j = -nk; j <= nk; j++) {
      for (let i = -na; i <= na; i++) {
        if (i === 0 && j === 0) continue;
        const a = i * aStep;
        const k = 1 + j * kStep;
        const v = approx(a, k);
        if (top.length === keep && v <= top[keep - 1]!.v) continue;
        let at = top.length;
        while (at > 0 && top[at - 1]!.v < v) at--;
        top.splice(at, 0, { a, k, v });
        if (top.length > keep) top.pop();
      }
    }
    for (const c of top) {
      const sc = score(moved(c.a, c.k), best.score);
      if (sc > best.score) best = { a: c.a, k: c.k, score: sc };
    }
    return { state: moved(best.a, best.k), score: best.score, here, aMm: best.a, k: best.k };
  }
  for (let j = -nk; j <= nk; j++) {
    for (let i = -na; i <= na; i++) {
      const a = i * aStep;
      const k = 1 + j * kStep;
      const sc = score(moved(a, k), best.score);
      if (sc > best.score) best = { a, k, score: sc };
    }
  }
  return { state: moved(best.a, best.k), score: best.score, here, aMm: best.a, k: best.k };
}

/**
 * Of features (id and share found), how many lie wholly in the near and in the far third of a
 * long board (at least `minAspect` times longer than wide; none otherwise), and how many of
 * those were found (share at least `seenCoverage`).
 */
export function featuresByEnd(features: readonly [string, number][], samples: readonly BoardEdgeSample[], whole: Rect, minAspect: number, seenCoverage: number): { seen: number; of: number }[] {
  const w = whole.maxXMm - whole.minXMm;
  const l = whole.maxYMm - whole.minYMm;
  if (Math.max(w, l) < minAspect * Math.min(w, l)) return [];
  const longAxisY = l >= w;
  const lo = longAxisY ? whole.minYMm : whole.minXMm;
  const len = Math.max(w, l);
  const ends = [
    { seen: 0, of: 0 },
    { seen: 0, of: 0 },
  ];
  for (const [id, v] of features) {
    const along = samples.filter((x) => x.featureId === id).map((x) => ((longAxisY ? x.yMm : x.xMm) - lo) / len);
    if (along.length === 0) continue;
    const end = Math.max(...along) < 1 / 3 ? ends[0]! : Math.min(...along) > 2 / 3 ? ends[1]! : null;
    if (!end) continue;
    end.of++;
    if (v >= seenCoverage) end.seen++;
  }
  return ends;
}

export function calibrateRect(cv: CV, gray: GrayImage, profile: BoardProfile, options: Partial<CalibrateOptions & RectCalibrateOptions> = {}, trace: Trace = () => {}): CalibrationResult {
  const o: Options = { ...CALIBRATE_DEFAULTS, ...RECT_CALIBRATE_DEFAULTS, ...options };
  const first = calibrateRectFrom(cv, gray, profile, o, trace, false);
  // (A rectangular board's fit that holds but lies loosely on its edges may be bent onto them
  // from a guess off at one end: the second look's guesses compete with it.)
  const loose = first.found && profile.surface.shape !== 'circle' && first.rmsErrorPx > o.secondLookAboveRmsPx;
  if (first.found && !loose) return first;
  if (first.found === false && profile.surface.shape === 'circle') {
    if (!o.roundTiltedRetry) return first;
    // A round board not found from its ellipses' own guesses: again from each ellipse seen in
    // perspective (a frame's outline, its side and shadow joined to it, seldom gives the view).
    trace('round-tilted-retry', { reason: first.reason });
    const again = calibrateRectFrom(cv, gray, profile, o, trace, true);
    return again.found ? again : first;
  }
  if (!o.quadSideConsensus) return first;
  // A board not found from its straight outlines: again from outlines whose sides are straight
  // where most of their edge lies (an arm across a side); only a fit finding most of the
  // board's edges closely is trusted from there.
  trace('quad-consensus-retry', first.found ? { loose: { inliers: first.inlierFraction, rms: first.rmsErrorPx } } : { reason: first.reason });
  const trusted = (r: CalibrationResult): r is Calibration => r.found && r.inlierFraction >= o.quadConsensusTrustInliers;
  let again = calibrateRectFrom(cv, gray, profile, { ...o, quadWideFollowFraction: 0, stretchQuadsAlwaysInLastLook: false, joinSplitQuads: undefined }, trace, true);
  // A board still not found: once more with guesses for an arm lying across it, a quad's sides
  // looked for farther off, the quads of straight stretches a straight hull's quad would leave
  // out, and quads of the board's parts joined (not against a loose fit, nor before: those
  // guesses compete, and one can lead a fit to hold pixels off).
  if (!first.found && !trusted(again) && (o.quadWideFollowFraction > 0 || o.stretchQuadsAlwaysInLastLook || o.joinSplitQuads)) {
    const wider = calibrateRectFrom(cv, gray, profile, o, trace, true);
    if (wider.found) again = wider;
  }
  trace('quad-consensus-result', again.found ? { inliers: again.inlierFraction, rms: again.rmsErrorPx } : { reason: again.reason });
  if (!first.found && !trusted(again) && markingsJudged(profile, o) >= 2) {
    // Still not found: the outlines in fainter edges (a pale mat on a pale table, its outline
    // joined to an arm across it, while the markings' stronger edges make quads of their own).
    for (const factor of o.fainterQuadsFactors) {
      const faint = calibrateRectFrom(cv, gray, profile, { ...o, quadCannyLow: o.quadCannyLow * factor, quadCannyHigh: o.quadCannyHigh * factor }, trace, false);
      trace('fainter-quads-result', faint.found ? { factor, inliers: faint.inlierFraction, rms: faint.rmsErrorPx } : { factor, reason: faint.reason });
      if (faint.found) return faint;
    }
  }
  if (!trusted(again)) return first;
  if (!first.found) return again;
  return again.inlierFraction - o.closeFitRmsWeight * again.rmsErrorPx > first.inlierFraction - o.closeFitRmsWeight * first.rmsErrorPx ? again : first;
}

/**
 * How many of a board's markings a fit is judged by one by one (board-plane features with 8
 * edge samples or more, not its surface's sides): a board with fewer (sjoelbak) is judged by
 * its faces, which a fit from faint edges can slide along and still find.
 */
function markingsJudged(profile: BoardProfile, o: Options): number {
  const model = boardModel(profile, { spacingMm: o.rectSampleSpacingMm, maxSamples: o.rectMaxSamples, roundOutlineEdges: o.roundOutlineEdges });
  const counts = new Map<string, number>();
  for (const s of model.samples) if (!s.zMm && !s.facing && !s.onOutline && !s.featureId.startsWith('surface-')) counts.set(s.featureId, (counts.get(s.featureId) ?? 0) + 1);
  return [...counts.values()].filter((n) => n >= 8).length;
}

/**
 * calibrateRect from one set of guesses; `again`: the second look, a round board's ellipses
 * seen in perspective, a rectangular board's outlines straight where most of each side is.
 */
/**
 * The automatic fit and all its checks, from one mapping given (a person's clicked points)
 * instead of the guesses from the image's outlines.
 */
export function calibrateRectFromMapping(cv: CV, gray: GrayImage, profile: BoardProfile, boardToImage: readonly number[], options: Partial<CalibrateOptions & RectCalibrateOptions> = {}, trace: Trace = () => {}): CalibrationResult {
  const o: Options = { ...CALIBRATE_DEFAULTS, ...RECT_CALIBRATE_DEFAULTS, ...options };
  const given: Hypothesis = { state: { boardToImage: [...boardToImage], lens: noLens(gray.widthPx, gray.heightPx) }, score: 1, quad: -1, rect: 0, shift: 0, snapped: false };
  return calibrateRectFrom(cv, gray, profile, o, trace, false, [given]);
}

/**
 * A calibration turned by each rotation the board's markings allow (the first as it is): the
 * same view, the board's axes another way round. The automatic fit picks one; a person's points
 * say which.
 */
export function symmetricTurns(cal: Calibration, profile: BoardProfile, options: Partial<CalibrateOptions & RectCalibrateOptions> = {}): Calibration[] {
  const o: Options = { ...CALIBRATE_DEFAULTS, ...RECT_CALIBRATE_DEFAULTS, ...options };
  const { centre, symmetryOrder } = boardModel(profile, { spacingMm: o.rectSampleSpacingMm, maxSamples: o.rectMaxSamples, roundOutlineEdges: o.roundOutlineEdges });
  const out: Calibration[] = [];
  for (let k = 0; k < symmetryOrder; k++) {
    const turn = rotationAbout(centre.xMm, centre.yMm, (2 * Math.PI * k) / symmetryOrder);
    const h = multiply3(cal.boardToImage, turn);
    const inv = invert3(h);
    const back = invert3(turn);
    if (!inv || !back) continue;
    // The camera stays where it is; in the turned board's axes its place turns back.
    const c = applyHomography(back, cal.camera.centreXMm, cal.camera.centreYMm);
    out.push({ ...cal, boardToImage: h.map((v) => v / h[8]!), imageToBoard: inv.map((v) => v / inv[8]!), camera: { ...cal.camera, centreXMm: c.x, centreYMm: c.y } });
  }
  return out;
}

function calibrateRectFrom(cv: CV, gray: GrayImage, profile: BoardProfile, o: Options, trace: Trace, again: boolean, given?: Hypothesis[]): CalibrationResult {
  const model = boardModel(profile, { spacingMm: o.rectSampleSpacingMm, maxSamples: o.rectMaxSamples, roundOutlineEdges: o.roundOutlineEdges });
  const hyps = given ?? rectHypotheses(cv, gray, profile, model, o, trace, again);
  if (hyps.length === 0) {
    const what = profile.surface.shape === 'circle' ? 'round frame' : 'quadrilateral';
    return { found: false, reason: `no ${what} in the image matches this board's outline` };
  }
  // Holes floored in the board's own material (shallow cups) show their rims only where the
  // wall is in shade, and the shade's edge is not the rim: the fits leave them out, or they
  // pull the mapping (lens and all) towards the shade. A pocket opening onto darkness stays.
  const holes = featuresOfKind(profile, 'hole');
  const allSamples = model.samples;
  const cupsAt = (state: FitState) => holeFloorRatio(gray, state, holes) > o.holeFloorMinRatio;
  if (holes.length > 0 && hyps.slice(0, o.holeFloorGuesses).every((g) => cupsAt(g.state))) {
    const ids = new Set(holes.map((h) => h.id));
    model.samples = model.samples.filter((x) => !ids.has(x.featureId));
  }
  const scoreSamples = thinByFeature(model.samples.filter((x) => !x.onOutline), o.rectScoreSamples, 4);

  // A wide first fit of each of the best guesses to all the edges (on a half-size image),
  // judged by a sharp look at all of them; the best is then fitted closely (lens included).
  const half = halfImage(gray);
  const quarter = halfImage(half);
  const eighth = profile.surface.shape === 'circle' ? halfImage(quarter) : quarter;
  // A round board's guesses (from ellipses, no perspective) are rougher: a coarser level first.
  const levelSpecs = profile.surface.shape === 'circle' ? o.roundIcpLevels : o.rectIcpLevels;
  const levels = levelSpecs.map((l) => ({ ...l, img: l.scale === 0.5 ? half : l.scale === 0.25 ? quarter : eighth }));
  // The wide fit uses edges on the board itself, seen from anywhere or from clearly in front.
  const icpSamples = thinByFeature(model.samples.filter((x) => !x.zMm && !x.onOutline), o.rectIcpSamples, 6);
  const icpAt = (scale: number, rangesPx: readonly number[]) => ({
    rangesPx,
    minResponse: o.minEdgeResponse,
    outlierSigmas: o.outlierSigmas,
    centreMm: model.centre,
    scaleMm: model.scaleMm,
    plausible: (h: readonly number[]) => plausible(unscaleState({ boardToImage: [...h], lens: noLens(1, 1) }, scale).boardToImage, model, gray, o),
    // Every step stays a real camera's view: a free homography can stretch onto the wrong outline.
    constrain: (h: readonly number[]) => {
      const full = unscaleState({ boardToImage: [...h], lens: noLens(1, 1) }, scale).boardToImage;
      const camera = cameraFrom({ boardToImage: full, lens: noLens(1, 1) }, gray, o)?.camera;
      return camera ? scaleState({ boardToImage: cameraHomography(camera), lens: noLens(1, 1) }, scale).boardToImage : null;
    },
  });
  // From a part of the board (the rectangle a quad matched), the fit first holds to the
  // edges near that part, then takes in the whole board from a few stretches along its
  // length: a guess extrapolated from a short part is far off at the other end.
  type Wide = { state: FitState; rmsPx: number; inlierFraction: number; score: number };
  const whole = model.rects[0]!;
  const longAxisY = whole.maxYMm - whole.minYMm >= whole.maxXMm - whole.minXMm;
  // A sharp look at every edge, less for a mapping no camera makes.
  const judgeAt = (state: FitState, rangePx: number, bar?: number) => {
    const mismatch = mismatchOf(state.boardToImage, gray, o).mismatch / o.cameraMismatchScale;
    const finish = (sum: number, seen: number) => ((sum / Math.max(1, seen)) * (seen / scoreSamples.length)) / (1 + mismatch * mismatch);
    return seenSharpScore(state.boardToImage, state, scoreSamples, model, gray, o, rangePx, finish, bar);
  };
  const judge = (state: FitState) => judgeAt(state, 1);
  // The edges across the board alone (ends, bars, gates): they alone tell where along it the fit lies.
  const acrossSamples = thinByFeature(model.samples.filter((x) => !x.onOutline && Math.abs(longAxisY ? x.nyMm : x.nxMm) > 0.9), o.rectScoreSamples, 4);
  const alongJudge = (state: FitState, bar?: number) => {
    const finish = (sum: number, seen: number) => (sum / Math.max(1, seen)) * (seen / Math.max(1, acrossSamples.length));
    return seenSharpScore(state.boardToImage, state, acrossSamples, model, gray, o, 1, finish, bar);
  };
  const alongCentreMm = longAxisY ? (whole.minYMm + whole.maxYMm) / 2 : (whole.minXMm + whole.maxXMm) / 2;
  const alongGrid = (state: FitState) =>
    sharpestAlong(state, alongJudge, whole, longAxisY, o, o.alongGridCheap ? (g) => alongScorer(state, acrossSamples, model, gray, o, longAxisY, alongCentreMm, g.maxOffsetMm, g.stepMm, acrossSamples.length) : undefined);
  // The same across the board, by the edges along it (its sides, walls' tops, bars' ends): on a
  // board with few markings, a start a few millimetres off sideways or in width has the close
  // fit settle on a wall's top edge or its shadow instead of its foot.
  const fewMarks = fewMarkings(model.samples);
  // A board in a raised frame of known height (sjoelbak, Sling): its wall's foot, top and shadow
  // lie a few millimetres apart along each side.
  const raisedFrame = profile.outline.shape === 'rect' && (profile.outline.heightMm ?? 0) > 0;
  // (Only such boards and boards with few markings are fitted from there: see attempt.)
  const sideFirst = fewMarks || raisedFrame;
  const sideSamples = sideFirst && o.sideGridFirst ? thinByFeature(model.samples.filter((x) => !x.onOutline && Math.abs(longAxisY ? x.nxMm : x.nyMm) > 0.9), o.rectScoreSamples, 4) : [];
  const sideJudge = (state: FitState, bar?: number) => {
    const finish = (sum: number, seen: number) => (sum / Math.max(1, seen)) * (seen / Math.max(1, sideSamples.length));
    return seenSharpScore(state.boardToImage, state, sideSamples, model, gray, o, 1, finish, bar);
  };
  const sideCentreMm = longAxisY ? (whole.minXMm + whole.maxXMm) / 2 : (whole.minYMm + whole.maxYMm) / 2;
  const sideGridOptions = { ...o, alongGridRangeFraction: o.sideGridRangeFraction, alongGridStretch: o.sideGridStretch };
  const sideGrid = (state: FitState) =>
    sharpestAlong(state, sideJudge, whole, !longAxisY, sideGridOptions, (g) => alongScorer(state, sideSamples, model, gray, o, !longAxisY, sideCentreMm, g.maxOffsetMm, g.stepMm, sideSamples.length));
  const runLevels = (start: FitState, steps: { region: Rect; level: (typeof levels)[number] }[]): Wide | null => {
    let state = start;
    let last: Omit<Wide, 'score'> | null = null;
    for (const { region, level: l } of steps) {
      const seen = visibleSamples(icpSamples, cameraOver(state.boardToImage, gray, o), o.icpFaceMarginFraction * model.scaleMm).filter((x) => inRect(region, x.xMm, x.yMm));
      const fit = fitToEdges(l.img, scaleState(state, l.scale), seen, icpAt(l.scale, l.rangesPx));
      if (!fit) break;
      state = unscaleState(fit.state, l.scale);
      last = { state, rmsPx: fit.rmsPx / l.scale, inlierFraction: fit.inlierFraction };
    }
    return last ? { ...last, score: judge(last.state) } : null;
  };
  const everything = grown(whole, Infinity);
  const wideFit = (start: FitState, from: Rect): Wide | null => {
    const partial = (from.maxXMm - from.minXMm) * (from.maxYMm - from.minYMm) < 0.6 * (whole.maxXMm - whole.minXMm) * (whole.maxYMm - whole.minYMm);
    if (!partial) return runLevels(start, levels.map((level) => ({ region: everything, level })));
    const near = runLevels(start, o.rectIcpGrowth.map((g, i) => ({ region: grown(from, g), level: levels[Math.min(i, levels.length - 1)]! })));
    if (!near) return null;
    let best: Wide | null = null;
    const cx = (from.minXMm + from.maxXMm) / 2;
    const cy = (from.minYMm + from.maxYMm) / 2;
    for (const k of o.rectIcpStretch) {
      const stretch = longAxisY ? [1, 0, 0, 0, k, cy * (1 - k), 0, 0, 1] : [k, 0, cx * (1 - k), 0, 1, 0, 0, 0, 1];
      const h = multiply3(near.state.boardToImage, stretch);
      if (!plausible(h, model, gray, o)) continue;
      const w = runLevels({ boardToImage: h, lens: near.state.lens }, levels.map((level) => ({ region: everything, level })));
      if (w && (!best || w.score > best.score)) best = w;
    }
    return best;
  };
  const fineLevel = levels[levels.length - 1]!;
  // Each guess: as it is, after a narrow fit, and (unless that already fits well) after the
  // wide one; the sharp score decides. A well fitting guess ends the search.
  let first: Wide | null = null;
  let firstFitsWell = false;
  const picks: Wide[] = [];
  // Each pick's guess as it was and after the narrow fit (the sharp score can favour a wide
  // fit gone astray over a start that was right).
  const unpicked = new Map<Wide, Wide[]>();
  const tried: number[][] = [];
  for (const g of hyps) {
    if (tried.length >= o.rectIcpCandidates) break;
    if (tried.some((h) => sameMapping(h, g.state.boardToImage, model))) continue;
    tried.push(g.state.boardToImage);
    const options: Wide[] = [{ state: g.state, rmsPx: NaN, inlierFraction: NaN, score: judge(g.state) }];
    const fine = runLevels(g.state, [{ region: everything, level: fineLevel }]);
    if (fine) options.push(fine);
    const fitsWell = fine !== null && fine.inlierFraction >= o.rectGoodInliers && fine.rmsPx <= o.rectGoodRmsPx;
    // The wide fit only while nothing fits well yet.
    if (!fitsWell && !firstFitsWell) {
      const wide = wideFit(g.state, model.rects[g.rect]!);
      if (wide) options.push(wide);
    }
    const pick = options.reduce((a, b) => (b.score > a.score ? b : a));
    const pickFitsWell = pick.inlierFraction >= o.rectGoodInliers && pick.rmsPx <= o.rectGoodRmsPx;
    trace('rect-guess-fit', { quad: g.quad, rect: g.rect, shift: g.shift, snapped: g.snapped, before: +g.score.toFixed(2), options: options.map((x) => +x.score.toFixed(2)), rms: pick.rmsPx, inliers: pick.inlierFraction, score: pick.score, h0: g.state.boardToImage, h: pick.state.boardToImage, lens: pick.state.lens });
    picks.push(pick);
    unpicked.set(pick, options.filter((x) => x !== pick).sort((a, b) => b.score - a.score));
    if (!first || pick.score > first.score) {
      first = pick;
      firstFitsWell = pickFitsWell;
    }
    if (firstFitsWell && tried.length >= o.rectMinGuesses) break;
  }
  if (!first) return { found: false, reason: 'the board\'s edges could not be followed from any guess' };
  // Rough guesses can miss dark pockets: where the wide fit puts them they must still look like cups.
  if (model.samples !== allSamples && !cupsAt(first.state)) model.samples = allSamples;
  trace('hole-floors', { holes: holes.length, cups: model.samples !== allSamples });
  // The close fit; when it fits poorly, again from other lenses (a rough guess's lens and
  // focal length can trade off against each other into a wrong fit), keeping the best.
  const closeFit = (start: FitState, focalPx?: number): CameraRefined | null => closeCameraFit(gray, start, model, o, trace, focalPx);
  const quality = (r: CameraRefined) => r.fit.inlierFraction - o.closeFitRmsWeight * r.fit.rmsErrorPx;
  // A fit is suspect when a board with few painted markings (sjoelbak) finds few of the faces
  // and raised edges the camera sees instead where the fit puts them, or misses an open side
  // of its surface (a slide along the board): not refused on that alone (thin faces are often
  // missed, an open side may be dark), but other guesses are then fitted too and the best fit wins.
  type Attempt = { result: CalibrationResult; quality: number; suspect: boolean; fewMarks?: boolean };
  // Why a fit is refused by its markings (given each feature's share found), or null.
  const marksRefusal = (fit: PassResult, coverage: Record<string, number>, samples: readonly BoardEdgeSample[]): string | null => {
    // The markings must be where the fit puts them, not only the outline (a fit to the wrong
    // one of nested outlines, or slid along a long board, finds the sides but few markings).
    const marks = Object.entries(coverage).filter(([id]) => !id.startsWith('surface-'));
    // Many markings all found closely hold the board even where its outline is faint (a dark
    // surface between dark gutters): fewer of all its edges need be found.
    const marksHold = marks.length >= o.marksHoldMinCount && marks.every(([, v]) => v >= o.marksHoldCoverage);
    const marksMostlyHold = marks.filter(([, v]) => v >= o.marksMostlyHoldCoverage).length >= o.marksMostlyHoldMinCount;
    const minInliers = marksHold ? o.rectMinInlierFractionMarksHold : marksMostlyHold ? o.rectMinInlierFractionMarksMostlyHold : o.rectMinInlierFraction;
    if (fit.rmsErrorPx > o.maxRmsErrorPx || fit.inlierFraction < minInliers) {
      return `board fit too poor (rms ${fit.rmsErrorPx.toFixed(2)} px, ${(fit.inlierFraction * 100).toFixed(0)}% of edges found)`;
    }
    const seenMarks = marks.filter(([, v]) => v >= o.markSeenCoverage).length;
    if (marks.length >= 2 && seenMarks < (marksMostlyHold ? o.minMarksSeenMostlyHold : o.minMarksSeen) * marks.length) return `the board's markings are not where the fit puts them (${seenMarks} of ${marks.length} found)`;
    // On a long board, at each end too: a fit slid or stretched along it finds one end's
    // markings and misses the other's, which a count over the whole board can hide.
    const marksEnds = featuresByEnd(marks, samples, whole, o.longBoardAspect, o.markSeenCoverage);
    trace('marks-by-end', { ends: marksEnds });
    if (marks.length >= 2 && marksEnds.some((e) => e.of >= 2 && e.seen < o.minEndMarksSeen * e.of)) return `the board's markings at one end are not where the fit puts them`;
    return null;
  };
  // `regrid`: whether a fit of a board with few markings is also tried from the sharpest place
  // along it; `side`: whether it is also tried from the sharpest place across it (the better
  // of the two fits kept, or the start as it is when that fit does not hold).
  const attempt = (start: FitState, regrid = true, side = true): Attempt => {
    if (side && o.sideGridFirst && sideFirst) {
      const g = sideGrid(start);
      trace('side-grid', { gain: g.score / g.here, aMm: g.aMm, k: g.k });
      if (g.score > o.alongGridRefitMinGain * g.here) {
        const moved = attempt(g.state, regrid, false);
        if (moved.result.found) {
          // The sharpest place across is not always the board's (a wall's shadow): the start
          // as it is competes. A board with markings of its own is fitted from there only
          // where its start holds too (on its own such a fit was found 40 px off).
          const unmoved = attempt(start, regrid, false);
          trace('side-grid-compare', { moved: moved.quality, unmoved: unmoved.quality });
          if (!unmoved.result.found) return fewMarks ? moved : unmoved;
          return unmoved.quality > moved.quality ? unmoved : moved;
        }
      }
    }
    let best = closeFit(start);
    for (const k1 of o.closeFitRetryK1) {
      if (best && best.fit.inlierFraction >= o.rectGoodInliers && best.fit.rmsErrorPx <= o.closeFitGoodRmsPx) break;
      const retry = closeFit(withLens(start, { ...start.lens, k1, k2: 0 }, model), priorFocalPx(gray, o));
      trace('close-fit-retry', { k1, rms: retry?.fit.rmsErrorPx, inliers: retry?.fit.inlierFraction });
      if (retry && (!best || quality(retry) > quality(best))) best = retry;
    }
    if (!best) return { result: { found: false, reason: 'the board\'s edges could not be followed' }, quality: -Infinity, suspect: false };
    const fit = best.fit;
    // Markings under a glare (clipped on both sides of their edges) cannot show: they are left
    // out of the markings checks below. A fit that holds only so is suspect (a fit slid into
    // the glare hides its misses there), and other guesses are fitted too.
    const coverage = featureCoverage(fit, best.samples, false, gray, o.marksClippedLevel);
    trace('coverage', { inliers: fit.inlierFraction, rms: fit.rmsErrorPx, features: coverage });
    const refusal = marksRefusal(fit, coverage, best.samples);
    if (refusal) return { result: { found: false, reason: refusal }, quality: -Infinity, suspect: false };
    const marks = Object.entries(coverage).filter(([id]) => !id.startsWith('surface-'));
    const plain = featureCoverage(fit, best.samples);
    const inGlare = Object.keys(plain).some((id) => plain[id] !== coverage[id]) && marksRefusal(fit, plain, best.samples) !== null;
    let suspect = inGlare;
    if (marks.length < 2) {
      // Markings too short to judge one by one (a sjoelbak's compartments, seen only through
      // the arches) are judged together: they alone tell where the gate row lies on the floor,
      // and a fit stretched along the board by the bars' tops finds the bars but none of them.
      const small = smallMarkCoverage(fit, best.samples, gray, o.smallMarksClippedLevel);
      trace('small-marks', small);
      if (small.of >= o.smallMarksMinSamples && small.found < o.smallMarksMinFound * small.of) {
        return { result: { found: false, reason: `the board's short markings are not where the fit puts them (${small.found} of ${small.of} edges found)` }, quality: -Infinity, suspect: false };
      }
      const faces = Object.entries(featureCoverage(fit, best.samples, true)).filter(([id]) => !id.startsWith('surface-'));
      const seenFaces = faces.filter(([, v]) => v >= o.markSeenCoverage).length;
      trace('faces', { seen: seenFaces, of: faces.length, cov: Object.fromEntries(faces) });
      // Far fewer: turned end for end, or on something else.
      if (faces.length >= 2 && seenFaces < o.minFacesSeen * faces.length) {
        return { result: { found: false, reason: `the board's faces and raised edges are not where the fit puts them (${seenFaces} of ${faces.length} found)` }, quality: -Infinity, suspect: false };
      }
      // An open side of the surface (no wall: seen from anywhere) missed is a slide along the board.
      const openSides = Object.entries(coverage).filter(([id]) => id.startsWith('surface-'));
      suspect = suspect || (faces.length >= 2 && seenFaces < o.minMarksSeen * faces.length) || openSides.some(([, v]) => v < o.markSeenCoverage);
      // Few markings tell the board's ends apart: the fit must see its own end better than the
      // same view turned end for end (whose outline is the same).
      if (model.symmetryOrder === 1) {
        const turned = multiply3(fit.boardToImage, rotationAbout(model.centre.xMm, model.centre.yMm, Math.PI));
        const own = judge({ boardToImage: fit.boardToImage, lens: fit.lens });
        const other = judge({ boardToImage: turned, lens: fit.lens });
        trace('end-for-end', { own, other });
        if (!(own > o.endForEndMinRatio * other)) return { result: { found: false, reason: 'the board\'s ends cannot be told apart in this view' }, quality: -Infinity, suspect: false };
      }
    }
    const boardToImage = mostUpright(fit.boardToImage, model);
    const done: Attempt = { result: calibrationResult({ ...fit, boardToImage }, gray, profile, o), quality: quality(best), suspect, fewMarks: marks.length < 2 };
    // A board with few markings: the edges across it may fit better somewhere else along it
    // (the close fit can settle slid or stretched along a long board). Fitted again from
    // there, the fit whose edges across the board are sharper wins (a doubtful fit stays
    // doubtful: the other guesses are still fitted and the best fit found wins).
    if (regrid && marks.length < 2) {
      const g = alongGrid({ boardToImage: fit.boardToImage, lens: fit.lens });
      if (g.score > o.alongGridRefitMinGain * g.here) {
        const again = attempt(g.state, false, false);
        const r = again.result;
        const otherScore = r.found ? alongJudge({ boardToImage: r.boardToImage, lens: r.lens }) : -Infinity;
        trace('along-refit', { gain: g.score / g.here, aMm: g.aMm, k: g.k, found: r.found, own: g.here, other: otherScore });
        if (r.found && otherScore > g.here) return { ...again, suspect: again.suspect || suspect };
        // Clearly better elsewhere, yet no fit holds there: neither place can be trusted.
        if (!r.found && g.score > o.alongGridRefuseGain * g.here) {
          return { result: { found: false, reason: 'the board\'s edges across it fit better elsewhere along it' }, quality: -Infinity, suspect: false };
        }
      }
    }
    // A raised frame's outer top edge lies a wall's thickness beyond its inner one: a fit that
    // took one for the other (or the frame's outline for the surface's) finds neither long
    // side's outer edge. One of them may be faint (in shade), so the better of the two
    // decides; both are faint on a frame the colour of the table, so a fit finding most of
    // the board's edges is trusted without them.
    if (marks.length < 2 && fit.inlierFraction < o.frameOuterTrustInliers) {
      const outer = frameOuterCoverage(gray, fit, profile, cameraCentreMm(fit.camera), { rangePx: o.frameOuterRangePx, minResponse: o.minEdgeResponse, spacingMm: o.frameOuterSpacingMm });
      const longSides = (longAxisY ? [outer.e, outer.w] : [outer.n, outer.s]).filter((v): v is number => v !== undefined);
      trace('frame-outer', { ...outer });
      if (longSides.length === 2 && Math.max(...longSides) < o.frameOuterMinFound) {
        return { result: { found: false, reason: 'the outer edges of the board\'s frame are not where the fit puts them' }, quality: -Infinity, suspect: false };
      }
    }
    return done;
  };
  // A board with few markings, doubtful or finding few of its edges, is fitted closely once
  // more from where the fit ended (its shrinking ranges can stop short of the edges,
  // millimetres off along a long board): the better fit wins, and a fit that no longer holds
  // fitted again from itself is not trusted.
  const polished = (chosen: Attempt): CalibrationResult => {
    const r = chosen.result;
    if (!o.closeFitAgain || !r.found || !chosen.fewMarks || (!chosen.suspect && r.inlierFraction >= o.rectGoodInliers)) return r;
    const again = attempt({ boardToImage: r.boardToImage, lens: r.lens });
    trace('close-fit-again', { found: again.result.found, quality: again.quality, was: chosen.quality, suspect: again.suspect });
    if (!again.result.found) return { found: false, reason: `the fit does not hold when fitted again from where it ended (${again.result.reason})` };
    return again.quality > chosen.quality ? again.result : r;
  };
  // A board in a raised frame whose fit finds few of its edges may have settled a wall's
  // height off (the top or the shadow of a wall taken for its foot), a place the close fit
  // cannot leave: it is fitted closely again from itself moved a little each way (across and
  // along the board, larger and smaller, one side out or in), and the best of those fits, when
  // it holds and fits better, is kept and moved again; where that leads replaces the first fit
  // only when it fits clearly better. (A board with few markings is searched along and
  // across already, see alongGrid and sideGrid: on sjoelbak this found nothing more.)
  const nudged = (r: CalibrationResult): CalibrationResult => {
    if (!r.found || !raisedFrame || fewMarks || r.inlierFraction >= o.nudgeBelowInliers) return r;
    let current = r;
    const startQuality = r.inlierFraction - o.closeFitRmsWeight * r.rmsErrorPx;
    let currentQuality = startQuality;
    const moves = nudgeMoves(whole, o);
    for (let round = 0; round < o.nudgeRounds; round++) {
      // Every move screened by the camera's passes alone (no wall left out or refitted); the
      // best few fitted in full.
      const screened: { start: FitState; quality: number }[] = [];
      for (const move of moves) {
        const start = { boardToImage: multiply3(current.boardToImage, move), lens: current.lens };
        const camera = cameraFrom(start, gray, o);
        const quick = camera && cameraPasses(gray, camera, new Map(), model.samples, o.rectRangesPx, model, o, trace);
        if (quick) screened.push({ start, quality: quality(quick) });
      }
      let best: CameraRefined | null = null;
      for (const { start } of screened.sort((a, b) => b.quality - a.quality).slice(0, o.nudgeFullFits)) {
        const fit = closeFit(start);
        if (fit && (!best || quality(fit) > quality(best))) best = fit;
      }
      if (!best || !(quality(best) >= currentQuality + o.nudgeMinGain)) break;
      // The same checks as any fit, from where the best one ended.
      const a = attempt({ boardToImage: best.fit.boardToImage, lens: best.fit.lens }, false, false);
      trace('nudged', { round, was: currentQuality, best: quality(best), found: a.result.found, quality: a.quality, suspect: a.suspect });
      if (!a.result.found || a.suspect || !(a.quality >= currentQuality + o.nudgeMinGain)) break;
      current = a.result;
      currentQuality = a.quality;
    }
    // Small gains, step by step, can lead from one wrong place to another: only a clearly
    // better fit replaces the fit it came from.
    return currentQuality >= startQuality + o.nudgeMinTotalGain ? current : r;
  };
  // A fit held loosely may have let its lens and focal length trade off against each other
  // into a wrong place that the close fit cannot leave: it is fitted again from its own
  // mapping seen through other lenses, and the best of those fits replaces it when it holds
  // and fits clearly better.
  const relensed = (chosen: Attempt): Attempt => {
    const r = chosen.result;
    if (!r.found || !(r.rmsErrorPx > o.lensRestartAboveRmsPx)) return chosen;
    let best = chosen;
    for (const k1 of o.lensRestartK1) {
      const again = attempt({ boardToImage: r.boardToImage, lens: { ...r.lens, k1, k2: 0 } });
      trace('lens-restart', { k1, found: again.result.found, quality: again.quality, was: chosen.quality, suspect: again.suspect });
      if (again.result.found && !again.suspect && again.quality >= chosen.quality + o.lensRestartMinGain && again.quality > best.quality) best = again;
    }
    return best;
  };
  const firstAttempt = attempt(first.state);
  trace('close-fit-first', { score: first.score, found: firstAttempt.result.found, quality: firstAttempt.quality, suspect: firstAttempt.suspect, reason: firstAttempt.result.found ? undefined : firstAttempt.result.reason });
  if (firstAttempt.result.found && !firstAttempt.suspect) return nudged(polished(relensed(firstAttempt)));
  // A first choice the close fit refuses, or a suspect one: the next best distinct guesses
  // that scored nearly as well are fitted closely too, and the best fit found wins.
  const attempts = [firstAttempt];
  const attempted = [first.state.boardToImage];
  const others = picks.filter((p) => p !== first && p.score >= o.closeFitAlternativeMinScore * first.score).sort((a, b) => b.score - a.score);
  for (const alt of others) {
    if (attempted.length > o.closeFitAlternatives) break;
    if (attempted.some((h) => sameMapping(h, alt.state.boardToImage, model))) continue;
    attempted.push(alt.state.boardToImage);
    const a = attempt(alt.state);
    trace('close-fit-alternative', { score: alt.score, found: a.result.found, quality: a.quality, suspect: a.suspect, reason: a.result.found ? undefined : a.result.reason });
    attempts.push(a);
  }
  // None holds: the best guess's other starts (as it was, after the narrow fit) too.
  if (!attempts.some((a) => a.result.found)) {
    for (const alt of (unpicked.get(first) ?? []).slice(0, o.closeFitUnpickedStarts)) {
      if (attempted.some((h) => sameMapping(h, alt.state.boardToImage, model))) continue;
      attempted.push(alt.state.boardToImage);
      const a = attempt(alt.state);
      trace('close-fit-unpicked', { score: alt.score, found: a.result.found, quality: a.quality, suspect: a.suspect, reason: a.result.found ? undefined : a.result.reason });
      attempts.push(a);
      if (a.result.found && !a.suspect) break;
    }
  }
  // Still none: guesses that scored lower (the sharp score of a view whose outline is faint is low).
  if (!attempts.some((a) => a.result.found)) {
    const rest = picks.filter((p) => p !== first && p.score < o.closeFitAlternativeMinScore * first.score && p.score >= o.closeFitLastResortMinScore * first.score).sort((a, b) => b.score - a.score);
    let n = 0;
    for (const alt of rest) {
      if (n >= o.closeFitLastResorts) break;
      if (attempted.some((h) => sameMapping(h, alt.state.boardToImage, model))) continue;
      attempted.push(alt.state.boardToImage);
      n++;
      const a = attempt(alt.state);
      trace('close-fit-last-resort', { score: alt.score, found: a.result.found, quality: a.quality, suspect: a.suspect, reason: a.result.found ? undefined : a.result.reason });
      attempts.push(a);
      if (a.result.found && !a.suspect) break;
    }
  }
  // Still none, on a board in a raised frame: the best starts moved corner by corner onto the
  // sharpest edges near them (a quad of the frame's top, or of its shadow's edge, puts the
  // board's edges a few pixels beyond the close fit's reach).
  if (raisedFrame && !attempts.some((a) => a.result.found)) {
    const starts = picks.flatMap((p) => [p, ...(unpicked.get(p) ?? [])]).sort((a, b) => b.score - a.score);
    const climbed: number[][] = [];
    let tried = 0;
    climbing: for (const p of starts) {
      if (tried >= o.climbStarts) break;
      tried++;
      // Wide looks first climb far, narrow ones settle on the nearest edges: both are tried.
      for (const rangeFraction of o.climbRangeFractions) {
        const c = climbCorners(p.state, whole, judgeAt, { stepsPx: o.climbStepsPx, rangeFraction, minRangePx: o.climbMinRangePx, maxRounds: o.climbMaxRounds });
        if ([...attempted, ...climbed].some((h) => sameMapping(h, c.boardToImage, model))) continue;
        climbed.push(c.boardToImage);
        const a = attempt(c);
        trace('close-fit-climbed', { start: tried, score: p.score, rangeFraction, found: a.result.found, quality: a.quality, suspect: a.suspect, reason: a.result.found ? undefined : a.result.reason, rms: a.result.found ? a.result.rmsErrorPx : undefined, inliers: a.result.found ? a.result.inlierFraction : undefined, h0: p.state.boardToImage, h: c.boardToImage, lens: c.lens });
        // From a start no outline gave, only a fit with nothing doubtful about it is trusted
        // (not suspect, and as close as a good fit), or one finding most of the board's edges
        // (thin faces missed, or a little rough, it is still on the board; the fits ending
        // elsewhere find far fewer).
        if (a.result.found && ((!a.suspect && a.result.rmsErrorPx <= o.closeFitGoodRmsPx) || a.result.inlierFraction >= o.climbTrustInliers)) {
          attempts.push(a);
          break climbing;
        }
      }
    }
  }
  const found = attempts.filter((a) => a.result.found);
  if (found.length === 0) return firstAttempt.result;
  return nudged(polished(relensed(found.reduce((a, b) => (b.quality > a.quality ? b : a)))));
}


/**
 * The moves of a board (in its own millimetres) a nudged fit starts from: shifted across and
 * along by shares of its width and length, scaled about its centre, and one side moved out or
 * in with the opposite side held (one wall's top or shadow taken for its foot).
 */
function nudgeMoves(whole: Rect, o: Pick<Options, 'nudgeShiftFractions' | 'nudgeScales' | 'nudgeSideFractions'>): number[][] {
  const cx = (whole.minXMm + whole.maxXMm) / 2;
  const cy = (whole.minYMm + whole.maxYMm) / 2;
  const widthMm = whole.maxXMm - whole.minXMm;
  const lengthMm = whole.maxYMm - whole.minYMm;
  // x' = kx x + dx, y' = ky y + dy.
  const move = (kx: number, dx: number, ky: number, dy: number) => [kx, 0, dx, 0, ky, dy, 0, 0, 1];
  return [
    ...o.nudgeShiftFractions.flatMap((f) => [move(1, f * widthMm, 1, 0), move(1, -f * widthMm, 1, 0), move(1, 0, 1, f * lengthMm), move(1, 0, 1, -f * lengthMm)]),
    ...o.nudgeScales.map((k) => move(k, cx * (1 - k), k, cy * (1 - k))),
    ...o.nudgeSideFractions.flatMap((f) =>
      [1 + f, 1 - f].flatMap((k) => [move(k, whole.minXMm * (1 - k), 1, 0), move(k, whole.maxXMm * (1 - k), 1, 0), move(1, 0, k, whole.minYMm * (1 - k)), move(1, 0, k, whole.maxYMm * (1 - k))]),
    ),
  ];
}

/**
 * The close fit of a camera from a mapping: camera passes with shrinking ranges; a side seen
 * from behind its wall is fitted again without it, if the rest still holds the board.
 */
export function closeCameraFit(gray: GrayImage, start: FitState, model: BoardModel, o: Options, trace: Trace = () => {}, focalPx?: number): CameraRefined | null {
  const camera = cameraFrom(start, gray, o, focalPx);
  let fit = camera && cameraPasses(gray, camera, new Map(), model.samples, o.rectRangesPx, model, o, trace);
  if (!fit) return null;
  const hidden = hiddenWalls(gray, fit.fit, fit.samples, model, o);
  if (hidden.length > 0) {
    const again = cameraPasses(gray, fit.fit, fit.fit.polarity, model.samples, o.rectRangesPx, model, o, trace, hidden);
    trace('hidden-walls', { hidden, rms: again?.fit.rmsErrorPx, inliers: again?.fit.inlierFraction });
    if (again) fit = again;
  }
  // A wall's shadow can hold its whole foot a few pixels off and pull the fit with it: each
  // foot of a wall of known height is judged by a fit without it, and left out when its edge
  // is not where that fit puts it.
  const feet = new Set(fit.samples.filter((s) => s.wallFoot && !hidden.includes(s.featureId)).map((s) => s.featureId));
  for (const id of feet) {
    const without = cameraPasses(gray, fit.fit, fit.fit.polarity, model.samples, o.rectRangesPx.slice(-2), model, o, trace, [...hidden, id]);
    if (!without) continue;
    const own = seenByCamera(model.samples.filter((s) => s.featureId === id), without.fit, model, o);
    const e = edgeOffsets(gray, without.fit, own, o.wallTestRangePx, o.minEdgeResponse);
    const off = e.found < o.wallTestMinFound || Math.abs(e.medianPx) > Math.max(o.wallTestMaxOffsetPx, 2.5 * without.fit.rmsErrorPx);
    trace('wall-foot-test', { id, found: e.found, medianPx: e.medianPx, off, rms: without.fit.rmsErrorPx, inliers: without.fit.inlierFraction });
    if (off) {
      hidden.push(id);
      fit = without;
    }
  }
  return fit;
}

/**
 * Outer top edges of a raised rectangular frame (beyond the surface's sides, at the frame's
 * height, seen from anywhere above): per side with a frame, the share of its samples with an
 * edge within `rangePx` of where a fit puts them (seen with the camera at `cameraMm`).
 */
export function frameOuterCoverage(gray: GrayImage, fit: FitState, profile: BoardProfile, cameraMm: { xMm: number; yMm: number; zMm: number }, o: { rangePx: number; minResponse: number; spacingMm: number }): Partial<Record<'s' | 'e' | 'n' | 'w', number>> {
  const s = profile.surface;
  const f = profile.outline;
  const out: Partial<Record<'s' | 'e' | 'n' | 'w', number>> = {};
  if (s.shape !== 'rect' || f.shape !== 'rect' || !f.heightMm) return out;
  const sides = [
    { id: 's', x1: f.minXMm, y1: f.minYMm, x2: f.maxXMm, y2: f.minYMm, nx: 0, ny: -1, marginMm: s.minYMm - f.minYMm },
    { id: 'e', x1: f.maxXMm, y1: f.minYMm, x2: f.maxXMm, y2: f.maxYMm, nx: 1, ny: 0, marginMm: f.maxXMm - s.maxXMm },
    { id: 'n', x1: f.minXMm, y1: f.maxYMm, x2: f.maxXMm, y2: f.maxYMm, nx: 0, ny: 1, marginMm: f.maxYMm - s.maxYMm },
    { id: 'w', x1: f.minXMm, y1: f.minYMm, x2: f.minXMm, y2: f.maxYMm, nx: -1, ny: 0, marginMm: s.minXMm - f.minXMm },
  ] as const;
  for (const side of sides) {
    if (side.marginMm <= 1) continue;
    // Clear of the corners, where the frame's sides meet.
    const samples = segment(`frame-outer-${side.id}`, side.x1, side.y1, side.x2, side.y2, o.spacingMm, 2 * side.marginMm).map((x) => ({ ...x, nxMm: side.nx, nyMm: side.ny, zMm: f.heightMm }));
    const seen = visibleSamples(samples, cameraMm);
    if (seen.length > 0) out[side.id] = edgeOffsets(gray, fit, seen, o.rangePx, o.minResponse).found;
  }
  return out;
}

/**
 * Edges found of all board-plane markings too short for featureCoverage (fewer than 8 samples
 * each). Given an image, samples where the fit puts both sides of the edge at or above
 * `clippedLevel` are left out: in a glare the image is clipped and no edge can show.
 */
export function smallMarkCoverage(fit: PassResult, samples: readonly BoardEdgeSample[], gray?: GrayImage, clippedLevel = Infinity): { found: number; of: number } {
  const total = new Map<string, number>();
  for (const s of samples) if (!s.zMm && !s.facing && !s.onOutline) total.set(s.featureId, (total.get(s.featureId) ?? 0) + 1);
  const ids = new Set([...total].filter(([, n]) => n < 8).map(([id]) => id));
  const left = new Set(gray ? samples.filter((s) => ids.has(s.featureId) && !s.zMm && !s.facing && !s.onOutline && clippedAt(gray, fit, s, clippedLevel)) : []);
  let of = 0;
  for (const id of ids) of += total.get(id)!;
  of -= left.size;
  const found = fit.matches.filter((m) => ids.has(m.sample.featureId) && !left.has(m.sample)).length;
  return { found, of };
}

/**
 * Share of each feature's samples (board-plane features of 8 or more samples) the fit found;
 * given an image, samples clipped on both sides of their edge left out (see clippedAt).
 */
function featureCoverage(fit: PassResult, samples: readonly BoardEdgeSample[], withFaces = false, gray?: GrayImage, clippedLevel = Infinity): Record<string, number> {
  const total = new Map<string, number>();
  const clipped = new Set<BoardEdgeSample>();
  for (const s of samples) {
    if (!(withFaces ? !s.onOutline : !s.zMm && !s.facing && !s.onOutline)) continue;
    if (gray && clippedAt(gray, fit, s, clippedLevel)) clipped.add(s);
    else total.set(s.featureId, (total.get(s.featureId) ?? 0) + 1);
  }
  const found = new Map<string, number>();
  for (const m of fit.matches) if (!clipped.has(m.sample)) found.set(m.sample.featureId, (found.get(m.sample.featureId) ?? 0) + 1);
  const out: Record<string, number> = {};
  for (const [id, n] of total) if (n >= 8) out[id] = +((found.get(id) ?? 0) / n).toFixed(2);
  return out;
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
    camera: cameraEstimateOf(pose),
    rmsErrorPx: fit.rmsErrorPx,
    inlierFraction: fit.inlierFraction,
    pxPerMm: (Math.hypot(cx.x - c.x, cx.y - c.y) + Math.hypot(cy.x - c.x, cy.y - c.y)) / 20,
    widthPx: gray.widthPx,
    heightPx: gray.heightPx,
    profileId: profile.id,
  };
}
