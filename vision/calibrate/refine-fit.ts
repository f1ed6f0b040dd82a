/**
 * Fit the board-to-image mapping (a homography plus radial lens distortion) to the edges seen
 * in the image: each model edge sample looks along its image normal for its edge, then a
 * robust least-squares fit moves the mapping to put every sample on its edge. A few passes
 * with shrinking search ranges bring it from a rough guess to a fraction of a pixel.
 */
import type { GrayImage } from '../image/frame.ts';
import { applyHomography, multiply3, solveLinear } from '../geometry/homography.ts';
import { hypot2 } from '../geometry/hypot2.ts';
import { distortPx, type LensModel } from '../geometry/lens.ts';
import { searchEdgeOrWider } from './edge-search.ts';
import type { ModelEdgeSample } from './model-edges.ts';

export type Polarity = -1 | 0 | 1;

export interface FitState {
  boardToImage: number[];
  lens: LensModel;
}

export interface PassResult extends FitState {
  rmsErrorPx: number;
  inlierFraction: number;
  /** Response sign per feature, learnt from the edges found. */
  polarity: Map<string, Polarity>;
  /** Inlier samples and where their edge was found (seen pixels), for drawing and diagnostics. */
  matches: { sample: ModelEdgeSample; xPx: number; yPx: number }[];
}

export function projectSeen(state: FitState, xMm: number, yMm: number): { x: number; y: number } {
  const p = applyHomography(state.boardToImage, xMm, yMm);
  return distortPx(state.lens, p.x, p.y);
}

/**
 * projectSeen's arithmetic, written out, into `out`: the passes and the alignment scores
 * project every sample two or three times, where a new point per call cost more in garbage
 * collection than the arithmetic.
 */
export function projectSeenInto(state: FitState, xMm: number, yMm: number, out: { x: number; y: number }): void {
  const h = state.boardToImage;
  const lens = state.lens;
  const w = h[6]! * xMm + h[7]! * yMm + h[8]!;
  const dx = ((h[0]! * xMm + h[1]! * yMm + h[2]!) / w - lens.centreXPx) / lens.scalePx;
  const dy = ((h[3]! * xMm + h[4]! * yMm + h[5]!) / w - lens.centreYPx) / lens.scalePx;
  const r2 = dx * dx + dy * dy;
  const f = 1 + lens.k1 * r2 + lens.k2 * r2 * r2;
  out.x = lens.centreXPx + dx * f * lens.scalePx;
  out.y = lens.centreYPx + dy * f * lens.scalePx;
}

// Scratch points of observe and residuals (see projectSeenInto).
const seenP = { x: 0, y: 0 };
const seenT = { x: 0, y: 0 };
const seenQ = { x: 0, y: 0 };

interface Observation {
  sample: ModelEdgeSample;
  nx: number;
  ny: number;
  qx: number;
  qy: number;
  response: number;
}

function observe(gray: GrayImage, state: FitState, samples: readonly ModelEdgeSample[], rangePx: number, polarity: Map<string, Polarity>, minResponse: number, faintLineWidthPx: number): Observation[] {
  const out: Observation[] = [];
  const widerPx = () => faintLineWidthPx;
  for (const s of samples) {
    const p = seenP;
    const t = seenT;
    const q = seenQ;
    projectSeenInto(state, s.xMm, s.yMm, p);
    projectSeenInto(state, s.xMm - s.nyMm * 0.5, s.yMm + s.nxMm * 0.5, t);
    projectSeenInto(state, s.xMm + s.nxMm, s.yMm + s.nyMm, q);
    let tx = t.x - p.x;
    let ty = t.y - p.y;
    const tl = hypot2(tx, ty);
    if (!(tl > 1e-9)) continue;
    tx /= tl;
    ty /= tl;
    let nx = -ty;
    let ny = tx;
    // Keep the image normal pointing the same way as the board normal.
    if (nx * (q.x - p.x) + ny * (q.y - p.y) < 0) {
      nx = -nx;
      ny = -ny;
    }
    const pxPerMm = hypot2(q.x - p.x, q.y - p.y);
    // (A faint line again wider: see PassOptions.faintLineWidthPx.)
    const hit = searchEdgeOrWider(gray, p.x, p.y, nx, ny, rangePx, s.kind, s.widthMm * pxPerMm, polarity.get(s.featureId) ?? 0, minResponse, widerPx);
    if (!hit || Math.abs(hit.response) < minResponse) continue;
    out.push({ sample: s, nx, ny, qx: p.x + nx * hit.offsetPx, qy: p.y + ny * hit.offsetPx, response: hit.response });
  }
  return out;
}

