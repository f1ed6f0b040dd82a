/**
 * Rough first look for a board drawn as a large painted polygon (PitRush's hexagonal field):
 * large convex polygons with the field's number of corners in a downscaled edge image. Where
 * the round frame is lost against the table (wood on wood) or cut by an arm, the field's
 * outline often still stands out; its corners give the mapping up to the board's symmetry.
 */
import { homographyFromPairs } from '../geometry/homography.ts';
import { downscaleBox } from '../image/downscale.ts';
import type { GrayImage } from '../image/frame.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { withMats } from '../opencv/mat-scope.ts';
import { edgeMats, isConvex, polygonArea, type Point, type QuadOptions } from './coarse-quads.ts';
import { unmirror } from './coarse-round.ts';

/** The coarse quads' options (the polygons are looked for the same way, at the same scale). */
export type PolygonOptions = Omit<QuadOptions, 'quadsFromStretches' | 'stretchQuadsPerContour'>;

/**
 * Large convex polygons of `corners` corners (seen, full-resolution pixels), largest first,
 * near-duplicates dropped: the hulls of edge contours simplified at two tolerances, from the
 * edges as found and after a small dilation (which closes gaps in an outline).
 */
export function findBoardPolygons(cv: CV, gray: GrayImage, corners: number, o: PolygonOptions): Point[][] {
  const factor = Math.max(1, Math.round(gray.widthPx / o.quadWidthPx));
  const small = downscaleBox(gray, factor);
  const minArea = o.minQuadAreaFraction * small.widthPx * small.heightPx;
  const toFull = (p: Point): Point => ({ x: (p.x + 0.5) * factor - 0.5, y: (p.y + 0.5) * factor - 0.5 });
  const found = withMats((scope) => {
    const { blurred, edges, dilated, kernel } = edgeMats(cv, scope, small);
    const out: Point[][] = [];
    for (const [low, high] of [[o.quadCannyLow, o.quadCannyHigh], [o.quadCannyLow / 2, o.quadCannyHigh / 2]] as const) {
      cv.Canny(blurred, edges, low, high);
      cv.dilate(edges, dilated, kernel);
      for (const img of [edges, dilated]) {
        const contours = scope.keep(new cv.MatVector());
        const hierarchy = scope.keep(new cv.Mat());
        cv.findContours(img, contours, hierarchy, cv.RETR_LIST, cv.CHAIN_APPROX_NONE);
        for (let i = 0; i < contours.size(); i++) {
          const c = contours.get(i);
          const hull = new cv.Mat();
          const approx = new cv.Mat();
          try {
            const r = cv.boundingRect(c);
            if (r.width * r.height < minArea) continue;
            cv.convexHull(c, hull, false, true);
            if (cv.contourArea(hull) < minArea) continue;
            const perimeter = cv.arcLength(hull, true);
            for (const eps of [0.02, 0.035]) {
              cv.approxPolyDP(hull, approx, eps * perimeter, true);
              if (approx.rows !== corners) continue;
              const d = approx.data32S;
              const poly: Point[] = [];
              for (let k = 0; k < d.length; k += 2) poly.push({ x: d[k]!, y: d[k + 1]! });
              if (!isConvex(poly) || Math.abs(polygonArea(poly)) < minArea) continue;
              out.push(poly.map(toFull));
              break;
            }
          } finally {
            approx.delete();
            hull.delete();
            c.delete();
          }
        }
      }
    }
    return out;
  });
  found.sort((a, b) => Math.abs(polygonArea(b)) - Math.abs(polygonArea(a)));
  const distinct: Point[][] = [];
  for (const p of found) {
    const size = Math.sqrt(Math.abs(polygonArea(p)));
    const same = (q: Point[]) => p.every((a) => q.some((b) => Math.hypot(a.x - b.x, a.y - b.y) < 0.03 * size));
    if (!distinct.some(same)) distinct.push(p);
  }
  return distinct.slice(0, o.maxQuadCandidates);
}

/**
 * Board-to-image mappings putting a model polygon (mm) on an image polygon of as many corners:
 * one per way round the corners that the board's symmetry does not make the same, never seen
 * mirrored (a camera above the board cannot see it so).
 */
export function polygonMappings(modelMm: readonly Point[], imagePx: readonly Point[], symmetryOrder: number, centre: { xMm: number; yMm: number }): number[][] {
  const n = modelMm.length;
  if (imagePx.length !== n) return [];
  const out: number[][] = [];
  const shifts = Math.max(1, Math.round(n / Math.max(1, symmetryOrder)));
  for (const order of [imagePx, [...imagePx].reverse()]) {
    for (let s = 0; s < shifts; s++) {
      const h = homographyFromPairs(modelMm.map((m, i) => ({ from: m, to: order[(i + s) % n]! })));
      if (!h) continue;
      const circle = { xMm: centre.xMm, yMm: centre.yMm, radiusMm: 1 };
      // Only the unmirrored order is kept: unmirror leaves it as it is.
      const kept = unmirror([...h], circle);
      if (kept.every((v, i) => v === h[i])) out.push(h.map((v) => v / h[8]!));
    }
  }
  return out;
}
