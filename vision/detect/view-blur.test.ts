import { describe, expect, it } from 'vitest';
import type { RectifiedView } from './rectify.ts';
import { blurredSearch, viewBlurPx } from './view-blur.ts';
import { DETECT_DEFAULTS } from './defaults.ts';

/** The standard normal's CDF (Abramowitz-Stegun 7.1.26 through erf; error under 1e-7). */
function phi(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** A 240 x 240 view: discs of radius 16 px, 60 grey levels brighter than the board, blurred by a Gaussian of sigma `sigmaPx`; thin dark lines where `lines`. */
function view(sigmaPx: number, o: { discs?: boolean; lines?: boolean } = { discs: true }): RectifiedView {
  const w = 240;
  const gray = new Uint8Array(w * w);
  const centres = [[60, 60], [160, 70], [80, 170], [180, 180]] as const;
  for (let r = 0; r < w; r++) {
    for (let c = 0; c < w; c++) {
      let v = 100;
      if (o.discs) {
        for (const [x, y] of centres) v += 60 * phi((16 - Math.hypot(c - x, r - y)) / sigmaPx);
      }
      // Lines 2 px wide, 50 grey levels darker, every 40 px (a dip, not a step).
      if (o.lines) v -= 50 * (phi((1 - Math.abs((c % 40) - 20)) / Math.max(sigmaPx, 0.3)) - phi((-1 - Math.abs((c % 40) - 20)) / Math.max(sigmaPx, 0.3)));
      gray[r * w + c] = Math.round(Math.min(255, Math.max(0, v)));
    }
  }
  return { gray, widthPx: w, heightPx: w, pxPerMm: 1, originXMm: 0, originYMm: 0 };
}

describe('viewBlurPx', () => {
  // Tolerance 12%: the slope is taken over one pixel, and grey levels are whole numbers.
  it.each([1, 1.5, 2, 3])('reads a blur of sigma %s px from the discs\' rims', (sigmaPx) => {
    expect(viewBlurPx(view(sigmaPx))).toBeGreaterThan(sigmaPx * 0.88);
    expect(viewBlurPx(view(sigmaPx))).toBeLessThan(sigmaPx * 1.12);
  });

  it('reads about 0.4-0.6 px on a sharp view (a step\'s slope taken over a pixel)', () => {
    const b = viewBlurPx(view(0.3));
    expect(b).toBeGreaterThan(0.35);
    expect(b).toBeLessThan(0.65);
  });

  it('takes no painted line for a step: a view of lines alone has no blur known (0)', () => {
    expect(viewBlurPx(view(1, { lines: true }))).toBe(0);
  });

  it('is not moved by lines beside the steps', () => {
    expect(Math.abs(viewBlurPx(view(2, { discs: true, lines: true })) - 2)).toBeLessThan(0.25);
  });

  it('is 0 on a flat view', () => {
    expect(viewBlurPx(view(1, {}))).toBe(0);
  });
});

describe('blurredSearch', () => {
  const o = DETECT_DEFAULTS;

  it('leaves a view up to blurRefPx, or of unknown blur, as it is', () => {
    expect(blurredSearch(0, 1, o)).toEqual({ houghCanny: o.houghCanny, fits: {} });
    expect(blurredSearch(o.blurRefPx, 1, o)).toEqual({ houghCanny: o.houghCanny, fits: {} });
  });

  it('lowers houghCanny as a blurred step\'s slope falls, no lower than blurMinCannyFraction of it', () => {
    // blurRefPx 1.5 and 2.5 px of blur: slopes sqrt((1.5^2 + 1) / (2.5^2 + 1)) = 0.670 as steep.
    expect(blurredSearch(2.5, 1, o).houghCanny).toBeCloseTo(o.houghCanny * Math.sqrt(3.25 / 7.25), 6);
    expect(blurredSearch(20, 1, o).houghCanny).toBeCloseTo(o.houghCanny * o.blurMinCannyFraction, 6);
  });

  it('measures rims with steps about the blur wide in the image, within 0.75 and blurredEdgeHalfBaselinePx', () => {
    expect(blurredSearch(1.6, 0.8, o).fits.edgeHalfBaselinePx).toBeCloseTo(1.28, 6);
    expect(blurredSearch(1.6, 0.4, o).fits.edgeHalfBaselinePx).toBe(0.75);
    expect(blurredSearch(3, 1.2, o).fits.edgeHalfBaselinePx).toBe(o.blurredEdgeHalfBaselinePx);
  });
});
