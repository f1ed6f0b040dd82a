import { describe, expect, it } from 'vitest';
import type { Decision } from '../../core/calls.ts';
import type { DiscState } from '../../core/board-state.ts';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import { curlingMat } from './index.ts';

const profile = BOARD_PROFILES['curling-mat']!;
const ctx = { profile, options: curlingMat.defaultOptions };

// Curling mat: house edge r = 110 mm (no paint width), stone r = 20 mm. A stone is in the house
// while its centre is within 130 mm of the button (tangent at exactly 130 counts as touching).
// Tolerance: distances are exact to ~1e-12 mm; the boundary cases below sit 0.01 mm apart.
const EDGE_MM = 130;

/** A stone of `team` whose centre is `dMm` from the button, at `angleDeg` from +x. */
function stone(id: string, team: string, dMm: number, angleDeg = 60, uncertaintyMm = 0): DiscState {
  const a = (angleDeg * Math.PI) / 180;
  return { id, team, xMm: dMm * Math.cos(a), yMm: dMm * Math.sin(a), uncertaintyMm };
}

const houseCases: { description: string; input: { dMm: number; uncertaintyMm?: number }; expected: { zone: string; call: string; pending: boolean } }[] = [
  { description: 'on the button', input: { dMm: 0 }, expected: { zone: 'house', call: 'touching', pending: false } },
  { description: 'well inside the blue ring', input: { dMm: 90 }, expected: { zone: 'house', call: 'touching', pending: false } },
  { description: 'overlapping the house edge by 0.01 mm', input: { dMm: EDGE_MM - 0.01 }, expected: { zone: 'house', call: 'touching', pending: false } },
  { description: 'tangent to the house edge: touching counts as in', input: { dMm: EDGE_MM }, expected: { zone: 'house', call: 'touching', pending: false } },
  { description: '0.01 mm clear of the house edge: out', input: { dMm: EDGE_MM + 0.01 }, expected: { zone: 'out', call: 'clear', pending: false } },
  { description: 'far out in front of the house', input: { dMm: 300, }, expected: { zone: 'out', call: 'clear', pending: false } },
  { description: 'overlapping by 0.1 mm, measured ± 0.2 mm: too close, counted in', input: { dMm: EDGE_MM - 0.1, uncertaintyMm: 0.2 }, expected: { zone: 'house', call: 'too-close', pending: true } },
  { description: 'clear by 0.1 mm, measured ± 0.2 mm: too close, counted out', input: { dMm: EDGE_MM + 0.1, uncertaintyMm: 0.2 }, expected: { zone: 'out', call: 'too-close', pending: true } },
  { description: 'tangent, measured ± 0.2 mm: too close', input: { dMm: EDGE_MM, uncertaintyMm: 0.2 }, expected: { zone: 'house', call: 'too-close', pending: true } },
  { description: 'clear by 0.21 mm, measured ± 0.2 mm: out', input: { dMm: EDGE_MM + 0.21, uncertaintyMm: 0.2 }, expected: { zone: 'out', call: 'clear', pending: false } },
  { description: 'overlapping by exactly the uncertainty (0.2 mm): in', input: { dMm: EDGE_MM - 0.2, uncertaintyMm: 0.2 }, expected: { zone: 'house', call: 'touching', pending: false } },
];

describe('curling mat: in the house (touching or inside the blue ring)', () => {
  it.each(houseCases)('$description', ({ input, expected }) => {
    const s = curlingMat.scoreRound({ discs: [stone('s', 'A', input.dMm, 60, input.uncertaintyMm)] }, ctx);
    const c = s.calls[0]!;
    expect({ zone: c.zone, call: c.call, pending: s.pendingIds.includes('s') }).toEqual(expected);
    expect(c.line).toBe('house-edge');
    expect(c.clearanceMm).toBeCloseTo(input.dMm - EDGE_MM, 9);
  });

  it('a too-close house call offers both outcomes, and a decision settles it', () => {
    const discs = [stone('a', 'A', EDGE_MM + 0.1, 60, 0.2), stone('b', 'B', 200)];
    const s = curlingMat.scoreRound({ discs }, ctx);
    expect(s.calls[0]).toMatchObject({ call: 'too-close', points: 0, pointsIfClear: 0, pointsIfTouching: 1 });
    const ruledIn = curlingMat.scoreRound({ discs }, { ...ctx, decisions: [{ discId: 'a', call: 'touching' }] });
    expect(ruledIn.points).toEqual({ A: 1, B: 0 });
    expect(ruledIn.pendingIds).toEqual([]);
  });
});

