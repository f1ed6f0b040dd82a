/**
 * Move each side of a board polygon (PitRush's hexagonal field), as a rough mapping puts it
 * in the image, onto the straight edge that runs along the whole side nearby, its offset and
 * its slant both free: a guess from the round frame's ellipses gets the perspective only
 * roughly, so its sides are off in direction as well as place. The edge must hold along the
 * whole side (each point's response is capped), so a shorter painted line just inside a side,
 * however dark, does not take it. The mapping is re-made from the corners where the moved
 * sides meet.
 */
import { homographyFromPairs } from '../geometry/homography.ts';
import { distortPx, undistortPx, type LensModel } from '../geometry/lens.ts';
import { sampleBilinear, type GrayImage } from '../image/frame.ts';
import { fitLineTrimmed, intersect, polygonArea, type Point } from './coarse-quads.ts';
import { searchEdge } from './edge-search.ts';

export interface PolygonSnapOptions {
  /** Largest offset (px) of a side from where the guess puts it. */
  rangePx: number;
  /** Largest difference (px) between the offsets at the side's two ends, as a share of the range. */
  slantFraction: number;
  /** Points looked at along each side. */
  perSide: number;
  /** A point's edge response counts up to this (grey levels): the edge must hold along the side. */
  capResponse: number;
  /** Least mean (capped) response of a side's edge. */
  minMeanResponse: number;
  /** Least response of a single edge point taken into the side's line. */
  minResponse: number;
}

const STEP_PX = 0.5;

/** Seen position of a board point under a mapping and lens. */
function seenAt(h: readonly number[], lens: LensModel, x: number, y: number): Point {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  return distortPx(lens, (h[0]! * x + h[1]! * y + h[2]!) / w, (h[3]! * x + h[4]! * y + h[5]!) / w);
}

/**
 * The step response v[j + 2] - v[j - 2] at every sample j, capped, of one sign (+1 rising, -1
 * falling: the other sign's samples 0).
 */
function capped(v: Float64Array, cap: number, sign: 1 | -1): Float64Array {
  const out = new Float64Array(v.length);
  for (let j = 2; j + 2 < v.length; j++) {
    const r = v[j + 2]! - v[j - 2]!;
    if (sign === 1 ? r > 0 : !(r > 0)) out[j] = Math.min(cap, sign * r);
  }
  return out;
}

