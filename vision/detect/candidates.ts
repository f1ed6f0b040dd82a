/** Disc candidates: circles of about the piece's size in the rectified top-face view. */
import type { CV } from '../opencv/load-opencv.ts';
import { withMats } from '../opencv/mat-scope.ts';
import { viewToBoard, type RectifiedView } from './rectify.ts';

export interface Candidate {
  xMm: number;
  yMm: number;
  radiusMm: number;
}

export function findCandidates(
  cv: CV,
  view: RectifiedView,
  radiusMm: number,
  o: { houghThreshold: number; houghCanny: number; minRadiusFraction: number; maxRadiusFraction: number },
): Candidate[] {
  return withMats((scope) => {
    const src = scope.keep(new cv.Mat(view.heightPx, view.widthPx, cv.CV_8UC1));
    src.data.set(view.gray);
    const blurred = scope.keep(new cv.Mat());
    cv.GaussianBlur(src, blurred, new cv.Size(5, 5), 1.0);
    const circles = scope.keep(new cv.Mat());
    const rPx = radiusMm * view.pxPerMm;
    cv.HoughCircles(blurred, circles, cv.HOUGH_GRADIENT, 1, rPx * 1.2, o.houghCanny, o.houghThreshold, Math.floor(rPx * o.minRadiusFraction), Math.ceil(rPx * o.maxRadiusFraction));
    const out: Candidate[] = [];
    const d = circles.data32F;
    for (let i = 0; i + 2 < d.length; i += 3) {
      const p = viewToBoard(view, d[i]!, d[i + 1]!);
      out.push({ ...p, radiusMm: d[i + 2]! / view.pxPerMm });
    }
    return out;
  });
}
