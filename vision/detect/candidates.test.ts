/**
 * Candidates near a painted circle of a piece's size: a piece lying across carrom's centre
 * spot and the spot itself are both candidates, whichever of the two draws the stronger circle.
 */
import { describe, expect, it } from 'vitest';
import { loadOpenCv } from '../opencv/load-opencv.ts';
import { findCandidates } from './candidates.ts';
import { DETECT_DEFAULTS } from './defaults.ts';
import type { RectifiedView } from './rectify.ts';

const PX_PER_MM = 2;
const R_MM = 15;

/** A 80 mm square view: board grey 190, a painted spot at (0, 0), a piece over it. */
function view(spotGrey: number, piece: { xMm: number; yMm: number; grey: number } | null): RectifiedView {
  const size = 80 * PX_PER_MM;
  const v: RectifiedView = { gray: new Uint8Array(size * size), widthPx: size, heightPx: size, pxPerMm: PX_PER_MM, originXMm: -40, originYMm: 40 };
  let seed = 7;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const x = v.originXMm + col / PX_PER_MM;
      const y = v.originYMm - row / PX_PER_MM;
      let g = 190;
      if (Math.hypot(x, y) <= R_MM) g = spotGrey;
      if (piece && Math.hypot(x - piece.xMm, y - piece.yMm) <= R_MM) g = piece.grey;
      seed = (seed * 1103515245 + 12345) >>> 0;
      v.gray[row * size + col] = Math.max(0, Math.min(255, g + ((seed >>> 16) % 7) - 3));
    }
  }
  return v;
}

const near = (cs: { xMm: number; yMm: number }[], x: number, y: number) => cs.some((c) => Math.hypot(c.xMm - x, c.yMm - y) < 2);

describe('findCandidates', () => {
  it('keeps a piece lying across a painted spot and the spot, both', async () => {
    const { cv } = await loadOpenCv();
    for (const spotGrey of [60, 120]) {
      const v = view(spotGrey, { xMm: 4, yMm: 12, grey: 250 });
      const withPaint = findCandidates(cv, v, R_MM, DETECT_DEFAULTS, [{ xMm: 0, yMm: 0 }]);
      expect(near(withPaint, 4, 12), `spot grey ${spotGrey}`).toBe(true);
      expect(near(withPaint, 0, 0), `spot grey ${spotGrey}`).toBe(true);
      // Without the paint known, the two are one circle found twice: one of them is lost.
      const without = findCandidates(cv, v, R_MM, DETECT_DEFAULTS);
      expect(near(without, 4, 12) && near(without, 0, 0)).toBe(false);
    }
  });

  it('still finds a piece once, with a painted spot elsewhere', async () => {
    const { cv } = await loadOpenCv();
    const v = view(190, { xMm: 5, yMm: -8, grey: 40 });
    const cs = findCandidates(cv, v, R_MM, DETECT_DEFAULTS, [{ xMm: 30, yMm: 30 }]);
    expect(cs.filter((c) => Math.hypot(c.xMm - 5, c.yMm + 8) < R_MM)).toHaveLength(1);
  });
});
