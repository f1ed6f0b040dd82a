import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { DiscState, ShotEvent } from '../../core/board-state.ts';
import type { MatchState } from '../../core/match-state.ts';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import { nanoCurling } from './index.ts';
import { lagOutcome } from './lag.ts';

const profile = BOARD_PROFILES['nano-curling-sheet']!;
const ctx = { profile, options: nanoCurling.defaultOptions };

const point = fc.record({ xMm: fc.double({ min: -150, max: 150, noNaN: true }), yMm: fc.double({ min: -340, max: 160, noNaN: true }) });
const stones = fc.array(fc.record({ team: fc.constantFrom('A', 'B'), at: point, uncertaintyMm: fc.double({ min: 0, max: 1, noNaN: true }) }), { maxLength: 8 });
const toDiscs = (xs: { team: string; at: { xMm: number; yMm: number }; uncertaintyMm: number }[]): DiscState[] =>
  xs.map((x, i) => ({ id: `s${i}`, team: x.team, ...x.at, uncertaintyMm: x.uncertaintyMm }));

function oneStoneShot(at: { xMm: number; yMm: number }): ShotEvent {
  return { shooter: 'A', shotDiscId: 's', before: { discs: [] }, after: { discs: [{ id: 's', team: 'A', ...at }] }, movedIds: ['s'] };
}
const stays = (at: { xMm: number; yMm: number }) => nanoCurling.judgeShot(oneStoneShot(at), ctx).board.discs.length === 1;

describe('nano curling invariants', () => {
  it('scores do not depend on the order the stones are listed in; only one team scores', () => {
    fc.assert(
      fc.property(stones.chain((xs) => fc.tuple(fc.constant(toDiscs(xs)), fc.shuffledSubarray(toDiscs(xs), { minLength: xs.length, maxLength: xs.length }))), ([discs, shuffled]) => {
        const a = nanoCurling.scoreRound({ discs }, ctx);
        const b = nanoCurling.scoreRound({ discs: shuffled }, ctx);
        expect(b.points).toEqual(a.points);
        expect(Object.values(a.points).filter((p) => p > 0).length).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('a stone farther toward the back line or a side edge is never kept where a nearer one was removed', () => {
    fc.assert(
      fc.property(point, fc.double({ min: 0, max: 30, noNaN: true }), fc.constantFrom('back', 'left', 'right'), (at, stepMm, way) => {
        if (at.yMm < -300) return; // short-line removals are a different rule
        const moved = way === 'back' ? { ...at, yMm: at.yMm + stepMm } : { ...at, xMm: at.xMm + (way === 'left' ? -stepMm : stepMm) };
        const outward = way === 'back' ? at.yMm > 0 : way === 'left' ? at.xMm < 0 : at.xMm > 0;
        if (outward && !stays(at)) expect(stays(moved)).toBe(false);
      }),
    );
  });

  it('a free-guard-zone foul gives back exactly the board before the throw, without the thrown stone', () => {
    const options = { ...nanoCurling.defaultOptions, freeGuardZone: true };
    const match = { shotsThisRound: 1, custom: { phase: 'play', questions: [] } } as unknown as MatchState;
    fc.assert(
      fc.property(
        fc.record({ xMm: fc.double({ min: -120, max: 120, noNaN: true }), yMm: fc.double({ min: -330, max: -120, noNaN: true }) }),
        fc.array(point, { maxLength: 3 }),
        (guardAt, movedTo) => {
          const guard: DiscState = { id: 'g', team: 'A', ...guardAt };
          const others: DiscState[] = movedTo.map((_, i) => ({ id: `o${i}`, team: 'A', xMm: -100 + 60 * i, yMm: 40 }));
          const after = [...others.map((o, i) => ({ ...o, ...movedTo[i]! })), { id: 't', team: 'B', xMm: 0, yMm: 0 }];
          const shot: ShotEvent = {
            shooter: 'B',
            shotDiscId: 't',
            before: { discs: [guard, ...others] },
            after: { discs: after },
            movedIds: ['t', 'g', ...others.map((o) => o.id)],
            removed: [{ id: 'g', reason: 'back-line' }],
          };
          const r = nanoCurling.judgeShot(shot, { profile, options, match });
          expect(r.valid).toBe(false);
          expect(r.board.discs).toEqual([guard, ...others]);
        },
      ),
    );
  });

  it('the lag is fair: swapping the two stones swaps who starts', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 300, noNaN: true }), fc.double({ min: 0, max: 300, noNaN: true }), (dA, dB) => {
        const one = lagOutcome(['A', 'B'], { A: { id: 'a', distanceMm: dA, uncertaintyMm: 0.1 }, B: { id: 'b', distanceMm: dB, uncertaintyMm: 0.1 } });
        const two = lagOutcome(['A', 'B'], { A: { id: 'a', distanceMm: dB, uncertaintyMm: 0.1 }, B: { id: 'b', distanceMm: dA, uncertaintyMm: 0.1 } });
        expect(two.decided).toBe(one.decided);
        if (one.decided && two.decided) expect(two.starter).not.toBe(one.starter);
        if (one.decided) expect(one.starter).toBe(dA < dB ? 'B' : 'A');
      }),
    );
  });
});