// Closest-stone scoring. Stones are placed at angles far apart; distances in mm from the button.
const scoreCases: {
  description: string;
  input: { stones: [id: string, team: string, dMm: number, angleDeg?: number, uncertaintyMm?: number][]; decisions?: Decision[] };
  expected: { points: Record<string, number>; pendingIds: string[] };
}[] = [
  { description: 'empty mat: 0-0', input: { stones: [] }, expected: { points: { A: 0, B: 0 }, pendingIds: [] } },
  { description: 'no stone in the house: 0-0', input: { stones: [['a1', 'A', 131], ['b1', 'B', 140, 120]] }, expected: { points: { A: 0, B: 0 }, pendingIds: [] } },
  { description: 'one stone in the house, opponent has none: 1', input: { stones: [['a1', 'A', 100], ['b1', 'B', 131, 120]] }, expected: { points: { A: 1, B: 0 }, pendingIds: [] } },
  { description: 'all three of one team, none of the other: 3', input: { stones: [['a1', 'A', 10], ['a2', 'A', 50, 150], ['a3', 'A', EDGE_MM, 250]] }, expected: { points: { A: 3, B: 0 }, pendingIds: [] } },
  { description: 'closest A, then B, then A: A scores 1', input: { stones: [['a1', 'A', 20], ['b1', 'B', 40, 150], ['a2', 'A', 60, 250]] }, expected: { points: { A: 1, B: 0 }, pendingIds: [] } },
  { description: 'two A closer than B\'s closest: A scores 2', input: { stones: [['a1', 'A', 20], ['a2', 'A', 40, 150], ['b1', 'B', 60, 250], ['b2', 'B', 80, 330]] }, expected: { points: { A: 2, B: 0 }, pendingIds: [] } },
  { description: 'B closest: B scores, A gets 0', input: { stones: [['a1', 'A', 50], ['b1', 'B', 30, 150], ['b2', 'B', 49.99, 250]] }, expected: { points: { A: 0, B: 2 }, pendingIds: [] } },
  { description: 'B stone 0.01 mm outside the house does not count against A', input: { stones: [['a1', 'A', 129], ['b1', 'B', EDGE_MM + 0.01, 150]] }, expected: { points: { A: 1, B: 0 }, pendingIds: [] } },
  { description: 'B stone tangent to the house is in it and scores; A 0.01 mm clear of it is out', input: { stones: [['a1', 'A', EDGE_MM + 0.01], ['b1', 'B', EDGE_MM, 150]] }, expected: { points: { A: 0, B: 1 }, pendingIds: [] } },
  { description: 'closest stones 0.01 mm apart, exact measure: the nearer scores', input: { stones: [['a1', 'A', 50], ['b1', 'B', 50.01, 150]] }, expected: { points: { A: 1, B: 0 }, pendingIds: [] } },
  { description: 'closest stones at exactly the same distance: disputed, nobody scores', input: { stones: [['a1', 'A', 50], ['b1', 'B', 50, 150]] }, expected: { points: { A: 0, B: 0 }, pendingIds: ['a1', 'b1'] } },
  { description: 'difference 0.5 mm = combined uncertainty 0.25 + 0.25: disputed', input: { stones: [['a1', 'A', 50, 60, 0.25], ['b1', 'B', 50.5, 150, 0.25]] }, expected: { points: { A: 0, B: 0 }, pendingIds: ['a1', 'b1'] } },
  { description: 'difference 0.51 mm > combined uncertainty 0.5 mm: A scores', input: { stones: [['a1', 'A', 50, 60, 0.25], ['b1', 'B', 50.51, 150, 0.25]] }, expected: { points: { A: 1, B: 0 }, pendingIds: [] } },
  { description: 'disputed second shot: the clear closest scores, disputed ones and farther do not', input: { stones: [['a1', 'A', 20], ['a2', 'A', 50, 150, 0.2], ['b1', 'B', 50.2, 250, 0.2], ['a3', 'A', 90, 330]] }, expected: { points: { A: 1, B: 0 }, pendingIds: ['a2', 'b1'] } },
  { description: 'a dispute behind the opponent\'s closest stone changes nothing: no wait', input: { stones: [['a1', 'A', 20], ['b1', 'B', 40, 150], ['a2', 'A', 100, 250], ['b2', 'B', 100, 330]] }, expected: { points: { A: 1, B: 0 }, pendingIds: [] } },
  { description: 'decision names A\'s stone closer: A scores it (and not the farther one)', input: { stones: [['a1', 'A', 50, 60, 0.2], ['b1', 'B', 50.2, 150, 0.2], ['a2', 'A', 60, 250]], decisions: [{ discId: 'b1', call: 'touching', winnerId: 'a1' }] }, expected: { points: { A: 1, B: 0 }, pendingIds: [] } },
  { description: 'decision names B\'s stone closer: B scores 1', input: { stones: [['a1', 'A', 50, 60, 0.2], ['b1', 'B', 50.2, 150, 0.2]], decisions: [{ discId: 'a1', call: 'touching', winnerId: 'b1' }] }, expected: { points: { A: 0, B: 1 }, pendingIds: [] } },
  { description: 'decision says nobody can tell ("level"): disputed rule, no wait', input: { stones: [['a1', 'A', 50, 60, 0.2], ['b1', 'B', 50.2, 150, 0.2]], decisions: [{ discId: 'a1', call: 'touching', winnerId: 'level' }] }, expected: { points: { A: 0, B: 0 }, pendingIds: [] } },
];