/** Parameters: 8 corrections to the homography in normalised board units, then k1. */
function stateFromParams(base: FitState, scaleMm: number, p: readonly number[], fitLens: boolean): FitState {
  const n = [1 / scaleMm, 0, 0, 0, 1 / scaleMm, 0, 0, 0, 1];
  const nInv = [scaleMm, 0, 0, 0, scaleMm, 0, 0, 0, 1];
  const d = [1 + p[0]!, p[1]!, p[2]!, p[3]!, 1 + p[4]!, p[5]!, p[6]!, p[7]!, 1];
  const h = multiply3(base.boardToImage, multiply3(nInv, multiply3(d, n)));
  const lens = fitLens ? { ...base.lens, k1: base.lens.k1 + p[8]! } : base.lens;
  return { boardToImage: h.map((v) => v / h[8]!), lens };
}

function residuals(obs: readonly Observation[], state: FitState): Float64Array {
  const r = new Float64Array(obs.length);
  for (let i = 0; i < obs.length; i++) {
    const o = obs[i]!;
    const p = seenP;
    projectSeenInto(state, o.sample.xMm, o.sample.yMm, p);
    r[i] = o.nx * (p.x - o.qx) + o.ny * (p.y - o.qy);
  }
  return r;
}

/** The observations as flat arrays, board points normalised by the fit's scale. */
interface FlatObservations {
  count: number;
  xN: Float64Array;
  yN: Float64Array;
  nx: Float64Array;
  ny: Float64Array;
  qx: Float64Array;
  qy: Float64Array;
}

function flatten(obs: readonly Observation[], scaleMm: number): FlatObservations {
  const count = obs.length;
  const f = { count, xN: new Float64Array(count), yN: new Float64Array(count), nx: new Float64Array(count), ny: new Float64Array(count), qx: new Float64Array(count), qy: new Float64Array(count) };
  for (let i = 0; i < count; i++) {
    const o = obs[i]!;
    f.xN[i] = o.sample.xMm / scaleMm;
    f.yN[i] = o.sample.yMm / scaleMm;
    f.nx[i] = o.nx;
    f.ny[i] = o.ny;
    f.qx[i] = o.qx;
    f.qy[i] = o.qy;
  }
  return f;
}

/** Weight of the residual that holds the rotation (see PassOptions.holdRotation). */
const HOLD_ROTATION_WEIGHT = 1e4;

/**
 * Sum of squared residuals at parameters `p` (see stateFromParams); with `jtj`/`jtr` given,
 * also the normal equations from the exact derivatives (the mapping is a product of small
 * matrices and the lens a polynomial, so they come cheaply in the same pass).
 */
