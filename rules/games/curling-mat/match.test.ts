import { describe, expect, it } from 'vitest';
import type { DiscState, ShotEvent } from '../../core/board-state.ts';
import type { MatchEvent, MatchState } from '../../core/match-state.ts';
import { foldJournal, undo } from '../../core/match.ts';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import { GAMES } from '../registry.ts';

const env = { games: GAMES, profiles: BOARD_PROFILES };

/**
 * One push, in the order the engine asks for them (the team comes from the match's turn):
 * a number is a stone that stops that far (mm) from the button; 'guard' stops in front of the
 * house past the hog line; 'short' stops before the hog line; 'off' leaves the mat; 'overhang'
 * rests with its centre on the mat and 10 mm hanging over the side edge.
 */
type Push = number | 'guard' | 'short' | 'off' | 'overhang' | { dMm: number; angleDeg: number };

function place(push: Push, i: number): { xMm: number; yMm: number } | null {
  if (push === 'off') return null;
  if (push === 'guard') return { xMm: -100 + 40 * (i % 6), yMm: -140 };
  if (push === 'short') return { xMm: -100 + 40 * (i % 6), yMm: -300 };
  if (push === 'overhang') return { xMm: 150, yMm: -100 };
  const { dMm, angleDeg } = typeof push === 'number' ? { dMm: push, angleDeg: 90 + 53 * i } : push;
  const a = (angleDeg * Math.PI) / 180;
  return { xMm: dMm * Math.cos(a), yMm: dMm * Math.sin(a) };
}

/** The shot event for the next push, built on the board the match holds now. */
function shotFor(state: MatchState, push: Push): ShotEvent {
  const team = state.turn!;
  const id = `e${state.round}-${state.shotsThisRound + 1}${team}`;
  const at = place(push, state.shotsThisRound);
  const stone: DiscState[] = at ? [{ id, team, ...at }] : [];
  const shot: ShotEvent = { shooter: team, shotDiscId: id, before: state.board, after: { discs: [...state.board.discs, ...stone] }, movedIds: [id], hits: [] };
  if (!at) shot.removed = [{ id, reason: 'off-board' }];
  return shot;
}

/** Fold the journal after every event, as the live referee does, so each shot sees the ruled board. */
class Match {
  journal: MatchEvent[];
  constructor(setup: Extract<MatchEvent, { type: 'setup' }>) {
    this.journal = [setup];
  }
  get state(): MatchState {
    const r = foldJournal(env, this.journal);
    if (!r.state) throw new Error(r.error);
    return r.state;
  }
  push(...pushes: Push[]): this {
    for (const p of pushes) this.journal.push({ type: 'shot', shot: shotFor(this.state, p) });
    return this;
  }
  event(e: MatchEvent): this {
    this.journal.push(e);
    return this;
  }
}

describe('curling mat: a full match of 8 ends and two extra ends', () => {
  const m = new Match({ type: 'setup', game: 'curling-mat', teams: ['A', 'B'], starter: 'A' });
  const starters: string[] = [];
  const hammers: (string | null)[] = [];
  const endStart = () => {
    starters.push(m.state.starter);
    hammers.push(m.state.hammer);
  };

  it('end 1: A 20 & 40 closer than B 60: A scores 2 and starts again', () => {
    endStart();
    m.push(20, 60, 40, 'short', 'guard', 100);
    const s = m.state;
    expect(s.rounds[0]!.points).toEqual({ A: 2, B: 0 });
    expect(s.log.join('\n')).toMatch(/round 1: e1-4B did not cross the hog line with its whole circumference/);
    expect(s.starter).toBe('A');
  });

  it('end 2: B scores 2; a stone that left the mat is gone', () => {
    endStart();
    m.push(70, 30, 'off', 50, 90, 'guard');
    expect(m.state.rounds[1]!.points).toEqual({ A: 0, B: 2 });
    expect(m.state.rounds[1]!.calls.map((c) => c.id)).not.toContain('e2-3A');
    expect(m.state.starter).toBe('B');
  });

  it('end 3: nobody in the house, 0-0: the same team (B) starts again', () => {
    endStart();
    m.push('short', 'short', 'guard', 'guard', 'off', 'short');
    expect(m.state.rounds[2]!.points).toEqual({ A: 0, B: 0 });
    expect(m.state.starter).toBe('B');
  });

  it('end 4: the closest stones cannot be told apart: the end waits, a shot is refused, a person names the closer', () => {
    endStart();
    m.push({ dMm: 50, angleDeg: 30 }, { dMm: 50, angleDeg: 150 }, 'guard', 'guard', 'guard', { dMm: 80, angleDeg: 270 });
    let s = m.state;
    expect(s.rounds).toHaveLength(3);
    expect(s.turn).toBeNull();
    expect([...s.pendingIds].sort()).toEqual(['e4-1B', 'e4-2A']);
    expect(s.pendingScore?.points).toEqual({ A: 0, B: 0 });
    m.push(10);
    expect(m.state.rejected.at(-1)?.reason).toMatch(/waiting for a decision/);
    m.journal.pop();
    m.event({ type: 'decision', decision: { discId: 'e4-2A', call: 'touching', winnerId: 'e4-2A' } });
    s = m.state;
    expect(s.rounds[3]!.points).toEqual({ A: 1, B: 0 });
    expect(s.starter).toBe('A');
  });

  it('end 5: undo takes back a push; A scores 1', () => {
    endStart();
    m.push(10, 'off');
    m.journal = undo(m.journal);
    expect(m.state.shotsThisRound).toBe(1);
    expect(m.state.turn).toBe('B');
    m.push(20, 30, 40, 50, 60);
    expect(m.state.rounds[4]!.points).toEqual({ A: 1, B: 0 });
  });

  it('end 6: B puts three in; end 7: A one; 5-5 after seven', () => {
    endStart();
    m.push('guard', 10, 'guard', 20, 'guard', 30);
    expect(m.state.rounds[5]!.points).toEqual({ A: 0, B: 3 });
    expect(m.state.starter).toBe('B');
    endStart();
    m.push(100, 25, 'guard', 'guard', 'guard', 'guard');
    expect(m.state.rounds[6]!.points).toEqual({ A: 1, B: 0 });
    expect(m.state.scores).toEqual({ A: 5, B: 5 });
  });

  it('end 8: 0-0 leaves a tie: an extra end, and another after a blank extra end', () => {
    endStart();
    m.push('short', 'short', 'short', 'short', 'short', 'short');
    expect(m.state.over).toBe(false);
    expect(m.state.round).toBe(9);
    expect(m.state.log.join('\n')).toMatch(/tied A 5 - B 5 after end 8: extra end/);
    endStart();
    m.push('guard', 'guard', 'guard', 'guard', 'guard', 'guard');
    expect(m.state.over).toBe(false);
    expect(m.state.round).toBe(10);
  });

  it('end 10: B scores and wins 6-5; the match takes no more shots', () => {
    endStart();
    m.push('guard', 15, 'guard', 'guard', 'guard', 'guard');
    const s = m.state;
    expect(s.rounds.map((r) => r.points.A)).toEqual([2, 0, 0, 1, 1, 0, 1, 0, 0, 0]);
    expect(s.rounds.map((r) => r.points.B)).toEqual([0, 2, 0, 0, 0, 3, 0, 0, 0, 1]);
    expect(s.scores).toEqual({ A: 5, B: 6 });
    expect(s.over).toBe(true);
    expect(s.winner).toBe('B');
    expect(s.turn).toBeNull();
    expect(starters).toEqual(['A', 'A', 'B', 'B', 'A', 'A', 'B', 'A', 'A', 'A']);
    expect(hammers).toEqual(starters.map((t) => (t === 'A' ? 'B' : 'A')));
    expect(s.rejected).toEqual([]);
    m.push(10);
    expect(m.state.rejected.at(-1)?.reason).toBe('the match is over');
  });
});

