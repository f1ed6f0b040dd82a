/**
 * A fast, wide first fit of a homography to a board's edges, for rough guesses: each model
 * sample looks along its normal for the strongest edge, every found edge point gives one
 * linear equation on the homography (the sample must map onto the line through the point
 * along the edge), and a robust linear solve moves the mapping; repeated with shrinking
 * ranges. The lens is held fixed (found points are undistorted first). Works on a half-size
 * image for the wide ranges, where wood grain is weaker and the search cheaper.
 */
import { applyHomography, invert3, multiply3, solveLinear } from '../geometry/homography.ts';
import { hypot2 } from '../geometry/hypot2.ts';
import { distortPx, undistortPx, type LensModel } from '../geometry/lens.ts';
import type { GrayImage } from '../image/frame.ts';
import { searchEdge } from './edge-search.ts';
import type { ModelEdgeSample } from './model-edges.ts';
import type { FitState } from './refine-fit.ts';

/** Half-size image (2 x 2 box filter); pixel (i, j) covers full-size pixels 2i..2i+1, 2j..2j+1. */
export function halfImage(gray: GrayImage): GrayImage {
  const w = Math.floor(gray.widthPx / 2);
  const h = Math.floor(gray.heightPx / 2);
  const out = new Float32Array(w * h);
  const d = gray.data;
  const W = gray.widthPx;
  for (let y = 0; y < h; y++) {
    const r0 = 2 * y * W;
    const r1 = r0 + W;
    for (let x = 0; x < w; x++) {
      const i = 2 * x;
      out[y * w + x] = 0.25 * (d[r0 + i]! + d[r0 + i + 1]! + d[r1 + i]! + d[r1 + i + 1]!);
    }
  }
  return { data: out, widthPx: w, heightPx: h };
}

/** Full-size pixel coordinates to those of an image `scale` times the size (pixel centres kept). */
function scaling(scale: number): number[] {
  return [scale, 0, 0.5 * scale - 0.5, 0, scale, 0.5 * scale - 0.5, 0, 0, 1];
}

export function scaleState(state: FitState, scale: number): FitState {
  const s = scaling(scale);
  const h = multiply3(s, state.boardToImage);
  const c = applyHomography(s, state.lens.centreXPx, state.lens.centreYPx);
  const lens: LensModel = { ...state.lens, centreXPx: c.x, centreYPx: c.y, scalePx: state.lens.scalePx * scale };
  return { boardToImage: h.map((v) => v / h[8]!), lens };
}

export interface EdgeFit {
  state: FitState;
  /** Share of samples that found an edge and stayed inliers. */
  inlierFraction: number;
  /** RMS distance (pixels of the image fitted) of inliers from their edges. */
  rmsPx: number;
}

interface Obs {
  x: number;
  y: number;
  /** Unit normal in ideal pixels, and n . q for the found point q. */
  nx: number;
  ny: number;
  c: number;
}

function observe(img: GrayImage, state: FitState, samples: readonly ModelEdgeSample[], rangePx: number, minResponse: number): Obs[] {
  const out: Obs[] = [];
  const h = state.boardToImage;
  for (const s of samples) {
    const p = applyHomography(h, s.xMm, s.yMm);
    const q = applyHomography(h, s.xMm + s.nxMm, s.yMm + s.nyMm);
    let nx = q.x - p.x;
    let ny = q.y - p.y;
    const l = hypot2(nx, ny);
    if (!(l > 0 && l < 50)) continue;
    nx /= l;
    ny /= l;
    const ps = distortPx(state.lens, p.x, p.y);
    const qs = distortPx(state.lens, p.x + nx, p.y + ny);
    let sx = qs.x - ps.x;
    let sy = qs.y - ps.y;
    const sl = hypot2(sx, sy);
    if (!(sl > 0)) continue;
    sx /= sl;
    sy /= sl;
    const hit = searchEdge(img, ps.x, ps.y, sx, sy, rangePx, s.kind, s.widthMm * l * sl, 0);
    if (!hit || Math.abs(hit.response) < minResponse) continue;
    const f = undistortPx(state.lens, ps.x + sx * hit.offsetPx, ps.y + sy * hit.offsetPx);
    out.push({ x: s.xMm, y: s.yMm, nx, ny, c: nx * f.x + ny * f.y });
  }
  return out;
}

/** Signed distance (ideal pixels) of each sample's image from its edge line. */
function distances(h: readonly number[], obs: readonly Obs[]): Float64Array {
  const r = new Float64Array(obs.length);
  for (let i = 0; i < obs.length; i++) {
    const o = obs[i]!;
    const p = applyHomography(h, o.x, o.y);
    r[i] = o.nx * p.x + o.ny * p.y - o.c;
  }
  return r;
}

/**
 * Least-squares homography from point-on-line constraints, in normalised coordinates, each
 * equation weighted by 1 / w of the current mapping (so that it measures pixels).
 */
