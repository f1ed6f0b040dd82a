/**
 * Measure one disc to a fraction of a millimetre from its outline as the camera sees it. A
 * disc is a short cylinder: its outline in the image is the hull of its top face (at its
 * height) and its footprint (on the board), joined by the side wall. We predict that hull
 * for a footprint centre and radius, look along the hull's normals for the edge in the image
 * itself, and move centre and radius until the predicted outline sits on the edges found.
 * The footprint comes out directly, parallax included.
 */
import type { LensModel } from '../geometry/lens.ts';
import { searchStepEdge } from '../calibrate/edge-search.ts';
import { hypot2 } from '../geometry/hypot2.ts';
import type { GrayImage } from '../image/frame.ts';

export interface SilhouetteFitInput {
  gray: GrayImage;
  /** Board plane (z = 0) to ideal pixels. */
  boardToImage: readonly number[];
  /** Plane of the top face (z = height) to ideal pixels. */
  topToImage: readonly number[];
  lens: LensModel;
  xMm: number;
  yMm: number;
  radiusMm: number;
  /**
   * Fit only the top face's rim (at its height), not the outline: no shadow or side wall
   * lies inside the rim, so this sees past both where the top face stands out.
   */
  topOnly?: boolean;
  /** Discs next to this one: outline points where they touch it are not this disc's edge. */
  neighbours?: readonly { xMm: number; yMm: number; radiusMm: number }[];
}

export interface SilhouetteFit {
  xMm: number;
  yMm: number;
  radiusMm: number;
  /** RMS of the edge residuals, converted to millimetres. */
  rmsMm: number;
  /** Share of outline samples that found their edge and agree with the fit. */
  coverage: number;
  inliers: number;
  /** Mean edge contrast (grey levels) of the inliers. */
  contrast: number;
  /** Largest move of the centre when a quarter of the outline is left out. */
  leaveOutSpreadMm: number;
  /** +1: the top face is brighter than what surrounds it, -1 darker. */
  polarity: 1 | -1;
  /**
   * Length of the mean of the directions round the disc where its rim was found: about 0.64
   * for one half of the rim found, 0 for two opposite halves or the whole rim.
   */
  rimResultant: number;
}

/** A ray's angle round the disc, its cosine and sine, and its quarter of the outline (0..3). */
interface RayAngle {
  angle: number;
  cos: number;
  sin: number;
  quarter: number;
}

interface OutlinePoint extends RayAngle {
  top: boolean;
  x: number;
  y: number;
}

/** The outline point of a ray on a plane (projected straight into it: no point made per call). */
function outlinePoint(ray: RayAngle, top: boolean, h: readonly number[], lens: LensModel, xMm: number, yMm: number): OutlinePoint {
  const p: OutlinePoint = { angle: ray.angle, cos: ray.cos, sin: ray.sin, quarter: ray.quarter, top, x: 0, y: 0 };
  projectInto(h, lens, xMm, yMm, p);
  return p;
}

const rayTables = new Map<number, RayAngle[]>();

/** The angles of n rays round a disc, worked out once (every fit pass walks them). */
function rayAngles(n: number): RayAngle[] {
  let table = rayTables.get(n);
  if (!table) {
    table = [];
    for (let k = 0; k < n; k++) {
      const angle = (2 * Math.PI * k) / n;
      table.push({ angle, cos: Math.cos(angle), sin: Math.sin(angle), quarter: Math.floor((angle / (2 * Math.PI)) * 4) % 4 });
    }
    rayTables.set(n, table);
  }
  return table;
}

/**
 * Plane millimetres to the pixel the lens shows: applyHomography then distortPx, written out
 * with the same arithmetic (so the same results) into `out`. It runs for every rim sample in
 * the fit's innermost loops, where a new point per call cost as much as the arithmetic.
 */
function projectInto(h: readonly number[], lens: LensModel, x: number, y: number, out: { x: number; y: number }): void {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  const dx = ((h[0]! * x + h[1]! * y + h[2]!) / w - lens.centreXPx) / lens.scalePx;
  const dy = ((h[3]! * x + h[4]! * y + h[5]!) / w - lens.centreYPx) / lens.scalePx;
  const r2 = dx * dx + dy * dy;
  const f = 1 + lens.k1 * r2 + lens.k2 * r2 * r2;
  out.x = lens.centreXPx + dx * f * lens.scalePx;
  out.y = lens.centreYPx + dy * f * lens.scalePx;
}

