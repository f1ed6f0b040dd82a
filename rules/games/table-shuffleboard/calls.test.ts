import { describe, expect, it } from 'vitest';
import type { DiscState } from '../../core/board-state.ts';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import { callTablePuck } from './calls.ts';
import { TABLE_SHUFFLEBOARD_DEFAULTS, type TableEnd, type TableShuffleboardOptions } from './options.ts';
import { endGeometry } from './table-geometry.ts';

const table = BOARD_PROFILES['table-shuffleboard-9ft']!;
// 9 ft table, far end at y = 1270 mm. Paint 5 mm wide: foul line 429.3-434.3, 2 line 962.7-967.7,
// 3 line 1115.1-1120.1 mm. Pucks 2 1/8" (r = 26.9875 mm). Clearances are exact arithmetic: compared to 1e-9 mm.
const R = 53.975 / 2;

interface Case {
  description: string;
  input: { yMm: number; uncertaintyMm?: number; end?: TableEnd; options?: Partial<TableShuffleboardOptions> };
  expected: { zone: string; points: number; call: string; clearanceMm?: number; line?: string; pointsIfClear?: number; pointsIfTouching?: number };
}

const cases: Case[] = [
  { description: 'short: 0.01 mm before the foul line', input: { yMm: 429.3 - R - 0.01 }, expected: { zone: 'short', points: 0, call: 'clear', clearanceMm: 0.01, line: 'foul-line-far' } },
  { description: 'reaches the foul line: tangent (in play, scores nothing)', input: { yMm: 429.3 - R }, expected: { zone: 'foul-line', points: 0, call: 'touching', clearanceMm: 0 } },
  { description: 'on the foul line', input: { yMm: 431.8 }, expected: { zone: 'foul-line', points: 0, call: 'touching', clearanceMm: -R - 2.5 } },
  { description: 'foul "cross": tangent to the foul line is short', input: { yMm: 429.3 - R, options: { foulLine: 'cross' } }, expected: { zone: 'short', points: 0, call: 'touching', clearanceMm: 0 } },
  { description: 'still touching the foul line from beyond: tangent', input: { yMm: 434.3 + R }, expected: { zone: 'foul-line', points: 0, call: 'touching', clearanceMm: 0 } },
  { description: 'section 1: 0.01 mm past the foul line', input: { yMm: 434.3 + R + 0.01 }, expected: { zone: '1', points: 1, call: 'clear', clearanceMm: 0.01, line: 'foul-line-far' } },
  { description: 'touching the 2 line from beyond by 0.01 mm counts 1', input: { yMm: 967.7 + R - 0.01 }, expected: { zone: '1', points: 1, call: 'touching', clearanceMm: -0.01, line: 'line-2-far' } },
  { description: 'tangent to the 2 line from beyond counts 1', input: { yMm: 967.7 + R }, expected: { zone: '1', points: 1, call: 'touching', clearanceMm: 0 } },
  { description: 'section 2: 0.01 mm wholly past the 2 line', input: { yMm: 967.7 + R + 0.01 }, expected: { zone: '2', points: 2, call: 'clear', clearanceMm: 0.01, line: 'line-2-far' } },
  { description: '0.3 mm past the 2 line with ±0.5 mm: too close (2 or 1)', input: { yMm: 967.7 + R + 0.3, uncertaintyMm: 0.5 }, expected: { zone: '2', points: 2, call: 'too-close', clearanceMm: 0.3, pointsIfClear: 2, pointsIfTouching: 1 } },
  { description: 'tangent to the 3 line from beyond counts 2', input: { yMm: 1120.1 + R }, expected: { zone: '2', points: 2, call: 'touching', clearanceMm: 0 } },
  { description: 'section 3: 0.01 mm wholly past the 3 line', input: { yMm: 1120.1 + R + 0.01 }, expected: { zone: '3', points: 3, call: 'clear', clearanceMm: 0.01, line: 'line-3-far' } },
  { description: 'section 3: 0.01 mm short of overhanging the end', input: { yMm: 1270 - R - 0.01 }, expected: { zone: '3', points: 3, call: 'clear', clearanceMm: 0.01, line: 'end-edge-far' } },
  { description: 'leading edge exactly at the end edge: a hanger', input: { yMm: 1270 - R }, expected: { zone: 'hanger', points: 5, call: 'touching', clearanceMm: 0 } },
  { description: 'hanger: 0.01 mm over the end', input: { yMm: 1270 - R + 0.01 }, expected: { zone: 'hanger', points: 5, call: 'touching', clearanceMm: -0.01 } },
  { description: 'hanger worth 4 under the club setting', input: { yMm: 1260, options: { hangerPoints: 4 } }, expected: { zone: 'hanger', points: 4, call: 'touching' } },
  { description: '0.2 mm from overhanging with ±0.5 mm: too close (3 or hanger)', input: { yMm: 1270 - R - 0.2, uncertaintyMm: 0.5 }, expected: { zone: '3', points: 3, call: 'too-close', pointsIfClear: 3, pointsIfTouching: 5 } },
  { description: 'centre exactly on the end edge: still a hanger', input: { yMm: 1270 }, expected: { zone: 'hanger', points: 5, call: 'touching' } },
  { description: 'centre 0.01 mm past the end edge: fallen off', input: { yMm: 1270.01 }, expected: { zone: 'off', points: 0, call: 'touching' } },
  { description: 'near end: section 2 mirrored', input: { yMm: -(967.7 + R + 0.01), end: 'near' }, expected: { zone: '2', points: 2, call: 'clear', clearanceMm: 0.01, line: 'line-2-near' } },
  { description: 'near end: a puck in the far 3 section is short', input: { yMm: 1200, end: 'near' }, expected: { zone: 'short', points: 0, call: 'clear' } },
];

