import { describe, expect, it } from 'vitest';
import type { DiscState } from '../../core/board-state.ts';
import type { Decision } from '../../core/calls.ts';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import { TABLE_SHUFFLEBOARD_DEFAULTS, type TableShuffleboardOptions } from './options.ts';
import { scoreTable, type ScoringMode } from './scoring.ts';

const table = BOARD_PROFILES['table-shuffleboard-9ft']!;
// Far end at y = 1270; sections: 1 up to the 2 line (965.2), 2 up to the 3 line (1117.6), 3 to the end.
// "Further" compares leading edges; all pucks here are the same size, so centres compare the same way.
// Gaps are exact arithmetic; a gap of 0 with no uncertainty is level.
const p = (id: string, yMm: number, uncertaintyMm = 0, xMm = 0): DiscState => ({ id, team: id[0]!.toUpperCase(), xMm, yMm, ...(uncertaintyMm ? { uncertaintyMm } : {}) });

interface Case {
  description: string;
  input: { pucks: DiscState[]; decisions?: Decision[]; mode?: ScoringMode; options?: Partial<TableShuffleboardOptions> };
  expected: { points: Record<string, number>; pendingIds?: string[] };
}

const cases: Case[] = [
  { description: 'furthest side scores each puck beyond the opponent\'s furthest', input: { pucks: [p('a1', 1200), p('a2', 1050), p('a3', 900), p('b1', 1000)] }, expected: { points: { A: 3 + 2, B: 0 } } },
  { description: 'a puck level with the opponent\'s furthest does not count', input: { pucks: [p('a1', 1200), p('a2', 1000), p('b1', 1000)] }, expected: { points: { A: 3, B: 0 } } },
  { description: 'a puck 0.01 mm beyond the opponent\'s furthest counts', input: { pucks: [p('a1', 1200), p('a2', 1000.01), p('b1', 1000)] }, expected: { points: { A: 3 + 2, B: 0 } } },
  { description: 'the two furthest exactly level: nobody scores', input: { pucks: [p('a1', 1200), p('b1', 1200), p('a2', 1100)] }, expected: { points: { A: 0, B: 0 } } },
  { description: 'the furthest 0.01 mm ahead: its side scores', input: { pucks: [p('a1', 1200), p('b1', 1200.01)] }, expected: { points: { A: 0, B: 3 } } },
  { description: 'the two furthest 0.3 mm apart with ±0.25 mm each: too close, counted as measured', input: { pucks: [p('a1', 1200.3, 0.25), p('b1', 1200, 0.25)] }, expected: { points: { A: 3, B: 0 }, pendingIds: ['a1'] } },
  { description: 'the two furthest 0.51 mm apart with ±0.25 mm each: clear', input: { pucks: [p('a1', 1200.51, 0.25), p('b1', 1200, 0.25)] }, expected: { points: { A: 3, B: 0 } } },
  { description: 'a person names B\'s puck further', input: { pucks: [p('a1', 1200.3, 0.25), p('b1', 1200, 0.25), p('b2', 1000)], decisions: [{ discId: 'a1', call: 'clear', winnerId: 'b1' }] }, expected: { points: { A: 0, B: 3 } } },
  { description: 'a person rules them level: nobody scores', input: { pucks: [p('a1', 1200.3, 0.25), p('b1', 1200, 0.25)], decisions: [{ discId: 'a1', call: 'touching' }] }, expected: { points: { A: 0, B: 0 } } },
  { description: 'a second puck too close to the opponent\'s furthest waits too', input: { pucks: [p('a1', 1200), p('a2', 1000.2, 0.25), p('b1', 1000)] }, expected: { points: { A: 5, B: 0 }, pendingIds: ['a2'] } },
  { description: 'hanger worth 5', input: { pucks: [p('a1', 1260), p('b1', 1200)] }, expected: { points: { A: 5, B: 0 } } },
  { description: 'hanger worth 4 under the club setting', input: { pucks: [p('a1', 1260), p('b1', 1200)], options: { hangerPoints: 4 } }, expected: { points: { A: 4, B: 0 } } },
  { description: 'only one side on the table: all its pucks score', input: { pucks: [p('b1', 1200), p('b2', 1000), p('b3', 700)] }, expected: { points: { A: 0, B: 3 + 2 + 1 } } },
  { description: 'a furthest puck on the foul line wins the round but is worth nothing', input: { pucks: [p('a1', 431.8), p('b1', 420, 0, 100)] }, expected: { points: { A: 0, B: 0 } } },
  { description: 'pucks short of the foul line and off the table are ignored', input: { pucks: [p('a1', 300), p('b1', 1300), p('b2', 500)] }, expected: { points: { A: 0, B: 1 } } },
  { description: 'no puck at all: 0-0', input: { pucks: [] }, expected: { points: { A: 0, B: 0 } } },
  { description: 'a too-close line on a losing puck does not wait for a person', input: { pucks: [p('a1', 1200), p('b1', 967.7 + 53.975 / 2 + 0.3, 0.5)] }, expected: { points: { A: 3, B: 0 } } },
  { description: 'a too-close line on a scoring puck waits for a person', input: { pucks: [p('a1', 967.7 + 53.975 / 2 + 0.3, 0.5), p('b1', 800)] }, expected: { points: { A: 2, B: 0 }, pendingIds: ['a1'] } },
  { description: 'bocce: one point per puck closer to the spot (middle of the 2 section) than the opponent\'s closest', input: { pucks: [p('a1', 1041.4), p('a2', 1070), p('b1', 1080), p('a3', 1100)], mode: 'bocce' }, expected: { points: { A: 2, B: 0 } } },
  { description: 'bocce: level at the spot: nobody scores', input: { pucks: [p('a1', 1041.4, 0, 30), p('b1', 1041.4, 0, -30)], mode: 'bocce' }, expected: { points: { A: 0, B: 0 } } },
  { description: 'all pucks (Horse collar, outside a match): every scoring puck for its own side', input: { pucks: [p('a1', 1260), p('a2', 1050), p('b1', 700), p('b2', 300)], mode: 'all-pucks' }, expected: { points: { A: 5 + 2, B: 1 } } },
];

