import { describe, expect, it } from 'vitest';
import { noEffects } from '../../fixtures/render/effects.ts';
import { scoringContext } from '../../fixtures/render/expected-calls.ts';
import { randomScene } from '../../fixtures/render/random-scene.ts';
import { renderScene, type SceneTruth } from '../../fixtures/render/scene.ts';
import { GAMES } from '../../rules/games/registry.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { evaluateScene, summarise, withHandOverBoard, type MeasuredDisc, type TruthDisc } from './evaluate.ts';

const profile = BOARD_PROFILES['crokinole-nca-26in']!;
const rules = GAMES.crokinole!;

// Discs placed near lines (so a shift changes calls) and well inside areas.
const truth: TruthDisc[] = [
  { id: 'a1', team: 'A', state: 'in-play', xMm: 0, yMm: 101.6 - 1 - 15.875 - 0.8, radiusMm: 15.875, topVisibleFraction: 1 },
  { id: 'a2', team: 'A', state: 'in-play', xMm: 150, yMm: 0, radiusMm: 15.875, topVisibleFraction: 1 },
  { id: 'b1', team: 'B', state: 'in-play', xMm: 203.2 + 1 + 15.875 + 0.8, yMm: 0, radiusMm: 15.875, topVisibleFraction: 1 },
  { id: 'b2', team: 'B', state: 'in-play', xMm: -60, yMm: -40, radiusMm: 15.875, topVisibleFraction: 1 },
  { id: 'b3', team: 'B', state: 'ditch', xMm: 350, yMm: 10, radiusMm: 15.875, topVisibleFraction: 1 },
];

function measure(shiftMm: number, uncertaintyMm: number): MeasuredDisc[] {
  return truth.map((t) => ({ xMm: t.xMm + shiftMm, yMm: t.yMm + shiftMm, radiusMm: t.radiusMm, uncertaintyMm, team: t.team === 'A' ? 'X' : 'Y' }));
}

