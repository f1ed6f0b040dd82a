/**
 * Circles drawn round a painted spot (their face the spot's paint) and pieces centred over a
 * pocket: neither is a piece on the board. Boundaries straddled one at a time; the corpus scenes
 * are carrom's from the accuracy benchmark.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusSceneRuns } from '../../bench/accuracy/scene-runs.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { cameraLookingDown, exactCalibration } from '../calibrate/test-views.ts';
import { applyHomography } from '../geometry/homography.ts';
import type { Frame } from '../image/frame.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import { PAINTED_SPOT_DEFAULTS, paintedSpots, spotCircleOf, swallowingHoleUnder, type PaintedSpot } from './painted-spots.ts';
import { colourDistance, type Rgb } from './teams.ts';

const carrom = BOARD_PROFILES['carrom-standard-74cm']!;
const RED: Rgb = [190, 58, 45];
const SPOT: PaintedSpot = { id: 'centre-spot', xMm: 0, yMm: 0, radiusMm: 15.9, seen: RED };

let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

describe('a circle drawn round a painted spot', () => {
  // A striker-sized fit (20.65 mm) 10 mm off the centre spot, its face the spot's red, 50% round.
  const fit = { xMm: 10, yMm: 0, radiusMm: 20.65, rimCoverage: 0.5, rgb: [200, 70, 55] as Rgb };
  it.each([
    ['as found: the paint', {}, true],
    ['found just less far round than the limit', { rimCoverage: 0.749 }, true],
    ['found as far round as the limit: a piece', { rimCoverage: 0.75 }, false],
    ["the spot's centre just inside the outline", { xMm: 20.6 }, true],
    ["the spot's centre outside the outline", { xMm: 20.7 }, false],
    ["of the spot's own size (painted-lookalikes.ts decides)", { radiusMm: 17.9 }, false],
    ["just over 2 mm larger than the spot", { radiusMm: 17.95 }, true],
    ['a white face (a striker on the spot)', { rgb: [242, 239, 232] as Rgb }, false],
    ['a black face (a man beside the spot)', { rgb: [34, 34, 40] as Rgb }, false],
  ])('%s', (_, change, paint) => {
    expect(spotCircleOf({ ...fit, ...change }, [SPOT]) !== null).toBe(paint);
  });

  it('has its colour limit between the paint and a colour just beyond it', () => {
    const near: Rgb = [RED[0], RED[1] + 45, RED[2] + 45];
    const far: Rgb = [RED[0], RED[1] + 60, RED[2] + 60];
    expect(colourDistance(near, RED)).toBeLessThanOrEqual(PAINTED_SPOT_DEFAULTS.maxColourDistance);
    expect(colourDistance(far, RED)).toBeGreaterThan(PAINTED_SPOT_DEFAULTS.maxColourDistance);
    expect(spotCircleOf({ ...fit, rgb: near }, [SPOT])).not.toBeNull();
    expect(spotCircleOf({ ...fit, rgb: far }, [SPOT])).toBeNull();
  });

  it("sees the paint as the median of the board's spots of its colour: one under a white piece does not move it", () => {
    const W = 960;
    const H = 960;
    const cal = exactCalibration(cameraLookingDown({ xMm: 0, yMm: 0, distanceMm: 1100, tiltDeg: 0, turnDeg: 0, focalPx: 1200, widthPx: W, heightPx: H }), { widthPx: W, heightPx: H }, carrom.id, 1);
    const disks = carrom.features.filter((f) => f.kind === 'disk');
    const data = new Uint8ClampedArray(W * H * 4);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const b = applyHomography(cal.imageToBoard, x, y);
        let c: Rgb = [222, 190, 140];
        if (disks.some((d) => Math.hypot(b.x - d.xMm, b.y - d.yMm) <= d.radiusMm)) c = RED;
        // A white man over the centre spot.
        if (Math.hypot(b.x, b.y) <= 15.9) c = [245, 242, 232];
        data.set([...c, 255], (y * W + x) * 4);
      }
    }
    const frame: Frame = { data, widthPx: W, heightPx: H, timestampMs: 0 };
    const spots = paintedSpots(frame, cal, carrom);
    expect(spots).toHaveLength(9);
    for (const s of spots) expect(s.seen).toEqual(RED);
  });
});

describe('a piece centred over a pocket', () => {
  const pocket = { xMm: -347.75, yMm: -347.75, radiusMm: 22.25 };
  const at = (insideMm: number) => {
    const d = (pocket.radiusMm - insideMm) / Math.SQRT2;
    return { xMm: pocket.xMm + d, yMm: pocket.yMm + d };
  };
  it.each([
    [1.9, null],
    [2.1, 'pocket-sw'],
    [10, 'pocket-sw'],
    [-1, null],
  ])('its centre %s mm inside the rim: in %s', (insideMm, id) => {
    expect(swallowingHoleUnder(carrom, at(insideMm))?.id ?? null).toBe(id);
  });

  it('not in a hole a disc rests in (crokinole), nor in one narrower than swallows a piece (a PitRush pit)', () => {
    expect(swallowingHoleUnder(BOARD_PROFILES['crokinole-nca-26in']!, { xMm: 0, yMm: 0 })).toBeNull();
    const pitrush = BOARD_PROFILES['pitrush-standard']!;
    const pit = pitrush.features.find((f) => f.kind === 'hole')!;
    expect(swallowingHoleUnder(pitrush, { xMm: pit.xMm, yMm: pit.yMm })).toBeNull();
  });
});

describe('on the corpus (carrom, bare images)', () => {
  // Seed 33: a striker-sized circle round the centre spot, 48% round, its face the spot's red.
  // Seed 37: a black man lying in a pocket's net, measured on the surface 3 mm inside the rim.
  it.each([
    [33, { ...PAINTED_SPOT_DEFAULTS, maxRimCoverage: 0 }],
    [37, { ...PAINTED_SPOT_DEFAULTS, insideHoleMm: Infinity }],
  ])('seed %i: the false piece goes, no piece is lost', (seed, off) => {
    const run = corpusSceneRuns(cv, 'carrom-standard-74cm', seed);
    const without = run({ paintedSpots: off });
    const withRule = run({});
    expect(without.falsePositives).toBe(1);
    expect(withRule.falsePositives).toBe(0);
    expect(withRule.matched).toBe(without.matched);
  });
});
