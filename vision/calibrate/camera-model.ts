/**
 * A pinhole camera over the board (square pixels, principal point at the image centre): the
 * homography it makes of the board plane, where it sees a point at some height, the camera
 * nearest to a homography, and how far a homography is from any such camera. A mapping that
 * stretches the board one way more than a camera can (a fit on the wrong one of nested
 * outlines, or slid along a long board) is far from every camera.
 */
import { multiply3 } from '../geometry/homography.ts';
import { scaledColumnsInto } from './scaled-columns.ts';

export interface PinholeCamera {
  /** Row-major rotation board -> camera frame (x right, y down in the image, z forward). */
  rotation: number[];
  /** Board origin in the camera frame (mm). */
  translationMm: [number, number, number];
  focalPx: number;
  centreXPx: number;
  centreYPx: number;
}

/** Ideal (undistorted) pixel where the camera sees board point (x, y) at height z above the board. */
export function projectIdeal(c: PinholeCamera, xMm: number, yMm: number, zMm = 0): { x: number; y: number } {
  const R = c.rotation;
  const t = c.translationMm;
  const X = R[0]! * xMm + R[1]! * yMm + R[2]! * zMm + t[0];
  const Y = R[3]! * xMm + R[4]! * yMm + R[5]! * zMm + t[1];
  const Z = R[6]! * xMm + R[7]! * yMm + R[8]! * zMm + t[2];
  return { x: c.centreXPx + (c.focalPx * X) / Z, y: c.centreYPx + (c.focalPx * Y) / Z };
}

/** Board plane to ideal pixels: K [r1 r2 t], scaled so that h33 = 1. */
export function cameraHomography(c: PinholeCamera): number[] {
  const R = c.rotation;
  const t = c.translationMm;
  const K = [c.focalPx, 0, c.centreXPx, 0, c.focalPx, c.centreYPx, 0, 0, 1];
  const h = multiply3(K, [R[0]!, R[1]!, t[0], R[3]!, R[4]!, t[1], R[6]!, R[7]!, t[2]]);
  return h.map((v) => v / h[8]!);
}

/** Camera centre in board millimetres (z: height above the board). */
export function cameraCentreMm(c: PinholeCamera): { xMm: number; yMm: number; zMm: number } {
  const R = c.rotation;
  const t = c.translationMm;
  return {
    xMm: -(R[0]! * t[0] + R[3]! * t[1] + R[6]! * t[2]),
    yMm: -(R[1]! * t[0] + R[4]! * t[1] + R[7]! * t[2]),
    zMm: -(R[2]! * t[0] + R[5]! * t[1] + R[8]! * t[2]),
  };
}

/** Columns of K^-1 H for a focal length (principal point removed). */
function columns(h: readonly number[], cx: number, cy: number, f: number): [number[], number[], number[]] {
  const m = Array.from(scaledColumnsInto(h, cx, cy, f, new Float64Array(9)));
  return [m.slice(0, 3), m.slice(3, 6), m.slice(6, 9)];
}

const mismatchColumns = new Float64Array(9);

// cameraMismatch looks at ~70 focal lengths per mapping and the corner climbs judge thousands
// of mappings: no arrays (nor a closure named on every call under the tsx loader) per look.
function mismatchAt(h: readonly number[], cx: number, cy: number, f: number): number {
  const m = scaledColumnsInto(h, cx, cy, f, mismatchColumns);
  const n1 = Math.hypot(m[0]!, m[1]!, m[2]!);
  const n2 = Math.hypot(m[3]!, m[4]!, m[5]!);
  if (!(n1 > 0 && n2 > 0)) return Infinity;
  const cos = (m[0]! * m[3]! + m[1]! * m[4]! + m[2]! * m[5]!) / (n1 * n2);
  return Math.hypot(cos, Math.log(n1 / n2));
}

/** cameraMismatch's cost at one focal length (a function of its own: see mismatchAt). */
function mismatchCost(h: readonly number[], cx: number, cy: number, f: number, prior: { focalPx: number; weight: number } | undefined): number {
  return mismatchAt(h, cx, cy, f) + (prior ? prior.weight * Math.abs(Math.log(f / prior.focalPx)) : 0);
}

/**
 * How far a board-to-image homography is from what any camera with a focal length in the
 * range makes: the board's two axes must come out at right angles and equally long (cosine
 * of their angle and log of their length ratio, combined), at the best focal length.
 */
