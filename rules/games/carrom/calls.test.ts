import { describe, expect, it } from 'vitest';
import type { DiscState, PieceKind } from '../../core/board-state.ts';
import type { MatchState } from '../../core/match-state.ts';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import { carrom } from './index.ts';
import { callCarromDisc } from './calls.ts';
import type { CarromOptions } from './options.ts';
import { checkStrikerPlacement } from './placement.ts';
import { colourResolver } from './pieces.ts';
import { scoreCarromBoard } from './score.ts';
import { strikerAt } from './test-boards.ts';

const profile = BOARD_PROFILES['carrom-standard-74cm']!;
const optionsOf = (variant: string): CarromOptions => {
  const r = carrom.resolveOptions(variant);
  if (!r.ok) throw new Error(r.error);
  return r.options;
};

// Standard board (ICF figures): surface ±370 mm; pocket-ne centre (347.75, 347.75), radius 22.25;
// centre circle radius 85 to the middle of 1.5 mm paint (inner edge 84.25, outer 85.75); men
// 31.8 mm (r 15.9), striker 41.3 mm (r 20.65). A piece drops once its centre is over the pocket.
// Tolerance: clearances are exact to 1e-6 mm; positions below straddle each boundary by 0.01 mm.
const POCKET = { xMm: 347.75, yMm: 347.75, rMm: 22.25 };
/** A point `dMm` from the pocket-ne centre, towards the board centre. */
const nearPocket = (dMm: number) => ({ xMm: POCKET.xMm - dMm / Math.SQRT2, yMm: POCKET.yMm - dMm / Math.SQRT2 });
const R = 15.9;

interface Input {
  xMm: number;
  yMm: number;
  team?: string;
  kind?: PieceKind;
  radiusMm?: number;
  uncertaintyMm?: number;
  variant?: string;
}
interface Expected {
  kind: string;
  zone: string;
  call: string;
  points: number;
  /** Waits for a person. */
  pending: boolean;
}

