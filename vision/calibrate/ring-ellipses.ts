/**
 * Painted rings inside a round board, found from one rough board-sized ellipse. Contours of
 * thin rings break wherever a disc, a peg or a quadrant line crosses them, so instead of
 * following contours this looks along rays from the rough centre for thin lines (valleys or
 * ridges in brightness) and gathers the crossings into circles (in the frame where the rough
 * ellipse is a unit circle), each with its own centre: under perspective the images of
 * concentric circles do not share a centre. Each circle is then refitted as an ellipse in
 * the image.
 */
import { sampleBilinear, type GrayImage } from '../image/frame.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { withMats } from '../opencv/mat-scope.ts';
import type { EllipseParams } from '../geometry/conic.ts';
import type { ImageEllipse } from './coarse-ellipses.ts';

export const RING_SEARCH_DEFAULTS = {
  /** Rays cast from the rough centre. */
  rays: 120,
  /** Normalised radii searched along each ray (1 = the rough ellipse). */
  minRadius: 0.08,
  maxRadius: 1.05,
  /** Distance from a line's centre to the brightness it is compared with, in pixels. */
  lineOffsetPx: 3,
  /** Least brightness difference (grey levels) for a line crossing. */
  minResponse: 5,
  /** Grid step of the centres voted for, and of the radii (normalised). */
  centreStep: 0.016,
  radiusStep: 0.008,
  /** Strongest crossings kept per ray (wood grain crosses rays too). */
  maxCrossingsPerRay: 16,
  /** A crossing belongs to a circle within this fraction of the circle's radius (plus 1 px). */
  toleranceFraction: 0.012,
  /** A circle needs crossings on this share of the rays. */
  minRayShare: 0.3,
  /** Circles reported at most. */
  maxCircles: 8,
  /** Centres of rings farther than this (normalised) from the rough centre are not rings of this board. */
  maxCentreOffset: 0.16,
};

export type RingSearchOptions = typeof RING_SEARCH_DEFAULTS;

interface Crossing {
  /** Normalised radius along the ray. */
  u: number;
  sign: 1 | -1;
  strength: number;
  used: boolean;
}

interface NormCircle {
  cx: number;
  cy: number;
  r: number;
  sign: 1 | -1;
}

/** Where the ray from the origin at angle theta leaves a circle (null if it does not). */
function rayExit(c: { cx: number; cy: number; r: number }, cos: number, sin: number): number | null {
  const b = c.cx * cos + c.cy * sin;
  const disc = b * b - (c.cx * c.cx + c.cy * c.cy) + c.r * c.r;
  if (disc < 0) return null;
  const u = b + Math.sqrt(disc);
  return u > 0 ? u : null;
}