export function cameraMismatch(h: readonly number[], cx: number, cy: number, fMinPx: number, fMaxPx: number, prior?: { focalPx: number; weight: number }): { mismatch: number; focalPx: number } {
  // Looking straight down, every focal length fits: a weak pull to a typical one decides.
  const steps = 32;
  let best = { cost: Infinity, focalPx: NaN };
  let bestI = 0;
  for (let i = 0; i <= steps; i++) {
    const f = fMinPx * Math.pow(fMaxPx / fMinPx, i / steps);
    const m = mismatchCost(h, cx, cy, f, prior);
    if (m < best.cost) {
      best = { cost: m, focalPx: f };
      bestI = i;
    }
  }
  // Golden-section search between the grid neighbours of the best (log focal).
  let lo = Math.log(fMinPx) + ((Math.max(0, bestI - 1) / steps) * Math.log(fMaxPx / fMinPx));
  let hi = Math.log(fMinPx) + ((Math.min(steps, bestI + 1) / steps) * Math.log(fMaxPx / fMinPx));
  const g = (Math.sqrt(5) - 1) / 2;
  for (let it = 0; it < 20; it++) {
    const a = hi - g * (hi - lo);
    const b = lo + g * (hi - lo);
    if (mismatchCost(h, cx, cy, Math.exp(a), prior) < mismatchCost(h, cx, cy, Math.exp(b), prior)) hi = b;
    else lo = a;
  }
  const f = Math.exp((lo + hi) / 2);
  const pick = mismatchCost(h, cx, cy, f, prior) < best.cost ? f : best.focalPx;
  return { mismatch: mismatchAt(h, cx, cy, pick), focalPx: pick };
}

/**
 * The camera nearest to a homography at a focal length: the board's axes made orthonormal
 * (symmetrically), the board in front of the camera. Null when the homography is degenerate
 * or puts the camera below the board (a mirrored view).
 */
export function nearestCamera(h: readonly number[], cx: number, cy: number, focalPx: number): PinholeCamera | null {
  const [m1, m2, m3] = columns(h, cx, cy, focalPx);
  const n1 = Math.hypot(m1[0]!, m1[1]!, m1[2]!);
  const n2 = Math.hypot(m2[0]!, m2[1]!, m2[2]!);
  if (!(n1 > 0 && n2 > 0)) return null;
  let lambda = 2 / (n1 + n2);
  if (m3[2]! * lambda < 0) lambda = -lambda;
  const a = m1.map((v) => v * lambda);
  const b = m2.map((v) => v * lambda);
  // Symmetric orthonormalisation: rotate both towards the bisector's frame.
  const u = normalise(add(normalise(a), normalise(b)));
  const w = normalise(sub(normalise(a), normalise(b)));
  const s = Math.SQRT1_2;
  const r1 = normalise(add(u, w).map((v) => v * s));
  const r2 = normalise(sub(u, w).map((v) => v * s));
  const r3 = cross(r1, r2);
  const t = m3.map((v) => v * lambda) as [number, number, number];
  const camera: PinholeCamera = {
    rotation: [r1[0]!, r2[0]!, r3[0]!, r1[1]!, r2[1]!, r3[1]!, r1[2]!, r2[2]!, r3[2]!],
    translationMm: t,
    focalPx,
    centreXPx: cx,
    centreYPx: cy,
  };
  return cameraCentreMm(camera).zMm > 0 && camera.rotation.every(Number.isFinite) ? camera : null;
}

/** The camera turned by a small rotation vector about its own centre, moved and refocused. */
export function perturbCamera(c: PinholeCamera, rotationRad: readonly number[], shift: readonly number[], logFocal: number): PinholeCamera {
  const Q = rodrigues(rotationRad[0]!, rotationRad[1]!, rotationRad[2]!);
  const R = multiply3(Q, c.rotation);
  const t0 = c.translationMm;
  const qt = [Q[0]! * t0[0] + Q[1]! * t0[1] + Q[2]! * t0[2], Q[3]! * t0[0] + Q[4]! * t0[1] + Q[5]! * t0[2], Q[6]! * t0[0] + Q[7]! * t0[1] + Q[8]! * t0[2]];
  // Shifts are in units of the camera's distance, so every parameter is about a radian's size.
  const d = Math.hypot(t0[0], t0[1], t0[2]);
  return {
    ...c,
    rotation: R,
    translationMm: [qt[0]! + shift[0]! * d, qt[1]! + shift[1]! * d, qt[2]! + shift[2]! * d],
    focalPx: c.focalPx * Math.exp(logFocal),
  };
}

function rodrigues(x: number, y: number, z: number): number[] {
  const th = Math.hypot(x, y, z);
  if (th < 1e-12) return [1, -z, y, z, 1, -x, -y, x, 1];
  const kx = x / th;
  const ky = y / th;
  const kz = z / th;
  const c = Math.cos(th);
  const s = Math.sin(th);
  const v = 1 - c;
  return [c + kx * kx * v, kx * ky * v - kz * s, kx * kz * v + ky * s, ky * kx * v + kz * s, c + ky * ky * v, ky * kz * v - kx * s, kz * kx * v - ky * s, kz * ky * v + kx * s, c + kz * kz * v];
}

function add(a: readonly number[], b: readonly number[]): number[] {
  return a.map((v, i) => v + b[i]!);
}

function sub(a: readonly number[], b: readonly number[]): number[] {
  return a.map((v, i) => v - b[i]!);
}

function normalise(a: readonly number[]): number[] {
  const n = Math.hypot(...a);
  return a.map((v) => v / n);
}

function cross(a: readonly number[], b: readonly number[]): number[] {
  return [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
}
