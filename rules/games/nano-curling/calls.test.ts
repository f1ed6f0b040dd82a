import { describe, expect, it } from 'vitest';
import type { Decision } from '../../core/calls.ts';
import type { DiscState } from '../../core/board-state.ts';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import { nanoCurling } from './index.ts';

const profile = BOARD_PROFILES['nano-curling-sheet']!;
const ctx = { profile, options: nanoCurling.defaultOptions };

// Nano sheet: blue border's outer edge r = 90 mm, stone r = 16 mm: a stone touching the border
// (centre within 106 mm) is in the house. Tolerance: 0.01 mm steps; distances exact to ~1e-12 mm.
const REACH_MM = 106;

function stone(id: string, team: string, dMm: number, angleDeg: number, uncertaintyMm = 0): DiscState {
  const a = (angleDeg * Math.PI) / 180;
  return { id, team, xMm: dMm * Math.cos(a), yMm: dMm * Math.sin(a), uncertaintyMm };
}

const cases: {
  description: string;
  input: { stones: [string, string, number, number, number?][]; decisions?: Decision[] };
  expected: { points: Record<string, number>; pendingIds: string[] };
}[] = [
  { description: 'all stones outside the house: nobody scores', input: { stones: [['a1', 'A', REACH_MM + 0.01, 90], ['b1', 'B', 200, 270]] }, expected: { points: { A: 0, B: 0 }, pendingIds: [] } },
  { description: 'touching the blue border (tangent) is in the house', input: { stones: [['a1', 'A', REACH_MM, 90], ['b1', 'B', REACH_MM + 0.01, 270]] }, expected: { points: { A: 1, B: 0 }, pendingIds: [] } },
  { description: 'four stones closer than the opponent\'s closest: 4', input: { stones: [['a1', 'A', 10, 0], ['a2', 'A', 20, 90], ['a3', 'A', 30, 180], ['a4', 'A', 40, 270], ['b1', 'B', 40.01, 45]] }, expected: { points: { A: 4, B: 0 }, pendingIds: [] } },
  { description: 'one point per stone closer than the opponent\'s closest, not more', input: { stones: [['b1', 'B', 10, 0], ['a1', 'A', 20, 90], ['b2', 'B', 30, 180], ['b3', 'B', 105.99, 270]] }, expected: { points: { A: 0, B: 1 }, pendingIds: [] } },
  { description: 'closest pair within the uncertainty (0.3 ± 0.4 mm): waits for a person', input: { stones: [['a1', 'A', 40, 0, 0.2], ['b1', 'B', 40.3, 180, 0.2]] }, expected: { points: { A: 0, B: 0 }, pendingIds: ['a1', 'b1'] } },
  { description: 'closest pair 0.41 mm apart with ± 0.4 mm: decided', input: { stones: [['a1', 'A', 40, 0, 0.2], ['b1', 'B', 40.41, 180, 0.2]] }, expected: { points: { A: 1, B: 0 }, pendingIds: [] } },
  { description: 'a person names B\'s stone the closer', input: { stones: [['a1', 'A', 40, 0, 0.2], ['b1', 'B', 40.3, 180, 0.2], ['b2', 'B', 41, 90]], decisions: [{ discId: 'b1', call: 'touching', winnerId: 'b1' }] }, expected: { points: { A: 0, B: 1 }, pendingIds: [] } },
  { description: 'house edge too close to call for the only stone: waits', input: { stones: [['a1', 'A', REACH_MM + 0.1, 0, 0.2]] }, expected: { points: { A: 0, B: 0 }, pendingIds: ['a1'] } },
  { description: 'a person rules that stone touching the border: 1', input: { stones: [['a1', 'A', REACH_MM + 0.1, 0, 0.2]], decisions: [{ discId: 'a1', call: 'touching' }] }, expected: { points: { A: 1, B: 0 }, pendingIds: [] } },
];

describe('nano curling: scoring only stones in the house', () => {
  it.each(cases)('$description', ({ input, expected }) => {
    const discs = input.stones.map(([id, team, d, angle, u]) => stone(id, team, d, angle, u));
    const s = nanoCurling.scoreRound({ discs }, { ...ctx, decisions: input.decisions ?? [] });
    expect(s.points).toEqual(expected.points);
    expect([...s.pendingIds].sort()).toEqual(expected.pendingIds);
  });
});
