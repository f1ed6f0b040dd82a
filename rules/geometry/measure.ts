/**
 * Signed clearances between a disc (seen from straight above: a circle on the board) and the
 * things painted on or cut into a board. All inputs and outputs in board millimetres.
 *
 * Sign convention everywhere: clearance > 0 means the disc's outline is that far from the
 * feature, = 0 tangent, < 0 overlapping (by that much: how far the disc would have to move).
 */
import type { ContainmentResult } from './call.ts';
import { callFromClearance } from './call.ts';

export interface PointMm {
  xMm: number;
  yMm: number;
}

export interface DiscFootprint extends PointMm {
  radiusMm: number;
}

export interface CircleMm extends PointMm {
  radiusMm: number;
}

export interface SegmentMm {
  x1Mm: number;
  y1Mm: number;
  x2Mm: number;
  y2Mm: number;
}

export function distanceMm(a: PointMm, b: PointMm): number {
  return Math.hypot(a.xMm - b.xMm, a.yMm - b.yMm);
}

/**
 * Clearance between a disc and a painted circle (a ring line of radius `radiusMm`, measured to
 * the middle of the paint, `lineWidthMm` wide). `side` tells where the disc's centre lies.
 */
export function clearanceToRingMm(
  disc: DiscFootprint,
  ring: CircleMm,
  lineWidthMm: number,
): { clearanceMm: number; side: 'inside' | 'outside' } {
  const d = distanceMm(disc, ring);
  const half = lineWidthMm / 2;
  const innerEdge = ring.radiusMm - half;
  const outerEdge = ring.radiusMm + half;
  const clearInside = innerEdge - (d + disc.radiusMm);
  const clearOutside = d - disc.radiusMm - outerEdge;
  const side = d <= ring.radiusMm ? 'inside' : 'outside';
  // While overlapping, both are negative; the larger one is the shorter way out.
  return { clearanceMm: Math.max(clearInside, clearOutside), side };
}

/**
 * Containment in a circular region whose boundary is a painted ring (width counts as boundary).
 * `inside` = wholly within the inner edge of the paint.
 */
export function containmentInRing(
  disc: DiscFootprint,
  ring: CircleMm,
  lineWidthMm: number,
  uncertaintyMm = 0,
): ContainmentResult {
  const { clearanceMm, side } = clearanceToRingMm(disc, ring, lineWidthMm);
  const call = callFromClearance(clearanceMm, uncertaintyMm);
  return {
    containment: call === 'touching' ? 'touching' : side === 'inside' ? 'inside' : 'outside',
    clearanceMm,
    call,
    uncertaintyMm,
  };
}

/** Distance from a point to a segment's centre line, and which side of it (+1 left, -1 right). */
export function pointToSegment(p: PointMm, s: SegmentMm): { distanceMm: number; side: 1 | -1; t: number } {
  const dx = s.x2Mm - s.x1Mm;
  const dy = s.y2Mm - s.y1Mm;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.xMm - s.x1Mm) * dx + (p.yMm - s.y1Mm) * dy) / len2));
  const cx = s.x1Mm + t * dx;
  const cy = s.y1Mm + t * dy;
  const cross = dx * (p.yMm - s.y1Mm) - dy * (p.xMm - s.x1Mm);
  return { distanceMm: Math.hypot(p.xMm - cx, p.yMm - cy), side: cross >= 0 ? 1 : -1, t };
}

/**
 * Clearance between a disc and a straight painted line: the segment thickened to a rectangle
 * `lineWidthMm` wide with square ends (paint does not have round caps).
 */
export function clearanceToLineMm(
  disc: DiscFootprint,
  line: SegmentMm,
  lineWidthMm: number,
): { clearanceMm: number; side: 1 | -1 } {
  const dx = line.x2Mm - line.x1Mm;
  const dy = line.y2Mm - line.y1Mm;
  const len = Math.hypot(dx, dy);
  const ux = len === 0 ? 1 : dx / len;
  const uy = len === 0 ? 0 : dy / len;
  // Disc centre in the line's own frame: u along the line from its middle, v across it.
  const mx = (line.x1Mm + line.x2Mm) / 2;
  const my = (line.y1Mm + line.y2Mm) / 2;
  const u = (disc.xMm - mx) * ux + (disc.yMm - my) * uy;
  const v = -(disc.xMm - mx) * uy + (disc.yMm - my) * ux;
  const sdf = signedDistanceToBox(u, v, len / 2, lineWidthMm / 2);
  return { clearanceMm: sdf - disc.radiusMm, side: v >= 0 ? 1 : -1 };
}

