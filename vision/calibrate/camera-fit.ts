/**
 * Close fit of a camera (pose, focal length, radial lens k1 and k2) to a board's edges: each
 * model edge sample, at its height on the board, looks along its image normal for its edge,
 * then a robust least-squares fit moves the camera to put every sample on its edge. Unlike a
 * free homography, a camera cannot stretch the board one way more than the other, so a fit
 * cannot settle on the wrong one of nested outlines or slide along a long board; and raised
 * edges (a frame's or a bar's top) are seen exactly where the camera sees them.
 */
import { hypot2 } from '../geometry/hypot2.ts';
import { distortPx, type LensModel } from '../geometry/lens.ts';
import { levenbergMarquardt } from '../geometry/levenberg-marquardt.ts';
import { sampleBilinear, type GrayImage } from '../image/frame.ts';
import { cameraHomography, perturbCamera, projectIdeal, type PinholeCamera } from './camera-model.ts';
import { searchEdgeOrBand } from './band-search.ts';
import type { BoardEdgeSample } from './rect-model.ts';
import type { PassResult, Polarity } from './refine-fit.ts';

export interface CameraFitState {
  camera: PinholeCamera;
  lens: LensModel;
  /** Height of the outline's edge above the board (see BoardEdgeSample.onOutline). */
  frameHeightMm?: number;
}

export interface CameraPassResult extends PassResult {
  camera: PinholeCamera;
  frameHeightMm: number;
}

export interface CameraPassOptions {
  rangePx: number;
  fitFocal: boolean;
  /** A weak pull of the focal length: `weight` px (times the root of the edge count) per unit of log focal. */
  focalPrior?: { focalPx: number; weight: number };
  fitK1: boolean;
  fitK2: boolean;
  /** Fit the outline's height too (when outline samples are among those fitted). */
  fitFrame: boolean;
  minResponse: number;
  /**
   * Thin lines too faint at their paint's width are looked for again this many times the blur
   * of the board's step edges wide (see stepBlurPx, searchEdgeOrBand); 0: never.
   */
  blurredLineFactor?: number;
  /** ... when that is at least this wide (px): a little blur the paint's own width sees through. */
  blurredLineMinPx?: number;
  outlierSigmas: number;
  /** Solver iterations per round (12 unless given). */
  maxIterations?: number;
}

/** Height at which a sample's edge stands under a fit state. */
function heightOf(s: BoardEdgeSample, state: CameraFitState): number {
  return s.onOutline ? (state.frameHeightMm ?? 0) : (s.zMm ?? 0);
}

/** Seen (distorted) pixel of a board point at a height. */
export function projectCameraSeen(state: CameraFitState, xMm: number, yMm: number, zMm = 0): { x: number; y: number } {
  const p = projectIdeal(state.camera, xMm, yMm, zMm);
  return distortPx(state.lens, p.x, p.y);
}

interface Observation {
  sample: BoardEdgeSample;
  nx: number;
  ny: number;
  qx: number;
  qy: number;
  response: number;
}

/** Outline samples looked at for the blur: enough for a steady median, few enough to cost nothing. */
const BLUR_SAMPLES = 60;
/** Least step (grey levels) across an edge for its blur to be measured. */
const BLUR_MIN_STEP = 20;

/**
 * Blur of the image at the board's step edges (a Gaussian's sigma, px) where a state puts them:
 * per edge, its step over its steepest slope (a blurred step's slope is step / (sigma sqrt(2 pi)));
 * the median over up to BLUR_SAMPLES edges with a clear step, 0 when fewer than a third have one.
 * A sharp edge reads about 0.4 px (the slope is taken over a pixel).
 */
export function stepBlurPx(gray: GrayImage, state: CameraFitState, samples: readonly BoardEdgeSample[]): number {
  const steps = samples.filter((s) => s.kind === 'step' && !s.zMm && !s.onOutline);
  const every = Math.max(1, Math.floor(steps.length / BLUR_SAMPLES));
  const sigmas: number[] = [];
  let looked = 0;
  for (let i = 0; i < steps.length; i += every) {
    const s = steps[i]!;
    looked++;
    const p = projectCameraSeen(state, s.xMm, s.yMm);
    const q = projectCameraSeen(state, s.xMm + s.nxMm, s.yMm + s.nyMm);
    const l = hypot2(q.x - p.x, q.y - p.y);
    if (!(l > 1e-9)) continue;
    const nx = (q.x - p.x) / l;
    const ny = (q.y - p.y) / l;
    const at = (t: number) => sampleBilinear(gray, p.x + nx * t, p.y + ny * t);
    const step = Math.abs(at(5) + at(6) - at(-5) - at(-6)) / 2;
    let slope = 0;
    for (let t = -3; t <= 3; t += 0.25) slope = Math.max(slope, Math.abs(at(t + 0.5) - at(t - 0.5)));
    if (step >= BLUR_MIN_STEP && slope > 0) sigmas.push(step / slope / Math.sqrt(2 * Math.PI));
  }
  return sigmas.length >= looked / 3 ? median(sigmas) : 0;
}

