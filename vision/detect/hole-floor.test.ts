import { beforeAll, describe, expect, it } from 'vitest';
import { corpusScene, corpusSceneRuns } from '../../bench/accuracy/scene-runs.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { featuresOfKind, pieceRadiusMm } from '../../rules/profiles/schema.ts';
import { calibrate } from '../calibrate/calibrate.ts';
import type { Calibration } from '../calibrate/types.ts';
import { noLens } from '../geometry/lens.ts';
import type { Frame, GrayImage } from '../image/frame.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import { DETECT_DEFAULTS } from './defaults.ts';
import { detectDiscs } from './detect.ts';
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
  const shading = { minShadeRatio: DETECT_DEFAULTS.holeFloorMinShadeRatio, minRingSpread: DETECT_DEFAULTS.holeFloorMinRingSpread };
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
    expect(shadedFloor(floor, cal, profile, hole, discR, shading)).toBe(true);
  });

  it('an empty hole lit aslant: its middle hardly brighter than by the wall, but uneven from ring to ring', () => {
    // Brightest a third of the way out, darkest by the wall: middle / wall about 1.1.
    const floor = image((rho) => 30 - 10 * Math.abs(rho / discR - 0.35));
    expect(shadedFloor(floor, cal, profile, hole, discR, { ...shading, minRingSpread: Infinity })).toBe(false);
    expect(shadedFloor(floor, cal, profile, hole, discR, shading)).toBe(true);
  });

  it('a black disc in the hole: its top face is evenly lit, so it is not taken for the floor', () => {
    const disc = image((rho) => (rho < discR ? 32 : 12));
    expect(shadedFloor(disc, cal, profile, hole, discR, shading)).toBe(false);
    // Its face a little brighter towards its edge (real discs' rings spread by up to 0.062 of their grey).
    const litAside = image((rho) => (rho < discR ? 37 + (2.5 * rho) / discR : 12));
    expect(shadedFloor(litAside, cal, profile, hole, discR, shading)).toBe(false);
    // Nor away from a hole.
    expect(shadedFloor(image((rho) => 12 + 25 * (1 - rho / hole.radiusMm)), cal, profile, { xMm: 40, yMm: 0 }, discR, shading)).toBe(false);
  });
});

describe('on rendered crokinole scenes', () => {
  let cv: CV;
  beforeAll(async () => {
    cv = (await loadOpenCv()).cv;
  });

  // Empty holes whose dark floors, lit aslant, were fitted as a black disc in the hole and
  // scored a 20 (a team plays black discs, so the floor's colour is like a disc's). Seed 68's
  // score is now exact.
  it.each([
    ['crokinole-rec-24in', 68],
    ['crokinole-nca-26in', 94],
  ] as const)('takes no disc from an empty hole lit unevenly (%s seed %i)', (profileId, seed) => {
    const run = corpusSceneRuns(cv, profileId, seed);
    const now = run({});
    const before = run({ holeFloorMinRingSpread: Infinity });
    // (Its 20 was left to a person, but counted in the score all the same.)
    expect(before.falsePositives).toBe(1);
    expect(now.falsePositives).toBe(0);
    expect(now.matched).toBe(before.matched);
    expect(now.wrongCalls).toBe(0);
    if (seed === 68) expect([before.exactScore, now.exactScore]).toEqual([false, true]);
  }, 180_000);

  // A black disc in the hole whose face is the least evenly lit of those on 100 scenes of each
  // board (its rings spread by 0.062 of their grey) is still the disc.
  it('keeps a black disc lying in the hole (26" seed 57)', () => {
    const { profile, frame, gray } = corpusScene('crokinole-nca-26in', 57);
    const calibration = calibrate(cv, gray, profile);
    if (!calibration.found) throw new Error('seed 57: board not found');
    const inHole = detectDiscs(cv, { frame, gray, calibration, profile }).discs.filter((d) => d.state === 'in-hole');
    expect(inHole).toHaveLength(1);
    expect(inHole[0]!.rgb.every((c) => c < 50)).toBe(true);
  }, 180_000);
});
