/**
 * How much of a detected outline the board's own paint explains: the share of the outline
 * that runs along a painted edge (a line's, a ring's, a spot's, a filled area's, a hole's or
 * the surface's edge). A piece's outline is found all round, on paint or not; an outline made
 * up of painted lines (a circle fitted between carrom's base lines) is found only where the
 * paint is.
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';

interface Segment {
  ax: number;
  ay: number;
  bx: number;
  by: number;
  /** Half the paint width: the edges lie this far either side. */
  halfWidthMm: number;
}

interface Circle {
  xMm: number;
  yMm: number;
  radiusMm: number;
  halfWidthMm: number;
}

export interface PaintEdges {
  segments: Segment[];
  circles: Circle[];
}

/** The painted edges of a profile (paint widths as the profile gives them). */
export function paintEdges(profile: BoardProfile): PaintEdges {
  const segments: Segment[] = [];
  const circles: Circle[] = [];
  const s = profile.surface;
  if (s.shape === 'rect') {
    const c = [
      [s.minXMm, s.minYMm],
      [s.maxXMm, s.minYMm],
      [s.maxXMm, s.maxYMm],
      [s.minXMm, s.maxYMm],
    ] as const;
    for (let i = 0; i < 4; i++) segments.push({ ax: c[i]![0], ay: c[i]![1], bx: c[(i + 1) % 4]![0], by: c[(i + 1) % 4]![1], halfWidthMm: 0 });
  } else circles.push({ xMm: s.xMm, yMm: s.yMm, radiusMm: s.radiusMm, halfWidthMm: 0 });
  for (const f of profile.features) {
    if (f.kind === 'line' && f.lineWidthMm > 0) segments.push({ ax: f.x1Mm, ay: f.y1Mm, bx: f.x2Mm, by: f.y2Mm, halfWidthMm: f.lineWidthMm / 2 });
    else if (f.kind === 'ring' && f.lineWidthMm > 0) circles.push({ xMm: f.xMm, yMm: f.yMm, radiusMm: f.radiusMm, halfWidthMm: f.lineWidthMm / 2 });
    else if (f.kind === 'disk' || f.kind === 'hole') circles.push({ xMm: f.xMm, yMm: f.yMm, radiusMm: f.radiusMm, halfWidthMm: 0 });
    else if (f.kind === 'region' && (f.fill || f.lineWidthMm > 0)) {
      for (let i = 0; i < f.pointsMm.length; i++) {
        const a = f.pointsMm[i]!;
        const b = f.pointsMm[(i + 1) % f.pointsMm.length]!;
        segments.push({ ax: a.xMm, ay: a.yMm, bx: b.xMm, by: b.yMm, halfWidthMm: f.lineWidthMm / 2 });
      }
    }
  }
  return { segments, circles };
}

/** Distance (mm) from a board point to the nearest painted edge. */
export function distanceToPaintMm(e: PaintEdges, xMm: number, yMm: number): number {
  let best = Infinity;
  for (const g of e.segments) {
    const dx = g.bx - g.ax;
    const dy = g.by - g.ay;
    const l2 = dx * dx + dy * dy;
    const t = l2 > 0 ? Math.max(0, Math.min(1, ((xMm - g.ax) * dx + (yMm - g.ay) * dy) / l2)) : 0;
    const d = Math.hypot(xMm - (g.ax + t * dx), yMm - (g.ay + t * dy));
    best = Math.min(best, Math.abs(d - g.halfWidthMm));
  }
  for (const c of e.circles) {
    const d = Math.abs(Math.hypot(xMm - c.xMm, yMm - c.yMm) - c.radiusMm);
    best = Math.min(best, Math.abs(d - c.halfWidthMm));
  }
  return best;
}

/** Share of a circle's outline (board plane) lying within `toleranceMm` of a painted edge. */
export function paintedShare(e: PaintEdges, xMm: number, yMm: number, radiusMm: number, toleranceMm: number, samples = 48): number {
  let n = 0;
  for (let k = 0; k < samples; k++) {
    const a = (2 * Math.PI * k) / samples;
    if (distanceToPaintMm(e, xMm + radiusMm * Math.cos(a), yMm + radiusMm * Math.sin(a)) <= toleranceMm) n++;
  }
  return n / samples;
}