const cases: { description: string; input: Input; expected: Expected }[] = [
  { description: 'man in the middle of the board', input: { xMm: 150, yMm: 40 }, expected: { kind: 'man', zone: 'board', call: 'clear', points: 1, pending: false } },
  { description: 'centre 0.01 mm outside the pocket rim: still on the board', input: nearPocket(POCKET.rMm + 0.01), expected: { kind: 'man', zone: 'board', call: 'clear', points: 1, pending: false } },
  { description: 'centre exactly over the pocket rim: dropped', input: nearPocket(POCKET.rMm), expected: { kind: 'man', zone: 'pocket', call: 'touching', points: 0, pending: false } },
  { description: 'centre 0.01 mm over the pocket: dropped', input: nearPocket(POCKET.rMm - 0.01), expected: { kind: 'man', zone: 'pocket', call: 'touching', points: 0, pending: false } },
  { description: 'lying in the pocket', input: nearPocket(0), expected: { kind: 'man', zone: 'pocket', call: 'touching', points: 0, pending: false } },
  { description: 'centre 0.2 mm outside the rim, measured ± 0.3 mm: too close, a person decides', input: { ...nearPocket(POCKET.rMm + 0.2), uncertaintyMm: 0.3 }, expected: { kind: 'man', zone: 'board', call: 'too-close', points: 1, pending: true } },
  { description: 'centre 0.31 mm outside the rim, measured ± 0.3 mm: clear', input: { ...nearPocket(POCKET.rMm + 0.31), uncertaintyMm: 0.3 }, expected: { kind: 'man', zone: 'board', call: 'clear', points: 1, pending: false } },
  { description: 'centre 0.2 mm over the rim, measured ± 0.3 mm: too close', input: { ...nearPocket(POCKET.rMm - 0.2), uncertaintyMm: 0.3 }, expected: { kind: 'man', zone: 'pocket', call: 'too-close', points: 0, pending: true } },
  { description: 'centre 0.01 mm inside the surface edge: on the board', input: { xMm: 370 - 0.01, yMm: 0 }, expected: { kind: 'man', zone: 'board', call: 'clear', points: 1, pending: false } },
  { description: 'centre on the surface edge: off the board', input: { xMm: 370, yMm: 0 }, expected: { kind: 'man', zone: 'off-board', call: 'touching', points: 0, pending: false } },
  { description: 'centre 0.01 mm beyond the edge (on the frame): off the board', input: { xMm: 0, yMm: -370.01 }, expected: { kind: 'man', zone: 'off-board', call: 'touching', points: 0, pending: false } },
  { description: 'inside the centre circle, 0.01 mm clear of its paint', input: { xMm: 84.25 - R - 0.01, yMm: 0 }, expected: { kind: 'man', zone: 'centre-circle', call: 'clear', points: 1, pending: false } },
  { description: 'tangent to the centre circle from inside', input: { xMm: 84.25 - R, yMm: 0 }, expected: { kind: 'man', zone: 'centre-circle', call: 'touching', points: 1, pending: false } },
  { description: 'centred on the centre circle line', input: { xMm: 0, yMm: 85 }, expected: { kind: 'man', zone: 'centre-circle', call: 'touching', points: 1, pending: false } },
  { description: 'tangent to the centre circle from outside', input: { xMm: 85.75 + R, yMm: 0 }, expected: { kind: 'man', zone: 'centre-circle', call: 'touching', points: 1, pending: false } },
  { description: '0.01 mm outside the centre circle', input: { xMm: 85.75 + R + 0.01, yMm: 0 }, expected: { kind: 'man', zone: 'board', call: 'clear', points: 1, pending: false } },
  { description: 'too close to the centre circle decides nothing: no one waits', input: { xMm: 85.75 + R + 0.1, yMm: 0, uncertaintyMm: 0.3 }, expected: { kind: 'man', zone: 'board', call: 'too-close', points: 1, pending: false } },
  { description: 'the queen on the board adds nothing where it lies (its 3 come from covering)', input: { xMm: 0, yMm: 0, team: 'red', kind: 'queen' }, expected: { kind: 'queen', zone: 'centre-circle', call: 'clear', points: 0, pending: false } },
  { description: 'the striker scores nothing', input: { xMm: 0, yMm: -246.6, kind: 'striker' }, expected: { kind: 'striker', zone: 'board', call: 'clear', points: 0, pending: false } },
  { description: 'no kind given, radius 0.005 mm below halfway to the striker (18.275): a man', input: { xMm: 150, yMm: 0, radiusMm: 18.27 }, expected: { kind: 'man', zone: 'board', call: 'clear', points: 1, pending: false } },
  { description: 'no kind given, radius exactly halfway: the striker', input: { xMm: 150, yMm: 0, radiusMm: 18.275 }, expected: { kind: 'striker', zone: 'board', call: 'clear', points: 0, pending: false } },
  { description: 'no kind given, striker-sized: the striker', input: { xMm: 150, yMm: 0, radiusMm: 20.65 }, expected: { kind: 'striker', zone: 'board', call: 'clear', points: 0, pending: false } },
  { description: 'no kind given, labelled red: the queen', input: { xMm: 150, yMm: 0, team: 'red' }, expected: { kind: 'queen', zone: 'board', call: 'clear', points: 0, pending: false } },
  { description: 'family point: a white man in a pocket is worth 10', input: { ...nearPocket(3), variant: 'family-point' }, expected: { kind: 'man', zone: 'pocket', call: 'touching', points: 10, pending: false } },
  { description: 'family point: a black man in a pocket is worth 5', input: { ...nearPocket(3), team: 'black', variant: 'family-point' }, expected: { kind: 'man', zone: 'pocket', call: 'touching', points: 5, pending: false } },
  { description: 'family point: the queen in a pocket is worth 25', input: { ...nearPocket(3), team: 'red', kind: 'queen', variant: 'family-point' }, expected: { kind: 'queen', zone: 'pocket', call: 'touching', points: 25, pending: false } },
  { description: 'family point: a man on the board scores nobody yet', input: { xMm: 150, yMm: 0, variant: 'family-point' }, expected: { kind: 'man', zone: 'board', call: 'clear', points: 0, pending: false } },
  { description: 'point carrom: the queen in a pocket is worth 3', input: { ...nearPocket(3), team: 'red', kind: 'queen', variant: 'point' }, expected: { kind: 'queen', zone: 'pocket', call: 'touching', points: 3, pending: false } },
];

