/**
 * A top-down view of one plane of the board (the plane of the discs' top faces), sampled from
 * the camera image through the calibration: discs appear there as circles of their true size.
 */
import type { LensModel } from '../geometry/lens.ts';
import type { GrayImage } from '../image/frame.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { withMats } from '../opencv/mat-scope.ts';

export interface RectifiedView {
  gray: Uint8Array;
  widthPx: number;
  heightPx: number;
  pxPerMm: number;
  /** Board mm of the view's pixel (0, 0) centre; +x right, +y up (rows go down in -y). */
  originXMm: number;
  originYMm: number;
}

export function viewToBoard(v: RectifiedView, col: number, row: number): { xMm: number; yMm: number } {
  return { xMm: v.originXMm + col / v.pxPerMm, yMm: v.originYMm - row / v.pxPerMm };
}

export function rectifyPlane(
  cv: CV,
  gray: GrayImage,
  planeToImage: readonly number[],
  lens: LensModel,
  extent: { minXMm: number; minYMm: number; maxXMm: number; maxYMm: number },
  pxPerMm: number,
): RectifiedView {
  const w = Math.ceil((extent.maxXMm - extent.minXMm) * pxPerMm);
  const h = Math.ceil((extent.maxYMm - extent.minYMm) * pxPerMm);
  const originXMm = extent.minXMm;
  const originYMm = extent.maxYMm;
  return withMats((scope) => {
    const mapX = scope.keep(new cv.Mat(h, w, cv.CV_32FC1));
    const mapY = scope.keep(new cv.Mat(h, w, cv.CV_32FC1));
    const mx = mapX.data32F;
    const my = mapY.data32F;
    const H = planeToImage;
    const k1 = lens.k1;
    const k2 = lens.k2;
    const s2 = 1 / (lens.scalePx * lens.scalePx);
    for (let r = 0; r < h; r++) {
      const y = originYMm - r / pxPerMm;
      for (let c = 0; c < w; c++) {
        const x = originXMm + c / pxPerMm;
        // Homography then radial lens, written out: this loop runs for every view pixel.
        const iw = 1 / (H[6]! * x + H[7]! * y + H[8]!);
        const dx = (H[0]! * x + H[1]! * y + H[2]!) * iw - lens.centreXPx;
        const dy = (H[3]! * x + H[4]! * y + H[5]!) * iw - lens.centreYPx;
        const rr = (dx * dx + dy * dy) * s2;
        const f = 1 + k1 * rr + k2 * rr * rr;
        mx[r * w + c] = lens.centreXPx + dx * f;
        my[r * w + c] = lens.centreYPx + dy * f;
      }
    }
    const src = scope.keep(new cv.Mat(gray.heightPx, gray.widthPx, cv.CV_32FC1));
    src.data32F.set(gray.data);
    const dst = scope.keep(new cv.Mat());
    cv.remap(src, dst, mapX, mapY, cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(0));
    const out8 = scope.keep(new cv.Mat());
    dst.convertTo(out8, cv.CV_8U);
    return { gray: new Uint8Array(out8.data), widthPx: w, heightPx: h, pxPerMm, originXMm, originYMm };
  });
}
