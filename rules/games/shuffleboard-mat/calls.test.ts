import { describe, expect, it } from 'vitest';
import type { DiscState } from '../../core/board-state.ts';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import type { BoardProfile } from '../../profiles/schema.ts';
import { callMatStone, scoreMatRound } from './calls.ts';
import { SHUFFLEBOARD_MAT_DEFAULTS, type ShuffleboardMatOptions } from './options.ts';

const mat = BOARD_PROFILES['shuffleboard-mat']!;
// The same mat cut short at y = 870 mm, so the far edge runs through the 10 OFF field.
const shortMat: BoardProfile = { ...mat, surface: { ...mat.surface, maxYMm: 870 } as BoardProfile['surface'] };
const strict: ShuffleboardMatOptions = SHUFFLEBOARD_MAT_DEFAULTS;
const casual: ShuffleboardMatOptions = { ...SHUFFLEBOARD_MAT_DEFAULTS, scoring: 'casual' };

// Stones 45 mm across (r = 22.5 mm), paint 3 mm wide (1.5 mm either side of a line's middle).
// The 8 | 8 centre line runs along x = 0; the 7 | 10 OFF line along y = 820; the 10 OFF back line along y = 880.
// Clearances are exact arithmetic: compared to 1e-9 mm.
const SIDE = 100 / Math.hypot(50, 100); // cos of the triangle side's slope: perpendicular per horizontal mm

interface Case {
  description: string;
  input: { scoring: 'strict' | 'casual'; xMm: number; yMm: number; uncertaintyMm?: number; mat?: 'short' };
  expected: { zone: string; points: number; call: string; clearanceMm?: number; pointsIfClear?: number; pointsIfTouching?: number; inPlay?: boolean };
}

