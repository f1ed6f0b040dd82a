/**
 * Rough first look for a rectangular board: large convex quadrilaterals in a downscaled edge
 * image (the mat on the table, the playfield in its gutter, the frame of a carrom board).
 * Each side is then followed at full resolution, the lens' k1 is estimated from how much the
 * four straight sides bow (plumb-line), and the corners are re-made from straight lines in
 * ideal (undistorted) pixels.
 */
import { sampleBilinear, type GrayImage } from '../image/frame.ts';
import { homographyFromPairs } from '../geometry/homography.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { withMats, type MatScope } from '../opencv/mat-scope.ts';
import { distortPx, undistortPx, type LensModel } from '../geometry/lens.ts';
import { searchEdge } from './edge-search.ts';
import { SUPPORTED_QUAD_DEFAULTS, supportedQuads } from './supported-quad.ts';

export interface Point {
  x: number;
  y: number;
}

export interface ImageQuad {
  /** Corners in seen (distorted) full-resolution pixels, in order around the quad. */
  cornersPx: Point[];
  /** Points of the contour the quad came from (full-resolution seen pixels). */
  contourPx: Point[];
  areaPx: number;
  /** Made of a contour's own straight stretches, not its hull (see supportedQuads). */
  fromStretches?: boolean;
}

export interface QuadOptions {
  quadWidthPx: number;
  quadCannyLow: number;
  quadCannyHigh: number;
  /** Least quad area as a share of the image. */
  minQuadAreaFraction: number;
  maxQuadCandidates: number;
  /** Also the quads of each contour's own straight stretches (see supportedQuads)... */
  quadsFromStretches: boolean;
  /** ... at most this many from one contour. */
  stretchQuadsPerContour: number;
}

/** Box-filter downscale by an integer factor into 8-bit pixels. */
function downscale(gray: GrayImage, factor: number): { data: Uint8Array; widthPx: number; heightPx: number } {
  const w = Math.floor(gray.widthPx / factor);
  const h = Math.floor(gray.heightPx / factor);
  const out = new Uint8Array(w * h);
  const src = gray.data;
  const inv = 1 / (factor * factor);
  const acc = new Float32Array(w);
  for (let y = 0; y < h; y++) {
    acc.fill(0);
    for (let dy = 0; dy < factor; dy++) {
      let i = (y * factor + dy) * gray.widthPx;
      for (let x = 0; x < w; x++) {
        let s = 0;
        for (let dx = 0; dx < factor; dx++) s += src[i++]!;
        acc[x]! += s;
      }
    }
    for (let x = 0; x < w; x++) out[y * w + x] = acc[x]! * inv;
  }
  return { data: out, widthPx: w, heightPx: h };
}

/**
 * The Mats the coarse outline searches work in, owned by `scope`: the downscaled image blurred
 * (edges are found in it at two strengths), and empty edge and dilated images with the 3x3
 * kernel that dilates them (which closes gaps in an outline).
 */
export function edgeMats(cv: CV, scope: MatScope, small: { data: Uint8Array; widthPx: number; heightPx: number }): Record<'blurred' | 'edges' | 'dilated' | 'kernel', InstanceType<CV['Mat']>> {
  const src = scope.keep(new cv.Mat(small.heightPx, small.widthPx, cv.CV_8UC1));
  src.data.set(small.data);
  const blurred = scope.keep(new cv.Mat());
  cv.GaussianBlur(src, blurred, new cv.Size(5, 5), 1.2);
  return { blurred, edges: scope.keep(new cv.Mat()), dilated: scope.keep(new cv.Mat()), kernel: scope.keep(cv.Mat.ones(3, 3, cv.CV_8U)) };
}

export function polygonArea(p: readonly Point[]): number {
  let a = 0;
  for (let i = 0, j = p.length - 1; i < p.length; j = i++) a += p[j]!.x * p[i]!.y - p[i]!.x * p[j]!.y;
  return a / 2;
}

/** Line through two points as (a, b, c) with a x + b y + c = 0 and (a, b) a unit normal. */
export function lineThrough(p: Point, q: Point): [number, number, number] {
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const l = Math.hypot(dx, dy) || 1;
  const a = -dy / l;
  const b = dx / l;
  return [a, b, -(a * p.x + b * p.y)];
}