describe('carrom per-piece calls on the standard board', () => {
  it.each(cases)('$description', ({ input, expected }) => {
    const options = optionsOf(input.variant ?? 'standard');
    const disc: DiscState = {
      id: 'p',
      team: input.team ?? 'white',
      xMm: input.xMm,
      yMm: input.yMm,
      ...(input.kind ? { kind: input.kind } : {}),
      ...(input.radiusMm !== undefined ? { radiusMm: input.radiusMm } : {}),
      uncertaintyMm: input.uncertaintyMm ?? 0,
    };
    const c = callCarromDisc(disc, { profile, options, colourOf: colourResolver({}) });
    const score = scoreCarromBoard({ discs: [disc] }, { profile, options });
    expect({ kind: c.kind, zone: c.zone, call: c.call, points: c.points, pending: score.pendingIds.includes('p') }).toEqual(expected);
  });

  it('a too-close piece at a pocket offers both outcomes and a decision settles it', () => {
    const options = optionsOf('standard');
    const disc: DiscState = { id: 'p', team: 'white', ...nearPocket(POCKET.rMm + 0.1), uncertaintyMm: 0.3 };
    const ctx = { profile, options, colourOf: colourResolver({}) };
    expect(callCarromDisc(disc, ctx)).toMatchObject({ call: 'too-close', line: 'pocket-ne', pointsIfClear: 1, pointsIfTouching: 0 });
    expect(callCarromDisc(disc, ctx, { discId: 'p', call: 'touching' })).toMatchObject({ call: 'touching', zone: 'pocket', points: 0, inPlay: false });
    expect(callCarromDisc(disc, ctx, { discId: 'p', call: 'clear' })).toMatchObject({ call: 'clear', zone: 'board', points: 1, inPlay: true });
  });
});

// Placement on side s: outer line band y in [-268.5, -262.5], inner band [-230.7, -229.2]; the
// striker (r 20.65) touches both while its centre y is in [-251.35, -241.85]. Base circle s-e:
// centre (214.8, -246.6), outer edge radius 15.9: covered while the striker's centre is within
// 4.75 mm of it, clear beyond 36.55 mm. Arrow se: the line x = -y, 1.5 mm wide.
const arrowTangentX = 246.6 - (20.65 + 0.75) * Math.SQRT2; // striker at y = -246.6 tangent to arrow-se
const placementCases: { description: string; input: { xMm: number; yMm: number; uncertaintyMm?: number }; expected: { legal: boolean; doubt: boolean; rule?: string } }[] = [
  { description: 'centred between the lines', input: { xMm: 0, yMm: -246.6 }, expected: { legal: true, doubt: false } },
  { description: 'tangent to the outer line: touches both', input: { xMm: 0, yMm: -241.85 }, expected: { legal: true, doubt: false } },
  { description: '0.01 mm clear of the outer line: fault', input: { xMm: 0, yMm: -241.84 }, expected: { legal: false, doubt: false, rule: 'touches baseline-s-outer' } },
  { description: 'tangent to the inner line: touches both', input: { xMm: 0, yMm: -251.35 }, expected: { legal: true, doubt: false } },
  { description: '0.01 mm clear of the inner line: fault', input: { xMm: 0, yMm: -251.36 }, expected: { legal: false, doubt: false, rule: 'touches baseline-s-inner' } },
  { description: '0.2 mm clear of the outer line, measured ± 0.3 mm: doubt, no fault', input: { xMm: 0, yMm: -241.65, uncertaintyMm: 0.3 }, expected: { legal: false, doubt: true } },
  { description: 'covering the base circle exactly (centres 4.75 mm apart)', input: { xMm: 214.8 - 4.75, yMm: -246.6 }, expected: { legal: true, doubt: false } },
  { description: 'cutting the base circle by 0.01 mm ("cutting the moon")', input: { xMm: 214.8 - 4.76, yMm: -246.6 }, expected: { legal: false, doubt: false, rule: 'base-circle-s-e covered or clear' } },
  { description: 'tangent to the base circle from outside: touching it is a fault', input: { xMm: 214.8 - 36.55, yMm: -246.6 }, expected: { legal: false, doubt: false, rule: 'base-circle-s-e covered or clear' } },
  { description: '0.01 mm clear of the base circle', input: { xMm: 214.8 - 36.56, yMm: -246.6 }, expected: { legal: true, doubt: false } },
  { description: 'covering the base circle, 0.01 mm clear of the arrow', input: { xMm: arrowTangentX - 0.01 * Math.SQRT2, yMm: -246.6 }, expected: { legal: true, doubt: false } },
  { description: 'covering the base circle, tangent to the arrow: fault', input: { xMm: arrowTangentX, yMm: -246.6 }, expected: { legal: false, doubt: false, rule: 'clear of arrow-se' } },
];

