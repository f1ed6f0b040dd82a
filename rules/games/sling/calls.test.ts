import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DiscState } from '../../core/board-state.ts';
import type { Decision } from '../../core/calls.ts';
import { parseBoardProfile, type BoardProfile } from '../../profiles/schema.ts';
import profileJson from '../../profiles/sling-standard.json' with { type: 'json' };
import { callSlingDiscs, scoreSlingBoard } from './calls.ts';
import { sling } from './index.ts';
import { SLING_DEFAULTS, type SlingOptions } from './options.ts';

const parsed = parseBoardProfile(profileJson, sling.requiredFeatures);
if (!parsed.ok) throw new Error(parsed.error);
const profile: BoardProfile = parsed.profile;

// Board figures (profile sling-standard): the gate line is y = 0, 12 mm wide (the wall), discs
// 32 mm across (radius 16). A disc is clear of the gate when |y| - 6 - 16 > 0, i.e. |y| > 22.
// A sits at the near half (y < 0), B at the far half; a disc scores 1 in the opponent's half.
const EDGE = 22;

interface Case {
  description: string;
  input: { team: 'A' | 'B'; yMm: number; xMm?: number; uncertaintyMm?: number; decision?: Decision['call'] };
  expected: { zone: string; points: number; call: string; pointsIfClear?: number; pointsIfTouching?: number };
}

const cases: Case[] = [
  { description: "A's disc well into B's half", input: { team: 'A', yMm: 100 }, expected: { zone: 'half-far', points: 1, call: 'clear' } },
  { description: '0.01 mm clear of the gate on the far side', input: { team: 'A', yMm: EDGE + 0.01 }, expected: { zone: 'half-far', points: 1, call: 'clear' } },
  { description: 'tangent to the gate line: in the gate', input: { team: 'A', yMm: EDGE }, expected: { zone: 'gate', points: 0, call: 'touching' } },
  { description: '0.01 mm into the gate', input: { team: 'A', yMm: EDGE - 0.01 }, expected: { zone: 'gate', points: 0, call: 'touching' } },
  { description: 'centred in the gate', input: { team: 'A', yMm: 0 }, expected: { zone: 'gate', points: 0, call: 'touching' } },
  { description: '0.01 mm clear on the near side: A at home', input: { team: 'A', yMm: -EDGE - 0.01 }, expected: { zone: 'half-near', points: 0, call: 'clear' } },
  { description: "B's disc just clear in A's half: across", input: { team: 'B', yMm: -EDGE - 0.01 }, expected: { zone: 'half-near', points: 1, call: 'clear' } },
  { description: "B's disc at home", input: { team: 'B', yMm: 100 }, expected: { zone: 'half-far', points: 0, call: 'clear' } },
  { description: '0.3 mm clear, uncertainty 0.5: too close, across as measured', input: { team: 'A', yMm: EDGE + 0.3, uncertaintyMm: 0.5 }, expected: { zone: 'half-far', points: 1, call: 'too-close', pointsIfClear: 1, pointsIfTouching: 0 } },
  { description: 'clear by exactly the uncertainty: too close', input: { team: 'A', yMm: EDGE + 0.5, uncertaintyMm: 0.5 }, expected: { zone: 'half-far', points: 1, call: 'too-close', pointsIfClear: 1, pointsIfTouching: 0 } },
  { description: 'clear by 0.51 with uncertainty 0.5: clear', input: { team: 'A', yMm: EDGE + 0.51, uncertaintyMm: 0.5 }, expected: { zone: 'half-far', points: 1, call: 'clear' } },
  { description: 'overlap 0.49, uncertainty 0.5: too close, in the gate as measured', input: { team: 'A', yMm: EDGE - 0.49, uncertaintyMm: 0.5 }, expected: { zone: 'gate', points: 0, call: 'too-close', pointsIfClear: 1, pointsIfTouching: 0 } },
  { description: 'overlap equal to the uncertainty: touching', input: { team: 'A', yMm: EDGE - 0.5, uncertaintyMm: 0.5 }, expected: { zone: 'gate', points: 0, call: 'touching' } },
  { description: 'a person rules the close one clear: across', input: { team: 'A', yMm: EDGE - 0.2, uncertaintyMm: 0.5, decision: 'clear' }, expected: { zone: 'half-far', points: 1, call: 'clear' } },
  { description: 'a person rules it in the gate', input: { team: 'A', yMm: EDGE + 0.2, uncertaintyMm: 0.5, decision: 'touching' }, expected: { zone: 'gate', points: 0, call: 'touching' } },
  { description: 'beside the gate, against the wall (the line spans the wall)', input: { team: 'A', yMm: EDGE - 1, xMm: 100 }, expected: { zone: 'gate', points: 0, call: 'touching' } },
  { description: 'on the far edge of the board', input: { team: 'A', yMm: 280 }, expected: { zone: 'half-far', points: 1, call: 'clear' } },
  { description: 'centre off the board', input: { team: 'A', yMm: 280.01 }, expected: { zone: 'off', points: 0, call: 'clear' } },
];