describe('curling mat variants, each through a whole match', () => {
  it('four-ends: the match is over after 4 ends', () => {
    const m = new Match({ type: 'setup', game: 'curling-mat', variant: 'four-ends', teams: ['red', 'yellow'], starter: 'yellow' });
    m.push(20, 60, 40, 'short', 'guard', 100); // yellow 2
    m.push(70, 30, 'off', 50, 90, 'guard'); // red 2 (yellow started again)
    m.push('guard', 'guard', 'guard', 'guard', 'guard', 'guard'); // 0-0, red starts again
    m.push(40, 10, 'guard', 'guard', 'guard', 'guard'); // yellow 1
    const s = m.state;
    expect(s.rounds.map((r) => r.points)).toEqual([
      { red: 0, yellow: 2 },
      { red: 2, yellow: 0 },
      { red: 0, yellow: 0 },
      { red: 0, yellow: 1 },
    ]);
    expect(s).toMatchObject({ over: true, winner: 'yellow', scores: { red: 2, yellow: 3 } });
  });

  it('strict-mat-edge: a stone hanging over the edge is removed; standard leaves it', () => {
    const play = (variant: string) => {
      const m = new Match({ type: 'setup', game: 'curling-mat', variant, teams: ['A', 'B'] });
      for (let end = 0; end < 9; end++) m.push('overhang', 30, 'guard', 'guard', 'guard', 'guard');
      return m;
    };
    const strict = play('strict-mat-edge').state;
    const standard = play('standard').state;
    expect(strict.rounds[0]!.calls.map((c) => c.id)).not.toContain('e1-1A');
    expect(standard.rounds[0]!.calls.map((c) => c.id)).toContain('e1-1A');
    // The second thrower's stone 30 mm from the button scores every end, so the starter alternates:
    // 4-4 after 8 ends, and B (second in the extra end) wins it.
    for (const s of [strict, standard]) {
      expect(s.rounds.map((r) => (r.points.A === 1 ? 'A' : 'B')).join('')).toBe('BABABABAB');
      expect(s).toMatchObject({ over: true, winner: 'B', scores: { A: 4, B: 5 } });
    }
  });

  it('casual: no hog-line removals, so short stones stay as guards', () => {
    const m = new Match({ type: 'setup', game: 'curling-mat', variant: 'casual', teams: ['A', 'B'] });
    m.push('short', 'short', 20, 'short', 'short', 'short');
    expect(m.state.rounds[0]!.calls).toHaveLength(6);
    expect(m.state.rounds[0]!.points).toEqual({ A: 1, B: 0 });
    for (let end = 1; end < 8; end++) m.push(40, 'short', 'short', 'short', 'short', 'short');
    expect(m.state).toMatchObject({ over: true, winner: 'A', scores: { A: 8, B: 0 } });
  });

  it('an unknown variant is refused when the match is set up', () => {
    const r = foldJournal(env, [{ type: 'setup', game: 'curling-mat', variant: 'on-ice', teams: ['A', 'B'] }]);
    expect(r.state).toBeNull();
    expect(r.error).toMatch(/unknown variant "on-ice" for curling-mat; known: standard, four-ends/);
  });
});
