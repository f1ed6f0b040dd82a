import { describe, expect, it } from 'vitest';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { featuresOfKind, pieceRadiusMm } from '../../rules/profiles/schema.ts';
import type { Calibration } from '../calibrate/types.ts';
import { noLens } from '../geometry/lens.ts';
import type { Frame, GrayImage } from '../image/frame.ts';
import { DETECT_DEFAULTS } from './defaults.ts';
import { boardColouredFloor, shadedFloor } from './hole-floor.ts';

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

describe('a dark hole floor or a dark disc lying in the hole', () => {
  const profile = BOARD_PROFILES['crokinole-rec-24in']!;
  const hole = featuresOfKind(profile, 'hole')[0]!;
  const discR = pieceRadiusMm(profile);
  // Straight down at 1 px per mm (no parallax): the board light, the hole dark.
  const cal = { boardToImage: mapping, lens: noLens(W, H), camera: { verticalVanishing: [0, 0, 0] } } as unknown as Calibration;
  const image = (inside: (rhoMm: number) => number): GrayImage => {
    const data = new Float32Array(W * H);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const rho = Math.hypot(x - 100 - hole.xMm, y - 100 - hole.yMm);
        data[y * W + x] = rho < hole.radiusMm ? inside(rho) : 170;
      }
    }
    return { data, widthPx: W, heightPx: H };
  };

  it('an empty hole: the floor, lit through the opening, is brighter in the middle than by the wall', () => {
    const floor = image((rho) => 12 + 25 * (1 - rho / hole.radiusMm));
    expect(shadedFloor(floor, cal, profile, hole, discR, DETECT_DEFAULTS.holeFloorMinShadeRatio)).toBe(true);
  });

  it('a black disc in the hole: its top face is evenly lit, so it is not taken for the floor', () => {
    const disc = image((rho) => (rho < discR ? 32 : 12));
    expect(shadedFloor(disc, cal, profile, hole, discR, DETECT_DEFAULTS.holeFloorMinShadeRatio)).toBe(false);
    // Nor away from a hole.
    expect(shadedFloor(image((rho) => 12 + 25 * (1 - rho / hole.radiusMm)), cal, profile, { xMm: 40, yMm: 0 }, discR, DETECT_DEFAULTS.holeFloorMinShadeRatio)).toBe(false);
  });
});
