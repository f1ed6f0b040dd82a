import { describe, expect, it } from 'vitest';
import { noLens } from '../geometry/lens.ts';
import { DETECT_DEFAULTS } from './defaults.ts';
import { fitSilhouette, hypot2 } from './silhouette-fit.ts';

/** A fixed pseudo-random sequence in [0, 1). */
function sequence(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe("the rim fit's own arithmetic", () => {
  it('hypot2 gives Math.hypot to the last bit', () => {
    const rand = sequence(7);
    const specials = [0, -0, 1e-310, 1e308, Infinity, -Infinity, NaN, 3, -4];
    for (const a of specials) for (const b of specials) expect(Object.is(hypot2(a, b), Math.hypot(a, b))).toBe(true);
    for (let i = 0; i < 20000; i++) {
      const a = (rand() - 0.5) * 10 ** (rand() * 12 - 6);
      const b = (rand() - 0.5) * 10 ** (rand() * 12 - 6);
      expect(hypot2(a, b)).toBe(Math.hypot(a, b));
    }
  });
});

describe('a disc in a blurred image', () => {
  // Straight down at 1.2 px per mm; a disc a little brighter than the board, its edge spread
  // over about 10 px (defocus and motion blur), with some noise.
  const pxPerMm = 1.2;
  const w = 120;
  const h = 120;
  const radiusMm = 15.875;
  const centre = { xMm: 1.3, yMm: -0.7 };
  const mapping = [pxPerMm, 0, w / 2, 0, pxPerMm, h / 2, 0, 0, 1];
  const rand = sequence(5);
  const data = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const rhoPx = Math.hypot(x - w / 2 - centre.xMm * pxPerMm, y - h / 2 - centre.yMm * pxPerMm);
      const inside = 1 / (1 + Math.exp(-(radiusMm * pxPerMm - rhoPx) / 2));
      data[y * w + x] = 150 + 35 * inside + 4 * (rand() - 0.5);
    }
  }
  const input = { gray: { data, widthPx: w, heightPx: h }, boardToImage: mapping, topToImage: mapping, lens: noLens(w, h), xMm: 0, yMm: 0, radiusMm, topOnly: true };

  it('is found over most of its rim, measured as steps over a wider baseline, and centred', () => {
    const fit = fitSilhouette(input, { ...DETECT_DEFAULTS, edgeHalfBaselinePx: DETECT_DEFAULTS.blurredEdgeHalfBaselinePx });
    expect(fit).not.toBeNull();
    expect(fit!.coverage).toBeGreaterThanOrEqual(DETECT_DEFAULTS.minRimCoverage + DETECT_DEFAULTS.blurredEdgeMinCoverageGain);
    expect(Math.hypot(fit!.xMm - centre.xMm, fit!.yMm - centre.yMm)).toBeLessThan(0.3);
  });

  it('measured over 1.5 px steps, too little of its rim is found to take it for a disc', () => {
    const fit = fitSilhouette(input, DETECT_DEFAULTS);
    expect(fit === null || fit.coverage < DETECT_DEFAULTS.minRimCoverage).toBe(true);
  });
});

describe('where round a disc its rim was found (rimResultant)', () => {
  // Straight down at 2 px per mm; the disc's face brighter than the board only where `lit`
  // says, so its rim shows there alone (as a disc of the board's colour shows its outline only
  // where its shadow falls).
  const pxPerMm = 2;
  const w = 100;
  const h = 100;
  const radiusMm = 15.875;
  const mapping = [pxPerMm, 0, w / 2, 0, pxPerMm, h / 2, 0, 0, 1];
  function fitWhere(lit: (dxPx: number, dyPx: number) => boolean) {
    const data = new Float32Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const dx = x - w / 2;
        const dy = y - h / 2;
        data[y * w + x] = Math.hypot(dx, dy) < radiusMm * pxPerMm && lit(dx, dy) ? 190 : 150;
      }
    }
    return fitSilhouette({ gray: { data, widthPx: w, heightPx: h }, boardToImage: mapping, topToImage: mapping, lens: noLens(w, h), xMm: 0.5, yMm: -0.5, radiusMm, topOnly: true }, DETECT_DEFAULTS);
  }

  it('is near 0 for the whole rim, about 0.64 for one half, near 0 for two opposite quarters', () => {
    const whole = fitWhere(() => true);
    const half = fitWhere((dx) => dx > 0);
    const opposite = fitWhere((dx, dy) => Math.abs(dy) > Math.abs(dx));
    expect(whole!.coverage).toBeGreaterThan(0.8);
    expect(whole!.rimResultant).toBeLessThan(0.1);
    expect(half!.coverage).toBeGreaterThan(0.4);
    expect(half!.coverage).toBeLessThan(0.6);
    expect(half!.rimResultant).toBeGreaterThan(0.55);
    expect(half!.rimResultant).toBeLessThan(0.72);
    expect(opposite!.coverage).toBeGreaterThan(0.4);
    expect(opposite!.rimResultant).toBeLessThan(0.15);
  });
});
