/**
 * A top-down view of one plane of the board (the plane of the discs' top faces), sampled from
 * the camera image through the calibration: discs appear there as circles of their true size.
 */
import type { LensModel } from '../geometry/lens.ts';
import type { GrayImage } from '../image/frame.ts';
import type { CV } from '../opencv/load-opencv.ts';

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

/**
 * opencv's bilinear weights for a sample 1/32 pixel fractions into its pixel: remap rounds each
 * map value to a 32nd of a pixel and weighs the four pixels round it by these float32 products
 * (the four of fraction (fx, fy) at 4 * (32 * fy + fx)).
 */
let weightTable: Float32Array | null = null;

function bilinearWeights(): Float32Array {
  if (weightTable) return weightTable;
  const t = new Float32Array(4 * 32 * 32);
  for (let fy = 0; fy < 32; fy++) {
    for (let fx = 0; fx < 32; fx++) {
      const ax = fx / 32;
      const ay = fy / 32;
      const k = 4 * (32 * fy + fx);
      t[k] = Math.fround(1 - ay) * Math.fround(1 - ax);
      t[k + 1] = Math.fround(1 - ay) * Math.fround(ax);
      t[k + 2] = Math.fround(ay) * Math.fround(1 - ax);
      t[k + 3] = Math.fround(ay) * Math.fround(ax);
    }
  }
  weightTable = t;
  return t;
}

/**
 * The view's grey levels as opencv's remap (bilinear, 0 beyond the image) of the float image
 * through float32 maps, converted to 8 bits, makes them, to the bit: each view pixel's map value
 * (homography then radial lens) is worked out and sampled at once. Through opencv, the maps, a
 * copy of the part of the image they reach, the remap and the conversion cost a tenth more, on
 * every frame for every piece height. Rounding is written as floor(v + 0.5) (Math.round cost
 * as much as the rest of the loop): exact here, every value rounded having few enough bits.
 */
function sampleView(out: Uint8Array, gray: GrayImage, w: number, h: number, H: readonly number[], lens: LensModel, originXMm: number, originYMm: number, pxPerMm: number): void {
  const h0 = H[0]!, h1 = H[1]!, h2 = H[2]!, h3 = H[3]!, h4 = H[4]!, h5 = H[5]!, h6 = H[6]!, h7 = H[7]!, h8 = H[8]!;
  const cx = lens.centreXPx;
  const cy = lens.centreYPx;
  const k1 = lens.k1;
  const k2 = lens.k2;
  const s2 = 1 / (lens.scalePx * lens.scalePx);
  const wt = bilinearWeights();
  const img = gray.data;
  const iw = gray.widthPx;
  const ih = gray.heightPx;
  // Map values (in 32nds) past which a sample lies wholly off the image.
  const limitX = 32 * (iw + 1);
  const limitY = 32 * (ih + 1);
  // Each column's x and each row's products with y are the same for the whole view: worked
  // out once (the same values, added in the same order).
  const xs = new Float64Array(w);
  for (let c = 0; c < w; c++) xs[c] = originXMm + c / pxPerMm;
  for (let r = 0; r < h; r++) {
    const y = originYMm - r / pxPerMm;
    const h1y = h1 * y;
    const h4y = h4 * y;
    const h7y = h7 * y;
    for (let c = 0; c < w; c++) {
      const x = xs[c]!;
      const iwt = 1 / (h6 * x + h7y + h8);
      const dx = (h0 * x + h1y + h2) * iwt - cx;
      const dy = (h3 * x + h4y + h5) * iwt - cy;
      const rr = (dx * dx + dy * dy) * s2;
      const g = 1 + k1 * rr + k2 * rr * rr;
      // The map values as float32 maps hold them, in 32nds of a pixel (a tie to the even one).
      const mx = Math.fround(cx + dx * g) * 32;
      const my = Math.fround(cy + dy * g) * 32;
      let v = 0;
      // (Far off the image, or not a number: 0, as beyond the image.)
      if (mx > -64 && my > -64 && mx < limitX && my < limitY) {
        let sx = Math.floor(mx + 0.5);
        if (sx - mx === 0.5 && (sx & 1) !== 0) sx--;
        let sy = Math.floor(my + 0.5);
        if (sy - my === 0.5 && (sy & 1) !== 0) sy--;
        const X = sx >> 5;
        const Y = sy >> 5;
        if (X < iw && X >= -1 && Y < ih && Y >= -1) {
          const k = (((sy & 31) << 5) | (sx & 31)) << 2;
          let p0: number, p1: number, p2: number, p3: number;
          if (X >= 0 && Y >= 0 && X < iw - 1 && Y < ih - 1) {
            const i = Y * iw + X;
            p0 = img[i]!;
            p1 = img[i + 1]!;
            p2 = img[i + iw]!;
            p3 = img[i + iw + 1]!;
          } else {
            // At the image's edge: the pixels beyond it are 0.
            const inX0 = X >= 0;
            const inX1 = X + 1 < iw;
            const inY0 = Y >= 0;
            const inY1 = Y + 1 < ih;
            p0 = inX0 && inY0 ? img[Y * iw + X]! : 0;
            p1 = inX1 && inY0 ? img[Y * iw + X + 1]! : 0;
            p2 = inX0 && inY1 ? img[(Y + 1) * iw + X]! : 0;
            p3 = inX1 && inY1 ? img[(Y + 1) * iw + X + 1]! : 0;
          }
          // Summed in float32, in opencv's order, then rounded (a tie to the even one) into 0..255.
          const sum = Math.fround(Math.fround(Math.fround(Math.fround(p0 * wt[k]!) + Math.fround(p1 * wt[k + 1]!)) + Math.fround(p2 * wt[k + 2]!)) + Math.fround(p3 * wt[k + 3]!));
          let q = Math.floor(sum + 0.5);
          if (q - sum === 0.5 && (q & 1) !== 0) q--;
          v = q < 0 ? 0 : q > 255 ? 255 : q;
        }
      }
      out[r * w + c] = v;
    }
  }
}

/** The view of a plane; `_cv` is unused (the view is sampled here, as opencv's remap samples it). */
export function rectifyPlane(
  _cv: CV,
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
  const out = new Uint8Array(w * h);
  sampleView(out, gray, w, h, planeToImage, lens, originXMm, originYMm, pxPerMm);
  return { gray: out, widthPx: w, heightPx: h, pxPerMm, originXMm, originYMm };
}