/** One side's edge: the seen points along it (ideal pixels) and its mean capped response. */
function sideEdge(gray: GrayImage, h: readonly number[], lens: LensModel, a: Point, b: Point, inward: Point, o: PolygonSnapOptions): { points: Point[]; score: number } | null {
  const slantPx = o.slantFraction * o.rangePx;
  const reach = o.rangePx + slantPx / 2 + 2;
  const m = Math.ceil(reach / STEP_PX);
  const pts: { p: Point; n: Point; t: number; v: Float64Array }[] = [];
  for (let k = 0; k < o.perSide; k++) {
    const t = 0.08 + (0.84 * k) / (o.perSide - 1);
    const x = a.x + (b.x - a.x) * t;
    const y = a.y + (b.y - a.y) * t;
    const p = seenAt(h, lens, x, y);
    const q = seenAt(h, lens, x + inward.x, y + inward.y);
    const l = Math.hypot(q.x - p.x, q.y - p.y);
    if (!(l > 0)) continue;
    const n = { x: (q.x - p.x) / l, y: (q.y - p.y) / l };
    const v = new Float64Array(2 * m + 1);
    let ok = true;
    for (let j = 0; j <= 2 * m; j++) {
      const g = sampleBilinear(gray, p.x + n.x * (j - m) * STEP_PX, p.y + n.y * (j - m) * STEP_PX);
      if (Number.isNaN(g)) {
        ok = false;
        break;
      }
      v[j] = g;
    }
    if (ok) pts.push({ p, n, t: (t - 0.5) / 0.84, v });
  }
  if (pts.length < o.perSide / 2) return null;
  // Every line near the guessed side: offset d at the middle, slant s from end to end.
  // Whole pixels of offset and two of slant: the points' own search below takes the rest.
  let best = { score: -1, d: 0, s: 0, sign: 0 };
  const dSteps = Math.floor(o.rangePx);
  const sSteps = Math.floor(slantPx / 2);
  // Each point's capped rising and falling responses at every sample, worked out once (every
  // line tried reads them), and the sums of all offsets at one slant gathered point by point:
  // each sum adds the same terms in the same order as line by line.
  const dCount = 2 * dSteps + 1;
  const rising = pts.map((q) => capped(q.v, o.capResponse, 1));
  const falling = pts.map((q) => capped(q.v, o.capResponse, -1));
  const pos = new Float64Array(dCount);
  const neg = new Float64Array(dCount);
  for (let si = -sSteps; si <= sSteps; si++) {
    const s = 2 * si;
    pos.fill(0);
    neg.fill(0);
    for (let k = 0; k < pts.length; k++) {
      const st = s * pts[k]!.t;
      const up = rising[k]!;
      const down = falling[k]!;
      // A whole pixel more offset is two samples on: the sample of every offset follows from the
      // first's, unless the slant's share lies (to rounding) half-way between two samples.
      const half = (st / STEP_PX) % 1;
      if (Math.abs(Math.abs(half) - 0.5) > 1e-6) {
        const j0 = Math.round((-dSteps + st) / STEP_PX) + m;
        for (let i = 0; i < dCount; i++) {
          pos[i]! += up[j0 + 2 * i]!;
          neg[i]! += down[j0 + 2 * i]!;
        }
        continue;
      }
      for (let di = -dSteps; di <= dSteps; di++) {
        const j = Math.round((di + st) / STEP_PX) + m;
        pos[di + dSteps]! += up[j]!;
        neg[di + dSteps]! += down[j]!;
      }
    }
    for (let di = -dSteps; di <= dSteps; di++) {
      const d = di;
      const rise = pos[di + dSteps]!;
      const fall = neg[di + dSteps]!;
      const mean = Math.max(rise, fall) / pts.length;
      const score = mean * (1 - 0.5 * (d / o.rangePx) ** 2);
      if (score > best.score) best = { score, d, s, sign: rise >= fall ? 1 : -1 };
    }
  }
  if (best.score < o.minMeanResponse) return null;
  const points: Point[] = [];
  for (const q of pts) {
    const off = best.d + best.s * q.t;
    const x = q.p.x + q.n.x * off;
    const y = q.p.y + q.n.y * off;
    const hit = searchEdge(gray, x, y, q.n.x, q.n.y, 2, 'step', 0, best.sign as -1 | 1);
    if (!hit || Math.abs(hit.response) < o.minResponse) continue;
    points.push(undistortPx(lens, x + q.n.x * hit.offsetPx, y + q.n.y * hit.offsetPx));
  }
  return points.length >= o.perSide / 3 ? { points, score: best.score } : null;
}

/**
 * The polygon's sides moved onto their edges (see the file's comment): the new board-to-image
 * mapping (ideal pixels) and the mean capped response of the sides, or null when a side has
 * no edge along it.
 */
export function snapSlantedSides(gray: GrayImage, h: readonly number[], lens: LensModel, polygon: readonly Point[], o: PolygonSnapOptions): { boardToImage: number[]; score: number } | null {
  const n = polygon.length;
  const orientation = Math.sign(polygonArea(polygon)) || 1;
  const lines: [number, number, number][] = [];
  let total = 0;
  for (let i = 0; i < n; i++) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % n]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const inward = { x: (-(b.y - a.y) / len) * orientation, y: ((b.x - a.x) / len) * orientation };
    const edge = sideEdge(gray, h, lens, a, b, inward, o);
    if (!edge) return null;
    const line = fitLineTrimmed(edge.points);
    if (!line) return null;
    lines.push(line);
    total += edge.score;
  }
  const corners: Point[] = [];
  for (let i = 0; i < n; i++) {
    const p = intersect(lines[(i + n - 1) % n]!, lines[i]!);
    if (!p) return null;
    corners.push(p);
  }
  const boardToImage = homographyFromPairs(polygon.map((from, i) => ({ from, to: corners[i]! })));
  return boardToImage ? { boardToImage, score: total / n } : null;
}
