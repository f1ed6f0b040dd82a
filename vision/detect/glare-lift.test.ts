/** Glare taken off a disc's colour before its team is told (see glare-lift.ts). */
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusSceneRuns } from '../../bench/accuracy/scene-runs.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import { DETECT_DEFAULTS } from './defaults.ts';
import { glareLift, withoutGlare } from './glare-lift.ts';
import type { Rgb } from './colour-contrast.ts';

let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

describe('the light glare adds round a disc', () => {
  const usual: Rgb = [200, 180, 140];
  const o = { glareMinLift: 25, glareMaxLiftSpread: 1.4 };
  // [name, surround, lift expected (null: none)]
  const cases: [string, Rgb, Rgb | null][] = [
    ['the board as usual', [200, 180, 140], null],
    ['lifted evenly just below the least lift', [224, 204, 164], null],
    ['lifted evenly by the least lift', [225, 205, 165], [25, 25, 25]],
    ['lifted well above it', [240, 230, 190], [40, 50, 50]],
    ['lifted with channels just within the spread (1.4 times)', [240, 236, 180], [40, 56, 40]],
    ['lifted with channels just beyond the spread', [240, 237, 180], null],
    ["a lighter wood (sjoelbak's compartments: lifts 1.5 times apart)", [200 + 40, 180 + 56, 140 + 38], null],
    ['a red painted ring: one channel up, the others down', [230, 90, 80], null],
    ['in shade', [140, 126, 98], null],
    ["a clipped channel takes the others' mean lift", [255, 220, 190], [45, 40, 50]],
  ];
  for (const [name, surround, lift] of cases) it(name, () => expect(glareLift(surround, usual, o)).toEqual(lift));
  it('is never taken with the least lift at 0', () => expect(glareLift([250, 249, 240], usual, { ...o, glareMinLift: 0 })).toBeNull());
  it('takes the lift off a colour, not below black', () => expect(withoutGlare([240, 30, 100], [40, 40, 40])).toEqual([200, 0, 60]));
});

describe('a dark wooden disc in glare', () => {
  // Sling seed 17: a dark wooden disc lit by a glare spot looked as light as the light
  // wooden team's discs and was put in that team (a call wrong with confidence).
  it('stays in its own team (Sling, seed 17)', () => {
    const run = corpusSceneRuns(cv, 'sling-standard', 17);
    const off = run({ glareMinLift: 0 });
    const on = run({});
    expect(DETECT_DEFAULTS.glareMinLift).toBeGreaterThan(0);
    expect(off.wrongCalls).toBe(1);
    expect(on.wrongCalls).toBe(0);
    expect(on.teamCorrect).toBe(on.matched);
    expect(on.matched).toBe(off.matched);
  });
});

describe('a disc whose colour is not lifted by glare is told as seen', () => {
  // Sjoelbak seed 14: an orange disc in a compartment of lighter wood than the lanes; taken for
  // glare (lifts 58, 56, 38), it was made red.
  it('in a compartment of lighter wood (sjoelbak, seed 14)', () => {
    const run = corpusSceneRuns(cv, 'sjoelbak-standard-40x200', 14);
    const on = run({});
    expect(on.teamCorrect).toBe(on.matched);
    expect(run({ glareMaxLiftSpread: 1.6 }).teamCorrect).toBe(on.matched - 1);
  });
  // Crokinole 24" seed 17: red and orange discs washed nearly white by glare (9 of 20), red
  // clipped. Without the light seen, the teams were learnt as the lit and the unlit discs (11 of
  // 20 right); learnt from the discs in the usual light, the lit ones told by their colour less
  // the glare, the clipped channel only as the least it can be, every disc is in its team.
  it('with a channel clipped (crokinole 24", seed 17)', () => {
    const run = corpusSceneRuns(cv, 'crokinole-rec-24in', 17);
    const on = run({});
    expect(on.matched).toBe(20);
    expect(on.teamCorrect).toBe(20);
    expect(run({ glareMinLift: 0 }).teamCorrect).toBeLessThanOrEqual(12);
  });
});
