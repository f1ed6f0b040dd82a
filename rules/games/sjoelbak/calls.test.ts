import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BoardState, DiscState } from '../../core/board-state.ts';
import type { Decision } from '../../core/calls.ts';
import { parseBoardProfile, type BoardProfile } from '../../profiles/schema.ts';
import profileJson from '../../profiles/sjoelbak-standard-40x200.json' with { type: 'json' };
import { readSjoelbakBoard } from './board.ts';
import { callSjoelbakDiscs, scoreSjoelbakBoard, sjoelbakPoints } from './calls.ts';
import { sjoelbak } from './index.ts';
import { SJOELBAK_DEFAULTS } from './options.ts';

const parsed = parseBoardProfile(profileJson, sjoelbak.requiredFeatures);
if (!parsed.ok) throw new Error(parsed.error);
const profile: BoardProfile = parsed.profile;
const board = readSjoelbakBoard(profile);

// Board figures the table is built on (profile sjoelbak-standard-40x200): disc radius 26 mm,
// gate bar front face at y = 1800 (width 0), start bar far face at y = 460, compartments
// 2 | 3 | 4 | 1 with dividers at x = -100, 0, 100. "Wholly past the face" = y - 26 > 1800.
const R = 26;
const FACE = 1800;
const START = 460;

interface Case {
  description: string;
  input: { xMm: number; yMm: number; uncertaintyMm?: number; decision?: Decision['call'] };
  expected: { zone: string; points: number; call: string; pointsIfClear?: number; pointsIfTouching?: number };
}

const cases: Case[] = [
  { description: 'deep in compartment 4', input: { xMm: 50, yMm: 1900 }, expected: { zone: 'compartment-4', points: 4, call: 'clear' } },
  { description: 'whole disc 0.01 mm past the front face', input: { xMm: 50, yMm: FACE + R + 0.01 }, expected: { zone: 'compartment-4', points: 4, call: 'clear' } },
  { description: 'near edge exactly on the front face (tangent is contact: not wholly past)', input: { xMm: 50, yMm: FACE + R }, expected: { zone: 'arch', points: 0, call: 'touching' } },
  { description: 'near edge 0.01 mm short of the front face', input: { xMm: 50, yMm: FACE + R - 0.01 }, expected: { zone: 'arch', points: 0, call: 'touching' } },
  { description: 'centre on the front face: half through the arch', input: { xMm: 50, yMm: FACE }, expected: { zone: 'arch', points: 0, call: 'touching' } },
  { description: 'past by 0.3 mm, uncertainty 0.5 mm: too close, counted as measured', input: { xMm: 50, yMm: FACE + R + 0.3, uncertaintyMm: 0.5 }, expected: { zone: 'compartment-4', points: 4, call: 'too-close', pointsIfClear: 4, pointsIfTouching: 0 } },
  { description: 'past by exactly the uncertainty (0.5 mm): lower bound tangent, too close', input: { xMm: 50, yMm: FACE + R + 0.5, uncertaintyMm: 0.5 }, expected: { zone: 'compartment-4', points: 4, call: 'too-close', pointsIfClear: 4, pointsIfTouching: 0 } },
  { description: 'past by 0.51 mm, uncertainty 0.5 mm: clear', input: { xMm: 50, yMm: FACE + R + 0.51, uncertaintyMm: 0.5 }, expected: { zone: 'compartment-4', points: 4, call: 'clear' } },
  { description: 'short by 0.49 mm, uncertainty 0.5 mm: too close, not counted as measured', input: { xMm: 50, yMm: FACE + R - 0.49, uncertaintyMm: 0.5 }, expected: { zone: 'arch', points: 0, call: 'too-close', pointsIfClear: 4, pointsIfTouching: 0 } },
  { description: 'short by exactly the uncertainty: touching', input: { xMm: 50, yMm: FACE + R - 0.5, uncertaintyMm: 0.5 }, expected: { zone: 'arch', points: 0, call: 'touching' } },
  { description: 'too close, a person rules it clear: counts', input: { xMm: 50, yMm: FACE + R + 0.3, uncertaintyMm: 0.5, decision: 'clear' }, expected: { zone: 'compartment-4', points: 4, call: 'clear' } },
  { description: 'too close, a person rules it touching: does not count', input: { xMm: 50, yMm: FACE + R + 0.3, uncertaintyMm: 0.5, decision: 'touching' }, expected: { zone: 'arch', points: 0, call: 'touching' } },
  { description: 'far edge 0.01 mm before the face: on the lane', input: { xMm: 50, yMm: FACE - R - 0.01 }, expected: { zone: 'lane', points: 0, call: 'clear' } },
  { description: 'far edge on the face: in the arch mouth', input: { xMm: 50, yMm: FACE - R }, expected: { zone: 'arch', points: 0, call: 'touching' } },
  { description: 'centre 0.01 mm left of the 3|4 divider: compartment 3', input: { xMm: -0.01, yMm: 1900 }, expected: { zone: 'compartment-3', points: 3, call: 'clear' } },
  { description: 'centre 0.01 mm right of the 3|4 divider: compartment 4', input: { xMm: 0.01, yMm: 1900 }, expected: { zone: 'compartment-4', points: 4, call: 'clear' } },
  { description: 'leftmost compartment is 2', input: { xMm: -150, yMm: 1900 }, expected: { zone: 'compartment-2', points: 2, call: 'clear' } },
  { description: 'rightmost compartment is 1', input: { xMm: 150, yMm: 1900 }, expected: { zone: 'compartment-1', points: 1, call: 'clear' } },
  { description: 'wholly past the start bar by 0.01 mm: in play on the lane', input: { xMm: 0, yMm: START + R + 0.01 }, expected: { zone: 'lane', points: 0, call: 'clear' } },
  { description: 'tangent to the start bar far face: not yet in play', input: { xMm: 0, yMm: START + R }, expected: { zone: 'start', points: 0, call: 'touching' } },
  { description: 'still under the start bar', input: { xMm: 0, yMm: START }, expected: { zone: 'start', points: 0, call: 'touching' } },
  { description: 'centre off the side of the board', input: { xMm: 200.01, yMm: 1000 }, expected: { zone: 'off', points: 0, call: 'clear' } },
];

