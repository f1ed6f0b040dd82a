/** Disc candidates: circles of about the piece's size in the rectified top-face view. */
import type { CV } from '../opencv/load-opencv.ts';
import { withMats } from '../opencv/mat-scope.ts';
import { viewToBoard, type RectifiedView } from './rectify.ts';

export interface Candidate {
  xMm: number;
  yMm: number;
  radiusMm: number;
}

/**
 * `paintedMm`: centres of circles painted on the board about a piece's size (carrom's centre
 * spot). Circles closer than 1.2 radii are one disc found twice, except a painted circle and a
 * piece lying across it: HoughCircles' own least distance would keep only the stronger of
 * those two, and which is stronger changes with the image noise.
 */
export function findCandidates(
  cv: CV,
  view: RectifiedView,
  radiusMm: number,
  o: { houghThreshold: number; houghCanny: number; minRadiusFraction: number; maxRadiusFraction: number; paintedNearFraction: number },
  paintedMm: readonly { xMm: number; yMm: number }[] = [],
): Candidate[] {
  return withMats((scope) => {
    const src = scope.keep(new cv.Mat(view.heightPx, view.widthPx, cv.CV_8UC1));
    src.data.set(view.gray);
    const blurred = scope.keep(new cv.Mat());
    cv.GaussianBlur(src, blurred, new cv.Size(5, 5), 1.0);
    const circles = scope.keep(new cv.Mat());
    const rPx = radiusMm * view.pxPerMm;
    const minDistRadii = 1.2;
    const painted = paintedMm.length > 0;
    cv.HoughCircles(blurred, circles, cv.HOUGH_GRADIENT, 1, rPx * (painted ? 0.5 : minDistRadii), o.houghCanny, o.houghThreshold, Math.floor(rPx * o.minRadiusFraction), Math.ceil(rPx * o.maxRadiusFraction));
    const out: Candidate[] = [];
    const onPaint: boolean[] = [];
    const d = circles.data32F;
    for (let i = 0; i + 2 < d.length; i += 3) {
      const p = viewToBoard(view, d[i]!, d[i + 1]!);
      const c = { ...p, radiusMm: d[i + 2]! / view.pxPerMm };
      const paint = painted && paintedMm.some((s) => Math.hypot(s.xMm - c.xMm, s.yMm - c.yMm) <= o.paintedNearFraction * radiusMm);
      // Strongest first (HoughCircles' order): a weaker circle near a kept one is the same disc.
      if (painted && out.some((k, j) => Math.hypot(k.xMm - c.xMm, k.yMm - c.yMm) < minDistRadii * radiusMm && onPaint[j] === paint)) continue;
      out.push(c);
      onPaint.push(paint);
    }
    return out;
  });
}
