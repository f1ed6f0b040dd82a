import { beforeAll, describe, expect, it } from 'vitest';
import { corpusSceneRuns } from '../../bench/accuracy/scene-runs.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';

let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

describe('a disc whose rim was found a little less round than a disc needs', () => {
  // 26" seed 37: pale discs on pale wood, defocused, under shadows; one disc's fit finds 41% of
  // its rim (45% is a disc's) on a consistent arc, settled 4 mm off between the disc and its
  // shadow, and differs in colour from the board round it as a top rim alone must.
  it('is found, placed within its (wide) uncertainty, and no false disc with it (26" seed 37)', () => {
    const run = corpusSceneRuns(cv, 'crokinole-nca-26in', 37);
    const on = run({});
    const off = run({ shortRimMinCoverage: 0 });
    expect(on.matched).toBe(off.matched + 1);
    expect(on.falsePositives).toBe(off.falsePositives);
    expect(on.wrongCalls).toBe(0);
    // The disc found carries the widest floor: within it, however far its fit settled.
    expect(on.beyondUncertainty).toBe(off.beyondUncertainty);
  }, 180_000);
});