export function intersect(l: readonly number[], m: readonly number[]): Point | null {
  const d = l[0]! * m[1]! - l[1]! * m[0]!;
  if (Math.abs(d) < 1e-9) return null;
  return { x: (l[1]! * m[2]! - l[2]! * m[1]!) / d, y: (l[2]! * m[0]! - l[0]! * m[2]!) / d };
}

export function isConvex(p: readonly Point[]): boolean {
  let sign = 0;
  for (let i = 0; i < p.length; i++) {
    const a = p[i]!;
    const b = p[(i + 1) % p.length]!;
    const c = p[(i + 2) % p.length]!;
    const cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    if (cross === 0) return false;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/**
 * A polygon with more than four sides (a hand or a disc on the board's edge adds some): the
 * quad of four of its sides that keeps the most of its outline.
 */
function bestFourSides(poly: readonly Point[]): Point[] | null {
  const n = poly.length;
  if (n === 4) return [...poly];
  if (n < 4 || n > 9) return null;
  const lines = poly.map((p, i) => lineThrough(p, poly[(i + 1) % n]!));
  const lengths = poly.map((p, i) => Math.hypot(poly[(i + 1) % n]!.x - p.x, poly[(i + 1) % n]!.y - p.y));
  const total = lengths.reduce((s, v) => s + v, 0);
  const area = Math.abs(polygonArea(poly));
  let best: Point[] | null = null;
  let bestScore = -Infinity;
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      for (let c = b + 1; c < n; c++) {
        for (let d = c + 1; d < n; d++) {
          const idx = [a, b, c, d];
          const corners: Point[] = [];
          for (let k = 0; k < 4; k++) {
            const p = intersect(lines[idx[k]!]!, lines[idx[(k + 1) % 4]!]!);
            if (!p) break;
            corners.push(p);
          }
          if (corners.length < 4 || !isConvex(corners)) continue;
          const qa = Math.abs(polygonArea(corners));
          // Kept outline length, less a penalty for area the polygon does not have.
          const kept = idx.reduce((s, i) => s + lengths[i]!, 0) / total;
          const score = kept - Math.abs(qa - area) / area;
          if (score > bestScore) {
            bestScore = score;
            best = corners;
          }
        }
      }
    }
  }
  return best;
}

/**
 * Quads from the contours of one edge image (8-bit, downscaled by `factor`); the quads of
 * the contours' own straight stretches go to `fromSides`.
 */
function quadsFromEdges(cv: CV, edges: InstanceType<CV['Mat']>, minArea: number, factor: number, fromSides: ImageQuad[] | null, perContour: number): ImageQuad[] {
  const toFull = (x: number, y: number): Point => ({ x: (x + 0.5) * factor - 0.5, y: (y + 0.5) * factor - 0.5 });
  return withMats((scope) => {
    const contours = scope.keep(new cv.MatVector());
    const hierarchy = scope.keep(new cv.Mat());
    cv.findContours(edges, contours, hierarchy, cv.RETR_LIST, cv.CHAIN_APPROX_NONE);
    const found: ImageQuad[] = [];
    for (let i = 0; i < contours.size(); i++) {
      const c = contours.get(i);
      const hull = new cv.Mat();
      const approx = new cv.Mat();
      try {
        const r = cv.boundingRect(c);
        if (r.width * r.height < minArea) continue;
        cv.convexHull(c, hull, false, true);
        const hullArea = cv.contourArea(hull);
        if (hullArea < minArea) continue;
        const perimeter = cv.arcLength(hull, true);
        for (const eps of [0.02, 0.035]) {
          cv.approxPolyDP(hull, approx, eps * perimeter, true);
          const d = approx.data32S;
          const poly: Point[] = [];
          for (let k = 0; k < d.length; k += 2) poly.push({ x: d[k]!, y: d[k + 1]! });
          const quad = bestFourSides(poly);
          if (!quad) continue;
          const area = Math.abs(polygonArea(quad));
          if (area < minArea) continue;
          const cd = c.data32S;
          const contourPx: Point[] = [];
          for (let k = 0; k < cd.length; k += 2) contourPx.push(toFull(cd[k]!, cd[k + 1]!));
          found.push({ cornersPx: quad.map((p) => toFull(p.x, p.y)), contourPx, areaPx: area * factor * factor });
          break;
        }
        // An arm or a shadow joined to the outline bends the hull away from the board's sides.
        if (fromSides) {
          for (const own of ownSidesQuads(cv, c, hullArea, perimeter, minArea, edges.cols, edges.rows, perContour)) {
            fromSides.push({ cornersPx: own.cornersPx.map((p) => toFull(p.x, p.y)), contourPx: own.contourPx.map((p) => toFull(p.x, p.y)), areaPx: own.areaPx * factor * factor });
          }
        }
      } finally {
        approx.delete();
        hull.delete();
        c.delete();
      }
    }
    return found;
  });
}

