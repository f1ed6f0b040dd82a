import { beforeAll, describe, expect, it } from 'vitest';
import { corpusSceneRuns } from '../../bench/accuracy/scene-runs.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import { darkFloorsOverOpenings, doubtHoleDiscsOverlapped } from './hole-overlaps.ts';
import type { DetectedDisc } from './types.ts';

let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

function disc(xMm: number, yMm: number, state: DetectedDisc['state'], rgb: [number, number, number]): Omit<DetectedDisc, 'team'> {
  return { xMm, yMm, radiusMm: 15.9, uncertaintyMm: 0.5, color: '#000000', rgb, kind: 'disc', state, confidence: 1, topCentreXPx: 0, topCentreYPx: 0, rimRmsMm: 0.3, rimCoverage: 0.9 };
}

describe('discs round a hole', () => {
  const red: [number, number, number] = [170, 35, 40];
  it('a disc in the hole with a disc beside it overlapping is placed no better than the hole', () => {
    const found = [disc(0, 0, 'in-hole', red), disc(18, 0, 'on-board', red), disc(0, 0, 'in-hole', red)];
    const alone = [disc(0, 0, 'in-hole', red), disc(40, 0, 'on-board', red)];
    const hole = () => 17.5;
    expect(doubtHoleDiscsOverlapped(found, 15.9, hole, 1)[0]!.reachMm).toBe(17.5);
    expect(doubtHoleDiscsOverlapped(alone, 15.9, hole, 1)[0]!.reachMm).toBeUndefined();
    expect(doubtHoleDiscsOverlapped(found, 15.9, () => null, 1)[0]!.reachMm).toBeUndefined();
  });

  it('a dark "disc" over the opening, like no other, is the floor; one like a team colour is a disc', () => {
    const holes = [{ xMm: 0, yMm: 0, radiusMm: 17.5 }];
    const o = { holeFloorMaxLuma: 50, holeFloorMinColourDistance: 45 };
    const dark: [number, number, number] = [34, 32, 23];
    expect(darkFloorsOverOpenings([disc(9, 0, 'on-board', dark), disc(80, 0, 'on-board', red)], holes, [], o)).toEqual([0]);
    expect(darkFloorsOverOpenings([disc(9, 0, 'on-board', dark), disc(80, 0, 'on-board', [30, 30, 30])], holes, [], o)).toEqual([]);
    expect(darkFloorsOverOpenings([disc(30, 0, 'on-board', dark), disc(80, 0, 'on-board', red)], holes, [], o)).toEqual([]);
  });

  // 26" seed 141: a red disc leaning over the hole's edge, 17 mm off its centre, and with the
  // hole's rim a circle round the centre, fitted as a disc in the hole (71% of a rim): a 20 called.
  it('a disc leaning over the hole makes no confident 20 (26" seed 141)', () => {
    const run = corpusSceneRuns(cv, 'crokinole-nca-26in', 141);
    const on = run({});
    const off = run({ holeOverlapFraction: 0 });
    expect(off.phantomCalls).toBe(1);
    expect(on.phantomCalls).toBe(0);
    expect(on.matched).toBe(off.matched);
  }, 180_000);

  // 26" seed 68: the empty hole's dark floor and a stretch of its rim, fitted as a disc 9 mm off
  // its centre and called 15 (with the hole's rim a line, that call now waits for a person, a
  // disc where there is none all the same, and the score is wrong until someone rules).
  it("the empty hole's floor is no disc leaning into it (26\" seed 68)", () => {
    const run = corpusSceneRuns(cv, 'crokinole-nca-26in', 68);
    const on = run({});
    const off = run({ darkFloorOverOpening: false });
    expect(off.falsePositives).toBe(1);
    expect(off.exactScore).toBe(false);
    expect(on.falsePositives).toBe(0);
    expect(on.phantomCalls).toBe(0);
    expect(on.exactScore).toBe(true);
    expect(on.matched).toBe(off.matched);
  }, 180_000);
});