const cases: Case[] = [
  { description: 'strict: in the middle of the 10 field', input: { scoring: 'strict', xMm: 0, yMm: 589 }, expected: { zone: '10', points: 10, call: 'clear' } },
  { description: 'strict: 8 right, 0.01 mm clear of the centre line', input: { scoring: 'strict', xMm: 24.01, yMm: 670 }, expected: { zone: '8', points: 8, call: 'clear', clearanceMm: 0.01 } },
  { description: 'strict: 8 right, tangent to the centre line paint', input: { scoring: 'strict', xMm: 24, yMm: 670 }, expected: { zone: 'line', points: 0, call: 'touching', clearanceMm: 0 } },
  { description: 'strict: 8 right, 0.01 mm onto the centre line', input: { scoring: 'strict', xMm: 23.99, yMm: 670 }, expected: { zone: 'line', points: 0, call: 'touching', clearanceMm: -0.01 } },
  { description: 'strict: centred on the centre line', input: { scoring: 'strict', xMm: 0, yMm: 670 }, expected: { zone: 'line', points: 0, call: 'touching', clearanceMm: -24 } },
  { description: 'strict: 8 left, 0.01 mm clear of the centre line', input: { scoring: 'strict', xMm: -24.01, yMm: 670 }, expected: { zone: '8', points: 8, call: 'clear', clearanceMm: 0.01 } },
  { description: 'strict: 0.4 mm clear with ±0.5 mm: too close, counted as measured', input: { scoring: 'strict', xMm: 24.4, yMm: 670, uncertaintyMm: 0.5 }, expected: { zone: '8', points: 8, call: 'too-close', clearanceMm: 0.4, pointsIfClear: 8, pointsIfTouching: 0 } },
  { description: 'strict: 0.51 mm clear with ±0.5 mm: clear', input: { scoring: 'strict', xMm: 24.51, yMm: 670, uncertaintyMm: 0.5 }, expected: { zone: '8', points: 8, call: 'clear', clearanceMm: 0.51 } },
  { description: 'strict: 0.5 mm over with ±0.5 mm: touching', input: { scoring: 'strict', xMm: 23.5, yMm: 670, uncertaintyMm: 0.5 }, expected: { zone: 'line', points: 0, call: 'touching', clearanceMm: -0.5 } },
  { description: 'strict: 0.49 mm over with ±0.5 mm: too close, counted as measured (0)', input: { scoring: 'strict', xMm: 23.51, yMm: 670, uncertaintyMm: 0.5 }, expected: { zone: 'line', points: 0, call: 'too-close', clearanceMm: -0.49, pointsIfClear: 8, pointsIfTouching: 0 } },
  { description: 'strict: wholly in 10 OFF scores -10', input: { scoring: 'strict', xMm: 0, yMm: 850 }, expected: { zone: '10 OFF', points: -10, call: 'clear', clearanceMm: 6 } },
  { description: 'strict: 10 OFF, 0.01 mm clear of the back line', input: { scoring: 'strict', xMm: 0, yMm: 855.99 }, expected: { zone: '10 OFF', points: -10, call: 'clear', clearanceMm: 0.01 } },
  { description: 'strict: 10 OFF, tangent to the back line: nothing', input: { scoring: 'strict', xMm: 0, yMm: 856 }, expected: { zone: 'line', points: 0, call: 'touching', clearanceMm: 0 } },
  { description: 'strict: 10 OFF, 0.01 mm onto the back line: nothing', input: { scoring: 'strict', xMm: 0, yMm: 856.01 }, expected: { zone: 'line', points: 0, call: 'touching', clearanceMm: -0.01 } },
  { description: 'strict: 7 left, 0.01 mm clear of the 10 OFF line', input: { scoring: 'strict', xMm: -60, yMm: 795.99 }, expected: { zone: '7', points: 7, call: 'clear', clearanceMm: 0.01 } },
  { description: 'strict: 7 left, tangent to the 10 OFF line', input: { scoring: 'strict', xMm: -60, yMm: 796 }, expected: { zone: 'line', points: 0, call: 'touching', clearanceMm: 0 } },
  { description: 'strict: centre outside the triangle scores nothing', input: { scoring: 'strict', xMm: 150, yMm: 600 }, expected: { zone: 'none', points: 0, call: 'clear' } },
  { description: 'strict, short mat: 10 OFF, 0.01 mm clear of the mat edge', input: { scoring: 'strict', xMm: 0, yMm: 847.49, mat: 'short' }, expected: { zone: '10 OFF', points: -10, call: 'clear', clearanceMm: 0.01 } },
  { description: 'strict, short mat: tangent to the mat edge scores nothing', input: { scoring: 'strict', xMm: 0, yMm: 847.5, mat: 'short' }, expected: { zone: 'line', points: 0, call: 'touching', clearanceMm: 0 } },
  { description: 'strict, short mat: 0.01 mm over the mat edge scores nothing', input: { scoring: 'strict', xMm: 0, yMm: 847.51, mat: 'short' }, expected: { zone: 'line', points: 0, call: 'touching', clearanceMm: -0.01 } },
  { description: 'strict: centre beyond the mat edge: off the mat', input: { scoring: 'strict', xMm: 0, yMm: 900.01 }, expected: { zone: 'off-mat', points: 0, call: 'touching', inPlay: false } },
  { description: 'casual: centre 0.01 mm right of the centre line: 8', input: { scoring: 'casual', xMm: 0.01, yMm: 670 }, expected: { zone: '8', points: 8, call: 'clear', clearanceMm: 0.01 } },
  { description: 'casual: centre 0.01 mm left of the centre line: 8', input: { scoring: 'casual', xMm: -0.01, yMm: 670 }, expected: { zone: '8', points: 8, call: 'clear', clearanceMm: 0.01 } },
  { description: 'casual: centre 0.01 mm short of the 10 OFF line: 7', input: { scoring: 'casual', xMm: 60, yMm: 819.99 }, expected: { zone: '7', points: 7, call: 'clear', clearanceMm: 0.01 } },
  { description: 'casual: centre 0.01 mm past the 10 OFF line: -10', input: { scoring: 'casual', xMm: 60, yMm: 820.01 }, expected: { zone: '10 OFF', points: -10, call: 'clear', clearanceMm: 0.01 } },
  { description: 'casual: centre 0.01 mm short with ±0.05 mm: too close (7 or -10)', input: { scoring: 'casual', xMm: 60, yMm: 819.99, uncertaintyMm: 0.05 }, expected: { zone: '7', points: 7, call: 'too-close', clearanceMm: 0.01, pointsIfClear: 7, pointsIfTouching: -10 } },
  { description: 'casual: centre 0.01 mm inside the 10 field side', input: { scoring: 'casual', xMm: 24.99, yMm: 570 }, expected: { zone: '10', points: 10, call: 'clear', clearanceMm: 0.01 * SIDE } },
  { description: 'casual: centre 0.01 mm outside the 10 field side', input: { scoring: 'casual', xMm: 25.01, yMm: 570 }, expected: { zone: 'none', points: 0, call: 'clear', clearanceMm: 0.01 * SIDE } },
  { description: 'casual, short mat: stone over the mat edge counts by its centre', input: { scoring: 'casual', xMm: 0, yMm: 865, mat: 'short' }, expected: { zone: '10 OFF', points: -10, call: 'clear' } },
  { description: 'casual: centre beyond the mat edge: off the mat', input: { scoring: 'casual', xMm: 200.01, yMm: 400 }, expected: { zone: 'off-mat', points: 0, call: 'touching', inPlay: false } },
];