describe('sjoelbak disc calls: boundary table (tolerance: exact, ±0.01 mm and ±uncertainty)', () => {
  it.each(cases)('$description', ({ input, expected }) => {
    const disc: DiscState = { id: 'd1', team: 'A', xMm: input.xMm, yMm: input.yMm, ...(input.uncertaintyMm ? { uncertaintyMm: input.uncertaintyMm } : {}) };
    const decisions: Decision[] = input.decision ? [{ discId: 'd1', call: input.decision }] : [];
    const [call] = callSjoelbakDiscs({ discs: [disc] }, profile, decisions);
    expect(call).toMatchObject(expected);
    if (expected.pointsIfClear === undefined) expect(call!.pointsIfClear).toBeUndefined();
  });
  it('has at least 15 cases', () => expect(cases.length).toBeGreaterThanOrEqual(15));
});

describe('sjoelbak scoring: complete sets of 20, the rest at face value', () => {
  const comps = board.compartments;
  it.each<{ description: string; input: Record<number, number>; expected: number }>([
    { description: 'the sheet: 5/9/5/7 in 1/2/3/4 gives 116', input: { 1: 5, 2: 9, 3: 5, 4: 7 }, expected: 116 },
    { description: 'the maximum: 7/7/7/9 gives 148', input: { 1: 7, 2: 7, 3: 7, 4: 9 }, expected: 148 },
    { description: 'one full set', input: { 1: 1, 2: 1, 3: 1, 4: 1 }, expected: 20 },
    { description: 'nothing', input: {}, expected: 0 },
    { description: 'all thirty in 1: no set', input: { 1: 30 }, expected: 30 },
    { description: 'no disc in 1: no set at all', input: { 2: 10, 3: 10, 4: 10 }, expected: 90 },
  ])('$description', ({ input, expected }) => {
    expect(sjoelbakPoints(input, comps, 20).total).toBe(expected);
  });

  it('explains the sheet example', () => {
    expect(sjoelbakPoints({ 1: 5, 2: 9, 3: 5, 4: 7 }, comps, 20).breakdown).toBe('5 sets x 20 = 100; 4 extra in 2 = 8; 2 extra in 4 = 8; total 116');
  });

  it('148 is the most 30 discs can score (every split checked)', () => {
    let best = 0;
    for (let a = 0; a <= 30; a++) for (let b = 0; a + b <= 30; b++) for (let c = 0; a + b + c <= 30; c++) {
      const d = 30 - a - b - c;
      best = Math.max(best, sjoelbakPoints({ 1: a, 2: b, 3: c, 4: d }, comps, 20).total);
    }
    expect(best).toBe(148);
  });

  it('counts given directly and discs seen past the face add up', () => {
    const state: BoardState = { discs: [{ id: 'x', team: 'A', xMm: -150, yMm: 1900 }], compartments: { '1': 5, '2': 8, '3': 5, '4': 7 } };
    const score = scoreSjoelbakBoard(state, profile, 20, 'A', ['A', 'B'], []);
    expect(score.points).toEqual({ A: 116, B: 0 });
  });

  it('a compartment number the board lacks is ignored with a note', () => {
    const score = scoreSjoelbakBoard({ discs: [], compartments: { '5': 3, '1': 1 } }, profile, 20, 'A', ['A'], []);
    expect(score.points.A).toBe(1);
    expect(score.notes.join(' ')).toContain('compartment "5" is not on this board');
  });

  it('only too-close calls that change the score wait for a person', () => {
    const discs: DiscState[] = [
      { id: 'p', team: 'A', xMm: 50, yMm: FACE + R + 0.2, uncertaintyMm: 0.5 },
      // Far edge right at the face from the lane side: lane or arch scores 0 either way.
      { id: 'q', team: 'A', xMm: -50, yMm: FACE - R + 0.2, uncertaintyMm: 0.5 },
    ];
    const score = sjoelbak.scoreRound({ discs }, { profile, options: SJOELBAK_DEFAULTS });
    expect(score.pendingIds).toEqual(['p']);
    expect(score.calls.find((c) => c.id === 'q')!.call).toBe('too-close');
  });

  it('scores outside a match from the discs alone (CLI shape)', () => {
    const score = sjoelbak.scoreRound({ discs: [{ id: 'a', team: 'Ann', xMm: 150, yMm: 1900 }], compartments: { '2': 1, '3': 1, '4': 1 } }, { profile, options: SJOELBAK_DEFAULTS });
    expect(score.points).toEqual({ Ann: 20 });
  });
});

