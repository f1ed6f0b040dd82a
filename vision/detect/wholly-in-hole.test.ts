/**
 * A disc in the hole seen wholly within it, in a colour of its own, against what a fit in a
 * hole also finds: an empty hole's grey floor, and a disc leaning into the hole over its rim.
 * The scenes are painted straight in board millimetres: the board's wood round a hole of
 * crokinole's size, what lies in the hole, and what lies over its rim.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusScene, corpusSceneRuns } from '../../bench/accuracy/scene-runs.ts';
import { calibrate } from '../calibrate/calibrate.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import { DETECT_DEFAULTS } from './defaults.ts';
import { detectDiscs } from './detect.ts';
import type { Rgb } from './teams.ts';
import { DISC_RADIUS_MM, HOLE, HOLE_VIEW, paintHole, type PaintedHole } from './test-hole-scene.ts';
import { seenWhollyInHole } from './wholly-in-hole.ts';

const RED: Rgb = [168, 35, 42];

const wholly = (scene: PaintedHole, face: Rgb) => seenWhollyInHole(paintHole(scene), HOLE_VIEW.boardToImage, HOLE_VIEW.lens, face, HOLE, DETECT_DEFAULTS);

describe('a disc seen wholly within a hole', () => {
  it('is a red disc lying in the hole', () => {
    expect(wholly({ inHole: RED }, RED)).toBe(true);
  });

  it('is not an empty hole\'s floor: dark, or lifted grey by a glare', () => {
    const dark: Rgb = [30, 24, 19];
    const glareLit: Rgb = [189, 180, 168];
    expect(wholly({ inHole: dark }, dark)).toBe(false);
    expect(wholly({ inHole: glareLit }, glareLit)).toBe(false);
  });

  it('cannot be a black or white disc (as grey as a floor)', () => {
    const black: Rgb = [34, 34, 34];
    expect(wholly({ inHole: black }, black)).toBe(false);
  });

  it('is not a disc leaning into the hole: its colour shows beyond the rim', () => {
    // Centre 13 mm off the hole's centre: the disc reaches 11.4 mm beyond the rim on one side.
    expect(wholly({ inHole: [30, 24, 19], leaning: { offsetMm: 13, colour: RED } }, RED)).toBe(false);
    // The same disc wholly in the hole (centred) is.
    expect(wholly({ inHole: [30, 24, 19], leaning: { offsetMm: 0, colour: RED } }, RED)).toBe(true);
  });

  it('is not a disc of the board\'s own tone, whose leaning part would not show', () => {
    const natural: Rgb = [196, 154, 100];
    expect(wholly({ inHole: natural }, natural)).toBe(false);
  });

  it('holds at the bounds of its options', () => {
    // Chroma exactly at the least (40), and just under it.
    const atChroma: Rgb = [120, 100, 80];
    const underChroma: Rgb = [119, 100, 80];
    expect(wholly({ inHole: atChroma }, atChroma)).toBe(true);
    expect(wholly({ inHole: underChroma }, underChroma)).toBe(false);
    // A leaning disc reaching only the first ring beyond the rim (2 mm) covers under 5% of the
    // samples (a sliver of one ring of four); reaching past all four rings, far more.
    const sliver = HOLE.radiusMm + 2.5 - DISC_RADIUS_MM;
    expect(wholly({ inHole: RED, leaning: { offsetMm: sliver, colour: RED } }, RED)).toBe(true);
    expect(wholly({ inHole: RED, leaning: { offsetMm: HOLE.radiusMm + 9 - DISC_RADIUS_MM, colour: RED } }, RED)).toBe(false);
  });
});

describe('on rendered crokinole scenes (24")', () => {
  let cv: CV;
  beforeAll(async () => {
    cv = (await loadOpenCv()).cv;
  });

  // An orange disc lying in the hole, found from 56% of its rim (the hole's edge hides part of
  // it): measured no better than 6 mm, its 20 was left to a person.
  it('calls a disc of a colour lying in the hole a sure 20 (seed 38), nothing else changed', () => {
    const run = corpusSceneRuns(cv, 'crokinole-rec-24in', 38);
    const now = run({});
    const before = run({ holePlayWhollySeenMinRimCoverage: 1.01 });
    expect(before.tooClose).toBe(now.tooClose + 1);
    expect(before.details.some((d) => d.includes('clearance 1.59 ± 6.0'))).toBe(true);
    expect(now.details.some((d) => d.includes('clearance 1.59'))).toBe(false);
    expect(now.wrongCalls).toBe(0);
    expect(now.phantomCalls).toBe(0);
    expect(now.centreErrorsMm).toEqual(before.centreErrorsMm);
  }, 180_000);

  // An empty hole whose floor, lifted grey by a glare, was fitted as a disc in the hole (seed
  // 97): it is not seen wholly in the hole, so the hole's play does not bound it, and its 20
  // stays a person's call. (Seed 68's dark floor, fitted so too, is now told by its uneven light:
  // see hole-floor.test.ts.)
  it.each([97])('leaves an empty hole fitted as a disc to a person (seed %i)', (seed) => {
    const { profile, frame, gray } = corpusScene('crokinole-rec-24in', seed);
    const calibration = calibrate(cv, gray, profile);
    if (!calibration.found) throw new Error(`seed ${seed}: board not found`);
    const inHole = detectDiscs(cv, { frame, gray, calibration, profile }).discs.filter((d) => d.state === 'in-hole');
    expect(inHole).toHaveLength(1);
    expect(inHole[0]!.whollyInHole).toBeUndefined();
    expect(inHole[0]!.uncertaintyMm).toBeGreaterThan(1.6);
  }, 180_000);
});