function costAt(f: FlatObservations, m: readonly number[], lens: LensModel, p: readonly number[], o: PassOptions, jtj?: Float64Array, jtr?: Float64Array): number {
  const nP = o.fitLens ? 9 : 8;
  const k1 = o.fitLens ? lens.k1 + p[8]! : lens.k1;
  const k2 = lens.k2;
  const cx = lens.centreXPx;
  const cy = lens.centreYPx;
  const sc = lens.scalePx;
  const d0 = 1 + p[0]!, d1 = p[1]!, d2 = p[2]!, d3 = p[3]!, d4 = 1 + p[4]!, d5 = p[5]!, d6 = p[6]!, d7 = p[7]!;
  const m0 = m[0]!, m1 = m[1]!, m2 = m[2]!, m3 = m[3]!, m4 = m[4]!, m5 = m[5]!, m6 = m[6]!, m7 = m[7]!, m8 = m[8]!;
  const row = new Float64Array(9);
  if (jtj) {
    jtj.fill(0);
    jtr!.fill(0);
  }
  let cost = 0;
  for (let i = 0; i < f.count; i++) {
    const x = f.xN[i]!;
    const y = f.yN[i]!;
    // v = D (x, y, 1); u = M v; ideal pixel = (u0, u1) / u2.
    const v0 = d0 * x + d1 * y + d2;
    const v1 = d3 * x + d4 * y + d5;
    const v2 = d6 * x + d7 * y + 1;
    const u0 = m0 * v0 + m1 * v1 + m2 * v2;
    const u1 = m3 * v0 + m4 * v1 + m5 * v2;
    const u2 = m6 * v0 + m7 * v1 + m8 * v2;
    const X = u0 / u2;
    const Y = u1 / u2;
    const dx = (X - cx) / sc;
    const dy = (Y - cy) / sc;
    const r2 = dx * dx + dy * dy;
    const g = 1 + k1 * r2 + k2 * r2 * r2;
    const nx = f.nx[i]!;
    const ny = f.ny[i]!;
    const r = nx * (cx + dx * g * sc - f.qx[i]!) + ny * (cy + dy * g * sc - f.qy[i]!);
    cost += r * r;
    if (!jtj) continue;
    // d r / d (X, Y) through the lens, then through the division by u2 to d r / d u.
    const gp = 2 * (k1 + 2 * k2 * r2);
    const dPxdX = g + gp * dx * dx;
    const dPxdY = gp * dx * dy;
    const dPydY = g + gp * dy * dy;
    const rX = nx * dPxdX + ny * dPxdY;
    const rY = nx * dPxdY + ny * dPydY;
    const ru0 = rX / u2;
    const ru1 = rY / u2;
    const ru2 = -(rX * X + rY * Y) / u2;
    // d u / d v is M's columns; v's derivatives are (x, y, 1) in each row of D.
    const rv0 = ru0 * m0 + ru1 * m3 + ru2 * m6;
    const rv1 = ru0 * m1 + ru1 * m4 + ru2 * m7;
    const rv2 = ru0 * m2 + ru1 * m5 + ru2 * m8;
    row[0] = rv0 * x;
    row[1] = rv0 * y;
    row[2] = rv0;
    row[3] = rv1 * x;
    row[4] = rv1 * y;
    row[5] = rv1;
    row[6] = rv2 * x;
    row[7] = rv2 * y;
    if (nP === 9) row[8] = nx * dx * r2 * sc + ny * dy * r2 * sc;
    for (let a = 0; a < nP; a++) {
      const ja = row[a]!;
      jtr![a]! += ja * r;
      for (let b = a; b < nP; b++) jtj[a * nP + b]! += ja * row[b]!;
    }
  }
  if (o.holdRotation) {
    const r = HOLD_ROTATION_WEIGHT * (p[1]! - p[3]!);
    cost += r * r;
    if (jtj) {
      jtr![1]! += HOLD_ROTATION_WEIGHT * r;
      jtr![3]! -= HOLD_ROTATION_WEIGHT * r;
      jtj[1 * nP + 1]! += HOLD_ROTATION_WEIGHT * HOLD_ROTATION_WEIGHT;
      jtj[3 * nP + 3]! += HOLD_ROTATION_WEIGHT * HOLD_ROTATION_WEIGHT;
      jtj[1 * nP + 3]! -= HOLD_ROTATION_WEIGHT * HOLD_ROTATION_WEIGHT;
    }
  }
  return cost;
}

export const REFINE_SOLVER_DEFAULTS = {
  maxIterations: 20,
  /** Stop when the cost improves by less than this fraction. */
  tolerance: 1e-7,
};

/**
 * Levenberg-Marquardt over the parameters of stateFromParams, from zero. Damping also adds a
 * share of the mean curvature, so a direction the data does not fix (a rotation of round
 * markings) takes no step instead of a wild one.
 */
