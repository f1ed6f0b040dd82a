/**
 * Plane-to-plane homographies as row-major arrays of 9 numbers, and the small linear algebra
 * they need. Board-to-image maps board millimetres to (undistorted) image pixels.
 */
export type Mat3 = number[];

export function applyHomography(h: readonly number[], x: number, y: number): { x: number; y: number } {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  return { x: (h[0]! * x + h[1]! * y + h[2]!) / w, y: (h[3]! * x + h[4]! * y + h[5]!) / w };
}

export function multiply3(a: readonly number[], b: readonly number[]): Mat3 {
  const m = new Array<number>(9);
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) m[r * 3 + c] = a[r * 3]! * b[c]! + a[r * 3 + 1]! * b[3 + c]! + a[r * 3 + 2]! * b[6 + c]!;
  }
  return m;
}

export function invert3(m: readonly number[]): Mat3 | null {
  const [a, b, c, d, e, f, g, h, i] = m as [number, number, number, number, number, number, number, number, number];
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-300) return null;
  return [A, -(b * i - c * h), b * f - c * e, B, a * i - c * g, -(a * f - c * d), C, -(a * h - b * g), a * e - b * d].map((v) => v / det);
}

/** Scale so that h[8] = 1 (the usual normalisation for an 8-parameter homography). */
export function normalise3(h: readonly number[]): Mat3 {
  const s = h[8]!;
  return h.map((v) => v / s);
}

/** Solve the n x n system A x = b in place (Gaussian elimination with partial pivoting). */
export function solveLinear(A: number[][], b: number[]): number[] | null {
  const n = b.length;
  for (let col = 0; col < n; col++) {
    let piv = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(A[r]![col]!) > Math.abs(A[piv]![col]!)) piv = r;
    if (Math.abs(A[piv]![col]!) < 1e-14) return null;
    [A[col], A[piv]] = [A[piv]!, A[col]!];
    [b[col], b[piv]] = [b[piv]!, b[col]!];
    for (let r = col + 1; r < n; r++) {
      const f = A[r]![col]! / A[col]![col]!;
      if (f === 0) continue;
      for (let k = col; k < n; k++) A[r]![k]! -= f * A[col]![k]!;
      b[r]! -= f * b[col]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let k = r + 1; k < n; k++) s -= A[r]![k]! * x[k]!;
    x[r] = s / A[r]![r]!;
  }
  return x;
}

export interface PointPair {
  from: { x: number; y: number };
  to: { x: number; y: number };
}

function normaliser(points: { x: number; y: number }[]): Mat3 {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const md = points.reduce((s, p) => s + Math.hypot(p.x - mx, p.y - my), 0) / n || 1;
  const s = Math.SQRT2 / md;
  return [s, 0, -s * mx, 0, s, -s * my, 0, 0, 1];
}

/** Least-squares homography from 4 or more point pairs (normalised DLT with h33 = 1). */
export function homographyFromPairs(pairs: readonly PointPair[]): Mat3 | null {
  if (pairs.length < 4) return null;
  const T1 = normaliser(pairs.map((p) => p.from));
  const T2 = normaliser(pairs.map((p) => p.to));
  const AtA = Array.from({ length: 8 }, () => new Array<number>(8).fill(0));
  const Atb = new Array<number>(8).fill(0);
  for (const p of pairs) {
    const a = applyHomography(T1, p.from.x, p.from.y);
    const b = applyHomography(T2, p.to.x, p.to.y);
    const rows: [number[], number][] = [
      [[a.x, a.y, 1, 0, 0, 0, -a.x * b.x, -a.y * b.x], b.x],
      [[0, 0, 0, a.x, a.y, 1, -a.x * b.y, -a.y * b.y], b.y],
    ];
    for (const [r, v] of rows) {
      for (let i = 0; i < 8; i++) {
        Atb[i]! += r[i]! * v;
        for (let j = 0; j < 8; j++) AtA[i]![j]! += r[i]! * r[j]!;
      }
    }
  }
  const h = solveLinear(AtA, Atb);
  if (!h) return null;
  const Hn = [...h, 1];
  const T2inv = invert3(T2);
  if (!T2inv) return null;
  return normalise3(multiply3(T2inv, multiply3(Hn, T1)));
}