/** The quads of a contour's own straight stretches (see supportedQuads), in the contour's pixels. */
function ownSidesQuads(cv: CV, c: InstanceType<CV['Mat']>, hullArea: number, hullPerimeter: number, minArea: number, widthPx: number, heightPx: number, maxQuads: number): ImageQuad[] {
  const approx = new cv.Mat();
  try {
    const tolPx = Math.max(1.5, 0.005 * hullPerimeter);
    cv.approxPolyDP(c, approx, tolPx, true);
    const d = approx.data32S;
    const poly: Point[] = [];
    for (let k = 0; k < d.length; k += 2) poly.push({ x: d[k]!, y: d[k + 1]! });
    const cd = c.data32S;
    const contour: Point[] = [];
    for (let k = 0; k < cd.length; k += 2) contour.push({ x: cd[k]!, y: cd[k + 1]! });
    return supportedQuads(poly, contour, widthPx, heightPx, Math.max(minArea, 0.2 * hullArea), tolPx, { ...SUPPORTED_QUAD_DEFAULTS, maxQuads }).map((quad) => ({ cornersPx: quad, contourPx: contour, areaPx: Math.abs(polygonArea(quad)) }));
  } finally {
    approx.delete();
  }
}

/**
 * Large convex quadrilaterals in the image, largest first (seen, full-resolution pixels).
 * Contours of the edges as found and after a small dilation (which closes gaps in an outline
 * but merges close parallel edges, as a frame's or a gutter's); with fainter edges too when
 * those give fewer than two.
 */
export function findBoardQuads(cv: CV, gray: GrayImage, o: QuadOptions): ImageQuad[] {
  const factor = Math.max(1, Math.round(gray.widthPx / o.quadWidthPx));
  const small = downscale(gray, factor);
  const minArea = o.minQuadAreaFraction * small.widthPx * small.heightPx;
  const found = withMats((scope) => {
    const { blurred, edges, dilated, kernel } = edgeMats(cv, scope, small);
    const out: ImageQuad[] = [];
    const fromSides: ImageQuad[] | null = o.quadsFromStretches ? [] : null;
    for (const [low, high] of [[o.quadCannyLow, o.quadCannyHigh], [o.quadCannyLow / 2, o.quadCannyHigh / 2]] as const) {
      cv.Canny(blurred, edges, low, high);
      out.push(...quadsFromEdges(cv, edges, minArea, factor, fromSides, o.stretchQuadsPerContour));
      cv.dilate(edges, dilated, kernel);
      out.push(...quadsFromEdges(cv, dilated, minArea, factor, fromSides, o.stretchQuadsPerContour));
      if (distinctQuads(out, factor).length >= 2) break;
    }
    return { hull: out, stretches: fromSides ?? [] };
  });
  const hull = distinctQuads(found.hull, factor).slice(0, o.maxQuadCandidates);
  // Quads of straight stretches come last, and only those the hulls did not give already.
  const stretches = distinctQuads(found.stretches, factor).filter((q) => distinctQuads([...hull, q], factor).length > hull.length);
  return [...hull, ...stretches.slice(0, o.maxQuadCandidates).map((q) => ({ ...q, fromStretches: true }))];
}

function distinctQuads(found: readonly ImageQuad[], factor: number): ImageQuad[] {
  const sorted = [...found].sort((p, q) => q.areaPx - p.areaPx);
  const distinct: ImageQuad[] = [];
  for (const q of sorted) {
    const tol = 0.02 * Math.sqrt(q.areaPx) + 2 * factor;
    const dup = distinct.some((d) => q.cornersPx.every((p) => d.cornersPx.some((r) => Math.hypot(r.x - p.x, r.y - p.y) < tol)));
    if (!dup) distinct.push(q);
  }
  return distinct;
}

