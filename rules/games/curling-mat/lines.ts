/**
 * Stones against straight lines and the mat edge, as curling needs them: "crossed with its whole
 * circumference", "wholly beyond", "off the mat". Lines are treated as infinite across the
 * sheet: curling lines run from edge to edge, and a stone beyond an end of one is off the sheet.
 */
import type { DiscFootprint, PointMm } from '../../geometry/measure.ts';
import { clearanceInsideRectMm } from '../../geometry/measure.ts';
import type { FeatureOf, Surface } from '../../profiles/schema.ts';

type LineFeature = FeatureOf<'line'>;

/** Signed distance of a point from a line's centre line, positive on the side of `towards`. */
export function signedOffsetFromLineMm(p: PointMm, line: LineFeature, towards: PointMm): number {
  const dx = line.x2Mm - line.x1Mm;
  const dy = line.y2Mm - line.y1Mm;
  const len = Math.hypot(dx, dy) || 1;
  const nx = -dy / len;
  const ny = dx / len;
  const s = (p.xMm - line.x1Mm) * nx + (p.yMm - line.y1Mm) * ny;
  const sTowards = (towards.xMm - line.x1Mm) * nx + (towards.yMm - line.y1Mm) * ny;
  return sTowards >= 0 ? s : -s;
}

/**
 * Clearance of a stone past a line, toward `towards`: > 0 the whole stone is beyond the paint
 * (crossed with its whole circumference), <= 0 it still touches the line or is short of it.
 */
export function clearancePastLineMm(stone: DiscFootprint, line: LineFeature, towards: PointMm): number {
  return signedOffsetFromLineMm(stone, line, towards) - line.lineWidthMm / 2 - stone.radiusMm;
}

/** Clearance of a stone short of a line (wholly on the side away from `towards`). */
export function clearanceShortOfLineMm(stone: DiscFootprint, line: LineFeature, towards: PointMm): number {
  return -signedOffsetFromLineMm(stone, line, towards) - line.lineWidthMm / 2 - stone.radiusMm;
}

/**
 * Clearance of a stone inside the playing surface: > 0 on the mat, <= 0 off it. With
 * 'centre-off' only the centre counts (a stone whose centre is past the edge has tipped onto
 * the table); with 'overhanging' any part past the edge counts.
 */
export function clearanceOnSurfaceMm(stone: DiscFootprint, surface: Surface, mode: 'centre-off' | 'overhanging'): number {
  const r = mode === 'overhanging' ? stone.radiusMm : 0;
  if (surface.shape === 'rect') return clearanceInsideRectMm({ ...stone, radiusMm: r }, surface);
  return surface.radiusMm - (Math.hypot(stone.xMm - surface.xMm, stone.yMm - surface.yMm) + r);
}
