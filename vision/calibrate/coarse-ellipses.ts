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

export interface CoarseEllipseOptions {
  coarseWidthPx: number;
  cannyLow: number;
  cannyHigh: number;
  minContourPoints: number;
  maxEllipseCandidates: number;
  arcCornerStepPx: number;
  arcCornerMinTurnDeg: number;
}

interface SmallEllipse {
  cx: number;
  cy: number;
  widthPx: number;
  heightPx: number;
  angleDeg: number;
  fitErrorPx: number;
}

/**
 * The ellipse through a contour (downscaled pixels), null when it is not a board-sized round
 * shape, 'bad fit' when the contour is not one ellipse of a round board's shape (it may still
 * hold arcs of one).
 */
function fitContour(cv: CV, c: { rows: number; data32S: Int32Array }, limits: { minAxis: number; maxAxis: number }): SmallEllipse | null | 'bad fit' {
  const r = cv.fitEllipse(c as never);
  const a = r.size.width / 2;
  const b = r.size.height / 2;
  if (!(Math.min(a, b) > limits.minAxis / 2)) return null;
  // (Too long or too flat: perhaps arcs of a round shape joined by straight edges.)
  if (Math.max(a, b) > limits.maxAxis || Math.min(a, b) / Math.max(a, b) < 0.5) return 'bad fit';
  const d = c.data32S;
  const err = ellipseFitError(d, { cx: r.center.x, cy: r.center.y, a, b, angleRad: (r.angle * Math.PI) / 180 });
  if (err > 1.5) return 'bad fit';
  // A contour that is only part of an ellipse still fits well; demand coverage too.
  const perimeter = Math.PI * (3 * (a + b) - Math.sqrt((3 * a + b) * (a + 3 * b)));
  if (d.length / 2 < 0.25 * perimeter) return null;
  return { cx: r.center.x, cy: r.center.y, widthPx: r.size.width, heightPx: r.size.height, angleDeg: r.angle, fitErrorPx: err };
}

function toFullResolution(e: SmallEllipse, factor: number): ImageEllipse {
  return {
    centreXPx: (e.cx + 0.5) * factor - 0.5,
    centreYPx: (e.cy + 0.5) * factor - 0.5,
    widthPx: e.widthPx * factor,
    heightPx: e.heightPx * factor,
    angleDeg: e.angleDeg,
    fitErrorPx: e.fitErrorPx * factor,
  };
}

/**
 * A contour (x, y pairs) cut where it turns by more than `minTurnDeg` between the chords
 * `stepPx` points back and ahead: the corners where an arc meets a straight edge. Each arc
 * comes back as its own x, y pairs.
 */
export function arcsOf(xy: Int32Array, stepPx: number, minTurnDeg: number): Int32Array[] {
  const n = xy.length / 2;
  const k = Math.max(1, Math.round(stepPx));
  if (n < 2 * k + 1) return [xy];
  const cosMin = Math.cos((minTurnDeg * Math.PI) / 180);
  const corner = new Uint8Array(n);
  for (let i = k; i < n - k; i++) {
    const ax = xy[2 * i]! - xy[2 * (i - k)]!;
    const ay = xy[2 * i + 1]! - xy[2 * (i - k) + 1]!;
    const bx = xy[2 * (i + k)]! - xy[2 * i]!;
    const by = xy[2 * (i + k) + 1]! - xy[2 * i + 1]!;
    const la = hypot2(ax, ay);
    const lb = hypot2(bx, by);
    if (la === 0 || lb === 0 || (ax * bx + ay * by) / (la * lb) < cosMin) corner[i] = 1;
  }
  const arcs: Int32Array[] = [];
  let start = 0;
  for (let i = 0; i <= n; i++) {
    if (i < n && !corner[i]) continue;
    if (i > start) arcs.push(xy.subarray(2 * start, 2 * i));
    start = i + 1;
  }
  return arcs;
}

export function findLargeEllipses(
  cv: CV,
  gray: GrayImage,
  o: CoarseEllipseOptions,
): ImageEllipse[] {
  const factor = Math.max(1, Math.round(gray.widthPx / o.coarseWidthPx));
  const small = downscaleBox(gray, factor);
  const minAxis = 0.25 * Math.min(small.widthPx, small.heightPx);
  // A contour kept covers a quarter of its ellipse, whose perimeter is at least 2 pi times its
  // half minor axis (more than minAxis / 2): a contour shorter than that is not fitted at all
  // (0.249, not 0.25: a margin for rounding).
  const fewestPoints = Math.max(o.minContourPoints, 0.249 * Math.PI * minAxis);
  const limits = { minAxis, maxAxis: 2 * Math.max(small.widthPx, small.heightPx) };
  return withMats((scope) => {
    const src = scope.keep(new cv.Mat(small.heightPx, small.widthPx, cv.CV_8UC1));
    src.data.set(small.data);
    const blurred = scope.keep(new cv.Mat());
    cv.GaussianBlur(src, blurred, new cv.Size(5, 5), 1.2);
    const found: ImageEllipse[] = [];
    const fromArcs: ImageEllipse[] = [];
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
        const whole = fitContour(cv, c, limits);
        if (whole !== 'bad fit') {
          if (whole) found.push(toFullResolution(whole, factor));
          continue;
        }
        // An arm or a shadow crossing the board's edge joins it and the rings into one contour
        // that no ellipse fits: its arcs, cut where the contour turns sharply, may each fit.
        for (const arc of arcsOf(c.data32S, o.arcCornerStepPx, o.arcCornerMinTurnDeg)) {
          if (arc.length / 2 < fewestPoints) continue;
          const m = cv.matFromArray(arc.length / 2, 1, cv.CV_32SC2, Array.from(arc));
          try {
            const e = fitContour(cv, m, limits);
            if (e && e !== 'bad fit') fromArcs.push(toFullResolution(e, factor));
          } finally {
            m.delete();
          }
        }
      } finally {
        c.delete();
      }
    }
    }
    // Largest first; drop near-duplicates (the two sides of one painted line).
    // (Arcs' ellipses after the whole contours': they only fill the places left.)
    const bySize = (p: ImageEllipse, q: ImageEllipse) => q.widthPx * q.heightPx - p.widthPx * p.heightPx;
    const distinct: ImageEllipse[] = [];
    for (const e of [...found.sort(bySize), ...fromArcs.sort(bySize)]) {
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