function project(h: readonly number[], lens: LensModel, x: number, y: number): { x: number; y: number } {
  const out = { x: 0, y: 0 };
  projectInto(h, lens, x, y, out);
  return out;
}

/** Convex hull (monotone chain) of points sorted by x then y, counter-clockwise in image coordinates. */
function cross(o: OutlinePoint, a: OutlinePoint, b: OutlinePoint): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

function hullOfSorted(pts: readonly OutlinePoint[]): OutlinePoint[] {
  const lower: OutlinePoint[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: OutlinePoint[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  for (const p of upper) lower.push(p);
  return lower;
}

/**
 * A ring's points (a convex curve, in order round it) sorted by x: from the leftmost point the
 * two ways round it are each in increasing x, and are merged. Null when the result is not in
 * strictly increasing x (a tie, or a ring that is not convex): the caller sorts in full then.
 */
function ringSortedByX(ring: readonly OutlinePoint[]): OutlinePoint[] | null {
  const n = ring.length;
  let first = 0;
  for (let i = 1; i < n; i++) if (ring[i]!.x < ring[first]!.x) first = i;
  const out: OutlinePoint[] = [ring[first]!];
  let fwd = (first + 1) % n;
  let back = (first - 1 + n) % n;
  while (out.length < n) {
    const takeFwd = fwd === back || ring[fwd]!.x < ring[back]!.x;
    const p = takeFwd ? ring[fwd]! : ring[back]!;
    if (!(p.x > out[out.length - 1]!.x)) return null;
    out.push(p);
    if (fwd === back) break;
    if (takeFwd) fwd = (fwd + 1) % n;
    else back = (back - 1 + n) % n;
  }
  return out;
}

/** Two lists in strictly increasing x merged into one, or null on a tie. */
function mergeByX(a: readonly OutlinePoint[], b: readonly OutlinePoint[]): OutlinePoint[] | null {
  const out: OutlinePoint[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]!.x === b[j]!.x) return null;
    out.push(a[i]!.x < b[j]!.x ? a[i++]! : b[j++]!);
  }
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

/**
 * The outline: the hull of the top face's rim and the footprint's, both given in angle order.
 * Each is a convex curve, so their points sort by x in a linear pass (a full sort cost more
 * than the rest of the hull); where x ties or a curve is not convex, they are sorted in full,
 * in the same order (x, then y, then top and footprint alternating by angle).
 */
function outlineHull(top: readonly OutlinePoint[], foot: readonly OutlinePoint[]): OutlinePoint[] {
  const t = ringSortedByX(top);
  const f = t && ringSortedByX(foot);
  const merged = f && mergeByX(t, f);
  if (merged) return hullOfSorted(merged);
  const all: OutlinePoint[] = [];
  for (let k = 0; k < top.length; k++) all.push(top[k]!, foot[k]!);
  return hullOfSorted(all.sort((a, b) => a.x - b.x || a.y - b.y));
}

function outline(input: SilhouetteFitInput, cx: number, cy: number, r: number, n: number): OutlinePoint[] {
  const top: OutlinePoint[] = [];
  const foot: OutlinePoint[] = [];
  for (const ray of rayAngles(n)) {
    const bx = cx + r * ray.cos;
    const by = cy + r * ray.sin;
    top.push(outlinePoint(ray, true, input.topToImage, input.lens, bx, by));
    foot.push(outlinePoint(ray, false, input.boardToImage, input.lens, bx, by));
  }
  return outlineHull(top, foot);
}

/** The top face's rim at its height, in angle order. */
function topRim(input: SilhouetteFitInput, cx: number, cy: number, r: number, n: number): OutlinePoint[] {
  const pts: OutlinePoint[] = [];
  for (const ray of rayAngles(n)) pts.push(outlinePoint(ray, true, input.topToImage, input.lens, cx + r * ray.cos, cy + r * ray.sin));
  return pts;
}

interface Observation {
  /** The ray's cosine and sine, and its quarter of the outline (0..3). */
  cos: number;
  sin: number;
  quarter: number;
  top: boolean;
  /** The plane the sample lies in (the top face's or the board's), to ideal pixels. */
  plane: readonly number[];
  nx: number;
  ny: number;
  qx: number;
  qy: number;
  response: number;
  /** A top rim's edge found where the side wall's foot is (see SilhouetteFitOptions.wallFootMinPx). */
  atWallFoot: boolean;
}

// Observations reused from pass to pass and fit to fit (a fit makes ~100 per pass, and a
// frame's detection thousands of passes: fresh objects cost more in garbage collection than
// the fit's arithmetic). A pass takes them from the start again; no fit keeps one.
const observationPool: Observation[] = [];

function pooledObservation(k: number): Observation {
  let ob = observationPool[k];
  if (!ob) {
    ob = { cos: 0, sin: 0, quarter: 0, top: false, plane: [], nx: 0, ny: 0, qx: 0, qy: 0, response: 0, atWallFoot: false };
    observationPool[k] = ob;
  }
  return ob;
}

// (In geometry/, for the calibration's passes too; exported here as before.)
export { hypot2 };

/**
 * Distance along its normal from an observed edge point to where the disc's outline point is
 * seen when it lies at (x, y) of its plane: projectInto and the distance written out in one (it
 * runs for every observation of every fit, where the calls, not always inlined in a fit this
 * size, cost more than the arithmetic). Same arithmetic, so the same numbers.
 */
function residualAt(ob: Observation, lens: LensModel, x: number, y: number): number {
  const h = ob.plane;
  const w = h[6]! * x + h[7]! * y + h[8]!;
  const dx = ((h[0]! * x + h[1]! * y + h[2]!) / w - lens.centreXPx) / lens.scalePx;
  const dy = ((h[3]! * x + h[4]! * y + h[5]!) / w - lens.centreYPx) / lens.scalePx;
  const r2 = dx * dx + dy * dy;
  const f = 1 + lens.k1 * r2 + lens.k2 * r2 * r2;
  return ob.nx * (lens.centreXPx + dx * f * lens.scalePx - ob.qx) + ob.ny * (lens.centreYPx + dy * f * lens.scalePx - ob.qy);
}

/** The residual's derivatives along the plane's x and y, left by residualAndSlopes (no object per call). */
const slopes = { x: 0, y: 0 };

/**
 * residualAt, and its derivatives along the plane's x and y into `slopes`, worked out from the
 * homography and the lens (a difference quotient needs two more residuals per observation).
 */
function residualAndSlopes(ob: Observation, lens: LensModel, x: number, y: number): number {
  const h = ob.plane;
  const w = h[6]! * x + h[7]! * y + h[8]!;
  const u = (h[0]! * x + h[1]! * y + h[2]!) / w;
  const v = (h[3]! * x + h[4]! * y + h[5]!) / w;
  const s = lens.scalePx;
  const dx = (u - lens.centreXPx) / s;
  const dy = (v - lens.centreYPx) / s;
  const r2 = dx * dx + dy * dy;
  const f = 1 + lens.k1 * r2 + lens.k2 * r2 * r2;
  const df = 2 * (lens.k1 + 2 * lens.k2 * r2);
  // Seen pixel against the undistorted one (u, v): the lens's Jacobian.
  const xu = f + df * dx * dx;
  const xv = df * dx * dy;
  const yv = f + df * dy * dy;
  // Undistorted pixel against the plane point: the homography's.
  const ux = (h[0]! - u * h[6]!) / w;
  const uy = (h[1]! - u * h[7]!) / w;
  const vx = (h[3]! - v * h[6]!) / w;
  const vy = (h[4]! - v * h[7]!) / w;
  const gu = ob.nx * xu + ob.ny * xv;
  const gv = ob.nx * xv + ob.ny * yv;
  slopes.x = gu * ux + gv * vx;
  slopes.y = gu * uy + gv * vy;
  return ob.nx * (lens.centreXPx + dx * f * s - ob.qx) + ob.ny * (lens.centreYPx + dy * f * s - ob.qy);
}

/** Distance along its normal from an observed edge point to where a disc at (x, y) of radius rr puts it. */
function residualOf(ob: Observation, lens: LensModel, x: number, y: number, rr: number): number {
  return residualAt(ob, lens, x + rr * ob.cos, y + rr * ob.sin);
}

/** Gauss-Newton for the centre of a disc of known radius from edge observations. */
function solveCentre(obs: readonly Observation[], lens: LensModel, x0: number, y0: number, r: number): { x: number; y: number } | null {
  let cx = x0;
  let cy = y0;
  for (let it = 0; it < 8; it++) {
    let a = 0;
    let b = 0;
    let c = 0;
    let g0 = 0;
    let g1 = 0;
    for (let i = 0; i < obs.length; i++) {
      const ob = obs[i]!;
      const f0 = residualAndSlopes(ob, lens, cx + r * ob.cos, cy + r * ob.sin);
      const j0 = slopes.x;
      const j1 = slopes.y;
      a += j0 * j0;
      b += j0 * j1;
      c += j1 * j1;
      g0 += j0 * f0;
      g1 += j1 * f0;
    }
    const det = a * c - b * b;
    if (!(Math.abs(det) > 1e-12)) return null;
    const dx = -(c * g0 - b * g1) / det;
    const dy = -(a * g1 - b * g0) / det;
    cx += dx;
    cy += dy;
    if (hypot2(dx, dy) < 1e-5) break;
  }
  return { x: cx, y: cy };
}

/** The radius the edges suggest for a disc centred at (cx, cy), from the piece's radius r. */
function seenRadius(obs: readonly Observation[], lens: LensModel, cx: number, cy: number, r: number): number {
  let seenR = r;
  for (let it = 0; it < 5; it++) {
    let jj = 0;
    let jf = 0;
    for (let i = 0; i < obs.length; i++) {
      const ob = obs[i]!;
      const f0 = residualAndSlopes(ob, lens, cx + seenR * ob.cos, cy + seenR * ob.sin);
      const j = slopes.x * ob.cos + slopes.y * ob.sin;
      jj += j * j;
      jf += j * f0;
    }
    if (!(jj > 0)) break;
    seenR -= jf / jj;
  }
  return seenR;
}

let medianBuffer = new Float64Array(256);

/** Median of the absolute values (the upper one of an even count), sorted in a buffer kept between calls. */
function medianAbs(xs: readonly number[]): number {
  if (medianBuffer.length < xs.length) medianBuffer = new Float64Array(xs.length);
  const s = medianBuffer.subarray(0, xs.length);
  for (let i = 0; i < xs.length; i++) s[i] = Math.abs(xs[i]!);
  s.sort();
  return s[Math.floor(s.length / 2)] ?? 0;
}

type EdgeSigns = { top: -1 | 0 | 1; wall: -1 | 0 | 1 };

export interface SilhouetteFitOptions {
  rimRays: number;
  rimRangesMm: readonly number[];
  minRimResponse: number;
  outlierSigmas: number;
  signRetryCoverage?: number;
  /**
   * A top rim's fit of a disc darker than the board round it (edges of this mean contrast or
   * more, grey levels): where its side wall shows at least this many pixels outside the rim, an
   * edge found nearer the wall's foot than the rim (up to this far past the foot) is the foot's.
   * A dark disc's wall is as dark as its top, so no edge divides them: the foot's edge taken for
   * the rim pulled the centre toward the camera. (Not for fainter discs: a board-coloured disc's
   * edges there are not its foot's.)
   */
  wallFootMinPx?: number;
  wallFootReachPx?: number;
  wallFootMinContrast?: number;
  /**
   * Half the baseline (pixels) of the step an edge is measured by (0.75 unless given): a
   * blurred edge (defocus, motion) spreads its step over several pixels, and across 1.5 px
   * it shows a fraction of its contrast.
   */
  edgeHalfBaselinePx?: number;
}

export function fitSilhouette(input: SilhouetteFitInput, o: SilhouetteFitOptions): SilhouetteFit | null {
  return fitEitherSign(input, o, o.edgeHalfBaselinePx ?? 0.75);
}

function fitEitherSign(input: SilhouetteFitInput, o: SilhouetteFitOptions, halfBaselinePx: number): SilhouetteFit | null {
  const first = fitWithSigns(input, o, { top: 0, wall: 0 }, halfBaselinePx);
  // A disc of about the board's tone is outlined by its dark edge, a thin line: edges of both
  // signs lie round it, about as strong, and the sign learnt first may be the one found less
  // far round. Found little of its rim: the other sign is tried too, and the better fit kept.
  if (!first || o.signRetryCoverage === undefined || first.fit.coverage >= o.signRetryCoverage) return first?.fit ?? null;
  const flip = (v: -1 | 0 | 1) => (v === 0 ? 0 : v === 1 ? -1 : 1);
  const second = fitWithSigns(input, o, { top: flip(first.signs.top), wall: flip(first.signs.wall) }, halfBaselinePx);
  return second && second.fit.coverage > first.fit.coverage ? second.fit : first.fit;
}

function fitWithSigns(
  input: SilhouetteFitInput,
  o: SilhouetteFitOptions,
  signs: EdgeSigns,
  halfBaselinePx: number,
): { fit: SilhouetteFit; signs: EdgeSigns } | null {
  let cx = input.xMm;
  let cy = input.yMm;
  const r = input.radiusMm;
  const lens = input.lens;
  // The outline's edge can change sign around the disc: where the top face makes the outline
  // it is top-against-board, where the side wall does it is wall-against-board, and a wall in
  // shade is darker than a top in light. Each kind learns its own sign (unless given).
  const polarity: EdgeSigns = { ...signs };
  let result: SilhouetteFit | null = null;
  // Local scale: pixels per millimetre at the disc.
  const c0 = project(input.boardToImage, lens, cx, cy);
  const c1 = project(input.boardToImage, lens, cx + 1, cy);
  const c2 = project(input.boardToImage, lens, cx, cy + 1);
  const pxPerMm = (Math.hypot(c1.x - c0.x, c1.y - c0.y) + Math.hypot(c2.x - c0.x, c2.y - c0.y)) / 2;
  const q = { x: 0, y: 0 };
  for (let pass = 0; pass < o.rimRangesMm.length; pass++) {
    const rangeMm = o.rimRangesMm[pass]!;
    const h = input.topOnly ? topRim(input, cx, cy, r, o.rimRays) : outline(input, cx, cy, r, o.rimRays);
    // (Rays that fall on a neighbour are not this disc's to find: coverage counts the rest.)
    let outlineCount = h.length;
    const obs: Observation[] = [];
    for (let i = 0; i < h.length; i++) {
      const prev = h[(i - 1 + h.length) % h.length]!;
      const next = h[(i + 1) % h.length]!;
      const p = h[i]!;
      const { cos, sin } = p;
      const bx = cx + r * cos;
      const by = cy + r * sin;
      if (input.neighbours?.some((nb) => Math.hypot(bx - nb.xMm, by - nb.yMm) < nb.radiusMm + 1.5)) {
        outlineCount--;
        continue;
      }
      // Outward normal of a counter-clockwise hull (image y down): rotate the chord clockwise.
      // The top rim alone: the image of the radial direction.
      let nx = next.y - prev.y;
      let ny = -(next.x - prev.x);
      if (input.topOnly) {
        projectInto(input.topToImage, lens, cx + (r + 0.5) * cos, cy + (r + 0.5) * sin, q);
        nx = q.x - p.x;
        ny = q.y - p.y;
      }
      const nl = hypot2(nx, ny);
      if (!(nl > 0)) continue;
      nx /= nl;
      ny /= nl;
      const pol = p.top ? polarity.top : polarity.wall;
      const hit = searchStepEdge(input.gray, p.x, p.y, nx, ny, Math.max(1, rangeMm * pxPerMm), pol === 0 ? 0 : (-pol as -1 | 1), halfBaselinePx);
      if (!hit || Math.abs(hit.response) < o.minRimResponse) continue;
      const ob = pooledObservation(obs.length);
      ob.cos = cos;
      ob.sin = sin;
      ob.quarter = p.quarter;
      ob.top = p.top;
      ob.plane = p.top ? input.topToImage : input.boardToImage;
      ob.atWallFoot = false;
      // (Only while the top may be darker than the board: its sign, once learnt, holds for the later passes.)
      if (input.topOnly && o.wallFootMinPx !== undefined && polarity.top !== 1) {
        projectInto(input.boardToImage, lens, bx, by, q);
        const wallPx = (q.x - p.x) * nx + (q.y - p.y) * ny;
        ob.atWallFoot = wallPx >= o.wallFootMinPx && hit.offsetPx > wallPx / 2 && hit.offsetPx < wallPx + (o.wallFootReachPx ?? 0);
      }
      ob.nx = nx;
      ob.ny = ny;
      ob.qx = p.x + nx * hit.offsetPx;
      ob.qy = p.y + ny * hit.offsetPx;
      ob.response = hit.response;
      obs.push(ob);
    }
    if (obs.length < 8) return null;
    for (const kind of ['top', 'wall'] as const) {
      if (polarity[kind] !== 0) continue;
      const mine = obs.filter((ob) => ob.top === (kind === 'top'));
      if (mine.length === 0) continue;
      // Going outwards, a part brighter than the board gives a falling edge: response < 0.
      const falling = mine.filter((ob) => ob.response < 0).length;
      polarity[kind] = falling >= mine.length / 2 ? 1 : -1;
    }
    if (input.topOnly && polarity.top === -1 && o.wallFootMinPx !== undefined) {
      let sum = 0;
      for (const ob of obs) sum += Math.abs(ob.response);
      if (sum / obs.length >= (o.wallFootMinContrast ?? 0)) for (const ob of obs) if (ob.atWallFoot) ob.plane = input.boardToImage;
    }
    let inl = obs.filter((ob) => Math.sign(ob.response) === -(ob.top ? polarity.top : polarity.wall));
    // Gauss-Newton on the centre (the radius is the piece's, known); outliers (a touching
    // neighbour, a shadow's edge) dropped between rounds.
    for (let round = 0; round < 3; round++) {
      if (inl.length < 8) return null;
      const c = solveCentre(inl, lens, cx, cy, r);
      if (!c) break;
      cx = c.x;
      cy = c.y;
      const res = inl.map((ob) => residualOf(ob, lens, cx, cy, r));
      const sigma = Math.max(0.1, 1.4826 * medianAbs(res));
      const keep = inl.filter((_, i) => Math.abs(res[i]!) <= o.outlierSigmas * sigma);
      if (keep.length === inl.length) break;
      inl = keep;
    }
    // What the fit reports comes from the last pass alone; the earlier ones only move the centre.
    if (pass < o.rimRangesMm.length - 1) continue;
    // Leave out a quarter of the outline at a time: if the centre moves, part of the outline
    // is biased (a shadow's edge, a low-contrast side), and the uncertainty must say so.
    let spreadMm = 0;
    for (let quarter = 0; quarter < 4; quarter++) {
      const rest = inl.filter((ob) => ob.quarter !== quarter);
      if (rest.length < 8 || rest.length === inl.length) continue;
      const c = solveCentre(rest, lens, cx, cy, r);
      if (c) spreadMm = Math.max(spreadMm, Math.hypot(c.x - cx, c.y - cy));
    }
    // The radius the edges suggest (reported, and a check that this is a disc at all).
    const fittedRadius = seenRadius(inl, lens, cx, cy, r);
    let sumSq = 0;
    for (const ob of inl) {
      const v = residualOf(ob, lens, cx, cy, r);
      sumSq += v * v;
    }
    const rmsPx = Math.sqrt(sumSq / Math.max(1, inl.length));
    result = {
      xMm: cx,
      yMm: cy,
      radiusMm: fittedRadius,
      rmsMm: rmsPx / pxPerMm,
      leaveOutSpreadMm: spreadMm,
      coverage: inl.length / Math.max(1, outlineCount),
      inliers: inl.length,
      contrast: inl.reduce((s, ob) => s + Math.abs(ob.response), 0) / Math.max(1, inl.length),
      polarity: polarity.top === -1 ? -1 : 1,
      rimResultant: Math.hypot(inl.reduce((sum, ob) => sum + ob.cos, 0), inl.reduce((sum, ob) => sum + ob.sin, 0)) / Math.max(1, inl.length),
    };
  }
  return result ? { fit: result, signs: polarity } : null;
}