function solve(h0: readonly number[], obs: readonly Obs[], board: { cx: number; cy: number; s: number }, image: { cx: number; cy: number; s: number }): number[] | null {
  const Nb = [1 / board.s, 0, -board.cx / board.s, 0, 1 / board.s, -board.cy / board.s, 0, 0, 1];
  const NbInv = [board.s, 0, board.cx, 0, board.s, board.cy, 0, 0, 1];
  const Ni = [1 / image.s, 0, -image.cx / image.s, 0, 1 / image.s, -image.cy / image.s, 0, 0, 1];
  const NiInv = [image.s, 0, image.cx, 0, image.s, image.cy, 0, 0, 1];
  const g0 = multiply3(Ni, multiply3(h0, NbInv));
  const AtA = Array.from({ length: 8 }, () => new Array<number>(8).fill(0));
  const Atb = new Array<number>(8).fill(0);
  const row = new Array<number>(8);
  for (const o of obs) {
    const x = (o.x - board.cx) / board.s;
    const y = (o.y - board.cy) / board.s;
    // The line n . q = c in normalised image coordinates: n . q' = (c - n . ic) / s.
    const c = (o.c - o.nx * image.cx - o.ny * image.cy) / image.s;
    const w = g0[6]! * x + g0[7]! * y + g0[8]!;
    const wt = 1 / (w * w);
    row[0] = o.nx * x;
    row[1] = o.nx * y;
    row[2] = o.nx;
    row[3] = o.ny * x;
    row[4] = o.ny * y;
    row[5] = o.ny;
    row[6] = -c * x;
    row[7] = -c * y;
    // With g33 = g0's: keep the scale of the current mapping.
    const rhs = c * g0[8]!;
    for (let i = 0; i < 8; i++) {
      Atb[i]! += wt * row[i]! * rhs;
      for (let j = i; j < 8; j++) AtA[i]![j]! += wt * row[i]! * row[j]!;
    }
  }
  for (let i = 0; i < 8; i++) for (let j = 0; j < i; j++) AtA[i]![j] = AtA[j]![i]!;
  // A little pull towards the current mapping keeps directions no edge fixes where they are.
  const lambda = 1e-6 * AtA.reduce((s, r, i) => s + r[i]!, 0);
  for (let i = 0; i < 8; i++) {
    AtA[i]![i]! += lambda;
    Atb[i]! += lambda * g0[i]!;
  }
  const g = solveLinear(AtA, Atb);
  if (!g) return null;
  const h = multiply3(NiInv, multiply3([...g, g0[8]!], Nb));
  return h.every(Number.isFinite) ? h.map((v) => v / h[8]!) : null;
}

export interface EdgeFitOptions {
  /** Search ranges, one robust solve each (pixels of `img`). */
  rangesPx: readonly number[];
  minResponse: number;
  outlierSigmas: number;
  /** Extent of the board (mm) for normalising. */
  centreMm: { xMm: number; yMm: number };
  scaleMm: number;
  /** Whether a mapping is still a view of the board. */
  plausible: (h: readonly number[]) => boolean;
  /** Optional: moves each solved mapping onto the views allowed (e.g. a real camera's); null rejects it. */
  constrain?: (h: readonly number[]) => number[] | null;
}

/** Fit `state` (in `img`'s pixels) to the edges of `samples`, with shrinking ranges. */
export function fitToEdges(img: GrayImage, state: FitState, samples: readonly ModelEdgeSample[], o: EdgeFitOptions): EdgeFit | null {
  const board = { cx: o.centreMm.xMm, cy: o.centreMm.yMm, s: o.scaleMm };
  const image = { cx: img.widthPx / 2, cy: img.heightPx / 2, s: Math.hypot(img.widthPx, img.heightPx) / 2 };
  let h = [...state.boardToImage];
  let last: EdgeFit | null = null;
  for (const rangePx of o.rangesPx) {
    let obs = observe(img, { boardToImage: h, lens: state.lens }, samples, rangePx, o.minResponse);
    if (obs.length < 12) return last;
    for (let round = 0; round < 3; round++) {
      const solved = solve(h, obs, board, image);
      const next = solved && o.constrain ? o.constrain(solved) : solved;
      if (!next || !o.plausible(next)) return last;
      h = next;
      const r = distances(h, obs);
      const abs = Array.from(r, Math.abs).sort((a, b) => a - b);
      const sigma = Math.max(0.3, 1.4826 * abs[Math.floor(abs.length / 2)]!);
      const keep = obs.filter((_, i) => Math.abs(r[i]!) <= o.outlierSigmas * sigma);
      if (keep.length === obs.length || keep.length < 12) break;
      obs = keep;
    }
    const r = distances(h, obs);
    let ss = 0;
    for (const v of r) ss += v * v;
    last = { state: { boardToImage: h, lens: state.lens }, inlierFraction: obs.length / samples.length, rmsPx: Math.sqrt(ss / Math.max(1, r.length)) };
  }
  return last;
}

/** The inverse of `scaleState`. */
export function unscaleState(state: FitState, scale: number): FitState {
  const s = invert3(scaling(scale))!;
  const h = multiply3(s, state.boardToImage);
  const c = applyHomography(s, state.lens.centreXPx, state.lens.centreYPx);
  return { boardToImage: h.map((v) => v / h[8]!), lens: { ...state.lens, centreXPx: c.x, centreYPx: c.y, scalePx: state.lens.scalePx / scale } };
}