describe('the accuracy benchmark', () => {
  it('counts discs placed farther off than the uncertainty they were given', () => {
    const off = (uncertaintyMm: number) => evaluateScene(rules, profile, truth, measure(0, uncertaintyMm).map((m, i) => (i === 0 ? { ...m, xMm: m.xMm + 1 } : m)));
    expect(off(0.5).beyondUncertainty).toBe(1);
    expect(off(1.5).beyondUncertainty).toBe(0);
    // One of the five discs matched.
    expect(summarise([off(0.5)]).beyondUncertaintyPct).toBeCloseTo(100 / 5, 6);
  });

  it('a call left to a person spoils the stated score, and the decided score counts the ruling as the truth has it', () => {
    // Truly touching the 15 line by 0.2 mm (10 points); seen 0.4 mm clear of it, give or take 1 mm.
    const ctx = scoringContext(rules, profile, ['A', 'B']);
    const clearanceAt = (y: number) => rules.callDiscs({ discs: [{ id: 'a1', team: 'A', xMm: 0, yMm: y, radiusMm: 15.875, uncertaintyMm: 0 }] }, ctx)[0]!.clearanceMm;
    const yMm = 80 + clearanceAt(80) + 0.2;
    expect(clearanceAt(yMm)).toBeCloseTo(-0.2, 6);
    const close: TruthDisc[] = [{ id: 'a1', team: 'A', state: 'in-play', xMm: 0, yMm, radiusMm: 15.875, topVisibleFraction: 1 }];
    const seen = (dyMm: number, uncertaintyMm: number): MeasuredDisc[] => [{ xMm: 0, yMm: yMm + dyMm, radiusMm: 15.875, uncertaintyMm, team: 'A' }];
    const pending = evaluateScene(rules, profile, close, seen(-0.6, 1));
    expect(pending).toMatchObject({ wrongCalls: 0, tooClose: 1, tooCloseFar: 0, exactScore: false, decidedScore: true });
    // Seen as surely clear: a wrong call, and no ruling puts that right.
    expect(evaluateScene(rules, profile, close, seen(-0.6, 0.1))).toMatchObject({ wrongCalls: 1, exactScore: false, decidedScore: false });
    expect(summarise([pending])).toMatchObject({ exactScorePct: 0, decidedScorePct: 100 });
  });

  it('a call left to a person on the hole\'s rim, the truth decided by a ring, is ruled so the disc scores what it truly does', () => {
    // Truly leaning on the hole's rim, 2 mm over it (15 points, called on the 15 line, clear of
    // it); seen 0.5 mm within the hole, give or take 3 mm: a 20 as measured, perhaps leaning.
    const R = 15.875;
    const leaning: TruthDisc[] = [{ id: 'a1', team: 'A', state: 'in-play', xMm: 17.465 - R + 2, yMm: 0, radiusMm: R, topVisibleFraction: 1 }];
    const seen: MeasuredDisc[] = [{ xMm: 17.465 - R - 0.5, yMm: 0, radiusMm: R, uncertaintyMm: 3, team: 'A' }];
    expect(evaluateScene(rules, profile, leaning, seen)).toMatchObject({ wrongCalls: 0, tooClose: 1, exactScore: false, decidedScore: true });
  });

  it('a call left to a person on one edge of a pit, the truth decided by the other, is ruled so the disc scores what it truly does', () => {
    // PitRush: a disc truly hanging over pit 2-2's opening, its centre 9 mm outside the rim (0
    // points; the truth's nearest edge is the opening's, touched by 6 mm); seen 2 mm outside the
    // rim, give or take 3 mm: in the pit or hanging. Ruled "touching" as the truth's call reads,
    // the disc would be in the pit.
    const pit = BOARD_PROFILES['pitrush-standard']!;
    const hole = pit.features.find((f) => f.id === 'pit-2-2')!;
    if (hole.kind !== 'hole') throw new Error('pit-2-2 is a hole');
    const hanging: TruthDisc[] = [{ id: 'a1', team: 'A', kind: 'disc', state: 'in-play', xMm: hole.xMm + hole.radiusMm + 9, yMm: hole.yMm, radiusMm: 15, topVisibleFraction: 1 }];
    const seen: MeasuredDisc[] = [{ xMm: hole.xMm + hole.radiusMm + 2, yMm: hole.yMm, radiusMm: 15, uncertaintyMm: 3, team: 'A', kind: 'disc' }];
    const ctx = scoringContext(GAMES.pitrush!, pit, ['A', 'B']);
    const truthCall = GAMES.pitrush!.callDiscs({ discs: [{ id: 'a1', team: 'A', kind: 'disc', xMm: hanging[0]!.xMm, yMm: hanging[0]!.yMm }] }, ctx)[0]!;
    expect(truthCall).toMatchObject({ zone: 'hanging pit-2-2', points: 0, call: 'touching' });
    const ev = evaluateScene(GAMES.pitrush!, pit, hanging, seen);
    expect(ev).toMatchObject({ wrongCalls: 0, tooClose: 1, decidedScore: true });
  });

  it('a disc seen in a pit, on discs hidden under it, is ruled with what a person finds under it', () => {
    // PitRush: a2 (A) in pit-2-2, b1 (B) on it, a3 (A) on top, the only one seen. b1 lies on a
    // disc in a pit and scores; a2, covered by an opponent, does not.
    const pit = BOARD_PROFILES['pitrush-standard']!;
    const hole = pit.features.find((f) => f.id === 'pit-2-2')!;
    if (hole.kind !== 'hole') throw new Error('pit-2-2 is a hole');
    const at = { xMm: hole.xMm, yMm: hole.yMm };
    const stack: TruthDisc[] = [
      { id: 'a2', team: 'A', kind: 'disc', state: 'hole', ...at, radiusMm: 15, topVisibleFraction: 0 },
      { id: 'b1', team: 'B', kind: 'disc', state: 'hole', ...at, radiusMm: 15, topVisibleFraction: 0.02, onTopOfId: 'a2' },
      { id: 'a3', team: 'A', kind: 'disc', state: 'hole', xMm: at.xMm + 1, yMm: at.yMm, radiusMm: 15, topVisibleFraction: 1, onTopOfId: 'b1' },
    ];
    const ctx = scoringContext(GAMES.pitrush!, pit, ['A', 'B']);
    const truthScore = GAMES.pitrush!.scoreRound({ discs: stack.map(({ state: _, topVisibleFraction: __, ...d }) => d) }, ctx).points;
    expect(truthScore.B).toBeGreaterThan(0);
    const seen: MeasuredDisc[] = [{ xMm: at.xMm + 1, yMm: at.yMm, radiusMm: 15, uncertaintyMm: 0.5, team: 'A', kind: 'disc', mayRestOnHidden: true }];
    const ev = evaluateScene(GAMES.pitrush!, pit, stack, seen);
    expect(ev).toMatchObject({ matched: 1, wrongCalls: 0, tooClose: 1, exactScore: false, decidedScore: true });
    // Told nothing lies under it, the referee would score B nothing.
    const alone = GAMES.pitrush!.scoreRound({ discs: [{ id: 'a3', team: 'A', kind: 'disc', ...at, mayRestOnHidden: true }] }, { ...ctx, decisions: [{ discId: 'a3', call: 'touching' }] }).points;
    expect(alone.B).toBe(0);
  });

  it('a scene with a hand over the board is scored right only when the score is withheld', () => {
    const right = evaluateScene(rules, profile, truth, measure(0, 0.2));
    const missed = evaluateScene(rules, profile, truth, measure(0, 0.2).slice(1));
    expect(missed.exactScore).toBe(false);
    // The hand hides a1: seeing the hand is the right answer, whatever was found under it.
    expect(withHandOverBoard(missed, true, true)).toMatchObject({ exactScore: true, decidedScore: true });
    expect(withHandOverBoard(right, true, false)).toMatchObject({ exactScore: false, decidedScore: false });
    // No hand: a hand seen anyway withholds a score that was due.
    expect(withHandOverBoard(right, false, false)).toEqual(right);
    expect(withHandOverBoard(right, false, true)).toMatchObject({ exactScore: false, decidedScore: false });
  });

  it('counts a disc found where there is none, called with confidence for points, apart from wrong calls', () => {
    const phantom = (xMm: number, yMm: number, uncertaintyMm: number): MeasuredDisc => ({ xMm, yMm, radiusMm: 15.875, uncertaintyMm, team: 'X' });
    // In the 15 area, well inside it: 15 points for a disc that is not there.
    const scoring = evaluateScene(rules, profile, truth, [...measure(0, 0.2), phantom(0, -140, 0.3)]);
    expect(scoring).toMatchObject({ falsePositives: 1, phantomCalls: 1, wrongCalls: 0, exactScore: false });
    expect(summarise([scoring]).phantomCalls).toBe(1);
    // On the 15 line, too close to call: left to a person, not counted.
    const onLine = rules.callDiscs({ discs: [{ id: 'p', team: 'A', xMm: 0, yMm: -140, radiusMm: 15.875, uncertaintyMm: 0 }] }, scoringContext(rules, profile, ['A', 'B']))[0]!.clearanceMm;
    expect(evaluateScene(rules, profile, truth, [...measure(0, 0.2), phantom(0, -140 + onLine, 0.3)]).phantomCalls).toBe(0);
    // In the ditch: no points, not counted.
    expect(evaluateScene(rules, profile, truth, [...measure(0, 0.2), phantom(-340, 60, 0.3)]).phantomCalls).toBe(0);
  });

  it('a perfect detector scores perfectly', () => {
    const s = summarise([evaluateScene(rules, profile, truth, measure(0, 0.2))]);
    expect(s).toMatchObject({ boardFoundPct: 100, recallPct: 100, precisionPct: 100, wrongCalls: 0, tooClose: 0, exactScorePct: 100, teamPct: 100 });
    expect(s.centreMaxMm).toBeLessThan(1e-9);
  });

  it('a detector shifted by 1.5 mm scores worse: centre error, wrong calls, scores', () => {
    const good = summarise([evaluateScene(rules, profile, truth, measure(0, 0.2))]);
    const shifted = summarise([evaluateScene(rules, profile, truth, measure(1.5, 0.2))]);
    expect(shifted.centreMedianMm).toBeGreaterThan(good.centreMedianMm + 2);
    expect(shifted.wrongCalls).toBeGreaterThan(good.wrongCalls);
    expect(shifted.exactScorePct).toBeLessThan(good.exactScorePct);
  });

  it('an honest uncertainty turns the shifted detector\'s wrong calls into too-close ones', () => {
    const honest = summarise([evaluateScene(rules, profile, truth, measure(1.5, 2.5))]);
    expect(honest.wrongCalls).toBe(0);
    expect(honest.tooClose).toBeGreaterThan(0);
  });

  it('counts a piece of no team right when it was given none, and only discs it expects', () => {
    const pit = BOARD_PROFILES['pitrush-standard']!;
    const scene: TruthDisc[] = [
      { id: 'a1', team: 'A', kind: 'disc', state: 'in-play', xMm: -60, yMm: 0, radiusMm: 15, topVisibleFraction: 1 },
      { id: 'b1', team: 'B', kind: 'disc', state: 'in-play', xMm: 60, yMm: 0, radiusMm: 15, topVisibleFraction: 1 },
      { id: 'n1', team: 'neutral', kind: 'neutral', state: 'in-play', xMm: 0, yMm: 60, radiusMm: 15, topVisibleFraction: 1 },
      // Mostly hidden: not expected to be found; found, not counted.
      { id: 'b2', team: 'B', kind: 'disc', state: 'in-play', xMm: 0, yMm: -60, radiusMm: 15, topVisibleFraction: 0.3 },
    ];
    const seen = (neutralTeam: string | null, hiddenTeam: string): MeasuredDisc[] =>
      scene.map((t) => ({ xMm: t.xMm, yMm: t.yMm, radiusMm: 15, uncertaintyMm: 0.2, kind: t.kind!, team: t.kind === 'neutral' ? neutralTeam : t.id === 'b2' ? hiddenTeam : t.team === 'A' ? 'X' : 'Y' }));
    expect(evaluateScene(GAMES.pitrush!, pit, scene, seen(null, 'Y'))).toMatchObject({ matched: 3, teamCorrect: 3 });
    expect(evaluateScene(GAMES.pitrush!, pit, scene, seen('X', 'Y'))).toMatchObject({ matched: 3, teamCorrect: 2 });
    expect(evaluateScene(GAMES.pitrush!, pit, scene, seen(null, 'X'))).toMatchObject({ matched: 3, teamCorrect: 3 });
  });

  it('counts misses, false detections and a board not found', () => {
    const missing = evaluateScene(rules, profile, truth, measure(0, 0.2).slice(1));
    expect(missing.matched).toBe(truth.length - 1);
    const extra = evaluateScene(rules, profile, truth, [...measure(0, 0.2), { xMm: -250, yMm: 100, radiusMm: 15.875, uncertaintyMm: 0.2, team: 'X' }]);
    expect(extra.falsePositives).toBe(1);
    const none = summarise([evaluateScene(rules, profile, truth, null)]);
    expect(none.boardFoundPct).toBe(0);
    expect(none.recallPct).toBe(0);
  });

  it('pairs a disc seen at a stack with the top disc, not the hidden one under it', () => {
    const pit = BOARD_PROFILES['pitrush-standard']!;
    // a1 lies under b1 (almost all hidden); the measured disc is nearer a1's centre than b1's.
    const stack: TruthDisc[] = [
      { id: 'a1', team: 'A', state: 'in-play', xMm: 0, yMm: 0, radiusMm: 15, topVisibleFraction: 0.05 },
      { id: 'b1', team: 'B', state: 'in-play', xMm: 0.5, yMm: 0, radiusMm: 15, topVisibleFraction: 1, onTopOfId: 'a1' },
    ];
    const seen: MeasuredDisc[] = [{ xMm: 0.1, yMm: 0, radiusMm: 15, uncertaintyMm: 0.3, team: 'Y' }];
    const ev = evaluateScene(GAMES.pitrush!, pit, stack, seen);
    expect(ev).toMatchObject({ expected: 1, matched: 1, falsePositives: 0 });
  });

  it('a disc about as far from two lines called on the other one is judged by its zone and points', () => {
    const pit = BOARD_PROFILES['pitrush-standard']!;
    const ctx = scoringContext(GAMES.pitrush!, pit, ['A', 'B']);
    const callAt = (xMm: number, yMm: number) => GAMES.pitrush!.callDiscs({ discs: [{ id: 'b1', team: 'B', xMm, yMm, radiusMm: 15, uncertaintyMm: 0 }] }, ctx)[0]!;
    // 86 mm clear of its nearest pit and 90 mm inside the board's edge; 4 mm toward the edge
    // the edge is the nearer line.
    const at = { xMm: 193.13, yMm: 164.82 };
    const moved = { xMm: at.xMm + 4 * Math.cos(Math.PI / 6), yMm: at.yMm + 4 * Math.sin(Math.PI / 6) };
    const [t, m] = [callAt(at.xMm, at.yMm), callAt(moved.xMm, moved.yMm)];
    expect(t.line).not.toBe(m.line);
    expect([t.call, m.call]).toEqual(['clear', 'touching']);
    expect([t.zone, t.points]).toEqual([m.zone, m.points]);
    const truth: TruthDisc[] = [{ id: 'b1', team: 'B', state: 'in-play', ...at, radiusMm: 15, topVisibleFraction: 1 }];
    const seen = (p: { xMm: number; yMm: number }): MeasuredDisc[] => [{ ...p, radiusMm: 15, uncertaintyMm: 0.3, team: 'Y' }];
    expect(evaluateScene(GAMES.pitrush!, pit, truth, seen(moved))).toMatchObject({ matched: 1, wrongCalls: 0, exactScore: true });
  });

  it('calls a disc perhaps lying on another with its footprint on that disc too (turned with it to the board\'s orientation)', () => {
    const pit = BOARD_PROFILES['pitrush-standard']!;
    // b1 lies on a1 by pit-2-2 (0, -70), covering it: as a disc on a disc it has no centre
    // boundary, and the call is "touching" its cover. Measured as one disc high, it is seen 1.6 mm
    // further from the camera (at +x), its centre's boundary with pit-2-2 the nearer ("clear").
    // Hanging over the pit either way, for no points: the two calls are about two boundaries.
    const stack: TruthDisc[] = [
      { id: 'a1', team: 'A', state: 'in-play', xMm: -5.7, yMm: -92.3, radiusMm: 15, topVisibleFraction: 0.07 },
      { id: 'b1', team: 'B', state: 'in-play', xMm: -7.05, yMm: -93.48, radiusMm: 15, topVisibleFraction: 1, onTopOfId: 'a1' },
    ];
    const turn = (p: { xMm: number; yMm: number }) => ({ xMm: 0.5 * p.xMm - (Math.sqrt(3) / 2) * p.yMm, yMm: (Math.sqrt(3) / 2) * p.xMm + 0.5 * p.yMm });
    const asOne = { xMm: -7.05 - 1.57, yMm: -93.48 - 0.29 };
    const onDisc = { xMm: -7.05, yMm: -93.48 };
    // Seen in another of the board's six orientations (the camera cannot tell them apart).
    const seen: MeasuredDisc = { ...turn(asOne), radiusMm: 15, uncertaintyMm: 0.3, team: 'Y' };
    const ctx = scoringContext(GAMES.pitrush!, pit, ['A', 'B']);
    const [truthCall, seenCall] = [stack, [{ ...stack[1]!, ...asOne, onTopOfId: undefined }]].map((discs) => GAMES.pitrush!.callDiscs({ discs: discs.map((d) => ({ ...d, kind: 'disc' })) }, ctx).find((c) => c.id === 'b1')!);
    expect([truthCall!.zone, truthCall!.points, truthCall!.call, truthCall!.boundary]).toEqual(['hanging pit-2-2', 0, 'touching', 'cover']);
    expect([seenCall!.zone, seenCall!.points, seenCall!.call, seenCall!.boundary]).toEqual(['hanging pit-2-2', 0, 'clear', 'centre']);
    const asOneOnly = evaluateScene(GAMES.pitrush!, pit, stack, [seen]);
    expect(asOneOnly).toMatchObject({ matched: 1, wrongCalls: 0, tooClose: 0, exactScore: true });
    expect(asOneOnly.centreErrorsMm[0]).toBeCloseTo(Math.hypot(1.57, 0.29), 9);
    // On a disc its footprint hangs over the pit too: the call stands, not left to a person.
    const ev = evaluateScene(GAMES.pitrush!, pit, stack, [{ ...seen, ifOnDiscsMm: [turn(onDisc)] }]);
    expect(ev).toMatchObject({ matched: 1, wrongCalls: 0, tooClose: 0 });
    // Its measurement is judged at the footprint nearest its truth: here the one on the disc.
    expect(ev.centreErrorsMm[0]).toBeCloseTo(0, 9);
  });
});

