import { beforeAll, describe, expect, it } from 'vitest';
import { corpusScene } from '../../bench/accuracy/scene-runs.ts';
import { evaluateScene } from '../../bench/accuracy/evaluate.ts';
import { GAMES } from '../../rules/games/registry.ts';
import { calibrate } from '../calibrate/calibrate.ts';
import { planeAtHeight } from '../calibrate/plane-at-height.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import type { DetectOptions } from './defaults.ts';
import { detectDiscs } from './detect.ts';
import { FLAT_LOOKALIKE_DEFAULTS, flatLookAlike } from './flat-puck-lookalikes.ts';

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
  // Whether a fit would be judged flat with other options of the test.
  const judgedFlat = (d: { xMm: number; yMm: number; rimCoverage: number }, o: typeof FLAT_LOOKALIKE_DEFAULTS) => flatLookAlike(profile, frame, planes, calibration.lens, d, radiusMm, o) !== null;
  return { result, ev, pucksJudgedFlat, judgedFlat };
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

  // 12 ft seed 134: a streak of the light playfield's grain beside its dark rail, 47% of a rim
  // found. Against the board round it, rail and all, its side band stood out as a puck's wall
  // does, and it was called for points; against the playfield alone it does not, and the
  // streak, of the board's hue, is flat.
  it('a streak of the playfield beside its rail is no puck, its side band weighed against the playfield (12 ft seed 134)', () => {
    const { result, ev, pucksJudgedFlat, judgedFlat } = detectScene('table-shuffleboard-12ft', 134);
    expect(ev.phantomCalls).toBe(0);
    const streak = result.rejected.find((r) => /flat, not a puck/.test(r.reason) && Math.hypot(r.xMm - 167, r.yMm + 748) < 10);
    expect(streak).toBeDefined();
    expect(judgedFlat({ ...streak!, rimCoverage: 0.47 }, FLAT_LOOKALIKE_DEFAULTS)).toBe(true);
    expect(judgedFlat({ ...streak!, rimCoverage: 0.47 }, { ...FLAT_LOOKALIKE_DEFAULTS, playfieldBandOnly: false })).toBe(false);
    expect(pucksJudgedFlat).toEqual([]);
  }, 180_000);

  // 12 ft seed 139: a fit across the playfield's far end (a hanger's place), its side band partly
  // beyond the end. The band is taken on the playfield too, as the colour it is weighed against
  // is: weighed whole against the playfield, its part beyond the end stood out as a wall, and a
  // 5 was called where there is no puck.
  it('a fit across the playfield\'s end is judged by the playfield part of its side band (12 ft seed 139)', () => {
    const { result, ev, pucksJudgedFlat } = detectScene('table-shuffleboard-12ft', 139);
    expect(ev.phantomCalls).toBe(0);
    expect(flatAt(result.rejected, 126, 1670)).toBe(true);
    expect(pucksJudgedFlat).toEqual([]);
  }, 180_000);
});
