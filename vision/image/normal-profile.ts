/**
 * Grey levels sampled along a normal every NORMAL_STEP_PX, for the sub-pixel edge searches of
 * the calibration and of the disc fits (one sampling, so both place an edge the same way). The
 * caller gives the buffer: these searches run thousands of times per frame, and fresh arrays
 * cost more in garbage collection than the search itself.
 */
import type { GrayImage } from './frame.ts';

export const NORMAL_STEP_PX = 0.5;

/** The samples at (x, y) + i * NORMAL_STEP_PX * (nx, ny), i = -n..n, all lie inside the image (they lie on a line: its ends decide). */
export function normalInsideImage(img: GrayImage, xPx: number, yPx: number, nx: number, ny: number, n: number): boolean {
  // Written out, not as a nested helper: this runs ~10^5 times a frame, and a closure made per
  // call (named per call under the tsx loader) costs more than the test.
  const dx = nx * n * NORMAL_STEP_PX;
  const dy = ny * n * NORMAL_STEP_PX;
  const maxX = img.widthPx - 1;
  const maxY = img.heightPx - 1;
  const x0 = xPx - dx;
  const y0 = yPx - dy;
  const x1 = xPx + dx;
  const y1 = yPx + dy;
  return x0 >= 0 && y0 >= 0 && x0 <= maxX && y0 <= maxY && x1 >= 0 && y1 >= 0 && x1 <= maxX && y1 <= maxY;
}

/** Bilinear samples at i = -n..n into profile[0..2n] (see normalInsideImage: the caller checks they are inside). */
export function sampleNormalProfile(img: GrayImage, xPx: number, yPx: number, nx: number, ny: number, n: number, profile: Float64Array): void {
  const w = img.widthPx;
  const d = img.data;
  for (let i = -n; i <= n; i++) {
    const x = xPx + nx * i * NORMAL_STEP_PX;
    const y = yPx + ny * i * NORMAL_STEP_PX;
    const x0 = Math.min(Math.floor(x), w - 2);
    const y0 = Math.min(Math.floor(y), img.heightPx - 2);
    const fx = x - x0;
    const fy = y - y0;
    const k = y0 * w + x0;
    profile[i + n] = (d[k]! * (1 - fx) + d[k + 1]! * fx) * (1 - fy) + (d[k + w]! * (1 - fx) + d[k + w + 1]! * fx) * fy;
  }
}

/** Linear interpolation in a profile of 2n + 1 samples (t in pixels from its centre sample n). */
export function profileAt(profile: Float64Array, n: number, t: number): number {
  const u = t / NORMAL_STEP_PX + n;
  const i0 = Math.max(0, Math.min(2 * n - 1, Math.floor(u)));
  const f = u - i0;
  return profile[i0]! * (1 - f) + profile[i0 + 1]! * f;
}
