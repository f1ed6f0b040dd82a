import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DiscState, ShotEvent } from '../../core/board-state.ts';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import { callTablePuck } from './calls.ts';
import { TABLE_SHUFFLEBOARD_DEFAULTS, type TableEnd } from './options.ts';
import { scoreTable, type ScoringMode } from './scoring.ts';
import { judgeTableShot } from './shot.ts';
import { endGeometry } from './table-geometry.ts';

const table = BOARD_PROFILES['table-shuffleboard-12ft']!;
const o = TABLE_SHUFFLEBOARD_DEFAULTS;
const HALF = 3352.8 / 2;

const puckArb = (id: string, team?: string) =>
  fc.record({
    id: fc.constant(id),
    team: team ? fc.constant(team) : fc.constantFrom('A', 'B'),
    xMm: fc.double({ min: -170, max: 170, noNaN: true }),
    // Mostly in the scoring end, some short, some off the end.
    yMm: fc.oneof(fc.double({ min: 1000, max: HALF + 20, noNaN: true }), fc.double({ min: 0, max: HALF, noNaN: true })),
    uncertaintyMm: fc.constantFrom(0, 0, 0.3),
  }) as fc.Arbitrary<DiscState>;
const boardArb = fc.tuple(...['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'].map((id) => puckArb(id)));
const modeArb = fc.constantFrom<ScoringMode>('furthest', 'bocce', 'all-pucks');
const score = (discs: DiscState[], mode: ScoringMode, end: TableEnd = 'far') =>
  scoreTable({ board: { discs }, profile: table, options: o, teams: ['A', 'B'], end, mode, decisions: [] });

const ZONE_ORDER = ['short', 'foul-line', '1', '2', '3', 'hanger', 'off'];

describe('table shuffleboard: invariants', () => {
  it('the score does not depend on the order the pucks are listed in', () => {
    fc.assert(
      fc.property(boardArb, modeArb, (discs, mode) => {
        const a = score(discs, mode);
        const b = score([...discs].reverse(), mode);
        expect(b.points).toEqual(a.points);
        expect([...b.pendingIds].sort()).toEqual([...a.pendingIds].sort());
      }),
    );
  });

  it('only one side scores (furthest and bocce)', () => {
    fc.assert(
      fc.property(boardArb, fc.constantFrom<ScoringMode>('furthest', 'bocce'), (discs, mode) => {
        const s = score(discs, mode);
        expect(s.points.A === 0 || s.points.B === 0).toBe(true);
      }),
    );
  });

  it('swapping the sides\' colours swaps the points', () => {
    fc.assert(
      fc.property(boardArb, modeArb, (discs, mode) => {
        const s = score(discs, mode);
        const t = score(discs.map((d) => ({ ...d, team: d.team === 'A' ? 'B' : 'A' })), mode);
        expect(t.points).toEqual({ A: s.points.B, B: s.points.A });
      }),
    );
  });

  it('the far and near ends score a mirrored table the same', () => {
    fc.assert(
      fc.property(boardArb, modeArb, (discs, mode) => {
        const far = score(discs, mode, 'far');
        const near = score(discs.map((d) => ({ ...d, xMm: -d.xMm, yMm: -d.yMm })), mode, 'near');
        expect(near.points).toEqual(far.points);
      }),
    );
  });

  it('a side never scores more than its pucks are worth where they lie', () => {
    fc.assert(
      fc.property(boardArb, (discs) => {
        const s = score(discs, 'furthest');
        const geo = endGeometry(table, 'far');
        for (const team of ['A', 'B']) {
          const worth = discs.filter((d) => d.team === team).reduce((sum, d) => sum + callTablePuck(d, table, geo, o).points, 0);
          expect(s.points[team]!).toBeLessThanOrEqual(worth);
        }
      }),
    );
  });

  it('sliding a puck further down the table never moves it back a zone (until it falls off)', () => {
    const geo = endGeometry(table, 'far');
    fc.assert(
      fc.property(fc.double({ min: 0, max: HALF, noNaN: true }), fc.double({ min: 0, max: 500, noNaN: true }), (yMm, stepMm) => {
        const z = (y: number) => ZONE_ORDER.indexOf(callTablePuck({ id: 'p', team: 'A', xMm: 0, yMm: y }, table, geo, o).zone);
        expect(z(yMm + stepMm)).toBeGreaterThanOrEqual(z(yMm));
      }),
    );
  });

  it('moving the furthest puck further within its section never takes its side\'s points away', () => {
    const geo = endGeometry(table, 'far');
    fc.assert(
      fc.property(boardArb, fc.double({ min: 0, max: 100, noNaN: true }), (discs, stepMm) => {
        const s = score(discs, 'furthest');
        const leader = (s.points.A ?? 0) > 0 ? 'A' : (s.points.B ?? 0) > 0 ? 'B' : null;
        if (!leader) return;
        const best = discs.filter((d) => d.team === leader && callTablePuck(d, table, geo, o).inPlay).sort((a, b) => b.yMm - a.yMm)[0]!;
        const pushed = { ...best, yMm: best.yMm + stepMm };
        if (callTablePuck(pushed, table, geo, o).zone !== callTablePuck(best, table, geo, o).zone) return;
        const moved = discs.map((d) => (d === best ? pushed : d));
        expect(score(moved, 'furthest').points[leader]!).toBeGreaterThanOrEqual(s.points[leader]!);
      }),
    );
  });

  it('tap & draw: after a throw, every opponent puck knocked off is back where it was', () => {
    fc.assert(
      fc.property(fc.subarray(['b1', 'b2', 'b3']), fc.double({ min: 1000, max: 1600, noNaN: true }), (knocked, landMm) => {
        const before = [
          { id: 'b1', team: 'B', xMm: -100, yMm: 1500 },
          { id: 'b2', team: 'B', xMm: 0, yMm: 1400 },
          { id: 'b3', team: 'B', xMm: 100, yMm: 1300 },
          { id: 'a2', team: 'A', xMm: -150, yMm: 1200 },
        ];
        const after = [...before.filter((d) => !knocked.includes(d.id)), { id: 'a1', team: 'A', xMm: 150, yMm: landMm }];
        const shot: ShotEvent = { shooter: 'A', shotDiscId: 'a1', before: { discs: before }, after: { discs: after }, removed: knocked.map((id) => ({ id, reason: 'off-board' as const })) };
        const r = judgeTableShot(shot, table, { ...o, tapAndDraw: true }, 'far');
        for (const id of knocked) expect(r.board.discs.find((d) => d.id === id)).toEqual(before.find((d) => d.id === id));
        expect(r.board.discs.some((d) => d.id === 'a1')).toBe(knocked.length === 0);
      }),
    );
  });
});
