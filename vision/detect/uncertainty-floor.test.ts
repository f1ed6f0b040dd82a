import { beforeAll, describe, expect, it } from 'vitest';
import { corpusSceneRuns } from '../../bench/accuracy/scene-runs.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import { MEASURED_UNCERTAINTY_ONLY } from './defaults.ts';

let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

describe('the uncertainty of a disc found little round its rim', () => {
  // 26" seed 13: wooden discs on a wooden board, shadows and motion blur; several fits found
  // 60-80% of their rims and settled 3-3.5 mm off the disc, each agreeing with itself.
  it('bounds where the disc is (26" seed 13)', () => {
    const run = corpusSceneRuns(cv, 'crokinole-nca-26in', 13);
    const byCoverage = run({});
    const flat = run(MEASURED_UNCERTAINTY_ONLY);
    expect(byCoverage.wrongCalls).toBe(0);
    expect(byCoverage.beyondUncertainty).toBeLessThan(flat.beyondUncertainty);
    // The floor moves no disc: the same discs lie as far off, now within their bounds.
    expect(byCoverage.centreErrorsMm).toEqual(flat.centreErrorsMm);
  }, 180_000);
});
