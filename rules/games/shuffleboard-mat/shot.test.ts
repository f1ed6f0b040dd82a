import { describe, expect, it } from 'vitest';
import type { DiscState, ShotEvent } from '../../core/board-state.ts';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import { SHUFFLEBOARD_MAT_DEFAULTS } from './options.ts';
import { judgeMatShot } from './shot.ts';

const mat = BOARD_PROFILES['shuffleboard-mat']!;
const o = SHUFFLEBOARD_MAT_DEFAULTS;
const b1: DiscState = { id: 'b1', team: 'B', xMm: 0, yMm: 589 };

function shot(partial: Partial<ShotEvent> & { after: ShotEvent['after'] }): ShotEvent {
  return { shooter: 'A', shotDiscId: 'a1', before: { discs: [b1] }, ...partial };
}

describe('shuffleboard mat: judging a push', () => {
  it('a stone that stays on the mat is kept, nothing charged', () => {
    const r = judgeMatShot(shot({ after: { discs: [b1, { id: 'a1', team: 'A', xMm: 28, yMm: 675 }] } }), mat, o);
    expect(r.valid).toBe(true);
    expect(r.board.discs.map((d) => d.id)).toEqual(['b1', 'a1']);
    expect(r.immediatePoints).toEqual({});
  });

  it('the played stone reported off the mat is removed and costs its team 10 at once', () => {
    const r = judgeMatShot(shot({ after: { discs: [b1] }, removed: [{ id: 'a1', reason: 'off-board' }] }), mat, o);
    expect(r.board.discs.map((d) => d.id)).toEqual(['b1']);
    expect(r.removedIds).toEqual([{ id: 'a1', rule: 'left the mat' }]);
    expect(r.immediatePoints).toEqual({ A: -10 });
  });

  it('a played stone that touched the table and came back is still off', () => {
    const r = judgeMatShot(shot({ after: { discs: [b1, { id: 'a1', team: 'A', xMm: 190, yMm: 850 }] }, removed: [{ id: 'a1', reason: 'off-board' }] }), mat, o);
    expect(r.board.discs.map((d) => d.id)).toEqual(['b1']);
    expect(r.immediatePoints).toEqual({ A: -10 });
  });

  it('a played stone that vanished went off the mat', () => {
    const r = judgeMatShot(shot({ after: { discs: [b1] } }), mat, o);
    expect(r.immediatePoints).toEqual({ A: -10 });
  });

  it('a stone whose centre lies beyond the edge has fallen off', () => {
    const r = judgeMatShot(shot({ after: { discs: [b1, { id: 'a1', team: 'A', xMm: 0, yMm: 901 }] } }), mat, o);
    expect(r.board.discs.map((d) => d.id)).toEqual(['b1']);
    expect(r.immediatePoints).toEqual({ A: -10 });
  });

  it('a centre too close to the edge to call stays on the mat, with a note', () => {
    const r = judgeMatShot(shot({ after: { discs: [b1, { id: 'a1', team: 'A', xMm: 0, yMm: 899.9, uncertaintyMm: 0.5 }] } }), mat, o);
    expect(r.board.discs.map((d) => d.id)).toEqual(['b1', 'a1']);
    expect(r.immediatePoints).toEqual({});
    expect(r.notes.join(' ')).toMatch(/too close/);
  });

  it('the played stone leaving after a collision still costs 10; the stone it knocked off costs nothing', () => {
    const r = judgeMatShot(
      shot({ after: { discs: [] }, hits: [{ byId: 'a1', hitId: 'b1' }], removed: [{ id: 'a1', reason: 'off-board' }, { id: 'b1', reason: 'off-board' }] }),
      mat,
      o,
    );
    expect(r.board.discs).toEqual([]);
    expect(r.immediatePoints).toEqual({ A: -10 });
  });

  it('with knockedOffCostsOwner, the knocked-off stone costs its own team', () => {
    const r = judgeMatShot(shot({ after: { discs: [{ id: 'a1', team: 'A', xMm: 0, yMm: 589 }] }, removed: [{ id: 'b1', reason: 'off-board' }] }), mat, { ...o, knockedOffCostsOwner: true });
    expect(r.immediatePoints).toEqual({ B: -10 });
  });

  it('released past the release line: the shot is void and the stones go back', () => {
    const r = judgeMatShot(
      shot({ after: { discs: [{ ...b1, yMm: 700 }, { id: 'a1', team: 'A', xMm: 0, yMm: 589 }] }, delivery: { releasedBeforeLine: false } }),
      mat,
      o,
    );
    expect(r.valid).toBe(false);
    expect(r.board.discs).toEqual([b1]);
    expect(r.removedIds).toEqual([{ id: 'a1', rule: 'released past the release line' }]);
  });

  it('lateRelease "ignore" keeps a late push as it lies', () => {
    const r = judgeMatShot(shot({ after: { discs: [b1, { id: 'a1', team: 'A', xMm: 28, yMm: 675 }] }, delivery: { releasedBeforeLine: false } }), mat, { ...o, lateRelease: 'ignore' });
    expect(r.valid).toBe(true);
    expect(r.board.discs).toHaveLength(2);
  });
});
