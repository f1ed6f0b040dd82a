import { describe, expect, it } from 'vitest';
import type { DiscState, ShotEvent } from '../../core/board-state.ts';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import { TABLE_SHUFFLEBOARD_DEFAULTS, TABLE_SHUFFLEBOARD_VARIANTS } from './options.ts';
import { judgeTableShot } from './shot.ts';

const table = BOARD_PROFILES['table-shuffleboard-9ft']!;
const o = TABLE_SHUFFLEBOARD_DEFAULTS;
const tapAndDraw = { ...o, ...TABLE_SHUFFLEBOARD_VARIANTS['tap-and-draw'] };
const p = (id: string, yMm: number, xMm = 0): DiscState => ({ id, team: id[0]!.toUpperCase(), xMm, yMm });
const ids = (discs: readonly DiscState[]) => discs.map((d) => d.id).sort();

describe('table shuffleboard: judging a throw', () => {
  it('a puck that stops short of the foul line is removed at once', () => {
    const shot: ShotEvent = { shooter: 'A', shotDiscId: 'a1', before: { discs: [p('b1', 1000)] }, after: { discs: [p('b1', 1000), p('a1', 350)] } };
    const r = judgeTableShot(shot, table, o, 'far');
    expect(ids(r.board.discs)).toEqual(['b1']);
    expect(r.removedIds).toEqual([{ id: 'a1', rule: 'did not reach the foul line' }]);
  });

  it('a puck too close to the foul line to call stays, with a note', () => {
    const shot: ShotEvent = { shooter: 'A', shotDiscId: 'a1', before: { discs: [] }, after: { discs: [{ ...p('a1', 429.3 - 26.9875 - 0.1), uncertaintyMm: 0.5 }] } };
    const r = judgeTableShot(shot, table, o, 'far');
    expect(ids(r.board.discs)).toEqual(['a1']);
    expect(r.notes.join(' ')).toMatch(/too close to the foul line/);
  });

  it('pucks knocked off the table are gone; in the standard game that is the point', () => {
    const shot: ShotEvent = { shooter: 'A', shotDiscId: 'a1', before: { discs: [p('b1', 1200)] }, after: { discs: [p('a1', 1150)] }, removed: [{ id: 'b1', reason: 'off-board' }] };
    const r = judgeTableShot(shot, table, o, 'far');
    expect(r.valid).toBe(true);
    expect(ids(r.board.discs)).toEqual(['a1']);
  });

  it('a puck whose centre is past the end has fallen off', () => {
    const shot: ShotEvent = { shooter: 'A', shotDiscId: 'a1', before: { discs: [] }, after: { discs: [p('a1', 1275)] } };
    expect(judgeTableShot(shot, table, o, 'far').board.discs).toEqual([]);
  });

  it('tap & draw: knocking an opponent off removes the thrower\'s puck and puts theirs back', () => {
    const before = [p('b1', 1200), p('a2', 900)];
    const shot: ShotEvent = { shooter: 'A', shotDiscId: 'a1', before: { discs: before }, after: { discs: [p('a2', 900), p('a1', 1180)] }, removed: [{ id: 'b1', reason: 'off-board' }] };
    const r = judgeTableShot(shot, table, tapAndDraw, 'far');
    expect(r.valid).toBe(false);
    expect(ids(r.board.discs)).toEqual(['a2', 'b1']);
    expect(r.board.discs.find((d) => d.id === 'b1')).toEqual(before[0]);
  });

  it('tap & draw: an own puck moved into the furthest position goes back too', () => {
    const before = [p('b1', 1100), p('a2', 1000), p('a3', 800)];
    const after = [p('a2', 1250), p('a3', 820), p('a1', 1050)];
    const shot: ShotEvent = { shooter: 'A', shotDiscId: 'a1', before: { discs: before }, after: { discs: after }, movedIds: ['a2', 'a3'], removed: [{ id: 'b1', reason: 'off-board' }] };
    const r = judgeTableShot(shot, table, tapAndDraw, 'far');
    // b1 back at 1100, a2 back at 1000 (it was furthest); a3 stays where it was knocked (not furthest).
    expect(r.board.discs.find((d) => d.id === 'b1')!.yMm).toBe(1100);
    expect(r.board.discs.find((d) => d.id === 'a2')!.yMm).toBe(1000);
    expect(r.board.discs.find((d) => d.id === 'a3')!.yMm).toBe(820);
    expect(r.board.discs.some((d) => d.id === 'a1')).toBe(false);
  });

  it('tap & draw: knocking your own puck off loses it, nothing is restored', () => {
    const shot: ShotEvent = { shooter: 'A', shotDiscId: 'a1', before: { discs: [p('a2', 1200)] }, after: { discs: [p('a1', 1150)] }, removed: [{ id: 'a2', reason: 'off-board' }] };
    const r = judgeTableShot(shot, table, tapAndDraw, 'far');
    expect(r.valid).toBe(true);
    expect(ids(r.board.discs)).toEqual(['a1']);
  });

  it('the near end is judged mirrored', () => {
    const shot: ShotEvent = { shooter: 'A', shotDiscId: 'a1', before: { discs: [] }, after: { discs: [p('a1', -350)] } };
    expect(judgeTableShot(shot, table, o, 'near').board.discs).toEqual([]);
    const ok: ShotEvent = { shooter: 'A', shotDiscId: 'a1', before: { discs: [] }, after: { discs: [p('a1', -1200)] } };
    expect(ids(judgeTableShot(ok, table, o, 'near').board.discs)).toEqual(['a1']);
  });
});