describe('table shuffleboard: boundary calls (9 ft table, puck r = 26.99 mm, paint 5 mm)', () => {
  it.each(cases)('$description', ({ input, expected }) => {
    const options = { ...TABLE_SHUFFLEBOARD_DEFAULTS, ...input.options };
    const geo = endGeometry(table, input.end ?? 'far');
    const d: DiscState = { id: 'p', team: 'A', xMm: 0, yMm: input.yMm, ...(input.uncertaintyMm ? { uncertaintyMm: input.uncertaintyMm } : {}) };
    const c = callTablePuck(d, table, geo, options);
    expect(c.zone).toBe(expected.zone);
    expect(c.points).toBe(expected.points);
    expect(c.call).toBe(expected.call);
    if (expected.clearanceMm !== undefined) expect(c.clearanceMm).toBeCloseTo(expected.clearanceMm, 9);
    if (expected.line) expect(c.line).toBe(expected.line);
    expect(c.pointsIfClear).toBe(expected.pointsIfClear);
    expect(c.pointsIfTouching).toBe(expected.pointsIfTouching);
  });

  it('a ruling on a too-close line replaces the measured call', () => {
    const geo = endGeometry(table, 'far');
    const d: DiscState = { id: 'p', team: 'A', xMm: 0, yMm: 967.7 + R + 0.3, uncertaintyMm: 0.5 };
    const c = callTablePuck(d, table, geo, TABLE_SHUFFLEBOARD_DEFAULTS, { discId: 'p', call: 'touching' });
    expect(c).toMatchObject({ zone: '1', points: 1, call: 'touching' });
  });

  it('a ruling does not overturn a line the camera called clearly (that is a correction)', () => {
    const geo = endGeometry(table, 'far');
    const d: DiscState = { id: 'p', team: 'A', xMm: 0, yMm: 1000 };
    expect(callTablePuck(d, table, geo, TABLE_SHUFFLEBOARD_DEFAULTS, { discId: 'p', call: 'touching' }).zone).toBe('2');
  });
});
