import { beforeAll, describe, expect, it } from 'vitest';
import type { LensModel } from '../geometry/lens.ts';
import type { GrayImage } from '../image/frame.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import { withMats } from '../opencv/mat-scope.ts';
import { rectifyPlane } from './rectify.ts';

let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

/** A grey image with edges, gradients and noise everywhere (a fixed pseudo-random sequence). */
function testImage(widthPx: number, heightPx: number): GrayImage {
  const data = new Float32Array(widthPx * heightPx);
  let seed = 12345;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let y = 0; y < heightPx; y++) {
    for (let x = 0; x < widthPx; x++) {
      const rings = Math.hypot(x - 70, y - 60) % 23 < 11 ? 90 : 0;
      data[y * widthPx + x] = 40 + rings + 0.4 * x + 30 * rand();
    }
  }
  return { data, widthPx, heightPx };
}

/** The view as the whole image remapped (the maps as rectifyPlane makes them). */
function wholeImageView(gray: GrayImage, H: readonly number[], lens: LensModel, e: { minXMm: number; minYMm: number; maxXMm: number; maxYMm: number }, pxPerMm: number): Uint8Array {
  const w = Math.ceil((e.maxXMm - e.minXMm) * pxPerMm);
  const h = Math.ceil((e.maxYMm - e.minYMm) * pxPerMm);
  return withMats((scope) => {
    const mapX = scope.keep(new cv.Mat(h, w, cv.CV_32FC1));
    const mapY = scope.keep(new cv.Mat(h, w, cv.CV_32FC1));
    const s2 = 1 / (lens.scalePx * lens.scalePx);
    for (let r = 0; r < h; r++) {
      const y = e.maxYMm - r / pxPerMm;
      for (let c = 0; c < w; c++) {
        const x = e.minXMm + c / pxPerMm;
        const iw = 1 / (H[6]! * x + H[7]! * y + H[8]!);
        const dx = (H[0]! * x + H[1]! * y + H[2]!) * iw - lens.centreXPx;
        const dy = (H[3]! * x + H[4]! * y + H[5]!) * iw - lens.centreYPx;
        const rr = (dx * dx + dy * dy) * s2;
        const f = 1 + lens.k1 * rr + lens.k2 * rr * rr;
        mapX.data32F[r * w + c] = lens.centreXPx + dx * f;
        mapY.data32F[r * w + c] = lens.centreYPx + dy * f;
      }
    }
    const src = scope.keep(new cv.Mat(gray.heightPx, gray.widthPx, cv.CV_32FC1));
    src.data32F.set(gray.data);
    const dst = scope.keep(new cv.Mat());
    cv.remap(src, dst, mapX, mapY, cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(0));
    const out8 = scope.keep(new cv.Mat());
    dst.convertTo(out8, cv.CV_8U);
    return new Uint8Array(out8.data);
  });
}

describe('rectified view of a part of the board', () => {
  it('samples only the part of the image it needs, and comes out as from the whole image', () => {
    const gray = testImage(160, 120);
    // Board mm to pixels: scaled, turned and seen in perspective, through a barrel lens.
    const H = [1.13, 0.21, 80.3, -0.17, -1.07, 61.7, 0.0004, -0.0003, 1];
    const lens: LensModel = { centreXPx: 80, centreYPx: 60, scalePx: 100, k1: -0.08, k2: 0.01 };
    const extents = [
      { minXMm: -10.3, minYMm: -7.9, maxXMm: 12.6, maxYMm: 9.2 },
      // Reaching past the image's left and top, its right and bottom, and wholly off it.
      { minXMm: -95.5, minYMm: 20.1, maxXMm: -40.2, maxYMm: 70.8 },
      { minXMm: 30.7, minYMm: -80.4, maxXMm: 95.1, maxYMm: -20.6 },
      { minXMm: 150, minYMm: 150, maxXMm: 170, maxYMm: 160 },
      { minXMm: -80, minYMm: -60, maxXMm: 80, maxYMm: 60 },
    ];
    for (const e of extents) {
      for (const pxPerMm of [1, 1.7]) {
        const view = rectifyPlane(cv, gray, H, lens, e, pxPerMm);
        const expected = wholeImageView(gray, H, lens, e, pxPerMm);
        expect(view.gray.length).toBe(expected.length);
        let differing = 0;
        for (let i = 0; i < expected.length; i++) if (view.gray[i] !== expected[i]) differing++;
        expect(differing).toBe(0);
        expect(view.gray.some((v) => v > 0) || e.minXMm === 150).toBe(true);
      }
    }
  });
});
