import { beforeAll, describe, expect, it } from 'vitest';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import { corpusSceneRuns } from '../../bench/accuracy/scene-runs.ts';

let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

describe('a disc on a board of many colours round it', () => {
  // Curling mat seed 13: a red stone on the house's blue ring, touching a red and a green stone.
  // The ring sampled round it holds blue, white, red and green: their median is no colour on the
  // mat and their spread (135) exceeds how far the red stone differs from it (109).
  it('is not taken for the board when no quarter of the board round it is like it (curling mat, seed 13)', () => {
    const run = corpusSceneRuns(cv, 'curling-mat', 13);
    const on = run({});
    expect(on.matched).toBe(on.expected);
    expect(on.falsePositives).toBe(0);
    expect(on.wrongCalls).toBe(0);
    expect(on.exactScore).toBe(true);
    // Control: judged by the spread alone, the stone is the board, and the shot stone goes to the
    // other team (its grey fit held alone: not measured again in colour, which finds it too).
    const off = run({ mixedSurroundMinSpread: Infinity, colourRetryBelowCoverage: 0.45 });
    expect(off.matched).toBe(on.matched - 1);
    expect(off.wrongCalls).toBeGreaterThan(0);
  }, 180_000);
});