function observe(gray: GrayImage, state: CameraFitState, samples: readonly BoardEdgeSample[], rangePx: number, polarity: Map<string, Polarity>, o: Pick<CameraPassOptions, 'minResponse' | 'blurredLineFactor' | 'blurredLineMinPx'>): Observation[] {
  const out: Observation[] = [];
  const minResponse = o.minResponse;
  // The blur measured once per pass, and only when a line is too faint at its own width.
  let blurredPx: number | undefined;
  const blurredWidthPx = (): number => {
    if (blurredPx === undefined) {
      const widePx = o.blurredLineFactor ? o.blurredLineFactor * stepBlurPx(gray, state, samples) : 0;
      blurredPx = widePx >= (o.blurredLineMinPx ?? 0) ? widePx : 0;
    }
    return blurredPx;
  };
  for (const s of samples) {
    const z = heightOf(s, state);
    const p = projectCameraSeen(state, s.xMm, s.yMm, z);
    const t = projectCameraSeen(state, s.xMm - s.nyMm * 0.5, s.yMm + s.nxMm * 0.5, z);
    const q = projectCameraSeen(state, s.xMm + s.nxMm, s.yMm + s.nyMm, z);
    let tx = t.x - p.x;
    let ty = t.y - p.y;
    const tl = hypot2(tx, ty);
    if (!(tl > 1e-9)) continue;
    tx /= tl;
    ty /= tl;
    let nx = -ty;
    let ny = tx;
    if (nx * (q.x - p.x) + ny * (q.y - p.y) < 0) {
      nx = -nx;
      ny = -ny;
    }
    const pxPerMm = hypot2(q.x - p.x, q.y - p.y);
    if (!(pxPerMm < 50)) continue;
    const hit = searchEdgeOrBand(gray, p.x, p.y, nx, ny, rangePx, s.kind, s.widthMm * pxPerMm, polarity.get(s.featureId) ?? 0, minResponse, blurredWidthPx);
    if (!hit || Math.abs(hit.response) < minResponse) continue;
    out.push({ sample: s, nx, ny, qx: p.x + nx * hit.offsetPx, qy: p.y + ny * hit.offsetPx, response: hit.response });
  }
  return out;
}

function stateFromParams(base: CameraFitState, p: readonly number[], o: CameraPassOptions): CameraFitState {
  let k = 6;
  const camera = perturbCamera(base.camera, [p[0]!, p[1]!, p[2]!], [p[3]!, p[4]!, p[5]!], o.fitFocal ? p[k++]! : 0);
  const k1 = o.fitK1 ? base.lens.k1 + p[k++]! : base.lens.k1;
  const k2 = o.fitK2 ? base.lens.k2 + p[k++]! : base.lens.k2;
  // In tenths of a metre, so that the parameter is of a radian's size like the others.
  const frameHeightMm = (base.frameHeightMm ?? 0) + (o.fitFrame ? 100 * p[k++]! : 0);
  return { camera, lens: { ...base.lens, k1, k2 }, frameHeightMm };
}

/** The observations as flat arrays, for the residuals the solver evaluates many times. */
interface ObservationArrays {
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  onOutline: Uint8Array;
  nx: Float64Array;
  ny: Float64Array;
  qx: Float64Array;
  qy: Float64Array;
}

function arraysOf(obs: readonly Observation[]): ObservationArrays {
  const n = obs.length;
  const a: ObservationArrays = { x: new Float64Array(n), y: new Float64Array(n), z: new Float64Array(n), onOutline: new Uint8Array(n), nx: new Float64Array(n), ny: new Float64Array(n), qx: new Float64Array(n), qy: new Float64Array(n) };
  obs.forEach((o, i) => {
    a.x[i] = o.sample.xMm;
    a.y[i] = o.sample.yMm;
    a.z[i] = o.sample.zMm ?? 0;
    a.onOutline[i] = o.sample.onOutline ? 1 : 0;
    a.nx[i] = o.nx;
    a.ny[i] = o.ny;
    a.qx[i] = o.qx;
    a.qy[i] = o.qy;
  });
  return a;
}

/**
 * Signed distance (seen pixels) of each observation's projection from its edge; written out, no
 * allocation per point, every constant read once (the solver calls this some 10^4 times a frame).
 */
