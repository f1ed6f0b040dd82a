/**
 * Conics (ellipses as 3x3 symmetric matrices, row-major) and what two concentric circles'
 * images tell: the image of their common centre and of the line at infinity, which together
 * undo the perspective up to a rotation about the centre.
 */
import { invert3, multiply3 } from './homography.ts';

export interface EllipseParams {
  centreXPx: number;
  centreYPx: number;
  /** Semi-axes. */
  a: number;
  b: number;
  angleRad: number;
}

/** x^T C x = 0 for points on the ellipse. */
export function ellipseToConic(e: EllipseParams): number[] {
  const c = Math.cos(e.angleRad);
  const s = Math.sin(e.angleRad);
  const A = (c * c) / (e.a * e.a) + (s * s) / (e.b * e.b);
  const B = c * s * (1 / (e.a * e.a) - 1 / (e.b * e.b));
  const C = (s * s) / (e.a * e.a) + (c * c) / (e.b * e.b);
  const x = e.centreXPx;
  const y = e.centreYPx;
  const D = -(A * x + B * y);
  const E = -(B * x + C * y);
  const F = A * x * x + 2 * B * x * y + C * y * y - 1;
  return [A, B, D, B, C, E, D, E, F];
}

function transpose3(m: readonly number[]): number[] {
  return [m[0]!, m[3]!, m[6]!, m[1]!, m[4]!, m[7]!, m[2]!, m[5]!, m[8]!];
}

/** The conic seen through a homography H (points map x -> H x): C' = H^-T C H^-1. */
export function transformConic(c: readonly number[], h: readonly number[]): number[] | null {
  const hi = invert3(h);
  if (!hi) return null;
  return multiply3(transpose3(hi), multiply3(c, hi));
}

/** Affine map of the unit circle onto a conic that is an ellipse: x = A u + t. */
export function ellipseAffine(c: readonly number[]): { a11: number; a12: number; a21: number; a22: number; tx: number; ty: number } | null {
  const A = c[0]!;
  const B = c[1]!;
  const C = c[4]!;
  const D = c[2]!;
  const E = c[5]!;
  const F = c[8]!;
  const det = A * C - B * B;
  if (!(Math.abs(det) > 1e-300)) return null;
  const tx = -(C * D - B * E) / det;
  const ty = -(A * E - B * D) / det;
  const k = -(F + D * tx + E * ty);
  // (x - t)^T M (x - t) = k with M = [[A,B],[B,C]]; eigen-decompose M / k.
  const m11 = A / k;
  const m12 = B / k;
  const m22 = C / k;
  const tr = m11 + m22;
  const dd = Math.sqrt(Math.max(0, ((m11 - m22) / 2) ** 2 + m12 * m12));
  const l1 = tr / 2 + dd;
  const l2 = tr / 2 - dd;
  if (!(l1 > 0 && l2 > 0)) return null;
  let vx = m12;
  let vy = l1 - m11;
  if (Math.hypot(vx, vy) < 1e-12) {
    vx = 1;
    vy = 0;
  }
  const n = Math.hypot(vx, vy);
  vx /= n;
  vy /= n;
  // Columns: v1 / sqrt(l1), v2 / sqrt(l2) with v2 = v1 rotated by 90 degrees.
  const s1 = 1 / Math.sqrt(l1);
  const s2 = 1 / Math.sqrt(l2);
  return { a11: vx * s1, a21: vy * s1, a12: -vy * s2, a22: vx * s2, tx, ty };
}

/** Real eigenvalues of a 3x3 matrix (roots of its characteristic cubic). */
function eigenvalues3(m: readonly number[]): number[] {
  const [a, b, c, d, e, f, g, h, i] = m as [number, number, number, number, number, number, number, number, number];
  // lambda^3 - p2 lambda^2 + p1 lambda - p0 = 0
  const p2 = a + e + i;
  const p1 = a * e - b * d + a * i - c * g + e * i - f * h;
  const p0 = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  // Depressed cubic via Cardano / trigonometric method.
  const A = -p2;
  const B = p1;
  const C = -p0;
  const Q = (3 * B - A * A) / 9;
  const R = (9 * A * B - 27 * C - 2 * A * A * A) / 54;
  const D = Q * Q * Q + R * R;
  if (D <= 0) {
    const th = Math.acos(Math.max(-1, Math.min(1, R / Math.sqrt(-Q * Q * Q))));
    const s = 2 * Math.sqrt(-Q);
    return [s * Math.cos(th / 3) - A / 3, s * Math.cos((th + 2 * Math.PI) / 3) - A / 3, s * Math.cos((th + 4 * Math.PI) / 3) - A / 3];
  }
  const S = Math.cbrt(R + Math.sqrt(D));
  const T = Math.cbrt(R - Math.sqrt(D));
  return [S + T - A / 3];
}

function nullVector(m: readonly number[], lambda: number): number[] | null {
  const r = [0, 1, 2].map((k) => [m[k * 3]! - (k === 0 ? lambda : 0), m[k * 3 + 1]! - (k === 1 ? lambda : 0), m[k * 3 + 2]! - (k === 2 ? lambda : 0)]);
  let best: number[] | null = null;
  let bestN = 0;
  for (const [p, q] of [
    [0, 1],
    [0, 2],
    [1, 2],
  ] as const) {
    const u = r[p]!;
    const v = r[q]!;
    const x = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
    const n = Math.hypot(...x);
    if (n > bestN) {
      bestN = n;
      best = x;
    }
  }
  return best && bestN > 0 ? best.map((v) => v / bestN) : null;
}

export interface ConcentricView {
  /** Image of the circles' common centre (pixels). */
  centreXPx: number;
  centreYPx: number;
  /** Image of the line at infinity (homogeneous line). */
  vanishingLine: number[];
  /** (inner radius / outer radius)^2, measured. */
  radiusRatioSquared: number;
}

/** From the images of two concentric circles (outer first), the centre and the vanishing line. */
export function concentricView(outer: readonly number[], inner: readonly number[]): ConcentricView | null {
  const oi = invert3(outer);
  if (!oi) return null;
  const m = multiply3(oi, inner);
  const ev = eigenvalues3(m);
  if (ev.length < 3) return null;
  // Two eigenvalues are equal for concentric circles; the odd one out belongs to the centre.
  let odd = 0;
  let bestGap = -1;
  for (let k = 0; k < 3; k++) {
    const others = ev.filter((_, j) => j !== k);
    const gap = Math.abs(ev[k]! - (others[0]! + others[1]!) / 2) - Math.abs(others[0]! - others[1]!);
    if (gap > bestGap) {
      bestGap = gap;
      odd = k;
    }
  }
  const x = nullVector(m, ev[odd]!);
  if (!x || Math.abs(x[2]!) < 1e-12) return null;
  const pairMean = ev.filter((_, j) => j !== odd).reduce((s, v) => s + v, 0) / 2;
  const line = [0, 1, 2].map((r) => outer[r * 3]! * x[0]! + outer[r * 3 + 1]! * x[1]! + outer[r * 3 + 2]! * x[2]!);
  return { centreXPx: x[0]! / x[2]!, centreYPx: x[1]! / x[2]!, vanishingLine: line, radiusRatioSquared: ev[odd]! / pairMean };
}