/** A small render's truth, read back as the benchmark reads it from a file. */
function renderedTruth(profileId: string, seed: number): SceneTruth {
  const p = BOARD_PROFILES[profileId]!;
  return JSON.parse(JSON.stringify(renderScene(randomScene(p, seed, { widthPx: 320, heightPx: 180, effects: noEffects() }), p).truth)) as SceneTruth;
}

/** What a flawless detector reports: every disc the camera sees, exactly where it is. */
function flawless(truth: SceneTruth): MeasuredDisc[] {
  return truth.discs
    .filter((d) => ['in-play', 'ditch', 'hole', 'compartment'].includes(d.state))
    .map((d) => ({ xMm: d.xMm, yMm: d.yMm, radiusMm: d.radiusMm, uncertaintyMm: 0.05, team: d.team }));
}

describe('the accuracy benchmark on rendered truth', () => {
  const scenes: [string, number][] = [
    ['crokinole-nca-26in', 7],
    ['curling-mat', 4],
    ['sjoelbak-standard-40x200', 5],
    ['table-shuffleboard-9ft', 7],
  ];
  for (const [id, seed] of scenes) {
    it(`${id} seed ${seed}: a flawless detector makes every call and the score of the truth`, () => {
      const truth = renderedTruth(id, seed);
      const ev = evaluateScene(GAMES[truth.game]!, BOARD_PROFILES[id]!, truth, flawless(truth));
      expect(ev.calls).toBeGreaterThan(0);
      expect(ev).toMatchObject({ wrongCalls: 0, tooClose: 0, exactScore: true, falsePositives: 0 });
      // The discs alone (no recorded calls) are judged the same: the rules worked out again.
      expect(evaluateScene(GAMES[truth.game]!, BOARD_PROFILES[id]!, truth.discs, flawless(truth))).toEqual(ev);
    });
  }

  it('judges against the calls and score recorded in the truth', () => {
    const truth = renderedTruth('crokinole-nca-26in', 7);
    const rules = GAMES.crokinole!;
    const p = BOARD_PROFILES['crokinole-nca-26in']!;
    const e = truth.expected!;
    const otherScore: SceneTruth = { ...truth, expected: { ...e, score: { ...e.score, A: (e.score.A ?? 0) + 5 } } };
    expect(evaluateScene(rules, p, otherScore, flawless(truth)).exactScore).toBe(false);
    const inPlay = e.calls.findIndex((c) => c.inPlay && c.points > 0);
    const otherCall: SceneTruth = { ...truth, expected: { ...e, calls: e.calls.map((c, i) => (i === inPlay ? { ...c, zone: 'out', points: 0 } : c)) } };
    expect(evaluateScene(rules, p, otherCall, flawless(truth)).wrongCalls).toBe(1);
    // Explicit options: the truth's calls were made under others, so they are worked out again.
    expect(evaluateScene(rules, p, otherScore, flawless(truth), rules.defaultOptions as Record<string, unknown>).exactScore).toBe(true);
  });

  it('counts "which stone is nearer" left to a person as too close, not as a wrong call, and as needless when the stones are truly far apart', () => {
    const mat = BOARD_PROFILES['curling-mat']!;
    const stones: TruthDisc[] = [
      { id: 'a1', team: 'A', state: 'in-play', xMm: 0, yMm: 94, radiusMm: 20, topVisibleFraction: 1 },
      { id: 'b1', team: 'B', state: 'in-play', xMm: 103, yMm: 0, radiusMm: 20, topVisibleFraction: 1 },
    ];
    const seen = (uncertaintyB: number): MeasuredDisc[] => stones.map((t) => ({ xMm: t.xMm, yMm: t.yMm, radiusMm: t.radiusMm, uncertaintyMm: t.id === 'b1' ? uncertaintyB : 0.3, team: t.team }));
    const sure = evaluateScene(GAMES['curling-mat']!, mat, stones, seen(0.3));
    expect(sure).toMatchObject({ wrongCalls: 0, tooClose: 0, exactScore: true });
    // b1 placed no better than 12 mm: the 9 mm between the stones is within it.
    const unsure = evaluateScene(GAMES['curling-mat']!, mat, stones, seen(12));
    expect(unsure).toMatchObject({ wrongCalls: 0, tooClose: 2, tooCloseFar: 2, exactScore: false });
  });
});