const inCompartment = fc.record({
  xMm: fc.double({ min: -195, max: 195, noNaN: true }),
  yMm: fc.double({ min: 1700, max: 1980, noNaN: true }),
  uncertaintyMm: fc.double({ min: 0, max: 1, noNaN: true }),
});

describe('sjoelbak properties', () => {
  it('the score does not depend on the order discs are listed in', () => {
    fc.assert(fc.property(fc.array(inCompartment, { maxLength: 30 }), (raw) => {
      const discs = raw.map((d, i) => ({ ...d, id: `d${i}`, team: 'A' }));
      const a = sjoelbak.scoreRound({ discs }, { profile, options: SJOELBAK_DEFAULTS });
      const b = sjoelbak.scoreRound({ discs: [...discs].reverse() }, { profile, options: SJOELBAK_DEFAULTS });
      expect(b.points).toEqual(a.points);
      expect([...b.pendingIds].sort()).toEqual([...a.pendingIds].sort());
    }));
  });

  it('only the player on turn scores', () => {
    fc.assert(fc.property(fc.array(inCompartment, { maxLength: 30 }), (raw) => {
      const discs = raw.map((d, i) => ({ ...d, id: `d${i}`, team: 'A' }));
      const s = scoreSjoelbakBoard({ discs }, profile, 20, 'A', ['A', 'B', 'C'], []);
      expect(s.points.B).toBe(0);
      expect(s.points.C).toBe(0);
    }));
  });

  it('pushing a disc further into its compartment never un-counts it', () => {
    fc.assert(fc.property(inCompartment, fc.double({ min: 0, max: 100, noNaN: true }), (d, push) => {
      const yMm = Math.min(1980, d.yMm + push);
      const [a] = callSjoelbakDiscs({ discs: [{ ...d, id: 'd', team: 'A' }] }, profile);
      const [b] = callSjoelbakDiscs({ discs: [{ ...d, yMm, id: 'd', team: 'A' }] }, profile);
      if (a!.zone.startsWith('compartment-')) expect(b!.zone).toBe(a!.zone);
      if (a!.call === 'clear' && a!.zone.startsWith('compartment-')) expect(b!.call).toBe('clear');
    }));
  });

  it('one more disc in a compartment never lowers the score', () => {
    const counts = fc.record({ 1: fc.nat(12), 2: fc.nat(12), 3: fc.nat(12), 4: fc.nat(12) });
    fc.assert(fc.property(counts, fc.constantFrom(1, 2, 3, 4), (c, k) => {
      const before = sjoelbakPoints(c, board.compartments, 20).total;
      const after = sjoelbakPoints({ ...c, [k]: c[k as 1 | 2 | 3 | 4] + 1 }, board.compartments, 20).total;
      expect(after).toBeGreaterThan(before);
    }));
  });
});
