/**
 * Fit the board-to-image mapping (a homography plus radial lens distortion) to the edges seen
 * in the image: each model edge sample looks along its image normal for its edge, then a
 * robust least-squares fit moves the mapping to put every sample on its edge. A few passes
 * with shrinking search ranges bring it from a rough guess to a fraction of a pixel.
 */
import type { GrayImage } from '../image/frame.ts';
import { applyHomography, multiply3 } from '../geometry/homography.ts';
import { distortPx, type LensModel } from '../geometry/lens.ts';
import { levenbergMarquardt } from '../geometry/levenberg-marquardt.ts';
import { searchEdge } from './edge-search.ts';
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

interface Observation {
  sample: ModelEdgeSample;
  nx: number;
  ny: number;
  qx: number;
  qy: number;
  response: number;
}

function observe(gray: GrayImage, state: FitState, samples: readonly ModelEdgeSample[], rangePx: number, polarity: Map<string, Polarity>, minResponse: number): Observation[] {
  const out: Observation[] = [];
  for (const s of samples) {
    const p = projectSeen(state, s.xMm, s.yMm);
    const t = projectSeen(state, s.xMm - s.nyMm * 0.5, s.yMm + s.nxMm * 0.5);
    const q = projectSeen(state, s.xMm + s.nxMm, s.yMm + s.nyMm);
    let tx = t.x - p.x;
    let ty = t.y - p.y;
    const tl = Math.hypot(tx, ty);
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
    const pxPerMm = Math.hypot(q.x - p.x, q.y - p.y);
    const hit = searchEdge(gray, p.x, p.y, nx, ny, rangePx, s.kind, s.widthMm * pxPerMm, polarity.get(s.featureId) ?? 0);
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
    const p = projectSeen(state, o.sample.xMm, o.sample.yMm);
    r[i] = o.nx * (p.x - o.qx) + o.ny * (p.y - o.qy);
  }
  return r;
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
}

export function refinePass(gray: GrayImage, start: FitState, samples: readonly ModelEdgeSample[], polarity: Map<string, Polarity>, o: PassOptions): PassResult | null {
  let obs = observe(gray, start, samples, o.rangePx, polarity, o.minResponse);
  if (obs.length < 12) return null;
  const nParams = o.fitLens ? 9 : 8;
  const steps = new Array<number>(nParams).fill(1e-6);
  let state = start;
  for (let round = 0; round < 2; round++) {
    const base = state;
    const cost = (p: readonly number[]) => {
      const r = residuals(obs, stateFromParams(base, o.scaleMm, p, o.fitLens));
      if (!o.holdRotation) return r;
      const out = new Float64Array(r.length + 1);
      out.set(r);
      out[r.length] = 1e4 * (p[1]! - p[3]!);
      return out;
    };
    const fit = levenbergMarquardt(cost, new Array<number>(nParams).fill(0), {
      maxIterations: 20,
      stepScale: steps,
      tolerance: 1e-7,
    });
    state = stateFromParams(base, o.scaleMm, fit.params, o.fitLens);
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