export function findRingEllipses(cv: CV, gray: GrayImage, rough: ImageEllipse, options: Partial<RingSearchOptions> = {}): EllipseParams[] {
  const o = { ...RING_SEARCH_DEFAULTS, ...options };
  const a = rough.widthPx / 2;
  const b = rough.heightPx / 2;
  const t = (rough.angleDeg * Math.PI) / 180;
  const ct = Math.cos(t);
  const st = Math.sin(t);
  // Normalised (x, y) -> image: centre + R(t) diag(a, b) (x, y).
  const toImage = (x: number, y: number) => ({ x: rough.centreXPx + ct * a * x - st * b * y, y: rough.centreYPx + st * a * x + ct * b * y });

  // 1. Line crossings along each ray.
  const cosT: number[] = [];
  const sinT: number[] = [];
  const crossings: Crossing[][] = [];
  for (let k = 0; k < o.rays; k++) {
    const th = (2 * Math.PI * k) / o.rays;
    const c = Math.cos(th);
    const s = Math.sin(th);
    cosT.push(c);
    sinT.push(s);
    const end = toImage(c, s);
    const lengthPx = Math.hypot(end.x - rough.centreXPx, end.y - rough.centreYPx);
    const du = 0.75 / lengthPx;
    const d = Math.max(2, Math.round(o.lineOffsetPx / 0.75));
    const n = Math.floor((o.maxRadius - o.minRadius) / du) + 2 * d + 1;
    // Image step per unit of u along this ray (toImage is affine).
    const ux = ct * a * c - st * b * s;
    const uy = st * a * c + ct * b * s;
    const profile = rayProfile(gray, rough.centreXPx, rough.centreYPx, ux, uy, o.minRadius, d, du, n);
    const found = lineCrossings(profile, d, du, o.minRadius, o.minResponse);
    found.sort((p, q) => q.strength - p.strength);
    crossings.push(found.slice(0, o.maxCrossingsPerRay));
  }

  // 2. Circles: every crossing votes for the circles through it whose centre lies near the
  // rough centre (a Hough transform over centre and radius); the strongest circle is refitted
  // to its crossings, its votes are taken back, and the next is looked for.
  const g = o.centreStep;
  const nc = 2 * Math.round(o.maxCentreOffset / g) + 1;
  const rStep = o.radiusStep;
  const nr = Math.ceil((o.maxRadius * 1.05 - o.minRadius) / rStep) + 1;
  const acc = new Float32Array(2 * nc * nc * nr);
  // Only centres within maxCentreOffset of the rough centre are voted for.
  const cellOffsets: number[] = [];
  const cellXs: number[] = [];
  const cellYs: number[] = [];
  for (let i = 0; i < nc; i++) {
    for (let j = 0; j < nc; j++) {
      const x = (i - (nc - 1) / 2) * g;
      const y = (j - (nc - 1) / 2) * g;
      if (Math.hypot(x, y) > o.maxCentreOffset + 1e-9) continue;
      cellOffsets.push((i * nc + j) * nr);
      cellXs.push(x);
      cellYs.push(y);
    }
  }
  const cellCount = cellOffsets.length;
  const cellOffset = Int32Array.from(cellOffsets);
  const cellX = Float64Array.from(cellXs);
  const cellY = Float64Array.from(cellYs);
  const invStep = 1 / rStep;
  const grid: VoteGrid = { cellCount, cellOffset, cellX, cellY, minRadius: o.minRadius, invStep, nr };
  const vote = (k: number, x: Crossing, weight: number) => castVotes(acc, grid, x.u * cosT[k]!, x.u * sinT[k]!, (x.sign > 0 ? 1 : 0) * nc * nc * nr, weight);
  const weightOf = (x: Crossing) => Math.min(x.strength, 40);
  for (let k = 0; k < o.rays; k++) for (const x of crossings[k]!) vote(k, x, weightOf(x));
  const circles: { circle: NormCircle; support: { k: number; u: number }[] }[] = [];
  const support = (c: NormCircle) => {
    const out: { k: number; u: number; x: Crossing }[] = [];
    const tol = o.toleranceFraction * c.r + 1 / Math.max(a, b);
    for (let k = 0; k < o.rays; k++) {
      const u = rayExit(c, cosT[k]!, sinT[k]!);
      if (u === null) continue;
      let best: Crossing | null = null;
      for (const x of crossings[k]!) {
        if (x.used || x.sign !== c.sign || Math.abs(x.u - u) > tol) continue;
        if (!best || Math.abs(x.u - u) < Math.abs(best.u - u)) best = x;
      }
      if (best) out.push({ k, u: best.u, x: best });
    }
    return out;
  };
  for (let round = 0; round < o.maxCircles; round++) {
    const bestIndex = strongestCell(acc);
    if (bestIndex < 0) break;
    const bin = bestIndex % nr;
    const cell = (bestIndex - bin) / nr;
    const j = cell % nc;
    const i = ((cell - j) / nc) % nc;
    const signIndex = Math.floor(cell / (nc * nc));
    let c: NormCircle = { cx: (i - (nc - 1) / 2) * g, cy: (j - (nc - 1) / 2) * g, r: o.minRadius + bin * rStep, sign: signIndex === 1 ? 1 : -1 };
    // Refit to the crossings near it (least squares), twice.
    for (let pass = 0; pass < 3; pass++) {
      const fit = fitCircle(support(c).map((p) => ({ x: p.u * cosT[p.k]!, y: p.u * sinT[p.k]! })));
      if (fit) c = { ...fit, sign: c.sign };
    }
    const sup = support(c);
    // Take back the votes of whatever this circle explains (and of the peak cell itself, so
    // a circle without support does not come back); after the last round nothing reads them.
    if (round < o.maxCircles - 1) {
      for (const p of sup) {
        vote(p.k, p.x, -weightOf(p.x));
        p.x.used = true;
      }
      acc[bestIndex] = 0;
    }
    if (sup.length < o.minRayShare * o.rays) continue;
    circles.push({ circle: c, support: sup });
  }

  // 3. Each circle's crossings, back in the image, fitted as an ellipse.
  const out: EllipseParams[] = [];
  for (const { support: sup } of circles) {
    const pts: number[] = [];
    for (const p of sup) {
      const q = toImage(p.u * cosT[p.k]!, p.u * sinT[p.k]!);
      pts.push(q.x, q.y);
    }
    const e = withMats((scope) => {
      const m = scope.keep(cv.matFromArray(pts.length / 2, 1, cv.CV_32FC2, pts));
      const r = cv.fitEllipse(m);
      return { centreXPx: r.center.x, centreYPx: r.center.y, a: r.size.width / 2, b: r.size.height / 2, angleRad: (r.angle * Math.PI) / 180 };
    });
    if (Number.isFinite(e.a) && Number.isFinite(e.b) && e.a > 0 && e.b > 0) out.push(e);
  }
  return out;
}