export interface QuadSides {
  /** Edge points found along each side (seen pixels); side i runs from corner i to i + 1. */
  sidesPx: Point[][];
}

/**
 * Where a side's edge is looked for: near the coarse contour ('contour'); there, and from the
 * straight side where the contour left it ('contour-or-side': a faint stretch of outline the
 * coarse edges missed); or from the straight side alone ('side': the contour near a side may
 * be an arm's or a shadow's edge).
 */
export type SideStarts = 'contour' | 'contour-or-side' | 'side';

/**
 * Follow each side of a coarse quad at full resolution: steps along the side, each looking
 * across it for the strongest edge near where `starts` says.
 */
export function followQuadSides(gray: GrayImage, quad: ImageQuad, rangePx: number, minResponse: number, perSide = 48, starts: SideStarts = 'contour'): QuadSides {
  const sidesPx: Point[][] = [];
  const c = quad.cornersPx;
  for (let i = 0; i < 4; i++) {
    const a = c[i]!;
    const b = c[(i + 1) % 4]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const ux = (b.x - a.x) / len;
    const uy = (b.y - a.y) / len;
    const nx = -uy;
    const ny = ux;
    // The contour points near this side give its bow; bin them along the side.
    const bins = new Array<number[]>(perSide).fill(null as unknown as number[]).map(() => [] as number[]);
    const tol = 0.08 * len + 6;
    for (const p of quad.contourPx) {
      const t = (p.x - a.x) * ux + (p.y - a.y) * uy;
      const s = (p.x - a.x) * nx + (p.y - a.y) * ny;
      if (t < 0.04 * len || t > 0.96 * len || Math.abs(s) > tol) continue;
      const k = Math.min(perSide - 1, Math.floor((t / len) * perSide));
      bins[k]!.push(s);
    }
    const pts: (Point & { sign: number })[] = [];
    for (let k = 0; k < perSide; k++) {
      const t = ((k + 0.5) / perSide) * len;
      if (t < 0.05 * len || t > 0.95 * len) continue;
      const ss = bins[k]!;
      if (ss.length === 0 && starts === 'contour') continue;
      // The outermost contour offset is the board's outline (inner ones are markings).
      ss.sort((p, q) => p - q);
      const s0 = ss.length > 0 && starts !== 'side' ? ss[Math.floor(ss.length / 2)]! : 0;
      const x = a.x + ux * t + nx * s0;
      const y = a.y + uy * t + ny * s0;
      const hit = searchEdge(gray, x, y, nx, ny, rangePx, 'step', 0, 0);
      if (!hit || Math.abs(hit.response) < minResponse) continue;
      pts.push({ x: x + nx * hit.offsetPx, y: y + ny * hit.offsetPx, sign: Math.sign(hit.response) });
    }
    // One edge along the side: keep the points of the majority's polarity.
    const sign = Math.sign(pts.reduce((s, p) => s + p.sign, 0)) || 1;
    sidesPx.push(pts.filter((p) => p.sign === sign).map(({ x, y }) => ({ x, y })));
  }
  return { sidesPx };
}

