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

/** The box of map values (NaN left out), as fillMaps gathers it. */
interface MapBounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
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
function sourceWindow(mx: Float32Array, my: Float32Array, b: MapBounds, imageWidthPx: number, imageHeightPx: number): PixelWindow {
  const { minX, minY, maxX, maxY } = b;
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

/**
 * The maps of a view (homography then radial lens, written out: this loop runs for every view
 * pixel), and the box of their values gathered in the same pass (a second pass over both maps
 * cost a tenth of the view).
 */
function fillMaps(mx: Float32Array, my: Float32Array, w: number, h: number, H: readonly number[], lens: LensModel, originXMm: number, originYMm: number, pxPerMm: number): MapBounds {
  const h0 = H[0]!, h1 = H[1]!, h2 = H[2]!, h3 = H[3]!, h4 = H[4]!, h5 = H[5]!, h6 = H[6]!, h7 = H[7]!, h8 = H[8]!;
  const cx = lens.centreXPx;
  const cy = lens.centreYPx;
  const k1 = lens.k1;
  const k2 = lens.k2;
  const s2 = 1 / (lens.scalePx * lens.scalePx);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let r = 0; r < h; r++) {
    const y = originYMm - r / pxPerMm;
    for (let c = 0; c < w; c++) {
      const x = originXMm + c / pxPerMm;
      const iw = 1 / (h6 * x + h7 * y + h8);
      const dx = (h0 * x + h1 * y + h2) * iw - cx;
      const dy = (h3 * x + h4 * y + h5) * iw - cy;
      const rr = (dx * dx + dy * dy) * s2;
      const f = 1 + k1 * rr + k2 * rr * rr;
      // The box is of the stored (float32) values.
      const vx = Math.fround(cx + dx * f);
      const vy = Math.fround(cy + dy * f);
      mx[r * w + c] = vx;
      my[r * w + c] = vy;
      if (vx < minX) minX = vx;
      if (vx > maxX) maxX = vx;
      if (vy < minY) minY = vy;
      if (vy > maxY) maxY = vy;
    }
  }
  return { minX, minY, maxX, maxY };
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
    const bounds = fillMaps(mx, my, w, h, planeToImage, lens, originXMm, originYMm, pxPerMm);
    const roi = sourceWindow(mx, my, bounds, gray.widthPx, gray.heightPx);
    const src = scope.keep(new cv.Mat(roi.heightPx, roi.widthPx, cv.CV_32FC1));
    copyWindow(gray, roi, src.data32F);
    const dst = scope.keep(new cv.Mat());
    cv.remap(src, dst, mapX, mapY, cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(0));
    const out8 = scope.keep(new cv.Mat());
    dst.convertTo(out8, cv.CV_8U);
    return { gray: new Uint8Array(out8.data), widthPx: w, heightPx: h, pxPerMm, originXMm, originYMm };
  });
}
