/**
 * Measure one disc to a fraction of a millimetre from its outline as the camera sees it. A
 * disc is a short cylinder: its outline in the image is the hull of its top face (at its
 * height) and its footprint (on the board), joined by the side wall. We predict that hull
 * for a footprint centre and radius, look along the hull's normals for the edge in the image
 * itself, and move centre and radius until the predicted outline sits on the edges found.
 * The footprint comes out directly, parallax included.
 */
import { applyHomography } from '../geometry/homography.ts';
import { distortPx, type LensModel } from '../geometry/lens.ts';
import type { GrayImage } from '../image/frame.ts';
import { searchEdge } from '../calibrate/edge-search.ts';

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
}

interface OutlinePoint {
  angle: number;
  top: boolean;
  x: number;
  y: number;
}

function project(h: readonly number[], lens: LensModel, x: number, y: number) {
  const p = applyHomography(h, x, y);
  return distortPx(lens, p.x, p.y);
}

/** Convex hull (monotone chain), counter-clockwise in image coordinates. */
function hull(points: OutlinePoint[]): OutlinePoint[] {
  const pts = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  const cross = (o: OutlinePoint, a: OutlinePoint, b: OutlinePoint) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
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
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

function outline(input: SilhouetteFitInput, cx: number, cy: number, r: number, n: number): OutlinePoint[] {
  const pts: OutlinePoint[] = [];
  for (let k = 0; k < n; k++) {
    const angle = (2 * Math.PI * k) / n;
    const bx = cx + r * Math.cos(angle);
    const by = cy + r * Math.sin(angle);
    const t = project(input.topToImage, input.lens, bx, by);
    const b = project(input.boardToImage, input.lens, bx, by);
    pts.push({ angle, top: true, x: t.x, y: t.y }, { angle, top: false, x: b.x, y: b.y });
  }
  return hull(pts);
}

/** The top face's rim at its height, in angle order. */
function topRim(input: SilhouetteFitInput, cx: number, cy: number, r: number, n: number): OutlinePoint[] {
  const pts: OutlinePoint[] = [];
  for (let k = 0; k < n; k++) {
    const angle = (2 * Math.PI * k) / n;
    const t = project(input.topToImage, input.lens, cx + r * Math.cos(angle), cy + r * Math.sin(angle));
    pts.push({ angle, top: true, x: t.x, y: t.y });
  }
  return pts;
}

interface Observation {
  angle: number;
  top: boolean;
  nx: number;
  ny: number;
  qx: number;
  qy: number;
  response: number;
}

/** Gauss-Newton for the centre of a disc of known radius from edge observations. */
function solveCentre<T>(obs: readonly T[], x0: number, y0: number, r: number, residual: (ob: T, x: number, y: number, rr: number) => number): { x: number; y: number } | null {
  let cx = x0;
  let cy = y0;
  for (let it = 0; it < 8; it++) {
    const eps = 1e-4;
    let a = 0;
    let b = 0;
    let c = 0;
    let g0 = 0;
    let g1 = 0;
    for (const ob of obs) {
      const f0 = residual(ob, cx, cy, r);
      const j0 = (residual(ob, cx + eps, cy, r) - f0) / eps;
      const j1 = (residual(ob, cx, cy + eps, r) - f0) / eps;
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
    if (Math.hypot(dx, dy) < 1e-5) break;
  }
  return { x: cx, y: cy };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

type EdgeSigns = { top: -1 | 0 | 1; wall: -1 | 0 | 1 };

export function fitSilhouette(
  input: SilhouetteFitInput,
  o: { rimRays: number; rimRangesMm: readonly number[]; minRimResponse: number; outlierSigmas: number; signRetryCoverage?: number },
): SilhouetteFit | null {
  const first = fitWithSigns(input, o, { top: 0, wall: 0 });
  // A disc of about the board's tone is outlined by its dark edge, a thin line: edges of both
  // signs lie round it, about as strong, and the sign learnt first may be the one found less
  // far round. Found little of its rim: the other sign is tried too, and the better fit kept.
  if (!first || o.signRetryCoverage === undefined || first.fit.coverage >= o.signRetryCoverage) return first?.fit ?? null;
  const flip = (v: -1 | 0 | 1) => (v === 0 ? 0 : v === 1 ? -1 : 1);
  const second = fitWithSigns(input, o, { top: flip(first.signs.top), wall: flip(first.signs.wall) });
  return second && second.fit.coverage > first.fit.coverage ? second.fit : first.fit;
}

function fitWithSigns(
  input: SilhouetteFitInput,
  o: { rimRays: number; rimRangesMm: readonly number[]; minRimResponse: number; outlierSigmas: number },
  signs: EdgeSigns,
): { fit: SilhouetteFit; signs: EdgeSigns } | null {
  let cx = input.xMm;
  let cy = input.yMm;
  const r = input.radiusMm;
  // The outline's edge can change sign around the disc: where the top face makes the outline
  // it is top-against-board, where the side wall does it is wall-against-board, and a wall in
  // shade is darker than a top in light. Each kind learns its own sign (unless given).
  const polarity: EdgeSigns = { ...signs };
  let result: SilhouetteFit | null = null;
  let outlineCount = 0;
  let fittedRadius = input.radiusMm;
  let spreadMm = 0;
  // Local scale: pixels per millimetre at the disc.
  const c0 = project(input.boardToImage, input.lens, cx, cy);
  const c1 = project(input.boardToImage, input.lens, cx + 1, cy);
  const c2 = project(input.boardToImage, input.lens, cx, cy + 1);
  const pxPerMm = (Math.hypot(c1.x - c0.x, c1.y - c0.y) + Math.hypot(c2.x - c0.x, c2.y - c0.y)) / 2;
  for (const rangeMm of o.rimRangesMm) {
    const h = input.topOnly ? topRim(input, cx, cy, r, o.rimRays) : outline(input, cx, cy, r, o.rimRays);
    outlineCount = h.length;
    const obs: Observation[] = [];
    for (let i = 0; i < h.length; i++) {
      const prev = h[(i - 1 + h.length) % h.length]!;
      const next = h[(i + 1) % h.length]!;
      const p = h[i]!;
      const bx = cx + r * Math.cos(p.angle);
      const by = cy + r * Math.sin(p.angle);
      if (input.neighbours?.some((nb) => Math.hypot(bx - nb.xMm, by - nb.yMm) < nb.radiusMm + 1.5)) continue;
      // Outward normal of a counter-clockwise hull (image y down): rotate the chord clockwise.
      // The top rim alone: the image of the radial direction.
      let nx = next.y - prev.y;
      let ny = -(next.x - prev.x);
      if (input.topOnly) {
        const q = project(input.topToImage, input.lens, cx + (r + 0.5) * Math.cos(p.angle), cy + (r + 0.5) * Math.sin(p.angle));
        nx = q.x - p.x;
        ny = q.y - p.y;
      }
      const nl = Math.hypot(nx, ny);
      if (!(nl > 0)) continue;
      nx /= nl;
      ny /= nl;
      const pol = p.top ? polarity.top : polarity.wall;
      const hit = searchEdge(input.gray, p.x, p.y, nx, ny, Math.max(1, rangeMm * pxPerMm), 'step', 0, pol === 0 ? 0 : (-pol as -1 | 1));
      if (!hit || Math.abs(hit.response) < o.minRimResponse) continue;
      obs.push({ angle: p.angle, top: p.top, nx, ny, qx: p.x + nx * hit.offsetPx, qy: p.y + ny * hit.offsetPx, response: hit.response });
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
    let inl = obs.filter((ob) => Math.sign(ob.response) === -(ob.top ? polarity.top : polarity.wall));
    const residual = (ob: Observation, x: number, y: number, rr: number) => {
      const bx = x + rr * Math.cos(ob.angle);
      const by = y + rr * Math.sin(ob.angle);
      const p = project(ob.top ? input.topToImage : input.boardToImage, input.lens, bx, by);
      return ob.nx * (p.x - ob.qx) + ob.ny * (p.y - ob.qy);
    };
    // Gauss-Newton on the centre (the radius is the piece's, known); outliers (a touching
    // neighbour, a shadow's edge) dropped between rounds.
    for (let round = 0; round < 3; round++) {
      if (inl.length < 8) return null;
      const c = solveCentre(inl, cx, cy, r, residual);
      if (!c) break;
      cx = c.x;
      cy = c.y;
      const res = inl.map((ob) => residual(ob, cx, cy, r));
      const sigma = Math.max(0.1, 1.4826 * median(res.map(Math.abs)));
      const keep = inl.filter((_, i) => Math.abs(res[i]!) <= o.outlierSigmas * sigma);
      if (keep.length === inl.length) break;
      inl = keep;
    }
    // Leave out a quarter of the outline at a time: if the centre moves, part of the outline
    // is biased (a shadow's edge, a low-contrast side), and the uncertainty must say so.
    spreadMm = 0;
    for (let q = 0; q < 4; q++) {
      const rest = inl.filter((ob) => Math.floor((ob.angle / (2 * Math.PI)) * 4) % 4 !== q);
      if (rest.length < 8 || rest.length === inl.length) continue;
      const c = solveCentre(rest, cx, cy, r, residual);
      if (c) spreadMm = Math.max(spreadMm, Math.hypot(c.x - cx, c.y - cy));
    }
    // The radius the edges suggest (reported, and a check that this is a disc at all).
    let seenR = r;
    for (let it = 0; it < 5; it++) {
      let jj = 0;
      let jf = 0;
      for (const ob of inl) {
        const f0 = residual(ob, cx, cy, seenR);
        const j = (residual(ob, cx, cy, seenR + 1e-4) - f0) / 1e-4;
        jj += j * j;
        jf += j * f0;
      }
      if (!(jj > 0)) break;
      seenR -= jf / jj;
    }
    fittedRadius = seenR;
    const res = inl.map((ob) => residual(ob, cx, cy, r));
    const rmsPx = Math.sqrt(res.reduce((s, v) => s + v * v, 0) / Math.max(1, res.length));
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
    };
  }
  return result ? { fit: result, signs: polarity } : null;
}
