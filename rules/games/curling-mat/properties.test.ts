import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { DiscState, ShotEvent } from '../../core/board-state.ts';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import { scoreCurlingBoard } from './calls.ts';
import { curlingMat } from './index.ts';

const profile = BOARD_PROFILES['curling-mat']!;
const ctx = { profile, options: curlingMat.defaultOptions };
const HOUSE_REACH_MM = 130; // house edge 110 + stone radius 20

interface Polar {
  team: 'A' | 'B';
  dMm: number;
  angleDeg: number;
  uncertaintyMm: number;
}

const polar = (maxU: number) =>
  fc.record({
    team: fc.constantFrom('A' as const, 'B' as const),
    dMm: fc.double({ min: 0, max: 200, noNaN: true }),
    angleDeg: fc.double({ min: 0, max: 360, noNaN: true }),
    uncertaintyMm: maxU === 0 ? fc.constant(0) : fc.double({ min: 0, max: maxU, noNaN: true }),
  });

function toDiscs(stones: readonly Polar[], turnDeg = 0): DiscState[] {
  return stones.map((s, i) => {
    const a = ((s.angleDeg + turnDeg) * Math.PI) / 180;
    return { id: `s${i}`, team: s.team, xMm: s.dMm * Math.cos(a), yMm: s.dMm * Math.sin(a), uncertaintyMm: s.uncertaintyMm };
  });
}

const score = (discs: DiscState[]) => scoreCurlingBoard({ discs }, ctx);

/** Stones whose distances are all at least 0.01 mm apart (no near ties). */
const distinct = (stones: Polar[]) => {
  const ds = stones.map((s) => s.dMm).sort((a, b) => a - b);
  return ds.every((d, i) => i === 0 || d - ds[i - 1]! >= 0.01);
};

describe('curling scoring invariants', () => {
  it('listing the stones in another order changes neither the points nor what waits for a person', () => {
    fc.assert(
      fc.property(
        fc.array(polar(1), { maxLength: 6 }).chain((xs) => fc.tuple(fc.constant(toDiscs(xs)), fc.shuffledSubarray(toDiscs(xs), { minLength: xs.length, maxLength: xs.length }))),
        ([discs, shuffled]) => {
          const a = score(discs);
          const b = score(shuffled);
          expect(b.points).toEqual(a.points);
          expect([...b.pendingIds].sort()).toEqual([...a.pendingIds].sort());
        },
      ),
    );
  });

  it('only one team scores, never more than its stones in the house, each closer than every opposing stone in it', () => {
    fc.assert(
      fc.property(fc.array(polar(1), { maxLength: 6 }), (xs) => {
        const s = score(toDiscs(xs));
        const scorers = Object.entries(s.points).filter(([, p]) => p > 0);
        expect(scorers.length).toBeLessThanOrEqual(1);
        for (const c of s.calls.filter((x) => x.points > 0)) {
          expect(c.zone).toBe('house');
          for (const o of s.calls.filter((x) => x.team !== c.team && x.zone === 'house')) {
            expect(c.distanceToCentreMm).toBeLessThan(o.distanceToCentreMm);
          }
        }
        for (const [team, p] of scorers) expect(p).toBeLessThanOrEqual(s.calls.filter((c) => c.team === team && c.zone === 'house').length);
        if (s.calls.every((c) => c.zone !== 'house')) expect(Object.values(s.points).every((p) => p === 0)).toBe(true);
      }),
    );
  });

  it('exact measures and no ties: the classic count (run of one team from the button), nothing waits', () => {
    fc.assert(
      fc.property(fc.array(polar(0), { maxLength: 6 }).filter(distinct), (xs) => {
        const s = score(toDiscs(xs));
        const inHouse = xs.filter((x) => x.dMm <= HOUSE_REACH_MM).sort((a, b) => a.dMm - b.dMm);
        const expected = { A: 0, B: 0 };
        const first = inHouse[0];
        if (first) {
          const run = inHouse.findIndex((x) => x.team !== first.team);
          expected[first.team] = run === -1 ? inHouse.length : run;
        }
        expect(s.points).toEqual(expected);
        expect(s.pendingIds).toEqual([]);
      }),
    );
  });

  it('turning the whole mat around the button changes no score (exact measures, no ties)', () => {
    fc.assert(
      fc.property(fc.array(polar(0), { maxLength: 6 }).filter(distinct), fc.double({ min: 0, max: 360, noNaN: true }), (xs, turnDeg) => {
        expect(score(toDiscs(xs, turnDeg)).points).toEqual(score(toDiscs(xs)).points);
      }),
    );
  });

  it('moving a stone away from the button never turns out-of-the-house into in it', () => {
    fc.assert(
      fc.property(polar(1), fc.double({ min: 0, max: 50, noNaN: true }), (p, awayMm) => {
        const near = score(toDiscs([p])).calls[0]!;
        const far = score(toDiscs([{ ...p, dMm: p.dMm + awayMm }])).calls[0]!;
        if (near.call === 'clear') expect(far.call).toBe('clear');
        if (near.zone === 'out') expect(far.zone).toBe('out');
      }),
    );
  });

  it('a push that stops farther up the mat is never removed where a shorter one stayed (hog line, no collision)', () => {
    const kept = (yMm: number, uncertaintyMm: number) => {
      const s: DiscState = { id: 's', team: 'A', xMm: 0, yMm, uncertaintyMm };
      const shot: ShotEvent = { shooter: 'A', shotDiscId: 's', before: { discs: [] }, after: { discs: [s] }, movedIds: ['s'] };
      return curlingMat.judgeShot(shot, ctx).board.discs.length === 1;
    };
    fc.assert(
      fc.property(fc.double({ min: -400, max: 100, noNaN: true }), fc.double({ min: 0, max: 40, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (yMm, upMm, u) => {
        if (kept(yMm, u)) expect(kept(yMm + upMm, u)).toBe(true);
      }),
    );
  });
});
