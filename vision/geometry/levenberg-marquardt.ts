/**
 * A small Levenberg-Marquardt least-squares solver with a numeric Jacobian: enough for a
 * homography plus a lens term fitted to a few thousand edge residuals.
 */
import { solveLinear } from './homography.ts';

export interface LmOptions {
  maxIterations: number;
  /** Relative step for the numeric derivative of each parameter. */
  stepScale: number[];
  /** Stop when the cost improves by less than this fraction. */
  tolerance: number;
}

export interface LmResult {
  params: number[];
  cost: number;
  iterations: number;
}

/** Minimise sum(residuals(params)^2). `residuals` must return a fixed-length array. */
export function levenbergMarquardt(residuals: (p: readonly number[]) => Float64Array, start: readonly number[], options: LmOptions): LmResult {
  let p = [...start];
  let r = residuals(p);
  let cost = sumSq(r);
  let lambda = 1e-3;
  const n = p.length;
  let it = 0;
  for (; it < options.maxIterations; it++) {
    const J: Float64Array[] = [];
    for (let k = 0; k < n; k++) {
      const step = options.stepScale[k]!;
      const q = [...p];
      q[k]! += step;
      const rk = residuals(q);
      const col = new Float64Array(r.length);
      for (let i = 0; i < r.length; i++) col[i] = (rk[i]! - r[i]!) / step;
      J.push(col);
    }
    const JtJ = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    const Jtr = new Array<number>(n).fill(0);
    // Each sum in a local and each column taken out of the list once: these loops run over
    // every residual for every pair of parameters, the solver's largest cost (same sums, same order).
    const m = r.length;
    for (let a = 0; a < n; a++) {
      const ja = J[a]!;
      let g = 0;
      for (let i = 0; i < m; i++) g += ja[i]! * r[i]!;
      Jtr[a] = g;
      for (let b = a; b < n; b++) {
        const jb = J[b]!;
        let s = 0;
        for (let i = 0; i < m; i++) s += ja[i]! * jb[i]!;
        JtJ[a]![b] = s;
        JtJ[b]![a] = s;
      }
    }
    let improved = false;
    // Damping also adds a share of the mean curvature, so a direction the data does not fix
    // (a rotation of round markings) takes no step instead of a wild one.
    const meanDiag = JtJ.reduce((s, row, i) => s + row[i]!, 0) / n;
    for (let tries = 0; tries < 10; tries++) {
      const A = JtJ.map((row, i) => row.map((v, j) => (i === j ? v * (1 + lambda) + lambda * meanDiag + 1e-12 : v)));
      const delta = solveLinear(A, Jtr.map((v) => -v));
      if (!delta) {
        lambda *= 10;
        continue;
      }
      const q = p.map((v, i) => v + delta[i]!);
      const rq = residuals(q);
      const cq = sumSq(rq);
      if (cq < cost) {
        const gain = (cost - cq) / Math.max(cost, 1e-300);
        p = q;
        r = rq;
        cost = cq;
        lambda = Math.max(lambda / 10, 1e-9);
        improved = true;
        if (gain < options.tolerance) return { params: p, cost, iterations: it + 1 };
        break;
      }
      lambda *= 10;
    }
    if (!improved) break;
  }
  return { params: p, cost, iterations: it };
}

function sumSq(r: Float64Array): number {
  let s = 0;
  for (let i = 0; i < r.length; i++) s += r[i]! * r[i]!;
  return s;
}
