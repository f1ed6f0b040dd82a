import { beforeAll, describe, expect, it } from 'vitest';
import { corpusSceneRuns } from '../../bench/accuracy/scene-runs.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';

let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

describe('a disc of the board\'s colour whose rim was found on one side (oneSidedRimMinResultant)', () => {
  // 24" seed 11: natural wood discs on a natural wood board; their fits find about half their
  // rim, where their shadows fall, and differ from the board round them by less than its grain.
  it('is found where it was refused for its colour, with no false disc and no call wrong (24" seed 11)', () => {
    const run = corpusSceneRuns(cv, 'crokinole-rec-24in', 11);
    // (A sure disc of their colour vouches for some of them too: that rule is set off in both
    // runs, to weigh the rim's side alone.)
    const on = run({ likeSureDiscMaxColourDistance: 0 });
    const off = run({ oneSidedRimMinResultant: 0, likeSureDiscMaxColourDistance: 0 });
    expect(on.matched).toBeGreaterThanOrEqual(off.matched + 3);
    expect(on.falsePositives).toBe(off.falsePositives);
    expect(on.wrongCalls).toBe(0);
    expect(on.beyondUncertainty).toBe(off.beyondUncertainty);
  }, 180_000);

  // 24" seed 35: a circle drawn by grain and shade finds half its rim, its directions' mean 0.40
  // long: refused, and a false disc were the least length 0.4.
  it('leaves a circle of grain refused (24" seed 35)', () => {
    const run = corpusSceneRuns(cv, 'crokinole-rec-24in', 35);
    expect(run({}).falsePositives).toBe(0);
    expect(run({ oneSidedRimMinResultant: 0.4 }).falsePositives).toBe(1);
  }, 180_000);
});
