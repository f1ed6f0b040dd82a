/**
 * Rough first look for a round board: the large ellipses in a downscaled edge image. Each one
 * may be the image of the playing surface's edge or of a painted ring.
 */
import { downscaleBox } from '../image/downscale.ts';
import type { GrayImage } from '../image/frame.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { withMats } from '../opencv/mat-scope.ts';
import type { EllipseParams } from '../geometry/conic.ts';
import { hypot2 } from '../geometry/hypot2.ts';
import { searchEdge } from './edge-search.ts';

export interface ImageEllipse {
  centreXPx: number;
  centreYPx: number;
  /** Full axis lengths. */
  widthPx: number;
  heightPx: number;
  angleDeg: number;
  /** Mean distance of the contour from the fitted ellipse, in full-resolution pixels. */
  fitErrorPx: number;
}

/** Mean distance of a contour's points (x, y pairs, as opencv holds them) from an ellipse. */
function ellipseFitError(xy: Int32Array, e: { cx: number; cy: number; a: number; b: number; angleRad: number }): number {
  const c = Math.cos(e.angleRad);
  const s = Math.sin(e.angleRad);
  let sum = 0;
  for (let k = 0; k < xy.length; k += 2) {
    const dx = xy[k]! - e.cx;
    const dy = xy[k + 1]! - e.cy;
    const u = (dx * c + dy * s) / e.a;
    const v = (-dx * s + dy * c) / e.b;
    // Approximate geometric distance: radial error scaled by the mean axis.
    sum += Math.abs(hypot2(u, v) - 1) * ((e.a + e.b) / 2);
  }
  return sum / (xy.length / 2);
}

export function findLargeEllipses(
  cv: CV,
  gray: GrayImage,
  o: { coarseWidthPx: number; cannyLow: number; cannyHigh: number; minContourPoints: number; maxEllipseCandidates: number },
): ImageEllipse[] {
  const factor = Math.max(1, Math.round(gray.widthPx / o.coarseWidthPx));
  const small = downscaleBox(gray, factor);
  const minAxis = 0.25 * Math.min(small.widthPx, small.heightPx);
  // A contour kept covers a quarter of its ellipse, whose perimeter is at least 2 pi times its
  // half minor axis (more than minAxis / 2): a contour shorter than that is not fitted at all
  // (0.249, not 0.25: a margin for rounding).
  const fewestPoints = Math.max(o.minContourPoints, 0.249 * Math.PI * minAxis);
  return withMats((scope) => {
    const src = scope.keep(new cv.Mat(small.heightPx, small.widthPx, cv.CV_8UC1));
    src.data.set(small.data);
    const blurred = scope.keep(new cv.Mat());
    cv.GaussianBlur(src, blurred, new cv.Size(5, 5), 1.2);
    const found: ImageEllipse[] = [];
    // Strong edges first; then fainter ones (blurred or low-contrast paint) at half the thresholds.
    for (const gain of [1, 0.5]) {
    const edges = scope.keep(new cv.Mat());
    cv.Canny(blurred, edges, o.cannyLow * gain, o.cannyHigh * gain);
    const contours = scope.keep(new cv.MatVector());
    const hierarchy = scope.keep(new cv.Mat());
    cv.findContours(edges, contours, hierarchy, cv.RETR_LIST, cv.CHAIN_APPROX_NONE);
    for (let i = 0; i < contours.size(); i++) {
      const c = contours.get(i);
      try {
        if (c.rows < fewestPoints) continue;
        const r = cv.fitEllipse(c);
        const a = r.size.width / 2;
        const b = r.size.height / 2;
        if (!(Math.min(a, b) > minAxis / 2) || Math.max(a, b) > 2 * Math.max(small.widthPx, small.heightPx)) continue;
        if (Math.min(a, b) / Math.max(a, b) < 0.5) continue;
        const d = c.data32S;
        const err = ellipseFitError(d, { cx: r.center.x, cy: r.center.y, a, b, angleRad: (r.angle * Math.PI) / 180 });
        // A contour that is only part of an ellipse still fits well; demand coverage too.
        const perimeter = Math.PI * (3 * (a + b) - Math.sqrt((3 * a + b) * (a + 3 * b)));
        if (err > 1.5 || d.length / 2 < 0.25 * perimeter) continue;
        found.push({
          centreXPx: (r.center.x + 0.5) * factor - 0.5,
          centreYPx: (r.center.y + 0.5) * factor - 0.5,
          widthPx: r.size.width * factor,
          heightPx: r.size.height * factor,
          angleDeg: r.angle,
          fitErrorPx: err * factor,
        });
      } finally {
        c.delete();
      }
    }
    }
    // Largest first; drop near-duplicates (the two sides of one painted line).
    found.sort((p, q) => q.widthPx * q.heightPx - p.widthPx * p.heightPx);
    const distinct: ImageEllipse[] = [];
    for (const e of found) {
      const dup = distinct.some((d) => Math.hypot(d.centreXPx - e.centreXPx, d.centreYPx - e.centreYPx) < 0.02 * d.widthPx && Math.abs(Math.sqrt(d.widthPx * d.heightPx) - Math.sqrt(e.widthPx * e.heightPx)) < 0.03 * d.widthPx);
      if (!dup) distinct.push(e);
    }
    return distinct.slice(0, o.maxEllipseCandidates);
  });
}

/**
 * Follow a coarse ellipse's edge at full resolution and refit it there: the concentric-circle
 * geometry needs ellipses good to a pixel or so.
 */
export function refineEllipse(cv: CV, gray: GrayImage, e: ImageEllipse): EllipseParams | null {
  const a = e.widthPx / 2;
  const b = e.heightPx / 2;
  const t = (e.angleDeg * Math.PI) / 180;
  const ct = Math.cos(t);
  const st = Math.sin(t);
  const n = 180;
  const pts: number[] = [];
  const range = 3 + 0.01 * Math.max(a, b);
  for (let i = 0; i < n; i++) {
    const u = (2 * Math.PI * i) / n;
    const ex = a * Math.cos(u);
    const ey = b * Math.sin(u);
    const x = e.centreXPx + ex * ct - ey * st;
    const y = e.centreYPx + ex * st + ey * ct;
    // Normal of the ellipse: gradient of (ex/a)^2 + (ey/b)^2, rotated into the image.
    const gx = (ex / (a * a)) * ct - (ey / (b * b)) * st;
    const gy = (ex / (a * a)) * st + (ey / (b * b)) * ct;
    const gl = Math.hypot(gx, gy);
    const hit = searchEdge(gray, x, y, gx / gl, gy / gl, range, 'step', 0, 0);
    if (!hit || Math.abs(hit.response) < 6) continue;
    pts.push(x + (gx / gl) * hit.offsetPx, y + (gy / gl) * hit.offsetPx);
  }
  if (pts.length < 2 * 40) return null;
  return withMats((scope) => {
    const m = scope.keep(cv.matFromArray(pts.length / 2, 1, cv.CV_32FC2, pts));
    const r = cv.fitEllipse(m);
    return { centreXPx: r.center.x, centreYPx: r.center.y, a: r.size.width / 2, b: r.size.height / 2, angleRad: (r.angle * Math.PI) / 180 };
  });
}
