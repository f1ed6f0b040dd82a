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

describe('a disc on a board of many colours round it', () => {
  // Curling mat seed 13: a red stone on the house's blue ring, touching a red and a green stone.
  // The ring sampled round it holds blue, white, red and green: their median is no colour on the
  // mat and their spread (135) exceeds how far the red stone differs from it (109).
  it('is not taken for the board when no quarter of the board round it is like it (curling mat, seed 13)', () => {
    const profile = BOARD_PROFILES['curling-mat']!;
    const r = renderScene(randomScene(profile, 13), profile);
    const frame: Frame = { data: r.rgba, widthPx: r.widthPx, heightPx: r.heightPx, timestampMs: 0 };
    const gray = toGray(frame);
    const calibration = calibrate(cv, gray, profile);
    if (!calibration.found) throw new Error('board not found');
    const run = (options: Partial<DetectOptions>) => evaluateScene(GAMES['curling-mat']!, profile, r.truth, detectDiscs(cv, { frame, gray, calibration, profile }, options).discs);
    const on = run({});
    expect(on.matched).toBe(on.expected);
    expect(on.falsePositives).toBe(0);
    expect(on.wrongCalls).toBe(0);
    expect(on.exactScore).toBe(true);
    // Control: judged by the spread alone, the stone is the board, and the shot stone goes to the other team.
    const off = run({ mixedSurroundMinSpread: Infinity });
    expect(off.matched).toBe(on.matched - 1);
    expect(off.wrongCalls).toBeGreaterThan(0);
  }, 180_000);
});