/** Bilinear samples along a ray from (x0, y0): u = minRadius + (i - d) * du for i < n. */
function rayProfile(gray: GrayImage, x0: number, y0: number, ux: number, uy: number, minRadius: number, d: number, du: number, n: number): Float64Array {
  const profile = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const u = minRadius + (i - d) * du;
    profile[i] = sampleBilinear(gray, x0 + ux * u, y0 + uy * u);
  }
  return profile;
}

/** Thin lines crossing a ray profile: peaks of the centre minus the mean of both sides, `d` samples away. */
function lineCrossings(profile: Float64Array, d: number, du: number, minRadius: number, minResponse: number): Crossing[] {
  const n = profile.length;
  // Light smoothing, then centre minus the mean of both sides.
  const sm = new Float64Array(n);
  for (let i = 1; i < n - 1; i++) sm[i] = 0.25 * profile[i - 1]! + 0.5 * profile[i]! + 0.25 * profile[i + 1]!;
  const resp = new Float64Array(n);
  for (let i = d + 1; i < n - d - 1; i++) resp[i] = sm[i]! - 0.5 * (sm[i - d]! + sm[i + d]!);
  const found: Crossing[] = [];
  for (let i = d + 2; i < n - d - 2; i++) {
    const v = resp[i]!;
    if (!Number.isFinite(v) || Math.abs(v) < minResponse) continue;
    const prev = resp[i - 1]!;
    const next = resp[i + 1]!;
    const isPeak = v > 0 ? v >= prev && v > next : v <= prev && v < next;
    if (!isPeak) continue;
    const denom = prev - 2 * v + next;
    const frac = denom === 0 ? 0 : Math.max(-0.5, Math.min(0.5, (0.5 * (prev - next)) / denom));
    found.push({ u: minRadius + (i - d + frac) * du, sign: v > 0 ? 1 : -1, strength: Math.abs(v), used: false });
  }
  return found;
}

/** The centres voted for and the radius bins of the circle accumulator. */
interface VoteGrid {
  cellCount: number;
  cellOffset: Int32Array;
  cellX: Float64Array;
  cellY: Float64Array;
  minRadius: number;
  invStep: number;
  nr: number;
}

/** A crossing at (px, py) votes `weight` for each grid centre's circle through it. */
function castVotes(acc: Float32Array, grid: VoteGrid, px: number, py: number, base: number, weight: number): void {
  const { cellCount, cellOffset, cellX, cellY, minRadius, invStep, nr } = grid;
  for (let m = 0; m < cellCount; m++) {
    const dx = px - cellX[m]!;
    const dy = py - cellY[m]!;
    const bin = Math.floor((Math.sqrt(dx * dx + dy * dy) - minRadius) * invStep + 0.5);
    if (bin >= 0 && bin < nr) acc[base + cellOffset[m]! + bin]! += weight;
  }
}

/** Index of the accumulator's largest positive entry (the first of equals), -1 if none. */
function strongestCell(acc: Float32Array): number {
  let bestIndex = -1;
  let bestVotes = 0;
  for (let i = 0; i < acc.length; i++) {
    if (acc[i]! > bestVotes) {
      bestVotes = acc[i]!;
      bestIndex = i;
    }
  }
  return bestIndex;
}

/** Least-squares circle (Kasa fit). */
function fitCircle(pts: readonly { x: number; y: number }[]): { cx: number; cy: number; r: number } | null {
  if (pts.length < 3) return null;
  // Solve [x y 1] [A B C]^T = x^2 + y^2 in the least-squares sense.
  let sxx = 0, sxy = 0, sx = 0, syy = 0, sy = 0, n = 0, sxz = 0, syz = 0, sz = 0;
  for (const p of pts) {
    const z = p.x * p.x + p.y * p.y;
    sxx += p.x * p.x;
    sxy += p.x * p.y;
    sx += p.x;
    syy += p.y * p.y;
    sy += p.y;
    n += 1;
    sxz += p.x * z;
    syz += p.y * z;
    sz += z;
  }
  const m = [sxx, sxy, sx, sxy, syy, sy, sx, sy, n];
  // Cramer's rule.
  const d3 = (a: number[]) => a[0]! * (a[4]! * a[8]! - a[5]! * a[7]!) - a[1]! * (a[3]! * a[8]! - a[5]! * a[6]!) + a[2]! * (a[3]! * a[7]! - a[4]! * a[6]!);
  const det = d3(m);
  if (Math.abs(det) < 1e-18) return null;
  const rhs = [sxz, syz, sz];
  const withCol = (j: number) => m.map((v, i) => (i % 3 === j ? rhs[Math.floor(i / 3)]! : v));
  const A = d3(withCol(0)) / det;
  const B = d3(withCol(1)) / det;
  const C = d3(withCol(2)) / det;
  const cx = A / 2;
  const cy = B / 2;
  const r2 = C + cx * cx + cy * cy;
  return r2 > 0 ? { cx, cy, r: Math.sqrt(r2) } : null;
}