/** Signed distance from (u, v) to an axis-aligned box of half sizes (hu, hv); negative inside. */
function signedDistanceToBox(u: number, v: number, hu: number, hv: number): number {
  const qx = Math.abs(u) - hu;
  const qy = Math.abs(v) - hv;
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
  const inside = Math.min(Math.max(qx, qy), 0);
  return outside + inside;
}

/** Signed distance from a point to a simple polygon's boundary: positive inside, negative outside. */
export function signedDistanceToPolygonMm(p: PointMm, polygon: readonly PointMm[]): number {
  let best = Infinity;
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[j]!;
    const b = polygon[i]!;
    const d = pointToSegment(p, { x1Mm: a.xMm, y1Mm: a.yMm, x2Mm: b.xMm, y2Mm: b.yMm }).distanceMm;
    if (d < best) best = d;
    const crosses = a.yMm > p.yMm !== b.yMm > p.yMm;
    if (crosses && p.xMm < ((b.xMm - a.xMm) * (p.yMm - a.yMm)) / (b.yMm - a.yMm) + a.xMm) inside = !inside;
  }
  return inside ? best : -best;
}

/**
 * Containment of a disc in a polygon whose edges are painted lines `lineWidthMm` wide (0 for an
 * unpainted edge such as a mat border). The clearance is to the nearest edge band.
 */
export function containmentInPolygon(
  disc: DiscFootprint,
  polygon: readonly PointMm[],
  lineWidthMm: number,
  uncertaintyMm = 0,
): ContainmentResult {
  const sd = signedDistanceToPolygonMm(disc, polygon);
  const half = lineWidthMm / 2;
  const clearanceMm = sd >= 0 ? sd - half - disc.radiusMm : -sd - half - disc.radiusMm;
  const call = callFromClearance(clearanceMm, uncertaintyMm);
  return {
    containment: call === 'touching' ? 'touching' : sd >= 0 ? 'inside' : 'outside',
    clearanceMm,
    call,
    uncertaintyMm,
  };
}

/**
 * A disc and a hole: `inHoleClearanceMm` > 0 when the disc lies completely within the hole
 * (crokinole 20: the disc has dropped in); `overlapMm` > 0 when any part hangs over it.
 */
export function discAndHoleMm(
  disc: DiscFootprint,
  hole: CircleMm,
): { inHoleClearanceMm: number; overlapMm: number } {
  const d = distanceMm(disc, hole);
  return {
    inHoleClearanceMm: hole.radiusMm - (d + disc.radiusMm),
    overlapMm: hole.radiusMm + disc.radiusMm - d,
  };
}

/** Clearance of a disc inside a circular board edge (positive: wholly on the board). */
export function clearanceInsideCircleMm(disc: DiscFootprint, edge: CircleMm): number {
  return edge.radiusMm - (distanceMm(disc, edge) + disc.radiusMm);
}

/** Clearance of a disc inside an axis-aligned rectangle (positive: wholly within it). */
export function clearanceInsideRectMm(
  disc: DiscFootprint,
  rect: { minXMm: number; minYMm: number; maxXMm: number; maxYMm: number },
): number {
  return Math.min(
    disc.xMm - rect.minXMm,
    rect.maxXMm - disc.xMm,
    disc.yMm - rect.minYMm,
    rect.maxYMm - disc.yMm,
  ) - disc.radiusMm;
}

/** Overlap test between two discs: clearance between their outlines. */
export function clearanceBetweenDiscsMm(a: DiscFootprint, b: DiscFootprint): number {
  return distanceMm(a, b) - a.radiusMm - b.radiusMm;
}