function solveParams(f: FlatObservations, base: FitState, o: PassOptions): number[] {
  const nP = o.fitLens ? 9 : 8;
  const m = multiply3(base.boardToImage, [o.scaleMm, 0, 0, 0, o.scaleMm, 0, 0, 0, 1]);
  // The normal equations at p, and at the step tried: a step taken brings its own, so the
  // next iteration does not go over the observations again for them.
  let jtj = new Float64Array(nP * nP);
  let jtr = new Float64Array(nP);
  let trialJtj = new Float64Array(nP * nP);
  let trialJtr = new Float64Array(nP);
  let p = new Array<number>(nP).fill(0);
  let cost = costAt(f, m, base.lens, p, o, jtj, jtr);
  let lambda = 1e-3;
  for (let it = 0; it < REFINE_SOLVER_DEFAULTS.maxIterations; it++) {
    let meanDiag = 0;
    for (let a = 0; a < nP; a++) meanDiag += jtj[a * nP + a]!;
    meanDiag /= nP;
    let improved = false;
    for (let tries = 0; tries < 10; tries++) {
      const A: number[][] = [];
      for (let a = 0; a < nP; a++) {
        const rowA = new Array<number>(nP);
        for (let b = 0; b < nP; b++) {
          const v = a <= b ? jtj[a * nP + b]! : jtj[b * nP + a]!;
          rowA[b] = a === b ? v * (1 + lambda) + lambda * meanDiag + 1e-12 : v;
        }
        A.push(rowA);
      }
      const delta = solveLinear(A, Array.from(jtr, (v) => -v));
      if (!delta) {
        lambda *= 10;
        continue;
      }
      const q = p.map((v, i) => v + delta[i]!);
      const cq = costAt(f, m, base.lens, q, o, trialJtj, trialJtr);
      if (cq < cost) {
        const gain = (cost - cq) / Math.max(cost, 1e-300);
        p = q;
        cost = cq;
        [jtj, trialJtj] = [trialJtj, jtj];
        [jtr, trialJtr] = [trialJtr, jtr];
        lambda = Math.max(lambda / 10, 1e-9);
        improved = true;
        if (gain < REFINE_SOLVER_DEFAULTS.tolerance) return p;
        break;
      }
      lambda *= 10;
    }
    if (!improved) break;
  }
  return p;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.floor(s.length / 2)]!;
}

export interface PassOptions {
  rangePx: number;
  fitLens: boolean;
  minResponse: number;
  outlierSigmas: number;
  /** Board extent used to normalise the parameters (e.g. the outline radius). */
  scaleMm: number;
  /**
   * Hold the rotation about the board origin: round markings alone do not fix it, and
   * point-to-edge distances then let the fit slide into a rotated, scaled mapping.
   */
  holdRotation: boolean;
  /**
   * A painted line too faint at its own width is looked for again this wide (px; 0: not): a
   * blurred image (motion, focus) spreads a line of a pixel or two into a shallow dip several
   * pixels wide, which a filter of the paint's width barely sees (see band-search.ts).
   */
  faintLineWidthPx?: number;
}

export function refinePass(gray: GrayImage, start: FitState, samples: readonly ModelEdgeSample[], polarity: Map<string, Polarity>, o: PassOptions): PassResult | null {
  let obs = observe(gray, start, samples, o.rangePx, polarity, o.minResponse, o.faintLineWidthPx ?? 0);
  if (obs.length < 12) return null;
  let state = start;
  for (let round = 0; round < 2; round++) {
    const base = state;
    const params = solveParams(flatten(obs, o.scaleMm), base, o);
    state = stateFromParams(base, o.scaleMm, params, o.fitLens);
    const r = residuals(obs, state);
    const sigma = Math.max(0.25, 1.4826 * median([...r].map(Math.abs)));
    const keep = obs.filter((_, i) => Math.abs(r[i]!) <= o.outlierSigmas * sigma);
    if (keep.length === obs.length || keep.length < 12) break;
    obs = keep;
  }
  const r = residuals(obs, state);
  const rms = Math.sqrt(r.reduce((s, v) => s + v * v, 0) / Math.max(1, r.length));
  // Learn each feature's polarity from the majority of its responses.
  const votes = new Map<string, number>();
  for (const ob of obs) votes.set(ob.sample.featureId, (votes.get(ob.sample.featureId) ?? 0) + Math.sign(ob.response));
  const learnt = new Map<string, Polarity>();
  for (const [id, v] of votes) learnt.set(id, v > 0 ? 1 : v < 0 ? -1 : 0);
  return {
    ...state,
    rmsErrorPx: rms,
    inlierFraction: obs.length / samples.length,
    polarity: learnt,
    matches: obs.map((ob) => ({ sample: ob.sample, xPx: ob.qx, yPx: ob.qy })),
  };
}