describe('table shuffleboard: round score boundaries', () => {
  it.each(cases)('$description', ({ input, expected }) => {
    const options = { ...TABLE_SHUFFLEBOARD_DEFAULTS, ...input.options };
    const s = scoreTable({ board: { discs: input.pucks }, profile: table, options, teams: ['A', 'B'], end: 'far', mode: input.mode ?? 'furthest', decisions: input.decisions ?? [] });
    expect(s.points).toEqual(expected.points);
    expect(s.pendingIds).toEqual(expected.pendingIds ?? []);
  });

  it('a puck whose place in the order is uncertain carries the gap as its call', () => {
    const s = scoreTable({ board: { discs: [p('a1', 1200.3, 0.25), p('b1', 1200, 0.25)] }, profile: table, options: TABLE_SHUFFLEBOARD_DEFAULTS, teams: ['A', 'B'], end: 'far', mode: 'furthest', decisions: [] });
    const c = s.calls.find((x) => x.id === 'a1')!;
    expect(c.call).toBe('too-close');
    expect(c.clearanceMm).toBeCloseTo(0.3, 9);
    expect(c.uncertaintyMm).toBeCloseTo(0.5, 9);
    expect(c).toMatchObject({ pointsIfClear: 3, pointsIfTouching: 0 });
  });

  it('Horse collar in a match: every puck counts for the side that threw them', () => {
    const s = scoreTable({ board: { discs: [p('a1', 1260), p('b1', 700)] }, profile: table, options: TABLE_SHUFFLEBOARD_DEFAULTS, teams: ['A', 'B'], end: 'far', mode: 'all-pucks', decisions: [], creditTo: 'B' });
    expect(s.points).toEqual({ A: 0, B: 6 });
  });

  it('the lag: nobody scores, the furthest side leads', () => {
    const s = scoreTable({ board: { discs: [p('a1', 1200), p('b1', 1250)] }, profile: table, options: TABLE_SHUFFLEBOARD_DEFAULTS, teams: ['A', 'B'], end: 'far', mode: 'lag', decisions: [] });
    expect(s.points).toEqual({ A: 0, B: 0 });
    expect(s.leader).toBe('B');
  });
});
