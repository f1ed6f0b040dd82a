import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { DiscState } from '../../core/board-state.ts';
import type { MatchState } from '../../core/match-state.ts';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import { GAMES } from '../registry.ts';
import { callCarromDisc } from './calls.ts';
import { centreSpotPosition } from './centre-spot.ts';
import { carrom } from './index.ts';
import type { CarromOptions } from './options.ts';
import { colourResolver } from './pieces.ts';
import { scoreCarromBoard } from './score.ts';
import type { CarromCustom } from './state.ts';
import { Journal, type StrikeSpec } from './test-boards.ts';

const profile = BOARD_PROFILES['carrom-standard-74cm']!;
const env = { games: GAMES, profiles: BOARD_PROFILES };
const optionsOf = (variant: string): CarromOptions => {
  const r = carrom.resolveOptions(variant);
  if (!r.ok) throw new Error(r.error);
  return r.options;
};
const custom = (s: MatchState) => s.custom as unknown as CarromCustom;

const piece = fc.record({
  xMm: fc.double({ min: -380, max: 380, noNaN: true }),
  yMm: fc.double({ min: -380, max: 380, noNaN: true }),
  team: fc.constantFrom('white', 'black', 'red'),
  uncertaintyMm: fc.constantFrom(0, 0.3),
});
const boardOf = (ps: { xMm: number; yMm: number; team: string; uncertaintyMm: number }[]): DiscState[] =>
  ps.map((p, i) => ({ ...p, id: `p${i}`, kind: p.team === 'red' ? ('queen' as const) : ('man' as const) }));

