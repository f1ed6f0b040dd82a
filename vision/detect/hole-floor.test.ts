import { describe, expect, it } from 'vitest';
import { noLens } from '../geometry/lens.ts';
import type { Frame } from '../image/frame.ts';
import { boardColouredFloor } from './hole-floor.ts';

const W = 200;
const H = 200;
// 1 px per mm, the board a warm wood colour.
const frame: Frame = { widthPx: W, heightPx: H, timestampMs: 0, data: new Uint8ClampedArray(W * H * 4).map((_, i) => [200, 170, 120, 255][i % 4]!) };
const mapping = [1, 0, 100, 0, 1, 100, 0, 0, 1];

describe('a hole floored like the board', () => {
  it('is the floor when its colour is the board round it, and a disc when it differs', () => {
    expect(boardColouredFloor(frame, mapping, noLens(W, H), { xMm: 0, yMm: 0, rgb: [198, 172, 118] }, 18, 12)).toBe(true);
    expect(boardColouredFloor(frame, mapping, noLens(W, H), { xMm: 0, yMm: 0, rgb: [232, 224, 209] }, 18, 12)).toBe(false);
  });
});
