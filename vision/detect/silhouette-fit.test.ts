import { describe, expect, it } from 'vitest';
import { searchEdge } from '../calibrate/edge-search.ts';
import type { GrayImage } from '../image/frame.ts';
import { hypot2, searchStepEdge } from './silhouette-fit.ts';

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

  it('searchStepEdge finds the hits searchEdge finds, also at the image border', () => {
    const rand = sequence(11);
    const w = 90;
    const h = 70;
    const data = new Float32Array(w * h);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = (Math.hypot(x - 40, y - 30) < 17 ? 160 : 60) + 25 * rand();
    const img: GrayImage = { data, widthPx: w, heightPx: h };
    let hits = 0;
    for (let i = 0; i < 3000; i++) {
      const x = rand() * w;
      const y = rand() * h;
      const a = rand() * 2 * Math.PI;
      const range = 1 + rand() * 8;
      const polarity = ([-1, 0, 1] as const)[Math.floor(rand() * 3)]!;
      const expected = searchEdge(img, x, y, Math.cos(a), Math.sin(a), range, 'step', 0, polarity);
      expect(searchStepEdge(img, x, y, Math.cos(a), Math.sin(a), range, polarity)).toEqual(expected);
      if (expected) hits++;
    }
    expect(hits).toBeGreaterThan(500);
  });
});