describe('shuffleboard mat: boundary calls (stone r = 22.5 mm, paint 3 mm)', () => {
  it.each(cases)('$description', ({ input, expected }) => {
    const disc: DiscState = { id: 's1', team: 'A', xMm: input.xMm, yMm: input.yMm, ...(input.uncertaintyMm ? { uncertaintyMm: input.uncertaintyMm } : {}) };
    const profile = input.mat === 'short' ? shortMat : mat;
    const c = callMatStone(disc, profile, input.scoring === 'casual' ? casual : strict);
    expect(c.zone).toBe(expected.zone);
    expect(c.points).toBe(expected.points);
    expect(c.call).toBe(expected.call);
    if (expected.clearanceMm !== undefined) expect(c.clearanceMm).toBeCloseTo(expected.clearanceMm, 9);
    expect(c.pointsIfClear).toBe(expected.pointsIfClear);
    expect(c.pointsIfTouching).toBe(expected.pointsIfTouching);
    expect(c.inPlay).toBe(expected.inPlay ?? true);
  });
});

describe('shuffleboard mat: round score', () => {
  const board = {
    discs: [
      { id: 'a1', team: 'A', xMm: 0, yMm: 589 },
      { id: 'a2', team: 'A', xMm: -28, yMm: 675 },
      { id: 'a3', team: 'A', xMm: 0, yMm: 850 },
      { id: 'b1', team: 'B', xMm: 50, yMm: 770 },
      { id: 'b2', team: 'B', xMm: 0, yMm: 675 },
      { id: 'b3', team: 'B', xMm: 24.4, yMm: 670, uncertaintyMm: 0.5 },
    ],
  };

  it('adds each team\'s fields, 10 OFF negative, lines nothing; a too-close stone that matters is pending', () => {
    const s = scoreMatRound(board, mat, strict, ['A', 'B']);
    expect(s.points).toEqual({ A: 10 + 8 - 10, B: 7 + 0 + 8 });
    expect(s.pendingIds).toEqual(['b3']);
  });

  it('a person\'s ruling replaces the measured call', () => {
    const s = scoreMatRound(board, mat, strict, ['A', 'B'], [{ discId: 'b3', call: 'touching' }]);
    expect(s.points.B).toBe(7);
    expect(s.pendingIds).toEqual([]);
    expect(s.calls.find((c) => c.id === 'b3')!.call).toBe('touching');
  });

  it('casual: the stone on the centre line counts for the field holding its centre', () => {
    const s = scoreMatRound({ discs: [{ id: 'b2', team: 'B', xMm: 3, yMm: 675 }] }, mat, casual, ['A', 'B']);
    expect(s.points).toEqual({ A: 0, B: 8 });
  });

  it('a too-close call that cannot change the points does not wait for a person', () => {
    // Centre outside every field, near the 10 field's side: 0 whichever way it is ruled.
    const s = scoreMatRound({ discs: [{ id: 'a1', team: 'A', xMm: 25 + 22.5 / SIDE + 1.5 / SIDE + 0.1, yMm: 570, uncertaintyMm: 0.5 }] }, mat, strict, ['A', 'B']);
    expect(s.calls[0]!.zone).toBe('none');
    expect(s.pendingIds).toEqual([]);
  });
});
