import { beforeAll, describe, expect, it } from 'vitest';
import { corpusSceneRuns } from '../../bench/accuracy/scene-runs.ts';
import type { Frame } from '../image/frame.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import { DETECT_DEFAULTS } from './defaults.ts';
import { darkFloorsOverOpenings, doubtHoleDiscsOverlapped, emptyOpeningsBesideLeaning } from './hole-overlaps.ts';
import type { Rgb } from './teams.ts';
import { HOLE, HOLE_VIEW, paintHole } from './test-hole-scene.ts';
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
    const off = run({ holeOverlapFraction: 0, emptyOpeningBesideLeaning: false });
    expect(off.phantomCalls).toBe(1);
    expect(on.phantomCalls).toBe(0);
    expect(on.matched).toBe(off.matched);
    // The opening beside that disc shows the empty hole's dark floor: the fit is no disc at all,
    // and the score is exact without a person (with the doubt alone, not: see below).
    expect(on.falsePositives).toBe(0);
    expect(on.exactScore).toBe(true);
    expect(run({ holeOverlapFraction: 0 }).exactScore).toBe(true);
    expect(run({ emptyOpeningBesideLeaning: false }).falsePositives).toBe(1);
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

describe('an empty hole beside a disc leaning over it', () => {
  // The hole painted flat (see test-hole-scene.ts): every plane sees it alike.
  const FLOOR: Rgb = [30, 26, 22];
  const RED: Rgb = [168, 35, 42];
  const GREEN: Rgb = [44, 106, 58];
  const o = { ...DETECT_DEFAULTS };
  const view = (frame: Frame) => ({ frame, lens: HOLE_VIEW.lens, sunkTopToImage: HOLE_VIEW.boardToImage, leaningPlanesToImage: [HOLE_VIEW.boardToImage] });
  const paint = (inHole: Rgb | ((rhoMm: number) => Rgb), leaningAtMm: number | null): Frame => paintHole(leaningAtMm === null ? { inHole } : { inHole, leaning: { offsetMm: leaningAtMm, colour: GREEN } });
  const fitInHole = disc(0, 0, 'in-hole', [40, 70, 45]);

  it('is told by its dark floor in view beside the leaning disc', () => {
    const found = [fitInHole, disc(13, 0, 'on-board', GREEN), disc(120, 0, 'on-board', RED)];
    expect(emptyOpeningsBesideLeaning(found, HOLE, view(paint(FLOOR, 13)), [], o)).toEqual([0]);
  });

  it('is not told where what is in view is a disc: in a colour, or dark like a disc found elsewhere', () => {
    const found = [fitInHole, disc(13, 0, 'on-board', GREEN), disc(120, 0, 'on-board', RED)];
    expect(emptyOpeningsBesideLeaning(found, HOLE, view(paint(RED, 13)), [], o)).toEqual([]);
    const blackPlayed = [fitInHole, disc(13, 0, 'on-board', GREEN), disc(120, 0, 'on-board', [34, 30, 28])];
    expect(emptyOpeningsBesideLeaning(blackPlayed, HOLE, view(paint(FLOOR, 13)), [], o)).toEqual([]);
    // ... or like a team's given colour.
    expect(emptyOpeningsBesideLeaning(found, HOLE, view(paint(FLOOR, 13)), [[34, 30, 28]], o)).toEqual([]);
  });

  it('is told, though dark like a disc found elsewhere, where it is lit unevenly from ring to ring', () => {
    // Brightest in the middle, a third darker by the wall (24" seed 47's floor spread by 0.18).
    const shaded = (rhoMm: number): Rgb => FLOOR.map((c) => Math.round(c * (1.1 - (0.4 * rhoMm) / HOLE.radiusMm))) as unknown as Rgb;
    const blackPlayed = [fitInHole, disc(13, 0, 'on-board', GREEN), disc(120, 0, 'on-board', [34, 30, 28])];
    expect(emptyOpeningsBesideLeaning(blackPlayed, HOLE, view(paint(shaded, 13)), [], o)).toEqual([0]);
    expect(emptyOpeningsBesideLeaning(blackPlayed, HOLE, view(paint(shaded, 13)), [], { ...o, holeFloorMinRingSpread: Infinity })).toEqual([]);
  });

  it('is looked for only where a disc on the board overlaps the opening, and enough of it is in view', () => {
    // No disc over the opening: the other floor tests are for that.
    expect(emptyOpeningsBesideLeaning([fitInHole, disc(120, 0, 'on-board', RED)], HOLE, view(paint(FLOOR, null)), [], o)).toEqual([]);
    // A leaning disc 3 mm off the centre covers the whole opening (within 0.85 of its radius).
    expect(emptyOpeningsBesideLeaning([fitInHole, disc(3, 0, 'on-board', GREEN), disc(120, 0, 'on-board', RED)], HOLE, view(paint(FLOOR, 3)), [], o)).toEqual([]);
  });
});

describe('on rendered crokinole scenes (24"), a disc leaning over the empty hole', () => {
  // Seed 30: a green disc 13 mm off the hole's centre, the floor black beside it; the fit in the
  // hole, a 20 left to a person, made the score 20 too many (told by the floor's colour).
  // Seed 47: the same, but a team plays black discs: by its colour the floor could be one lying
  // in the hole. Its light tells it: darker from the middle out to the wall, where a disc's top
  // is lit evenly. Each with the test that tells it turned off, and on.
  it.each([
    [30, { emptyOpeningBesideLeaning: false }],
    [47, { holeFloorMinRingSpread: Infinity }],
  ] as const)('leaves no disc in the empty hole beside the leaning disc (seed %i)', (seed, without) => {
    const run = corpusSceneRuns(cv, 'crokinole-rec-24in', seed);
    const on = run({});
    const off = run(without);
    expect(off.falsePositives).toBe(1);
    expect(off.exactScore).toBe(false);
    expect(on.falsePositives).toBe(0);
    expect(on.exactScore).toBe(true);
    expect(on.matched).toBe(off.matched);
    expect(on.wrongCalls).toBe(0);
  }, 180_000);
});