function residuals(a: ObservationArrays, state: CameraFitState, out = new Float64Array(a.x.length)): Float64Array {
  const { rotation: R, translationMm: t, focalPx: f, centreXPx: cx, centreYPx: cy } = state.camera;
  const L = state.lens;
  const inv = 1 / L.scalePx;
  const frame = state.frameHeightMm ?? 0;
  const R0 = R[0]!, R1 = R[1]!, R2 = R[2]!, R3 = R[3]!, R4 = R[4]!, R5 = R[5]!, R6 = R[6]!, R7 = R[7]!, R8 = R[8]!;
  const t0 = t[0], t1 = t[1], t2 = t[2];
  const lcx = L.centreXPx, lcy = L.centreYPx, k1 = L.k1, k2 = L.k2;
  const { x: ax, y: ay, z: az, onOutline, nx, ny, qx, qy } = a;
  const n = out.length;
  for (let i = 0; i < n; i++) {
    const x = ax[i]!;
    const y = ay[i]!;
    const z = onOutline[i] ? frame : az[i]!;
    const X = R0 * x + R1 * y + R2 * z + t0;
    const Y = R3 * x + R4 * y + R5 * z + t1;
    const Z = R6 * x + R7 * y + R8 * z + t2;
    const u = cx + (f * X) / Z - lcx;
    const v = cy + (f * Y) / Z - lcy;
    const r2 = (u * u + v * v) * inv * inv;
    const k = 1 + k1 * r2 + k2 * r2 * r2;
    out[i] = nx[i]! * (lcx + u * k - qx[i]!) + ny[i]! * (lcy + v * k - qy[i]!);
  }
  return out;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.floor(s.length / 2)]!;
}

/** One pass: observe at the range, fit, drop outliers, fit again. Null when too few edges are found. */
export function cameraPass(gray: GrayImage, start: CameraFitState, samples: readonly BoardEdgeSample[], polarity: Map<string, Polarity>, o: CameraPassOptions): CameraPassResult | null {
  let obs = observe(gray, start, samples, o.rangePx, polarity, o);
  if (obs.length < 12) return null;
  const nParams = 6 + (o.fitFocal ? 1 : 0) + (o.fitK1 ? 1 : 0) + (o.fitK2 ? 1 : 0) + (o.fitFrame ? 1 : 0);
  let state = start;
  // The last round's observations as arrays: the final residuals reuse them when no outlier
  // was dropped after it (the usual case).
  let arrays = arraysOf(obs);
  let arraysOfObs = obs;
  for (let round = 0; round < 2; round++) {
    const base = state;
    const prior = o.fitFocal && o.focalPrior ? o.focalPrior : null;
    if (arraysOfObs !== obs) {
      arrays = arraysOf(obs);
      arraysOfObs = obs;
    }
    const cost = (p: readonly number[]) => {
      const st = stateFromParams(base, p, o);
      if (!prior) return residuals(arrays, st);
      const out = new Float64Array(obs.length + 1);
      residuals(arrays, st, out.subarray(0, obs.length));
      out[obs.length] = prior.weight * Math.sqrt(obs.length) * Math.log(st.camera.focalPx / prior.focalPx);
      return out;
    };
    const fit = levenbergMarquardt(cost, new Array<number>(nParams).fill(0), {
      maxIterations: o.maxIterations ?? 12,
      stepScale: new Array<number>(nParams).fill(1e-6),
      tolerance: 1e-6,
    });
    state = stateFromParams(base, fit.params, o);
    const r = residuals(arrays, state);
    const sigma = Math.max(0.25, 1.4826 * median([...r].map(Math.abs)));
    const keep = obs.filter((_, i) => Math.abs(r[i]!) <= o.outlierSigmas * sigma);
    if (keep.length === obs.length || keep.length < 12) break;
    obs = keep;
  }
  const r = residuals(arraysOfObs === obs ? arrays : arraysOf(obs), state);
  const rms = Math.sqrt(r.reduce((s, v) => s + v * v, 0) / Math.max(1, r.length));
  const votes = new Map<string, number>();
  for (const ob of obs) votes.set(ob.sample.featureId, (votes.get(ob.sample.featureId) ?? 0) + Math.sign(ob.response));
  const learnt = new Map<string, Polarity>();
  for (const [id, v] of votes) learnt.set(id, v > 0 ? 1 : v < 0 ? -1 : 0);
  return {
    camera: state.camera,
    frameHeightMm: state.frameHeightMm ?? 0,
    boardToImage: cameraHomography(state.camera),
    lens: state.lens,
    rmsErrorPx: rms,
    inlierFraction: obs.length / samples.length,
    polarity: learnt,
    matches: obs.map((ob) => ({ sample: ob.sample, xPx: ob.qx, yPx: ob.qy })),
  };
}