describe('curling mat: closest-stone scoring and disputed stones', () => {
  it.each(scoreCases)('$description', ({ input, expected }) => {
    const discs = input.stones.map(([id, team, d, angle, u]) => stone(id, team, d, angle, u));
    const s = curlingMat.scoreRound({ discs }, { ...ctx, decisions: input.decisions ?? [] });
    expect(s.points).toEqual(expected.points);
    expect([...s.pendingIds].sort()).toEqual(expected.pendingIds);
  });

  it('explains a dispute in plain words and marks who it is with', () => {
    const discs = [stone('a1', 'A', 50, 60, 0.2), stone('b1', 'B', 50.2, 150, 0.2)];
    const s = curlingMat.scoreRound({ discs }, ctx);
    expect(s.notes.join('\n')).toMatch(/a1 \(A, 50\.00 mm\) and b1 \(B, 50\.20 mm\) cannot be told apart/);
    expect(s.calls.find((c) => c.id === 'a1')).toMatchObject({ disputedWithIds: ['b1'], points: 0, zone: 'house' });
  });

  it('works on a bare CLI board: teams from the stones, A and B by default', () => {
    expect(curlingMat.scoreRound({ discs: [] }, ctx).points).toEqual({ A: 0, B: 0 });
    expect(curlingMat.scoreRound({ discs: [stone('y1', 'yellow', 10), stone('r1', 'red', 20, 200)] }, ctx).points).toEqual({ red: 0, yellow: 1 });
    expect(curlingMat.callDiscs({ discs: [stone('a', 'A', 10)] }, ctx)[0]).toMatchObject({ zone: 'house', points: 1, inPlay: true });
  });
});

describe('curling mat: decisions only settle what was too close', () => {
  it('a closeness ruling marked "clear" does not take a stone plainly in the house out of it', () => {
    const discs = [stone('a1', 'A', 50, 60, 0.2), stone('b1', 'B', 50.2, 150, 0.2)];
    const s = curlingMat.scoreRound({ discs }, { ...ctx, decisions: [{ discId: 'a1', call: 'clear', winnerId: 'a1' }] });
    expect(s.points).toEqual({ A: 1, B: 0 });
    expect(s.calls[0]).toMatchObject({ zone: 'house', call: 'touching' });
  });

  it('a decision without a closer stone leaves the dispute waiting on the other stone', () => {
    const discs = [stone('a1', 'A', 50, 60, 0.2), stone('b1', 'B', 50.2, 150, 0.2)];
    const s = curlingMat.scoreRound({ discs }, { ...ctx, decisions: [{ discId: 'a1', call: 'touching' }] });
    expect([...s.pendingIds].sort()).toEqual(['a1', 'b1']);
    expect(s.points).toEqual({ A: 0, B: 0 });
  });
});

describe('curling mat: CLI input', () => {
  it('stones given without ids get d1, d2, ... and are scored apart', () => {
    const discs = [
      { team: 'A', xMm: 0, yMm: 10 },
      { team: 'A', xMm: 0, yMm: 20 },
      { team: 'B', xMm: 0, yMm: -200 },
    ] as unknown as DiscState[];
    const s = curlingMat.scoreRound({ discs }, ctx);
    expect(s.points).toEqual({ A: 2, B: 0 });
    expect(s.calls.map((c) => c.id)).toEqual(['d1', 'd2', 'd3']);
  });
});