describe('striker placement (seed: both base lines, circle covered or clear, arrows clear)', () => {
  it.each(placementCases)('$description', ({ input, expected }) => {
    const s: DiscState = { id: 's', team: 'striker', kind: 'striker', xMm: input.xMm, yMm: input.yMm, uncertaintyMm: input.uncertaintyMm ?? 0 };
    const r = checkStrikerPlacement(s, 's', profile)!;
    expect({ legal: r.faults.length === 0 && r.doubts.length === 0, doubt: r.doubts.length > 0 }).toEqual({ legal: expected.legal, doubt: expected.doubt });
    if (expected.rule) expect(r.faults.map((f) => f.rule)).toContain(expected.rule);
  });

  it('the test striker position is legal on every side', () => {
    for (const seat of ['s', 'w', 'n', 'e'] as const) expect(checkStrikerPlacement(strikerAt(seat), seat, profile)!.faults).toEqual([]);
  });
});

describe('scoring a board position without a match', () => {
  const options = optionsOf('standard');
  it('white cleared, queen gone: white wins with black men left, queen unknown', () => {
    const s = scoreCarromBoard(
      {
        discs: [
          { id: 'b1', team: 'black', xMm: 100, yMm: 0 },
          { id: 'b2', team: 'black', xMm: -100, yMm: 0 },
          { id: 'st', team: 'A', kind: 'striker', xMm: 0, yMm: -246.6 },
        ],
      },
      { profile, options },
    );
    expect(s.points).toEqual({ black: 0, white: 2 });
  });

  it('the CLI context (teams only, no match state) scores team labels, A white', () => {
    const match = { teams: ['A', 'B', 'red'], options } as unknown as MatchState;
    const s = scoreCarromBoard(
      { discs: [{ id: 'a1', team: 'A', xMm: 0, yMm: 100 }, { id: 'q', team: 'red', xMm: 0, yMm: 0 }] },
      { profile, options, match },
    );
    expect(s.points).toEqual({ A: 0, B: 0 });
    expect(s.notes.join(' ')).toMatch(/queen is on the board/);
  });

  it('a board in progress scores nothing yet', () => {
    const s = scoreCarromBoard({ discs: [{ id: 'w1', team: 'white', xMm: 0, yMm: 100 }, { id: 'b1', team: 'black', xMm: 0, yMm: -100 }] }, { profile, options });
    expect(s.points).toEqual({ black: 0, white: 0 });
    expect(s.notes[0]).toMatch(/in progress/);
  });
});
