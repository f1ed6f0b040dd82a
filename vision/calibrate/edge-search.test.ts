import { describe, expect, it } from 'vitest';
import { responsePeak } from '../geometry/response-peak.ts';
import { sampleBilinear, type GrayImage } from '../image/frame.ts';
import { searchEdge, searchStepEdge } from './edge-search.ts';

/** A fixed pseudo-random sequence in [0, 1). */
function sequence(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** The step search written plainly: every sample through sampleBilinear, fresh arrays, no shortcut. */
function plainStep(img: GrayImage, x: number, y: number, nx: number, ny: number, rangePx: number, polarity: -1 | 0 | 1, halfBaselinePx: number) {
  const step = 0.5;
  const n = Math.round((rangePx + (halfBaselinePx + 0.75)) / step);
  const profile: number[] = [];
  for (let i = -n; i <= n; i++) {
    const v = sampleBilinear(img, x + nx * i * step, y + ny * i * step);
    if (Number.isNaN(v)) return null;
    profile.push(v);
  }
  const at = (t: number) => {
    const u = t / step + n;
    const i0 = Math.max(0, Math.min(2 * n - 1, Math.floor(u)));
    return profile[i0]! * (1 - (u - i0)) + profile[i0 + 1]! * (u - i0);
  };
  const m = Math.round(rangePx / step);
  const resp = new Float64Array(2 * m + 1);
  for (let i = -m; i <= m; i++) resp[i + m] = at(i * step + halfBaselinePx) - at(i * step - halfBaselinePx);
  const peak = responsePeak(resp, resp.length, polarity);
  return peak ? { offsetPx: (peak.sample - m + peak.fraction) * step, response: peak.response } : null;
}

describe('edge search along a normal', () => {
  it('finds the steps the plain search finds, to the last bit, also at the image border and with a wide baseline', () => {
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
      const halfBaselinePx = i % 4 === 0 ? 2 : 0.75;
      const expected = plainStep(img, x, y, Math.cos(a), Math.sin(a), range, polarity, halfBaselinePx);
      expect(searchStepEdge(img, x, y, Math.cos(a), Math.sin(a), range, polarity, halfBaselinePx)).toEqual(expected);
      if (halfBaselinePx === 0.75) expect(searchEdge(img, x, y, Math.cos(a), Math.sin(a), range, 'step', 0, polarity)).toEqual(expected);
      if (expected) hits++;
    }
    expect(hits).toBeGreaterThan(500);
  });
});
