import { beforeAll, describe, expect, it } from 'vitest';
import { corpusSceneRuns } from '../../bench/accuracy/scene-runs.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';

let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

const NEVER = { likeSureDiscMaxColourDistance: 0 };

/**
 * Discs of the board's own wood, found half round their rims: refused for their colour (grain
 * draws such circles), taken again when their colour is a sure disc's in the same image.
 */
describe('a team playing discs of the board\'s colour (likeSureDiscMaxColourDistance)', () => {
  // 24" seed 37: both teams play natural wood (#b98d58, #e3cb9f); three of the darker team's
  // discs were found 52-58% round and refused for the board's colour. One is found so; another
  // lies beside the hole, whose edge draws arcs round a fit there, and stays refused.
  it('finds the discs of the board\'s wood a sure disc of the same colour vouches for (24" seed 37)', () => {
    const run = corpusSceneRuns(cv, 'crokinole-rec-24in', 37);
    const off = run(NEVER);
    const on = run({});
    expect(on.matched).toBe(off.matched + 1);
    expect(on.falsePositives).toBe(off.falsePositives);
    expect(on.wrongCalls).toBe(0);
    expect(on.phantomCalls).toBe(0);
    expect(on.beyondUncertainty).toBeLessThanOrEqual(off.beyondUncertainty);
  }, 180_000);

  // 26" seed 97: a team of tan discs (#c49a64) beside a black team; three tan discs were missed
  // and the score was wrong. Found so, each is placed no better than 12 mm: the calls near a
  // line wait for a person, and the score once they have ruled is exact.
  it('scores the scene right once a person has ruled (26" seed 97)', () => {
    const run = corpusSceneRuns(cv, 'crokinole-nca-26in', 97);
    const off = run(NEVER);
    expect(off.decidedScore).toBe(false);
    const on = run({});
    expect(on.matched).toBe(on.expected);
    expect(on.falsePositives).toBe(0);
    expect(on.decidedScore).toBe(true);
    expect(on.wrongCalls).toBe(0);
  }, 180_000);

  // 24" seed 14: red and orange teams. Grain circles of the board's colour refused there are
  // 16 or more from any sure disc's colour: nothing changes.
  it('leaves circles of the board\'s colour refused where no team plays it (24" seed 14)', () => {
    const run = corpusSceneRuns(cv, 'crokinole-rec-24in', 14);
    const off = run(NEVER);
    const on = run({});
    expect(on.matched).toBe(off.matched);
    expect(on.falsePositives).toBe(off.falsePositives);
    expect(on.centreErrorsMm).toEqual(off.centreErrorsMm);
  }, 180_000);
});
