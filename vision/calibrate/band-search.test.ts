import { describe, expect, it } from 'vitest';
import type { GrayImage } from '../image/frame.ts';
import { searchBand, searchEdgeOrBand } from './band-search.ts';

/** A vertical dark band from x0 to x1 (antialiased) on a bright ground. */
function band(x0: number, x1: number, width = 80, height = 20): GrayImage {
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cover = Math.max(0, Math.min(x + 0.5, x1) - Math.max(x - 0.5, x0));
      data[y * width + x] = 200 - 160 * cover;
    }
  }
  return { data, widthPx: width, heightPx: height };
}

describe('painted band centre', () => {
  it('finds a wide band by its flanks to a small fraction of a pixel', () => {
    const img = band(37.3, 46.1);
    const hit = searchBand(img, 40, 10, 1, 0, 4, 8.8, 0, 4)!;
    expect(hit).not.toBeNull();
    // Pixel x covers x - 0.5 .. x + 0.5, so the band's centre is at the mean of its ends.
    expect(Math.abs(40 + hit.offsetPx - (37.3 + 46.1) / 2)).toBeLessThan(0.15);
    expect(hit.response).toBeLessThan(0);
  });

  it('takes paint narrower than the profile says (a board painted with thinner lines)', () => {
    const img = band(40.2, 42.6);
    const hit = searchEdgeOrBand(img, 43, 10, 1, 0, 4, 'line', 8, -1, 4)!;
    expect(Math.abs(43 + hit.offsetPx - (40.2 + 42.6) / 2)).toBeLessThan(0.15);
  });

  it('keeps only the asked polarity', () => {
    expect(searchBand(band(37, 46), 41, 10, 1, 0, 4, 9, 1, 4)).toBeNull();
  });
});
