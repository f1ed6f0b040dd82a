import { describe, expect, it } from 'vitest';
import { noLens } from '../geometry/lens.ts';
import { cameraHomography } from './camera-model.ts';
import { holeFloorRatio } from './hole-floors.ts';
import { cameraLookingDown, renderView } from './test-views.ts';

const W = 320;
const H = 240;
const holes = [-100, 0, 100].map((x) => ({ xMm: x, yMm: 0, radiusMm: 18 }));
const inHole = (x: number, y: number) => holes.some((h) => Math.hypot(x - h.xMm, y - h.yMm) < h.radiusMm);
// The hole's wall in shade on one side: a crescent darker than the board.
const inShade = (x: number, y: number) => holes.some((h) => Math.hypot(x - h.xMm, y - h.yMm) < h.radiusMm && Math.hypot(x - h.xMm, y - h.yMm - 5) > h.radiusMm);

describe('hole floors', () => {
  const camera = cameraLookingDown({ xMm: 0, yMm: 0, distanceMm: 900, tiltDeg: 10, turnDeg: 0, focalPx: 400, widthPx: W, heightPx: H });
  const state = { boardToImage: cameraHomography(camera), lens: noLens(W, H) };

  it('tells a cup floored like the board from a pocket opening onto darkness', () => {
    const cups = renderView(camera, noLens(W, H), W, H, (x, y) => (inShade(x, y) ? 90 : 170));
    const pockets = renderView(camera, noLens(W, H), W, H, (x, y) => (inHole(x, y) ? 30 : 170));
    expect(holeFloorRatio(cups, state, holes)).toBeGreaterThan(0.9);
    expect(holeFloorRatio(pockets, state, holes)).toBeLessThan(0.3);
  });
});
