/**
 * The live referee on tracker events made by hand: shots become journal events the rules fold,
 * the turn decides a disc of doubtful colour, a too-close call waits for a person and their
 * decision finishes the round, a hand taking a disc in play is reported.
 */
import { describe, expect, it } from 'vitest';
import type { BoardState, ShotEvent } from '../../rules/core/board-state.ts';
import { GAMES } from '../../rules/games/registry.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import type { TrackerEvent } from '../../vision/track/types.ts';
import { describe as describeMessage, LiveReferee, type RefereeMessage } from './live-referee.ts';

const env = { games: GAMES, profiles: BOARD_PROFILES };
const setup = { type: 'setup' as const, game: 'crokinole', teams: ['A', 'B'], options: { discsPerTeam: 1 } };
const R = 15.875;

function shot(t: number, s: Omit<ShotEvent, 'before'> & { before?: BoardState }): TrackerEvent {
  const before = s.before ?? { discs: [] };
  return { type: 'shot', tMs: t, shot: { ...s, before }, board: s.after, detail: { startMs: t - 1000, lastMotionMs: t - 100, calledMs: t, paths: {}, contacts: [], handSeen: true, takenByHandIds: [], detectMs: 10, warnings: [] } };
}

describe('LiveReferee', () => {
  it('plays a round: a draw to the 15, a hit, the round scored; every shot is in the journal', () => {
    const ref = new LiveReferee({ env, setup });
    const out: RefereeMessage[] = [];
    const a1 = { id: 'd1', team: 'A', xMm: 0, yMm: 50 };
    out.push(...ref.onTrackerEvent(shot(2000, { shooter: 'A', shotDiscId: 'd1', after: { discs: [a1] }, movedIds: ['d1'], hits: [] })));
    const b1 = { id: 'd2', team: 'B', xMm: 0, yMm: 150 };
    out.push(...ref.onTrackerEvent(shot(4000, { shooter: 'B', shotDiscId: 'd2', before: { discs: [a1] }, after: { discs: [{ ...a1, yMm: 60 }, b1] }, movedIds: ['d2', 'd1'], hits: [{ byId: 'd2', hitId: 'd1' }] })));
    const shots = out.filter((m) => m.type === 'shot');
    expect(shots).toHaveLength(2);
    expect(shots[0]).toMatchObject({ shooter: 'A', valid: true, boardScore: { A: 15, B: 0 } });
    expect(shots[1]).toMatchObject({ shooter: 'B', valid: true, hits: [{ byId: 'd2', hitId: 'd1' }] });
    const round = out.find((m) => m.type === 'round');
    expect(round).toMatchObject({ round: 1, points: { A: 5, B: 0 }, scores: { A: 5, B: 0 } });
    expect(ref.journal.map((e) => e.type)).toEqual(['setup', 'shot', 'shot']);
    expect(ref.state.scores).toEqual({ A: 5, B: 0 });
    for (const m of out) expect(describeMessage(m)).toMatch(/\S/);
  });

  it('a miss with an opponent on the board is ruled invalid and the disc is to be taken away', () => {
    const ref = new LiveReferee({ env, setup: { ...setup, options: { discsPerTeam: 2 } } });
    const a1 = { id: 'd1', team: 'A', xMm: 0, yMm: 50 };
    ref.onTrackerEvent(shot(2000, { shooter: 'A', shotDiscId: 'd1', after: { discs: [a1] }, movedIds: ['d1'], hits: [] }));
    const out = ref.onTrackerEvent(shot(4000, { shooter: 'B', shotDiscId: 'd2', before: { discs: [a1] }, after: { discs: [a1, { id: 'd2', team: 'B', xMm: 150, yMm: 0 }] }, movedIds: ['d2'], hits: [] }));
    const s = out.find((m) => m.type === 'shot');
    expect(s).toMatchObject({ valid: false, takeAway: ['d2'] });
  });

  it("the turn decides whose shot it is when the disc's colour says otherwise", () => {
    const ref = new LiveReferee({ env, setup });
    const out = ref.onTrackerEvent(shot(2000, { shooter: 'B', shotDiscId: 'd1', after: { discs: [{ id: 'd1', team: 'B', xMm: 0, yMm: 50 }] }, movedIds: ['d1'], hits: [] }));
    expect(out.find((m) => m.type === 'warning')).toBeDefined();
    expect(out.find((m) => m.type === 'shot')).toMatchObject({ shooter: 'A' });
    expect(ref.state.board.discs).toEqual([expect.objectContaining({ id: 'd1', team: 'A' })]);
  });

  it('a too-close call waits for a person; their decision scores the round', () => {
    const ref = new LiveReferee({ env, setup });
    const a1 = { id: 'd1', team: 'A', xMm: 0, yMm: 50 };
    ref.onTrackerEvent(shot(2000, { shooter: 'A', shotDiscId: 'd1', after: { discs: [a1] }, movedIds: ['d1'], hits: [] }));
    // B's disc ends 0.1 mm inside the 10 line's paint, measured +- 0.3 mm.
    const b1 = { id: 'd2', team: 'B', xMm: 0, yMm: -(203.2 - 1 - R - 0.1), uncertaintyMm: 0.3 };
    const out = ref.onTrackerEvent(shot(4000, { shooter: 'B', shotDiscId: 'd2', before: { discs: [a1] }, after: { discs: [a1, b1] }, movedIds: ['d2', 'd1'], hits: [{ byId: 'd2', hitId: 'd1' }] }));
    const waiting = out.find((m) => m.type === 'waiting');
    expect(waiting).toMatchObject({ pending: [expect.objectContaining({ id: 'd2' })] });
    expect(ref.state.rounds).toHaveLength(0);
    expect(ref.state.turn).toBeNull();
    const decided = ref.decide({ discId: 'd2', call: 'clear' }, 9000);
    expect(decided[0]).toMatchObject({ type: 'decided' });
    expect(ref.state.rounds).toHaveLength(1);
    expect(ref.state.scores).toEqual({ A: 5, B: 0 });
    expect(ref.journal.at(-1)).toEqual({ type: 'decision', decision: { discId: 'd2', call: 'clear' } });
  });

  it('a hand taking a disc that is in play is reported; one ruled out is not', () => {
    const ref = new LiveReferee({ env, setup: { ...setup, options: { discsPerTeam: 2 } } });
    const a1 = { id: 'd1', team: 'A', xMm: 0, yMm: 50 };
    ref.onTrackerEvent(shot(2000, { shooter: 'A', shotDiscId: 'd1', after: { discs: [a1] }, movedIds: ['d1'], hits: [] }));
    const taken = ref.onTrackerEvent({ type: 'board-change', tMs: 3000, board: { discs: [] }, removedIds: ['d1'], addedIds: [], movedIds: [], startMs: 2500, detectMs: 5 });
    expect(taken.filter((m) => m.type === 'warning')).toHaveLength(1);
    const other = ref.onTrackerEvent({ type: 'board-change', tMs: 3500, board: { discs: [] }, removedIds: ['d9'], addedIds: [], movedIds: [], startMs: 3200, detectMs: 5 });
    expect(other.filter((m) => m.type === 'warning')).toHaveLength(0);
  });
});
