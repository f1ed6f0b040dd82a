import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DiscState, ShotEvent } from '../../core/board-state.ts';
import { pointToSegment } from '../../geometry/measure.ts';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import { callMatStone, scoreMatRound } from './calls.ts';
import { matFields } from './fields.ts';
import { SHUFFLEBOARD_MAT_DEFAULTS, type ShuffleboardMatOptions } from './options.ts';
import { judgeMatShot } from './shot.ts';

const mat = BOARD_PROFILES['shuffleboard-mat']!;
const fields = matFields(mat);
const strict = SHUFFLEBOARD_MAT_DEFAULTS;
const casual: ShuffleboardMatOptions = { ...strict, scoring: 'casual' };
const R = 22.5;

const stoneArb = (id: string) =>
  fc.record({
    id: fc.constant(id),
    team: fc.constantFrom('A', 'B'),
    xMm: fc.double({ min: -230, max: 230, noNaN: true }),
    yMm: fc.double({ min: 450, max: 930, noNaN: true }),
    uncertaintyMm: fc.constantFrom(0, 0.3, 1),
  }) as fc.Arbitrary<DiscState>;
const boardArb = fc.tuple(...['s1', 's2', 's3', 's4', 's5', 's6'].map(stoneArb));

describe('shuffleboard mat: invariants', () => {
  it('the score does not depend on the order the stones are listed in', () => {
    fc.assert(
      fc.property(boardArb, fc.constantFrom(strict, casual), (discs, options) => {
        const a = scoreMatRound({ discs }, mat, options, ['A', 'B']);
        const b = scoreMatRound({ discs: [...discs].reverse() }, mat, options, ['A', 'B']);
        expect(b.points).toEqual(a.points);
        expect([...b.pendingIds].sort()).toEqual([...a.pendingIds].sort());
      }),
    );
  });

  it('each team scores between -10 and +10 per stone', () => {
    fc.assert(
      fc.property(boardArb, fc.constantFrom(strict, casual), (discs, options) => {
        const s = scoreMatRound({ discs }, mat, options, ['A', 'B']);
        for (const t of ['A', 'B']) {
          const n = discs.filter((d) => d.team === t).length;
          expect(s.points[t]!).toBeGreaterThanOrEqual(-10 * n);
          expect(s.points[t]!).toBeLessThanOrEqual(10 * n);
        }
      }),
    );
  });

  it('strict: a stone that scores is clear of every painted line of every field and of the mat edge', () => {
    fc.assert(
      fc.property(stoneArb('s'), (d) => {
        const c = callMatStone({ ...d, uncertaintyMm: 0 }, mat, strict);
        if (c.points === 0) return;
        for (const f of fields) {
          for (let i = 0, j = f.polygon.length - 1; i < f.polygon.length; j = i++) {
            const a = f.polygon[j]!;
            const b = f.polygon[i]!;
            const dist = pointToSegment(d, { x1Mm: a.xMm, y1Mm: a.yMm, x2Mm: b.xMm, y2Mm: b.yMm }).distanceMm;
            expect(dist).toBeGreaterThan(R + f.lineWidthMm / 2);
          }
        }
        expect(Math.abs(d.xMm)).toBeLessThan(200 - R);
        expect(d.yMm).toBeLessThan(900 - R);
      }),
    );
  });

  it('strict: moving a stone toward the middle of the 10 field never turns clear into touching', () => {
    // The field is convex: clearance to its outline only grows on the way to the incentre.
    const incentre = { xMm: 0, yMm: 620 - 5000 / ((100 + 2 * Math.hypot(50, 100)) / 2) };
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0, max: 40, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (angle, farMm, share) => {
          const at = (r: number): DiscState => ({ id: 's', team: 'A', xMm: incentre.xMm + r * Math.cos(angle), yMm: incentre.yMm + r * Math.sin(angle) });
          const far = callMatStone(at(farMm), mat, strict);
          const near = callMatStone(at(farMm * share), mat, strict);
          expect(near.clearanceMm).toBeGreaterThanOrEqual(far.clearanceMm - 1e-9);
          if (far.call === 'clear' && far.zone === '10') expect(near.call).toBe('clear');
        },
      ),
    );
  });

  it('casual agrees with strict for every stone strict scores', () => {
    fc.assert(
      fc.property(stoneArb('s'), (d) => {
        const s = callMatStone({ ...d, uncertaintyMm: 0 }, mat, strict);
        if (s.points !== 0) expect(callMatStone({ ...d, uncertaintyMm: 0 }, mat, casual).points).toBe(s.points);
      }),
    );
  });

  it('a push charges at most the shooter, and only when the played stone left the mat', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('A', 'B'),
        fc.boolean(),
        fc.subarray(['b1', 'b2', 'a1']),
        (shooter, playedOff, knockedOff) => {
          const before = { discs: [{ id: 'b1', team: 'B', xMm: 0, yMm: 589 }, { id: 'b2', team: 'B', xMm: 50, yMm: 770 }, { id: 'a1', team: 'A', xMm: -50, yMm: 770 }] };
          const played = { id: 'x', team: shooter, xMm: 28, yMm: 675 };
          const after = { discs: [...before.discs.filter((d) => !knockedOff.includes(d.id)), ...(playedOff ? [] : [played])] };
          const shot: ShotEvent = { shooter, shotDiscId: 'x', before, after, removed: [...knockedOff, ...(playedOff ? ['x'] : [])].map((id) => ({ id, reason: 'off-board' as const })) };
          const r = judgeMatShot(shot, mat, strict);
          expect(r.immediatePoints).toEqual(playedOff ? { [shooter]: -10 } : {});
          expect(r.board.discs.map((d) => d.id).sort()).toEqual(after.discs.map((d) => d.id).sort());
        },
      ),
    );
  });
});
