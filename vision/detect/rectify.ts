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

/** A window of the camera image: its top-left pixel and size. */
interface PixelWindow {
  x0: number;
  y0: number;
  widthPx: number;
  heightPx: number;
}

/**
 * The part of the image a view samples, and the maps moved into it: a box of the board needs a
 * small part of the frame, and copying all of it into opencv cost more than the rest of the
 * view. The view comes out the same as from the whole image: the window holds every pixel a
 * sample reaches inside the image (with a pixel to spare each side, so every map value stays
 * positive after the move and rounds the same), and ends at the image's edges, so a sample
 * reaching past the window reaches past the image too and is bordered as before. A map value
 * (a float32) less a whole number below it is again a float32, so the moved maps are exact.
 */
function sourceWindow(mx: Float32Array, my: Float32Array, imageWidthPx: number, imageHeightPx: number): PixelWindow {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < mx.length; i++) {
    const x = mx[i]!;
    const y = my[i]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const whole = { x0: 0, y0: 0, widthPx: imageWidthPx, heightPx: imageHeightPx };
  // NaN or no samples: the whole image, as it was.
  if (!(minX <= maxX && minY <= maxY)) return whole;
  const x0 = Math.min(imageWidthPx - 1, Math.max(0, Math.floor(minX) - 1));
  const y0 = Math.min(imageHeightPx - 1, Math.max(0, Math.floor(minY) - 1));
  const x1 = Math.max(x0, Math.min(imageWidthPx - 1, Math.floor(maxX) + 2));
  const y1 = Math.max(y0, Math.min(imageHeightPx - 1, Math.floor(maxY) + 2));
  if (x0 > 0) for (let i = 0; i < mx.length; i++) mx[i] = mx[i]! - x0;
  if (y0 > 0) for (let i = 0; i < my.length; i++) my[i] = my[i]! - y0;
  return { x0, y0, widthPx: x1 - x0 + 1, heightPx: y1 - y0 + 1 };
}

function copyWindow(gray: GrayImage, win: PixelWindow, out: Float32Array): void {
  for (let r = 0; r < win.heightPx; r++) {
    const from = (win.y0 + r) * gray.widthPx + win.x0;
    out.set(gray.data.subarray(from, from + win.widthPx), r * win.widthPx);
  }
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
    const roi = sourceWindow(mx, my, gray.widthPx, gray.heightPx);
    const src = scope.keep(new cv.Mat(roi.heightPx, roi.widthPx, cv.CV_32FC1));
    copyWindow(gray, roi, src.data32F);
    const dst = scope.keep(new cv.Mat());
    cv.remap(src, dst, mapX, mapY, cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(0));
    const out8 = scope.keep(new cv.Mat());
    dst.convertTo(out8, cv.CV_8U);
    return { gray: new Uint8Array(out8.data), widthPx: w, heightPx: h, pxPerMm, originXMm, originYMm };
  });
}
