/**
 * Board-to-image homography (and optionally the lens' k1) fitted to point pairs by
 * least squares on the seen pixels: the points are where the lens shows them, so the lens is
 * part of the model rather than undone first.
 */
import { applyHomography, homographyFromPairs, solveLinear } from '../../geometry/homography.ts';
import { distortPx, noLens, type LensModel } from '../../geometry/lens.ts';

export interface BoardImagePair {
  xMm: number;
  yMm: number;
  /** Where the point is seen (distorted pixels). */
  xPx: number;
  yPx: number;
}

export interface HomographyLensFit {
  boardToImage: number[];
  lens: LensModel;
  /** Per pair: distance from where the model puts it to where it was seen. */
  residualsPx: number[];
  rmsErrorPx: number;
}

export interface HomographyLensOptions {
  fitLens: boolean;
  /** Pull of k1 towards 0, in pixels of residual per unit of k1 (keeps a weak fit sane). */
  lensPriorPxPerK1: number;
  iterations: number;
  /** Per pair weight (robust refits); 1 when absent. */
  weights?: readonly number[];
}

function seenPx(h: readonly number[], lens: LensModel, xMm: number, yMm: number): { x: number; y: number } {
  const p = applyHomography(h, xMm, yMm);
  return distortPx(lens, p.x, p.y);
}

function residuals(params: readonly number[], pairs: readonly BoardImagePair[], lens0: LensModel, o: HomographyLensOptions): number[] {
  const h = [...params.slice(0, 8), 1];
  const lens = { ...lens0, k1: o.fitLens ? params[8]! : 0 };
  const out: number[] = [];
  pairs.forEach((p, i) => {
    const q = seenPx(h, lens, p.xMm, p.yMm);
    const w = Math.sqrt(o.weights?.[i] ?? 1);
    out.push(w * (q.x - p.xPx), w * (q.y - p.yPx));
  });
  if (o.fitLens) out.push(params[8]! * o.lensPriorPxPerK1);
  return out;
}

export function fitHomographyLens(pairs: readonly BoardImagePair[], widthPx: number, heightPx: number, o: HomographyLensOptions): HomographyLensFit | null {
  const start = homographyFromPairs(pairs.map((p) => ({ from: { x: p.xMm, y: p.yMm }, to: { x: p.xPx, y: p.yPx } })));
  if (!start) return null;
  const lens0 = noLens(widthPx, heightPx);
  let params = [...start.slice(0, 8).map((v) => v / start[8]!), ...(o.fitLens ? [0] : [])];
  let r = residuals(params, pairs, lens0, o);
  let cost = r.reduce((s, v) => s + v * v, 0);
  let lambda = 1e-3;
  // Levenberg-Marquardt with a numeric Jacobian: a few dozen points and nine unknowns.
  for (let it = 0; it < o.iterations; it++) {
    const n = params.length;
    const J: number[][] = [];
    for (let k = 0; k < n; k++) {
      const step = Math.max(1e-9, Math.abs(params[k]!) * 1e-6);
      const pp = [...params];
      pp[k]! += step;
      const rp = residuals(pp, pairs, lens0, o);
      J.push(rp.map((v, i) => (v - r[i]!) / step));
    }
    const JtJ = Array.from({ length: n }, (_, a) => Array.from({ length: n }, (_, b) => J[a]!.reduce((s, v, i) => s + v * J[b]![i]!, 0)));
    const Jtr = Array.from({ length: n }, (_, a) => J[a]!.reduce((s, v, i) => s + v * r[i]!, 0));
    let improved = false;
    for (let tries = 0; tries < 8 && !improved; tries++) {
      const A = JtJ.map((row, a) => row.map((v, b) => (a === b ? v * (1 + lambda) + 1e-18 : v)));
      const delta = solveLinear(A, Jtr.map((v) => -v));
      if (!delta) break;
      const next = params.map((v, k) => v + delta[k]!);
      const rn = residuals(next, pairs, lens0, o);
      const cn = rn.reduce((s, v) => s + v * v, 0);
      if (cn < cost) {
        const small = cost - cn < 1e-12 * (1 + cost);
        params = next;
        r = rn;
        cost = cn;
        lambda = Math.max(1e-9, lambda / 4);
        improved = true;
        if (small) it = o.iterations;
      } else lambda *= 8;
    }
    if (!improved) break;
  }
  const boardToImage = [...params.slice(0, 8), 1];
  const lens = { ...lens0, k1: o.fitLens ? params[8]! : 0 };
  const residualsPx = pairs.map((p) => {
    const q = seenPx(boardToImage, lens, p.xMm, p.yMm);
    return Math.hypot(q.x - p.xPx, q.y - p.yPx);
  });
  const rmsErrorPx = Math.sqrt(residualsPx.reduce((s, v) => s + v * v, 0) / Math.max(1, residualsPx.length));
  return { boardToImage, lens, residualsPx, rmsErrorPx };
}
