/**
 * The cheap path's input: luma at low resolution, a box average of factor x factor pixels
 * (which also averages sensor noise away). Reads the luma plane when the frame has one
 * (y4m), else the RGBA pixels.
 */
import type { VideoFrame } from '../video/types.ts';

export interface LowResSize {
  factor: number;
  widthPx: number;
  heightPx: number;
}

export function lowResSize(widthPx: number, heightPx: number, factor: number): LowResSize {
  const f = Math.max(1, Math.floor(factor));
  return { factor: f, widthPx: Math.floor(widthPx / f), heightPx: Math.floor(heightPx / f) };
}

/** Box-averaged luma into `out` (length widthPx * heightPx of the low-res size). */
export function downscaleLuma(frame: VideoFrame, size: LowResSize, out: Uint8Array, rowAcc: Uint32Array = new Uint32Array(size.widthPx)): void {
  const f = size.factor;
  const W = frame.widthPx;
  const ow = size.widthPx;
  const oh = size.heightPx;
  const luma = frame.luma;
  const rgba = luma ? null : frame.toFrame().data;
  // RGBA luma weights in 1/256 (Rec. 601), so the sum stays an integer.
  const div = f * f * (luma ? 1 : 256);
  for (let oy = 0; oy < oh; oy++) {
    rowAcc.fill(0);
    for (let dy = 0; dy < f; dy++) {
      const row = (oy * f + dy) * W;
      if (luma) {
        for (let ox = 0, x = row; ox < ow; ox++) {
          let s = 0;
          for (let dx = 0; dx < f; dx++, x++) s += luma[x]!;
          rowAcc[ox]! += s;
        }
      } else {
        for (let ox = 0, j = row * 4; ox < ow; ox++) {
          let s = 0;
          for (let dx = 0; dx < f; dx++, j += 4) s += 77 * rgba![j]! + 150 * rgba![j + 1]! + 29 * rgba![j + 2]!;
          rowAcc[ox]! += s;
        }
      }
    }
    const o = oy * ow;
    for (let ox = 0; ox < ow; ox++) out[o + ox] = (rowAcc[ox]! / div + 0.5) | 0;
  }
}
