/**
 * A carrom pocket is a hole a man's outline fits inside: an edge finder offers it as a man (and
 * as the striker). A piece whose centre lay over it would have dropped in, so a candidate lying
 * inside it is the empty pocket and is not fitted; a man hanging over its edge, its centre on
 * the surface, is still found.
 */
import { describe, expect, it } from 'vitest';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { cameraLookingDown, exactCalibration } from '../calibrate/test-views.ts';
import { applyHomography } from '../geometry/homography.ts';
import { toGray, type Frame } from '../image/frame.ts';
import { loadOpenCv } from '../opencv/load-opencv.ts';
import { detectDiscs } from './detect.ts';

const carrom = BOARD_PROFILES['carrom-standard-74cm']!;
const W = 960;
const H = 720;
const POCKET = { xMm: -347.75, yMm: -347.75, radiusMm: 22.25 };
/** Round the pocket (what the tracker looks at after a piece went down). */
const corner: BoardProfile = { ...carrom, outline: { shape: 'rect', minXMm: -400, minYMm: -400, maxXMm: -270, maxYMm: -270, color: carrom.outline.color, source: 'test: a box round a pocket' } };
// Straight above the pocket: no parallax, so a man painted flat is where a man would be seen.
const cal = exactCalibration(cameraLookingDown({ xMm: -330, yMm: -330, distanceMm: 700, tiltDeg: 0, turnDeg: 0, focalPx: 1000, widthPx: W, heightPx: H }), { widthPx: W, heightPx: H }, carrom.id, 1);

function frameWith(man: { xMm: number; yMm: number } | null): Frame {
  const data = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const b = applyHomography(cal.imageToBoard, x, y);
      let c = Math.max(Math.abs(b.x), Math.abs(b.y)) > 370 ? [59, 36, 20] : [222, 190, 140];
      if (Math.hypot(b.x - POCKET.xMm, b.y - POCKET.yMm) <= POCKET.radiusMm) c = [12, 10, 10];
      if (man && Math.hypot(b.x - man.xMm, b.y - man.yMm) <= 15.9) c = [245, 242, 232];
      data.set([c[0]!, c[1]!, c[2]!, 255], (y * W + x) * 4);
    }
  }
  return { data, widthPx: W, heightPx: H, timestampMs: 0 };
}

describe('holes that swallow pieces', () => {
  it('takes a candidate inside an empty pocket for the pocket, without fitting it', async () => {
    const { cv } = await loadOpenCv();
    const frame = frameWith(null);
    const input = { frame, gray: toGray(frame), calibration: cal, profile: corner, teamCount: 2 };
    const r = detectDiscs(cv, input);
    expect(r.discs).toEqual([]);
    expect(r.rejected.some((x) => x.reason.includes('"pocket-sw" (a piece there would have dropped in)'))).toBe(true);
    // Without the check the pocket is fitted as a piece, then dropped as lying in the pocket.
    const fitted = detectDiscs(cv, input, { swallowedCandidateMarginMm: -Infinity });
    expect(fitted.discs).toEqual([]);
    expect(fitted.rejected.some((x) => x.reason.includes('dropped in'))).toBe(false);
    expect(fitted.rejected.some((x) => x.reason.includes('"pocket-sw"'))).toBe(true);
  });

  it('still finds a man hanging over the pocket, its centre just on the surface', async () => {
    const { cv } = await loadOpenCv();
    const d = (POCKET.radiusMm + 0.5) / Math.SQRT2;
    const man = { xMm: POCKET.xMm + d, yMm: POCKET.yMm + d };
    const frame = frameWith(man);
    const r = detectDiscs(cv, { frame, gray: toGray(frame), calibration: cal, profile: corner, teamCount: 2 });
    expect(r.discs).toHaveLength(1);
    expect(Math.hypot(r.discs[0]!.xMm - man.xMm, r.discs[0]!.yMm - man.yMm)).toBeLessThan(1);
  });
});