/** Total-least-squares line through points: unit normal (a, b), offset c; and the rms distance. */
export function fitLine(pts: readonly Point[]): { line: [number, number, number]; rms: number } | null {
  const n = pts.length;
  if (n < 2) return null;
  let mx = 0;
  let my = 0;
  for (const p of pts) {
    mx += p.x;
    my += p.y;
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const p of pts) {
    const dx = p.x - mx;
    const dy = p.y - my;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  // Direction: the principal axis; the normal is perpendicular to it.
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const a = -Math.sin(theta);
  const b = Math.cos(theta);
  const c = -(a * mx + b * my);
  let ss = 0;
  for (const p of pts) ss += (a * p.x + b * p.y + c) ** 2;
  return { line: [a, b, c], rms: Math.sqrt(ss / n) };
}

/** Seen points to ideal ones under an inverse radial model p_ideal = c + (p - c)(1 + u r^2). */
function unbend(pts: readonly Point[], lens: LensModel, u: number): Point[] {
  return pts.map((p) => {
    const dx = (p.x - lens.centreXPx) / lens.scalePx;
    const dy = (p.y - lens.centreYPx) / lens.scalePx;
    const f = 1 + u * (dx * dx + dy * dy);
    return { x: lens.centreXPx + dx * f * lens.scalePx, y: lens.centreYPx + dy * f * lens.scalePx };
  });
}

/** When a side's points are taken from the line most of them lie on (see trimSide). */
export interface SideConsensus {
  /** Only for a side farther than this from straight (rms, ideal pixels) after trimming. */
  aboveRmsPx: number;
  /** Points within this of the line (ideal pixels) hold it. */
  tolPx: number;
  /** ... and the line must hold at least this share of the side's points. */
  minShare: number;
}

/**
 * The points of a side that lie within `tolPx` of the line through two of them that holds the
 * most (ideal pixels): where an arm crosses a side, its edge is a good part of the side's
 * points and pulls a fit to all of them off the side.
 */
function consensusOnLine(pts: readonly Point[], lens: LensModel, u: number, tolPx: number): Point[] {
  const ideal = unbend(pts, lens, u);
  let best: number[] = [];
  for (let i = 0; i < ideal.length; i++) {
    for (let j = i + 1; j < ideal.length; j++) {
      const [a, b, c] = lineThrough(ideal[i]!, ideal[j]!);
      if (!Number.isFinite(a)) continue;
      const near = ideal.flatMap((p, k) => (Math.abs(a * p.x + b * p.y + c) <= tolPx ? [k] : []));
      if (near.length > best.length) best = near;
    }
  }
  return best.map((k) => pts[k]!);
}

/**
 * Drop the points farthest from their side's line, a few times (a disc or a hand on the edge);
 * with `consensus`, a side still far from straight after that is taken from the line most of
 * its points lie on.
 */
function trimSide(pts: Point[], lens: LensModel, u: number, consensus?: SideConsensus): Point[] {
  const trimmed = trimByResiduals(pts, lens, u);
  if (!consensus) return trimmed;
  const rms = fitLine(unbend(trimmed, lens, u))?.rms ?? Infinity;
  if (rms <= consensus.aboveRmsPx) return trimmed;
  const held = consensusOnLine(pts, lens, u, consensus.tolPx);
  return held.length >= Math.max(6, consensus.minShare * pts.length) ? trimByResiduals(held, lens, u) : trimmed;
}

function trimByResiduals(pts: Point[], lens: LensModel, u: number): Point[] {
  let cur = pts;
  for (let round = 0; round < 3; round++) {
    const ideal = unbend(cur, lens, u);
    const f = fitLine(ideal);
    if (!f) return cur;
    const d = ideal.map((p) => Math.abs(f.line[0] * p.x + f.line[1] * p.y + f.line[2]));
    const sorted = [...d].sort((p, q) => p - q);
    const sigma = Math.max(0.5, 1.4826 * sorted[Math.floor(sorted.length / 2)]!);
    const keep = cur.filter((_, i) => d[i]! <= 3 * sigma);
    if (keep.length === cur.length || keep.length < 6) return keep.length < 6 ? cur : keep;
    cur = keep;
  }
  return cur;
}

export interface StraightQuad {
  /** Corners in ideal (undistorted) pixels, same order as the coarse quad. */
  cornersPx: Point[];
  lens: LensModel;
  /** RMS distance of the side points from their straight lines (ideal pixels). */
  straightnessPx: number;
  /** Side points used per side. */
  counts: number[];
}

/**
 * Plumb-line lens estimate: the radial term that makes the four sides straightest, then the
 * corners as intersections of the straight sides in ideal pixels. The search runs on the
 * inverse model (seen to ideal, u = -k1 to first order); k1 is matched to it at the end.
 */
export function straightenQuad(sides: QuadSides, lens0: LensModel, k1Range: [number, number], consensus?: SideConsensus): StraightQuad | null {
  if (sides.sidesPx.some((s) => s.length < 6)) return null;
  // Trim with a mild barrel first (typical webcam), then search.
  let sidePts = sides.sidesPx.map((s) => trimSide(s, lens0, 0.05, consensus));
  const total = sidePts.reduce((n, s) => n + s.length, 0);
  const cost = (u: number) => {
    let ss = 0;
    for (const s of sidePts) {
      const f = fitLine(unbend(s, lens0, u));
      if (!f) return Infinity;
      ss += f.rms * f.rms * s.length;
    }
    // A weak pull towards no distortion where the sides cannot tell (a small board mid-frame).
    return ss / total + 0.5 * u * u;
  };
  let bestU = 0;
  let bestC = Infinity;
  for (let u = -k1Range[1]; u <= -k1Range[0] + 1e-9; u += 0.02) {
    const c = cost(u);
    if (c < bestC) {
      bestC = c;
      bestU = u;
    }
  }
  // Golden-section search around the best grid value.
  let lo = bestU - 0.02;
  let hi = bestU + 0.02;
  const g = (Math.sqrt(5) - 1) / 2;
  for (let it = 0; it < 14; it++) {
    const m1 = hi - g * (hi - lo);
    const m2 = lo + g * (hi - lo);
    if (cost(m1) < cost(m2)) hi = m2;
    else lo = m1;
  }
  let u = (lo + hi) / 2;
  // Keep the bend only if it straightens the sides clearly (not a zig-zag between two edges).
  if (cost(u) > 0.5 * cost(0)) u = 0;
  sidePts = sidePts.map((s) => trimSide(s, lens0, u));
  const lines: [number, number, number][] = [];
  let ss = 0;
  let n = 0;
  // k1 of the forward model that best undoes the inverse one over these points.
  let num = 0;
  let den = 0;
  for (const s of sidePts) {
    const ideal = unbend(s, lens0, u);
    const f = fitLine(ideal);
    if (!f) return null;
    lines.push(f.line);
    ss += f.rms * f.rms * s.length;
    n += s.length;
    for (let i = 0; i < s.length; i++) {
      const dx = (ideal[i]!.x - lens0.centreXPx) / lens0.scalePx;
      const dy = (ideal[i]!.y - lens0.centreYPx) / lens0.scalePx;
      const r2 = dx * dx + dy * dy;
      const sx = (s[i]!.x - lens0.centreXPx) / lens0.scalePx;
      const sy = (s[i]!.y - lens0.centreYPx) / lens0.scalePx;
      // seen = ideal (1 + k1 r2): least squares over both coordinates.
      num += (sx - dx) * dx * r2 + (sy - dy) * dy * r2;
      den += (dx * r2) ** 2 + (dy * r2) ** 2;
    }
  }
  const lens = { ...lens0, k1: den > 0 ? num / den : 0 };
  const cornersPx: Point[] = [];
  for (let i = 0; i < 4; i++) {
    // Corner i is where side i - 1 meets side i.
    const p = intersect(lines[(i + 3) % 4]!, lines[i]!);
    if (!p) return null;
    cornersPx.push(p);
  }
  return { cornersPx, lens, straightnessPx: Math.sqrt(ss / n), counts: sidePts.map((s) => s.length) };
}

export interface RectLike {
  minXMm: number;
  minYMm: number;
  maxXMm: number;
  maxYMm: number;
}

/**
 * Move each side of a board rectangle, as a guess maps it into the image, onto the strongest
 * straight edge parallel to it within `rangePx` (nearer ones preferred), and re-make the
 * mapping from the four sides. A guess from the wrong one of several nested outlines (a
 * frame's top, a gutter, the playing surface) lands on the surface this way.
 */
export function snapRectSides(gray: GrayImage, h: readonly number[], lens: LensModel, rect: RectLike, rangePx: number, minResponse: number): number[] | null {
  const model: Point[] = [
    { x: rect.minXMm, y: rect.minYMm },
    { x: rect.maxXMm, y: rect.minYMm },
    { x: rect.maxXMm, y: rect.maxYMm },
    { x: rect.minXMm, y: rect.maxYMm },
  ];
  return snapPolygonSides(gray, h, lens, model, rangePx, minResponse)?.boardToImage ?? null;
}

/**
 * The same for any convex polygon of the board (a hexagonal field): each side moved onto the
 * strongest straight edge parallel to it, the mapping re-made from the corners where the
 * moved sides meet. `score` is the mean edge strength found along the sides.
 */
export function snapPolygonSides(gray: GrayImage, h: readonly number[], lens: LensModel, polygon: readonly Point[], rangePx: number, minResponse: number, perSide = 32): { boardToImage: number[]; score: number } | null {
  const seen = (x: number, y: number) => {
    const w = h[6]! * x + h[7]! * y + h[8]!;
    return distortPx(lens, (h[0]! * x + h[1]! * y + h[2]!) / w, (h[3]! * x + h[4]! * y + h[5]!) / w);
  };
  const n = polygon.length;
  const orientation = Math.sign(polygonArea(polygon)) || 1;
  const step = 0.5;
  const m = Math.ceil(rangePx / step);
  const lines: [number, number, number][] = [];
  let total = 0;
  for (let i = 0; i < n; i++) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % n]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    // Inward normal: to the left of a -> b on a counter-clockwise polygon.
    const inx = (-(b.y - a.y) / len) * orientation;
    const iny = ((b.x - a.x) / len) * orientation;
    const pts: { p: Point; n: Point; v: Float64Array }[] = [];
    for (let k = 0; k < perSide; k++) {
      const t = 0.08 + (0.84 * k) / (perSide - 1);
      const x = a.x + (b.x - a.x) * t;
      const y = a.y + (b.y - a.y) * t;
      const p = seen(x, y);
      const q = seen(x + inx, y + iny);
      const l = Math.hypot(q.x - p.x, q.y - p.y);
      if (!(l > 0)) continue;
      const nrm = { x: (q.x - p.x) / l, y: (q.y - p.y) / l };
      // Brightness across the side, from outside to inside.
      const v = new Float64Array(2 * m + 5);
      let ok = true;
      for (let j = 0; j < v.length; j++) {
        const s = (j - m - 2) * step;
        const g = sampleBilinear(gray, p.x + nrm.x * s, p.y + nrm.y * s);
        if (Number.isNaN(g)) {
          ok = false;
          break;
        }
        v[j] = g;
      }
      if (ok) pts.push({ p, n: nrm, v });
    }
    if (pts.length < perSide / 2) return null;
    let bestD = 0;
    let bestScore = -1;
    let bestSign = 0;
    for (let j = 2; j < 2 * m + 3; j++) {
      let sum = 0;
      for (const q of pts) sum += q.v[j + 2]! - q.v[j - 2]!;
      const mean = sum / pts.length;
      const d = (j - m - 2) * step;
      const score = Math.abs(mean) * (1 - 0.5 * (d / rangePx) ** 2);
      if (score > bestScore) {
        bestScore = score;
        bestD = d;
        bestSign = Math.sign(mean);
      }
    }
    if (bestScore < minResponse) return null;
    const found: Point[] = [];
    for (const q of pts) {
      const x = q.p.x + q.n.x * bestD;
      const y = q.p.y + q.n.y * bestD;
      const hit = searchEdge(gray, x, y, q.n.x, q.n.y, 1.5, 'step', 0, bestSign as -1 | 1);
      if (!hit || Math.abs(hit.response) < minResponse) continue;
      found.push(undistortPx(lens, x + q.n.x * hit.offsetPx, y + q.n.y * hit.offsetPx));
    }
    if (found.length < perSide / 3) return null;
    const line = fitLineTrimmed(found);
    if (!line) return null;
    lines.push(line);
    total += bestScore;
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

/** Line through points, dropping the farthest a few times (a disc on the side). */
export function fitLineTrimmed(pts: readonly Point[]): [number, number, number] | null {
  let cur = [...pts];
  for (let round = 0; round < 3; round++) {
    const f = fitLine(cur);
    if (!f) return null;
    const d = cur.map((p) => Math.abs(f.line[0] * p.x + f.line[1] * p.y + f.line[2]));
    const sorted = [...d].sort((p, q) => p - q);
    const sigma = Math.max(0.3, 1.4826 * sorted[Math.floor(sorted.length / 2)]!);
    const keep = cur.filter((_, i) => d[i]! <= 3 * sigma);
    if (keep.length === cur.length || keep.length < 4) return f.line;
    cur = keep;
  }
  return fitLine(cur)?.line ?? null;
}
