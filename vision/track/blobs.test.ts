import { describe, expect, it } from 'vitest';
import { dilate, growSquare, SparseMask } from './blobs.ts';

/** Pixels within `times` of a set pixel in both x and y: what growing by a square means, written out plainly. */
function grownPlainly(src: SparseMask, times: number): number[] {
  const W = src.widthPx;
  const out: number[] = [];
  for (let i = 0; i < src.mask.length; i++) {
    const x = i % W;
    const y = (i - x) / W;
    let hit = false;
    for (let k = 0; k < src.n && !hit; k++) {
      const j = src.idx[k]!;
      const sx = j % W;
      const sy = (j - sx) / W;
      hit = Math.abs(sx - x) <= times && Math.abs(sy - y) <= times;
    }
    if (hit) out.push(i);
  }
  return out;
}

function setOf(m: SparseMask): number[] {
  return Array.from(m.idx.subarray(0, m.n)).sort((a, b) => a - b);
}

describe('growing masks', () => {
  it('growSquare gives the same pixels as the 3x3 dilation repeated and as the plain definition, at the borders too', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let trial = 0; trial < 60; trial++) {
      const W = 20 + Math.floor(random() * 30);
      const H = 15 + Math.floor(random() * 25);
      const src = new SparseMask(W, H);
      const count = trial % 10 === 0 ? 0 : 1 + Math.floor(random() * 40);
      for (let k = 0; k < count; k++) src.add(Math.floor(random() * W * H));
      const times = Math.floor(random() * 12);
      const a = new SparseMask(W, H);
      const b = new SparseMask(W, H);
      growSquare(src, times, a);
      dilate(src, times, b, new SparseMask(W, H));
      const plain = grownPlainly(src, times);
      expect(setOf(a)).toEqual(plain);
      expect(setOf(b)).toEqual(plain);
      // The mask and the index list agree (no pixel listed twice, none left out).
      expect(a.mask.reduce((s, v) => s + v, 0)).toBe(a.n);
    }
  });

  it('growSquare clears what was in `out` before', () => {
    const src = new SparseMask(10, 10);
    src.add(55);
    const out = new SparseMask(10, 10);
    out.add(0);
    growSquare(src, 1, out);
    expect(setOf(out)).toEqual([44, 45, 46, 54, 55, 56, 64, 65, 66]);
  });
});
