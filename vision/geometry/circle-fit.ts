/** Least-squares circle fits to points (millimetres or pixels alike). */
import { solveLinear } from './homography.ts';

export interface CircleFit {
  x: number;
  y: number;
  r: number;
  /** RMS of the radial residuals. */
  rms: number;
}

/** Algebraic (Kasa) fit, then Gauss-Newton on the geometric distance. Null under 3 points. */
export function fitCircle(points: readonly { x: number; y: number }[]): CircleFit | null {
  const n = points.length;
  if (n < 3) return null;
  let mx = 0;
  let my = 0;
  for (const p of points) {
    mx += p.x;
    my += p.y;
  }
  mx /= n;
  my /= n;
  const A = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const b = [0, 0, 0];
  for (const p of points) {
    const x = p.x - mx;
    const y = p.y - my;
    const row = [x, y, 1];
    const z = -(x * x + y * y);
    for (let i = 0; i < 3; i++) {
      b[i]! += row[i]! * z;
      for (let j = 0; j < 3; j++) A[i]![j]! += row[i]! * row[j]!;
    }
  }
  const s = solveLinear(A, b);
  if (!s) return null;
  let cx = -s[0]! / 2;
  let cy = -s[1]! / 2;
  let r = Math.sqrt(Math.max(0, cx * cx + cy * cy - s[2]!));
  for (let it = 0; it < 10; it++) {
    const JtJ = [
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ];
    const Jtr = [0, 0, 0];
    for (const p of points) {
      const dx = p.x - mx - cx;
      const dy = p.y - my - cy;
      const d = Math.hypot(dx, dy) || 1e-12;
      const res = d - r;
      const J = [-dx / d, -dy / d, -1];
      for (let i = 0; i < 3; i++) {
        Jtr[i]! += J[i]! * res;
        for (let j = 0; j < 3; j++) JtJ[i]![j]! += J[i]! * J[j]!;
      }
    }
    const step = solveLinear(JtJ, Jtr.map((v) => -v));
    if (!step) break;
    cx += step[0]!;
    cy += step[1]!;
    r += step[2]!;
    if (Math.hypot(step[0]!, step[1]!, step[2]!) < 1e-9) break;
  }
  let ss = 0;
  for (const p of points) ss += (Math.hypot(p.x - mx - cx, p.y - my - cy) - r) ** 2;
  return { x: cx + mx, y: cy + my, r, rms: Math.sqrt(ss / n) };
}

/** Centre of a circle of known radius through the points (Gauss-Newton from a start). */
export function fitCircleFixedRadius(points: readonly { x: number; y: number }[], r: number, start: { x: number; y: number }): CircleFit | null {
  if (points.length < 2) return null;
  let cx = start.x;
  let cy = start.y;
  for (let it = 0; it < 15; it++) {
    let a = 0;
    let b = 0;
    let c = 0;
    let g0 = 0;
    let g1 = 0;
    for (const p of points) {
      const dx = p.x - cx;
      const dy = p.y - cy;
      const d = Math.hypot(dx, dy) || 1e-12;
      const res = d - r;
      const j0 = -dx / d;
      const j1 = -dy / d;
      a += j0 * j0;
      b += j0 * j1;
      c += j1 * j1;
      g0 += j0 * res;
      g1 += j1 * res;
    }
    const det = a * c - b * b;
    if (Math.abs(det) < 1e-12) return null;
    const sx = -(c * g0 - b * g1) / det;
    const sy = -(a * g1 - b * g0) / det;
    cx += sx;
    cy += sy;
    if (Math.hypot(sx, sy) < 1e-9) break;
  }
  let ss = 0;
  for (const p of points) ss += (Math.hypot(p.x - cx, p.y - cy) - r) ** 2;
  return { x: cx, y: cy, r, rms: Math.sqrt(ss / points.length) };
}
