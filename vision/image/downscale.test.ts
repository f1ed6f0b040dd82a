import { describe, expect, it } from 'vitest';
import { downscaleBox } from './downscale.ts';

describe('downscaleBox', () => {
  it('gives each block mean, truncated, as summing the block pixel by pixel does (grey levels with fractions too)', () => {
    let seed = 11;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (const [W, H, f] of [[37, 23, 3], [64, 48, 4], [10, 7, 1], [50, 31, 5]] as const) {
      const data = Float32Array.from({ length: W * H }, () => Math.round(random() * 255 * 4) / 4);
      const small = downscaleBox({ data, widthPx: W, heightPx: H }, f);
      expect([small.widthPx, small.heightPx]).toEqual([Math.floor(W / f), Math.floor(H / f)]);
      for (let y = 0; y < small.heightPx; y++) {
        for (let x = 0; x < small.widthPx; x++) {
          let s = 0;
          for (let dy = 0; dy < f; dy++) for (let dx = 0; dx < f; dx++) s += data[(y * f + dy) * W + x * f + dx]!;
          expect(small.data[y * small.widthPx + x]).toBe(Math.trunc(s / (f * f)));
        }
      }
    }
  });
});