describe('Sling disc calls: boundary table (tolerance: exact, ±0.01 mm and ±uncertainty)', () => {
  it.each(cases)('$description', ({ input, expected }) => {
    const disc: DiscState = { id: 'd', team: input.team, xMm: input.xMm ?? 0, yMm: input.yMm, ...(input.uncertaintyMm ? { uncertaintyMm: input.uncertaintyMm } : {}) };
    const [call] = callSlingDiscs({ discs: [disc] }, profile, ['A', 'B'], input.decision ? [{ discId: 'd', call: input.decision }] : []);
    expect(call).toMatchObject(expected);
    if (expected.pointsIfClear === undefined) expect(call!.pointsIfClear).toBeUndefined();
  });
  it('has at least 15 cases', () => expect(cases.length).toBeGreaterThanOrEqual(15));
});

const opts = (o: Partial<SlingOptions>): SlingOptions => ({ ...SLING_DEFAULTS, ...o });
const d = (id: string, team: string, yMm: number, xMm = 0): DiscState => ({ id, team, xMm, yMm });

describe('Sling round results', () => {
  it('slow: more discs in the opponent\'s half wins the round', () => {
    const discs = [d('a1', 'A', 100), d('a2', 'A', 120), d('a3', 'A', -100), d('b1', 'B', -100), d('b2', 'B', 100)];
    expect(scoreSlingBoard({ discs }, profile, opts({ mode: 'slow' }), ['A', 'B']).points).toEqual({ A: 1, B: 0 });
  });
  it('slow: a tie is replayed (nobody scores)', () => {
    const s = scoreSlingBoard({ discs: [d('a1', 'A', 100), d('b1', 'B', -100)] }, profile, opts({ mode: 'slow' }), ['A', 'B']);
    expect(s.points).toEqual({ A: 0, B: 0 });
    expect(s.notes).toContain('tie: replay the round');
  });
  it('basic: every disc of both colours must be across to win by closing', () => {
    const discs = [d('a1', 'A', 100), d('b1', 'B', 100)];
    expect(scoreSlingBoard({ discs }, profile, opts({}), ['A', 'B'], [], { kind: 'closed', by: 'A' }).points).toEqual({ A: 1, B: 0 });
    const notAll = [d('a1', 'A', 100), d('b1', 'B', -100)];
    expect(scoreSlingBoard({ discs: notAll }, profile, opts({}), ['A', 'B'], [], { kind: 'closed', by: 'A' }).points).toEqual({ A: 0, B: 0 });
    expect(scoreSlingBoard({ discs: notAll }, profile, opts({ falseClose: 'opponent-scores' }), ['A', 'B'], [], { kind: 'closed', by: 'A' }).points).toEqual({ A: 0, B: 1 });
  });
  it('quickmatch: only your own discs must be across', () => {
    const discs = [d('a1', 'A', 100), d('b1', 'B', 100)];
    expect(scoreSlingBoard({ discs }, profile, opts({ mode: 'quickmatch' }), ['A', 'B'], [], { kind: 'closed', by: 'A' }).points).toEqual({ A: 1, B: 0 });
    expect(scoreSlingBoard({ discs }, profile, opts({ mode: 'quickmatch' }), ['A', 'B']).points).toEqual({ A: 1, B: 0 });
  });
  it('a comeback gives the round to the other player', () => {
    expect(scoreSlingBoard({ discs: [] }, profile, opts({}), ['A', 'B'], [], { kind: 'comeback', loser: 'B' }).points).toEqual({ A: 1, B: 0 });
  });
  it('scores a board on its own (CLI shape)', () => {
    const s = sling.scoreRound({ discs: [d('x', 'red', 100), d('y', 'red', 200)] }, { profile, options: SLING_DEFAULTS });
    expect(s.points).toEqual({ A: 0, red: 1 });
  });
});

