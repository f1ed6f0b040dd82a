import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateScene } from '../../bench/accuracy/evaluate.ts';
import { randomScene } from '../../fixtures/render/random-scene.ts';
import { renderScene } from '../../fixtures/render/scene.ts';
import { GAMES } from '../../rules/games/registry.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { calibrate } from '../calibrate/calibrate.ts';
import { toGray, type Frame } from '../image/frame.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import type { DetectOptions } from './defaults.ts';
import { detectDiscs } from './detect.ts';

let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

describe('a candidate between a disc and its shadow', () => {
  // Shuffleboard mat seed 19: low light from one side; the circle Hough finds for a black disc
  // and a wooden one runs through the disc and its shadow, 14-15 mm off the disc, and the fits
  // from round it find under 40% of a rim.
  it('is fitted again from farther round it, and the disc found (shuffleboard mat, seed 19)', () => {
    const profile = BOARD_PROFILES['shuffleboard-mat']!;
    const r = renderScene(randomScene(profile, 19), profile);
    const frame: Frame = { data: r.rgba, widthPx: r.widthPx, heightPx: r.heightPx, timestampMs: 0 };
    const gray = toGray(frame);
    const calibration = calibrate(cv, gray, profile);
    if (!calibration.found) throw new Error('board not found');
    const run = (options: Partial<DetectOptions>) => evaluateScene(GAMES['shuffleboard-mat']!, profile, r.truth, detectDiscs(cv, { frame, gray, calibration, profile }, options).discs);
    const on = run({});
    expect(on.expected).toBe(5);
    expect(on.matched).toBe(5);
    expect(on.falsePositives).toBe(0);
    expect(on.wrongCalls).toBe(0);
    const off = run({ wideRestartMinCoverage: 2 });
    expect(off.matched).toBe(3);
  }, 180_000);
});
