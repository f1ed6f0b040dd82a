import { beforeAll, describe, expect, it } from 'vitest';
import { corpusScene } from '../../bench/accuracy/scene-runs.ts';
import { evaluateScene } from '../../bench/accuracy/evaluate.ts';
import { GAMES } from '../../rules/games/registry.ts';
import { calibrate } from '../calibrate/calibrate.ts';
import { planeAtHeight } from '../calibrate/plane-at-height.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import type { DetectOptions } from './defaults.ts';
import { detectDiscs } from './detect.ts';
import { flatLookAlike } from './flat-puck-lookalikes.ts';

let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

/** A corpus scene detected as the benchmark does (or with the options given), with what the flat-look-alike test needs. */
function detectScene(profileId: string, seed: number, options: Partial<DetectOptions> = {}) {
  const { profile, frame, gray, truth } = corpusScene(profileId, seed);
  const calibration = calibrate(cv, gray, profile);
  if (!calibration.found) throw new Error(`${profileId} seed ${seed}: board not found`);
  const piece = profile.pieces[0]!;
  const planes = { board: calibration.boardToImage, top: planeAtHeight(calibration, piece.heightMm) };
  const result = detectDiscs(cv, { frame, gray, calibration, profile }, options);
  const ev = evaluateScene(GAMES[profile.game]!, profile, truth, result.discs);
  // Each puck in view, at its true place, judged as if little of its rim had been found. (The
  // camera cannot tell a symmetric table's ends apart: the truth is turned the way the pucks found lie.)
  const radiusMm = piece.diameterMm / 2;
  const inView = truth.discs.filter((t) => t.state === 'in-play' && t.topVisibleFraction >= 0.6);
  const turned = Array.from({ length: profile.symmetryOrder }, (_, k) => {
    const a = (2 * Math.PI * k) / profile.symmetryOrder;
    return inView.map((t) => ({ xMm: Math.cos(a) * t.xMm - Math.sin(a) * t.yMm, yMm: Math.sin(a) * t.xMm + Math.cos(a) * t.yMm }));
  });
  const found = (ts: { xMm: number; yMm: number }[]) => ts.filter((t) => result.discs.some((d) => Math.hypot(d.xMm - t.xMm, d.yMm - t.yMm) < 0.8 * radiusMm)).length;
  const pucks = turned.reduce((best, ts) => (found(ts) > found(best) ? ts : best));
  const pucksJudgedFlat = pucks.filter((t) => flatLookAlike(profile, frame, planes, calibration.lens, { ...t, rimCoverage: 0 }, radiusMm) !== null);
  return { result, ev, pucksJudgedFlat };
}

// The flat-look-alike test alone: the test of a weak puck's hue against the board's
// (board-hued-face.ts) takes some of these fits first.
const flatTestAlone: Partial<DetectOptions> = { boardHuedPuckMaxCoverage: 0 };

const flatAt = (rejected: readonly { xMm: number; yMm: number; reason: string }[], xMm: number, yMm: number) =>
  rejected.some((r) => /flat, not a puck/.test(r.reason) && Math.hypot(r.xMm - xMm, r.yMm - yMm) < 10);

describe('flat things on a wooden table taken for pucks', () => {
  // 9 ft seed 37: a fit on the grain found 48% of its rim and differs from the board round it as
  // a faint puck does; where a puck's side wall would show, the board does. It was called for
  // points where there is no puck.
  it('a circle on the grain, with the board where its side wall would be, is no puck (9 ft seed 37)', () => {
    const { result, ev, pucksJudgedFlat } = detectScene('table-shuffleboard-9ft', 37, flatTestAlone);
    expect(ev.phantomCalls).toBe(0);
    expect(ev.wrongCalls).toBe(0);
    expect(flatAt(result.rejected, -104.3, -579)).toBe(true);
    expect(pucksJudgedFlat).toEqual([]);
  }, 180_000);

  // 12 ft seed 20: a streak of light about a puck wide, of the board's hue, stands out from the
  // board round half the fit's outline (its two sides). Called for points where there is no puck.
  it('a circle on a streak of the board\'s hue about a puck wide is no puck (12 ft seed 20)', () => {
    const { result, ev, pucksJudgedFlat } = detectScene('table-shuffleboard-12ft', 20, flatTestAlone);
    expect(ev.phantomCalls).toBe(0);
    expect(ev.wrongCalls).toBe(0);
    expect(flatAt(result.rejected, -80.1, -802.6)).toBe(true);
    expect(pucksJudgedFlat).toEqual([]);
  }, 180_000);

  // 9 ft seed 35: by the table's side, a fit of the board's hue standing out from the board round
  // two thirds of its outline; beside the painted 1, one whose side band lies on the paint.
  it('fits of the board\'s own hue that do not stand out all round are no pucks (9 ft seed 35)', () => {
    const { result, ev, pucksJudgedFlat } = detectScene('table-shuffleboard-9ft', 35, flatTestAlone);
    expect(ev.phantomCalls).toBe(0);
    expect(ev.wrongCalls).toBe(0);
    expect(flatAt(result.rejected, -165.9, -753.2)).toBe(true);
    expect(flatAt(result.rejected, -22.8, -699.8)).toBe(true);
    expect(pucksJudgedFlat).toEqual([]);
  }, 180_000);

  // 12 ft seed 15: a pale puck on pale wood, little of its rim found, whose side band is near
  // the board's colour; its top is plain, not grain, and it stands out all round.
  it('a pale puck on pale wood stays a puck (12 ft seed 15)', () => {
    const { result, pucksJudgedFlat } = detectScene('table-shuffleboard-12ft', 15);
    const pale = result.discs.find((d) => Math.hypot(d.xMm - 158.8, d.yMm + 1390.8) < 10);
    expect(pale?.rimCoverage).toBeLessThan(0.65);
    expect(pucksJudgedFlat).toEqual([]);
  }, 180_000);
});
