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

/** Error function (Abramowitz and Stegun 7.1.26, to 1.5e-7). */
function erf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y = 1 - (((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t) * Math.exp(-x * x);
  return x < 0 ? -y : y;
}

/** A vertical dark line from x0 to x1, `contrast` deep, blurred by a Gaussian of `sigmaPx`. */
function blurredLine(x0: number, x1: number, contrast: number, sigmaPx: number, width = 80, height = 20): GrayImage {
  const data = new Float32Array(width * height);
  const cdf = (x: number) => 0.5 * (1 + erf(x / (sigmaPx * Math.SQRT2)));
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = 190 - contrast * (cdf(x1 - x) - cdf(x0 - x));
  return { data, widthPx: width, heightPx: height };
}

describe('thin line blurred into a shallow dip', () => {
  // 1.4 px of paint 60 levels dark, blurred by sigma 2.2 px: the dip is some 15 levels deep and
  // 6 px wide, and a filter of the paint's width (1.5 px) responds under 4 levels.
  const img = blurredLine(39.3, 40.7, 60, 2.2);

  it('is too faint at the paint width, and found when looked for again wider', () => {
    const narrow = searchEdgeOrBand(img, 41, 10, 1, 0, 3, 'line', 1.4, -1, 4);
    expect(narrow === null || Math.abs(narrow.response) < 4).toBe(true);
    const wide = searchEdgeOrBand(img, 41, 10, 1, 0, 3, 'line', 1.4, -1, 4, () => 3.3)!;
    expect(Math.abs(wide.response)).toBeGreaterThanOrEqual(4);
    expect(Math.abs(41 + wide.offsetPx - 40)).toBeLessThan(0.2);
  });

  it('is not looked for wider when the blur is no wider than the paint, nor where there is no line', () => {
    expect(searchEdgeOrBand(img, 41, 10, 1, 0, 3, 'line', 1.4, -1, 4, () => 1.4)).toEqual(searchEdgeOrBand(img, 41, 10, 1, 0, 3, 'line', 1.4, -1, 4));
    const flat = blurredLine(0, 0, 0, 2.2);
    const none = searchEdgeOrBand(flat, 41, 10, 1, 0, 3, 'line', 1.4, -1, 4, () => 3.3);
    expect(none === null || Math.abs(none.response) < 4).toBe(true);
  });
});
