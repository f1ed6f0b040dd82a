/**
 * The mat's scoring fields as polygons (the profile's valued regions) and the geometry the calls
 * need: which field holds a point, the nearest dividing line, and clearance to the mat's edge.
 */
import { distanceMm, pointToSegment, signedDistanceToPolygonMm, type DiscFootprint, type PointMm } from '../../geometry/measure.ts';
import { featuresOfKind, type BoardProfile, type Surface } from '../../profiles/schema.ts';

export interface MatField {
  id: string;
  value: number;
  /** What a referee calls the field: "10", "8", "7", "10 OFF". */
  zone: string;
  polygon: readonly PointMm[];
  lineWidthMm: number;
}

/** Every region with a value is a scoring field. */
export function matFields(profile: BoardProfile): MatField[] {
  return featuresOfKind(profile, 'region')
    .filter((r) => r.value !== undefined)
    .map((r) => ({
      id: r.id,
      value: r.value!,
      zone: r.value! < 0 ? `${-r.value!} OFF` : String(r.value),
      polygon: r.pointsMm,
      lineWidthMm: r.lineWidthMm,
    }));
}

/** The field whose outline (middle of the paint) holds the point, with the point's depth inside it. */
export function fieldHolding(p: PointMm, fields: readonly MatField[]): { field: MatField; depthMm: number } | null {
  let best: { field: MatField; depthMm: number } | null = null;
  for (const field of fields) {
    const depthMm = signedDistanceToPolygonMm(p, field.polygon);
    // On a shared line both fields report depth 0; the first listed keeps it, so the answer is stable.
    if (depthMm >= 0 && (!best || depthMm > best.depthMm)) best = { field, depthMm };
  }
  return best;
}

/** The nearest dividing line (any field's outline) to a point: distance to the paint's middle and the closest point on it. */
export function nearestFieldLine(p: PointMm, fields: readonly MatField[]): { fieldId: string; distanceMm: number; atMm: PointMm; normal: PointMm } | null {
  let best: { fieldId: string; distanceMm: number; atMm: PointMm; normal: PointMm } | null = null;
  for (const field of fields) {
    const poly = field.polygon;
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      const a = poly[j]!;
      const b = poly[i]!;
      const seg = { x1Mm: a.xMm, y1Mm: a.yMm, x2Mm: b.xMm, y2Mm: b.yMm };
      const r = pointToSegment(p, seg);
      if (!best || r.distanceMm < best.distanceMm) {
        const len = Math.hypot(b.xMm - a.xMm, b.yMm - a.yMm) || 1;
        best = {
          fieldId: field.id,
          distanceMm: r.distanceMm,
          atMm: { xMm: a.xMm + r.t * (b.xMm - a.xMm), yMm: a.yMm + r.t * (b.yMm - a.yMm) },
          normal: { xMm: -(b.yMm - a.yMm) / len, yMm: (b.xMm - a.xMm) / len },
        };
      }
    }
  }
  return best;
}

/** How far past a line a point must be to be read as across it (well below any measurement). */
const ACROSS_STEP_MM = 1e-3;

/** The field (or none) just across the nearest dividing line from a point: the casual call's alternative. */
export function fieldAcrossNearestLine(p: PointMm, fields: readonly MatField[]): MatField | null {
  const here = fieldHolding(p, fields)?.field ?? null;
  const line = nearestFieldLine(p, fields);
  if (!line) return here;
  const d = distanceMm(p, line.atMm);
  const candidates: PointMm[] =
    d > 1e-9
      ? [{ xMm: line.atMm.xMm + ((line.atMm.xMm - p.xMm) / d) * ACROSS_STEP_MM, yMm: line.atMm.yMm + ((line.atMm.yMm - p.yMm) / d) * ACROSS_STEP_MM }]
      : [1, -1].map((s) => ({ xMm: line.atMm.xMm + s * line.normal.xMm * ACROSS_STEP_MM, yMm: line.atMm.yMm + s * line.normal.yMm * ACROSS_STEP_MM }));
  for (const c of candidates) {
    const there = fieldHolding(c, fields)?.field ?? null;
    if (there?.id !== here?.id) return there;
  }
  return here;
}

/** Signed distance of a point inside the mat: positive on it, negative beyond its edge. */
export function depthOnMatMm(p: PointMm, surface: Surface): number {
  if (surface.shape === 'circle') return surface.radiusMm - distanceMm(p, surface);
  return Math.min(p.xMm - surface.minXMm, surface.maxXMm - p.xMm, p.yMm - surface.minYMm, surface.maxYMm - p.yMm);
}

/** Clearance of a stone's outline inside the mat's edge: positive wholly on the mat, <= 0 touching or over it. */
export function clearanceInsideMatMm(disc: DiscFootprint, surface: Surface): number {
  return depthOnMatMm(disc, surface) - disc.radiusMm;
}