const disc = fc.record({
  xMm: fc.double({ min: -149, max: 149, noNaN: true }),
  yMm: fc.double({ min: -279, max: 279, noNaN: true }),
  team: fc.constantFrom('A', 'B'),
  uncertaintyMm: fc.double({ min: 0, max: 1, noNaN: true }),
});

describe('Sling properties', () => {
  it('the result does not depend on the order discs are listed in', () => {
    fc.assert(fc.property(fc.array(disc, { maxLength: 14 }), fc.constantFrom<SlingOptions['mode']>('basic', 'quickmatch', 'slow'), (raw, mode) => {
      const discs = raw.map((x, i) => ({ ...x, id: `d${i}` }));
      const a = scoreSlingBoard({ discs }, profile, opts({ mode }), ['A', 'B']);
      const b = scoreSlingBoard({ discs: [...discs].reverse() }, profile, opts({ mode }), ['A', 'B']);
      expect(b.points).toEqual(a.points);
    }));
  });

  it('slow mode: at most one player takes the round', () => {
    fc.assert(fc.property(fc.array(disc, { maxLength: 14 }), (raw) => {
      const s = scoreSlingBoard({ discs: raw.map((x, i) => ({ ...x, id: `d${i}` })) }, profile, opts({ mode: 'slow' }), ['A', 'B']);
      expect(s.points.A! + s.points.B!).toBeLessThanOrEqual(1);
    }));
  });

  it('mirroring the board and swapping the players swaps the result', () => {
    fc.assert(fc.property(fc.array(disc, { maxLength: 14 }), fc.constantFrom<SlingOptions['mode']>('basic', 'quickmatch', 'slow'), (raw, mode) => {
      const discs = raw.map((x, i) => ({ ...x, id: `d${i}` }));
      const mirrored = discs.map((x) => ({ ...x, yMm: -x.yMm, team: x.team === 'A' ? 'B' : 'A' }));
      const a = scoreSlingBoard({ discs }, profile, opts({ mode }), ['A', 'B']);
      const b = scoreSlingBoard({ discs: mirrored }, profile, opts({ mode }), ['A', 'B']);
      expect(b.points).toEqual({ A: a.points.B, B: a.points.A });
    }));
  });

  it('moving a disc away from the gate never turns clear into touching', () => {
    fc.assert(fc.property(disc, fc.double({ min: 0, max: 50, noNaN: true }), (x, step) => {
      const yMm = Math.sign(x.yMm || 1) * Math.min(279, Math.abs(x.yMm) + step);
      const [a] = callSlingDiscs({ discs: [{ ...x, id: 'd' }] }, profile, ['A', 'B']);
      const [b] = callSlingDiscs({ discs: [{ ...x, yMm, id: 'd' }] }, profile, ['A', 'B']);
      if (a!.call === 'clear') expect(b!.call).toBe('clear');
    }));
  });
});