describe('carrom properties', () => {
  it('the score and the calls do not depend on the order the pieces are listed in', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 19 }), fc.constantFrom('standard', 'family-point'), (ps, variant) => {
        const discs = boardOf(ps);
        const ctx = { profile, options: optionsOf(variant) };
        const a = scoreCarromBoard({ discs }, ctx);
        const b = scoreCarromBoard({ discs: [...discs].reverse() }, ctx);
        expect(b.points).toEqual(a.points);
        expect([...b.pendingIds].sort()).toEqual([...a.pendingIds].sort());
        expect([...b.calls].sort((x, y) => x.id.localeCompare(y.id))).toEqual([...a.calls].sort((x, y) => x.id.localeCompare(y.id)));
      }),
    );
  });

  it('moving a piece away from a pocket never drops it in', () => {
    const ctx = { profile, options: optionsOf('standard'), colourOf: colourResolver({}) };
    fc.assert(
      fc.property(fc.double({ min: 0, max: 60, noNaN: true }), fc.double({ min: 0, max: 30, noNaN: true }), fc.double({ min: -0.6, max: 0.6, noNaN: true }), (dMm, stepMm, angle) => {
        // From pocket-ne towards the board's middle (within a fan of about ±35 degrees).
        const a = Math.PI * 1.25 + angle;
        const at = (r: number): DiscState => ({ id: 'p', team: 'white', xMm: 347.75 + r * Math.cos(a), yMm: 347.75 + r * Math.sin(a) });
        const before = callCarromDisc(at(dMm), ctx);
        const after = callCarromDisc(at(dMm + stepMm), ctx);
        if (before.zone !== 'pocket') expect(after.zone).not.toBe('pocket');
        if (before.inPlay) expect(after.inPlay).toBe(true);
      }),
    );
  });

  it('a piece put back on the centre overlaps no other piece', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ xMm: fc.double({ min: -80, max: 80, noNaN: true }), yMm: fc.double({ min: -80, max: 80, noNaN: true }) }), { maxLength: 12 }), fc.constantFrom('s', 'w', 'n', 'e' as const), (pts, seat) => {
        // Lay the pieces down one by one, skipping any that would overlap: a physical board.
        const discs: DiscState[] = [];
        for (const p of pts) if (discs.every((d) => Math.hypot(d.xMm - p.xMm, d.yMm - p.yMm) >= 31.8)) discs.push({ id: `p${discs.length}`, team: 'white', kind: 'man', ...p });
        const pos = centreSpotPosition(discs, 15.9, seat, profile);
        for (const d of discs) expect(Math.hypot(d.xMm - pos.xMm, d.yMm - pos.yMm)).toBeGreaterThanOrEqual(31.8 - 1e-6);
        // And nothing free is nearer the spot than where it went (checked on a coarse grid).
        const nearest = Math.hypot(pos.xMm, pos.yMm);
        if (nearest < 31.8) {
          for (let r = 0; r < nearest - 0.5; r += 1) {
            for (let k = 0; k < 72; k++) {
              const x = r * Math.cos((k * Math.PI) / 36);
              const y = r * Math.sin((k * Math.PI) / 36);
              expect(discs.some((d) => Math.hypot(d.xMm - x, d.yMm - y) < 31.8)).toBe(true);
            }
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  // Random strikes through the match engine: indices pick pieces on the board.
  const strikeArb = fc.record({
    pocket: fc.array(fc.nat(), { maxLength: 3 }),
    jump: fc.option(fc.nat(), { nil: undefined }),
    strikerPocketed: fc.boolean(),
    miss: fc.boolean(),
  });
  function spec(s: MatchState, r: { pocket: number[]; jump: number | undefined; strikerPocketed: boolean; miss: boolean }): StrikeSpec {
    const ids = (s.board.discs.length ? s.board.discs : [{ id: 'w1' }]).map((d) => d.id);
    const pick = (n: number) => ids[n % ids.length]!;
    const pocket = [...new Set(r.pocket.map(pick))];
    const jump = r.jump !== undefined && !pocket.includes(pick(r.jump)) ? [pick(r.jump)] : [];
    if (r.miss && !r.strikerPocketed) return { miss: true };
    return { pocket, jump, strikerPocketed: r.strikerPocketed && r.pocket.length % 2 === 0 };
  }

  it('standard: no piece is ever lost, only the board winner scores, scores never fall', () => {
    fc.assert(
      fc.property(fc.array(strikeArb, { minLength: 1, maxLength: 25 }), (strikes) => {
        const j = new Journal(env, { type: 'setup', game: 'carrom', teams: ['A', 'B'] });
        let prevScores = j.state.scores;
        for (const r of strikes) {
          const before = j.state;
          if (before.over || before.turn === null) break;
          const s = j.strike(spec(before, r));
          expect(s.rejected).toEqual([]);
          if (s.round === before.round) {
            const count = s.board.discs.length + (s.board.pocketed ?? []).length;
            expect(count).toBe(19);
            expect(new Set([...s.board.discs.map((d) => d.id), ...(s.board.pocketed ?? []).map((p) => p.id)]).size).toBe(19);
          }
          for (const rec of s.rounds) expect(Object.values(rec.points).filter((p) => p !== 0).length).toBeLessThanOrEqual(1);
          for (const t of ['A', 'B']) expect(s.scores[t]!).toBeGreaterThanOrEqual(prevScores[t]!);
          prevScores = s.scores;
        }
      }),
      { numRuns: 40 },
    );
  });

  it('point carrom: points credited equal the pieces in the pockets (the queen once covered)', () => {
    fc.assert(
      fc.property(fc.array(strikeArb, { minLength: 1, maxLength: 25 }), (strikes) => {
        const j = new Journal(env, { type: 'setup', game: 'carrom', variant: 'family-point', teams: ['A', 'B', 'C'], options: { players: 3 } });
        for (const r of strikes) {
          const before = j.state;
          if (before.over || before.turn === null) break;
          const s = j.strike(spec(before, r));
          if (s.round !== before.round) continue;
          const c = custom(s);
          const credited = c.credits.reduce((a, x) => a + x.points, 0);
          const value = (s.board.pocketed ?? []).reduce((a, p) => a + (p.kind === 'queen' ? (c.queen.at === 'covered' ? 25 : 0) : p.team === 'white' ? 10 : 5), 0);
          expect(credited).toBe(value);
          expect(s.board.discs.length + (s.board.pocketed ?? []).length).toBe(19);
        }
      }),
      { numRuns: 40 },
    );
  });
});
