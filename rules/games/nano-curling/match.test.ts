import { describe, expect, it } from 'vitest';
import type { DiscState, ShotEvent } from '../../core/board-state.ts';
import type { MatchEvent, MatchState } from '../../core/match-state.ts';
import { foldJournal, undo } from '../../core/match.ts';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import { GAMES } from '../registry.ts';

const env = { games: GAMES, profiles: BOARD_PROFILES };

/**
 * One throw, in the order the engine asks for them: a number stops that far (mm) from the
 * button; 'guard' stops in the free guard zone; 'short' stops before the second control line;
 * 'back' ends wholly past the back line; 'off' falls off a side edge; { at } stops at a point;
 * { takeout } knocks that stone off the back of the sheet and stops at `at` (default the button).
 */
type Throw = number | 'guard' | 'short' | 'back' | 'off' | { at: [number, number] } | { takeout: string; at?: [number, number] };

function place(t: Throw, i: number): { xMm: number; yMm: number } | null {
  if (t === 'off') return null;
  if (t === 'guard') return { xMm: -105 + 30 * (i % 8), yMm: -200 };
  if (t === 'short') return { xMm: -105 + 30 * (i % 8), yMm: -400 };
  if (t === 'back') return { xMm: 0, yMm: 140 };
  if (typeof t === 'object') {
    const [xMm, yMm] = t.at ?? [0, 0];
    return { xMm, yMm };
  }
  const a = ((90 + 47 * i) * Math.PI) / 180;
  return { xMm: t * Math.cos(a), yMm: t * Math.sin(a) };
}

function shotFor(state: MatchState, t: Throw): ShotEvent {
  const team = state.turn!;
  const id = state.custom.phase === 'lag' ? `lag-${team}${state.log.length}` : `e${state.round}-${state.shotsThisRound + 1}${team}`;
  const at = place(t, state.shotsThisRound);
  const target = typeof t === 'object' && 'takeout' in t ? t.takeout : null;
  const others = state.board.discs.filter((d) => d.id !== target);
  const stone: DiscState[] = at ? [{ id, team, ...at }] : [];
  const shot: ShotEvent = { shooter: team, shotDiscId: id, before: state.board, after: { discs: [...others, ...stone] }, movedIds: target ? [id, target] : [id], hits: target ? [{ byId: id, hitId: target }] : [] };
  const removed: NonNullable<ShotEvent['removed']> = [];
  if (!at) removed.push({ id, reason: 'side-line' });
  if (target) removed.push({ id: target, reason: 'back-line' });
  if (removed.length > 0) shot.removed = removed;
  return shot;
}

class Match {
  journal: MatchEvent[];
  constructor(setup: Omit<Extract<MatchEvent, { type: 'setup' }>, 'type' | 'game'>) {
    this.journal = [{ type: 'setup', game: 'nano-curling', ...setup }];
  }
  get state(): MatchState {
    const r = foldJournal(env, this.journal);
    if (!r.state) throw new Error(r.error);
    return r.state;
  }
  throw(...ts: Throw[]): this {
    for (const t of ts) this.journal.push({ type: 'shot', shot: shotFor(this.state, t) });
    return this;
  }
  /** An end in which the team throwing second puts one stone 30 mm from the button: it scores 1. */
  secondScores(): this {
    return this.throw('guard', 30, 'guard', 'guard', 'guard', 'guard', 'guard', 'guard');
  }
}

const ab = (s: MatchState) => s.rounds.map((r) => `${r.points.A}-${r.points.B}`);

describe('nano curling, standard: 8 ends, one extra end on a tie', () => {
  it('4-4 after eight ends; the extra end decides; the end scorer throws first next', () => {
    const m = new Match({ teams: ['A', 'B'], starter: 'A' });
    const starters: string[] = [];
    for (let end = 0; end < 9; end++) {
      starters.push(m.state.starter);
      expect(m.state.hammer).toBe(m.state.starter === 'A' ? 'B' : 'A');
      m.secondScores();
      if (end === 7) expect(m.state.log.join('\n')).toMatch(/tied A 4 - B 4 after end 8: extra end/);
    }
    const s = m.state;
    expect(starters).toEqual(['A', 'B', 'A', 'B', 'A', 'B', 'A', 'B', 'A']);
    expect(ab(s)).toEqual(['0-1', '1-0', '0-1', '1-0', '0-1', '1-0', '0-1', '1-0', '0-1']);
    expect(s).toMatchObject({ over: true, winner: 'B', scores: { A: 4, B: 5 }, turn: null });
  });

  it('a blank extra end leaves the match drawn (one extra end only); the setting allows more', () => {
    const m = new Match({ teams: ['A', 'B'] });
    for (let end = 0; end < 8; end++) m.secondScores();
    m.throw('guard', 'guard', 'short', 'back', 'off', 'guard', 'guard', 'guard');
    expect(m.state).toMatchObject({ over: true, winner: null, scores: { A: 4, B: 4 } });
    expect(m.state.log.at(-1)).toBe('match drawn A 4 - B 4 after 1 extra end(s)');

    const more = new Match({ teams: ['A', 'B'], options: { maxExtraEnds: null } });
    for (let end = 0; end < 8; end++) more.secondScores();
    more.throw('guard', 'guard', 'short', 'back', 'off', 'guard', 'guard', 'guard');
    expect(more.state).toMatchObject({ over: false, round: 10, starter: 'A' });
    more.secondScores();
    expect(more.state).toMatchObject({ over: true, winner: 'B' });
  });

  it('an end with a disputed closest pair waits; a "level" ruling applies the disputed rule; undo works inside an end', () => {
    const m = new Match({ teams: ['A', 'B'] });
    m.throw({ at: [50, 0] }, { at: [-50, 0] }, 'guard', 'guard', 'guard');
    m.journal = undo(m.journal);
    expect(m.state.shotsThisRound).toBe(4);
    m.throw('guard', 'guard', 'guard', 'guard');
    let s = m.state;
    expect([...s.pendingIds].sort()).toEqual(['e1-1A', 'e1-2B']);
    m.journal.push({ type: 'decision', decision: { discId: 'e1-1A', call: 'touching', winnerId: 'level' } });
    s = m.state;
    expect(ab(s)).toEqual(['0-0']);
    expect(s.starter).toBe('A');
  });
});

describe('nano curling, first-to-10', () => {
  it('no fixed number of ends: the first team to 10 wins', () => {
    const m = new Match({ variant: 'first-to-10', teams: ['A', 'B'] });
    const aFour = () => m.throw(10, 'guard', 20, 'guard', 30, 'guard', 40, 'guard');
    aFour();
    aFour();
    expect(m.state.starter).toBe('A');
    m.throw('guard', 10, 'guard', 20, 'guard', 30, 'guard', 'guard'); // B 3
    expect(m.state.starter).toBe('B');
    m.throw('guard', 15, 'guard', 25, 'guard', 'guard', 'guard', 'guard'); // A 2: 10
    const s = m.state;
    expect(ab(s)).toEqual(['4-0', '4-0', '0-3', '2-0']);
    expect(s).toMatchObject({ over: true, winner: 'A', scores: { A: 10, B: 3 } });
    expect(s.log.at(-1)).toBe('A reaches 10 and wins the match (A 10 - B 3)');
  });

  it('keeps going past eight ends while nobody has 10', () => {
    const m = new Match({ variant: 'first-to-10', teams: ['A', 'B'] });
    for (let end = 0; end < 12; end++) m.secondScores();
    expect(m.state).toMatchObject({ over: false, round: 13, scores: { A: 6, B: 6 } });
  });
});

describe('nano curling, agreed numbers of ends', () => {
  it.each([
    ['ends-4', 4],
    ['ends-6', 6],
    ['ends-10', 10],
  ])('%s: a tie after %i ends goes to one extra end', (variant, ends) => {
    const m = new Match({ variant, teams: ['A', 'B'] });
    for (let end = 0; end < ends; end++) m.secondScores();
    expect(m.state.over).toBe(false);
    m.throw(30, 'guard', 'guard', 'guard', 'guard', 'guard', 'guard', 'guard'); // the starter scores this time
    expect(m.state.rounds).toHaveLength(ends + 1);
    expect(m.state).toMatchObject({ over: true, winner: 'A', scores: { A: ends / 2 + 1, B: ends / 2 } });
  });

  it('any other agreed number is the `ends` option', () => {
    const m = new Match({ teams: ['A', 'B'], options: { ends: 3 } });
    for (let end = 0; end < 3; end++) m.secondScores();
    expect(m.state).toMatchObject({ over: true, winner: 'B', scores: { A: 1, B: 2 } });
  });
});

describe('nano curling, free guard zone', () => {
  it('a takeout of a guard on throw 2 is undone; on throw 4 it stands; eight ends to a winner', () => {
    const m = new Match({ variant: 'free-guard-zone', teams: ['A', 'B'] });
    m.throw('guard'); // e1-1A guards
    m.throw({ takeout: 'e1-1A', at: [0, 20] }); // throw 2: guard knocked out
    let s = m.state;
    expect(s.lastShot?.valid).toBe(false);
    expect(s.board.discs.map((d) => d.id)).toEqual(['e1-1A']);
    expect(s.board.discs[0]).toMatchObject({ xMm: -105, yMm: -200 });
    expect(s.turn).toBe('A');
    m.throw(60); // throw 3: A in the house
    m.throw({ takeout: 'e1-1A', at: [0, 20] }); // throw 4: allowed
    s = m.state;
    expect(s.lastShot?.valid).toBe(true);
    expect(s.board.discs.map((d) => d.id).sort()).toEqual(['e1-3A', 'e1-4B']);
    m.throw('guard', 'guard', 'guard', 'guard');
    expect(ab(m.state)).toEqual(['0-1']);
    for (let end = 1; end < 9; end++) m.secondScores();
    // B scored end 1 and starts end 2, so A scores ends 2, 4, 6, 8 and B ends 3, 5, 7: 4-4, and
    // B, throwing second in the extra end, wins it.
    expect(ab(m.state).slice(1)).toEqual(['1-0', '0-1', '1-0', '0-1', '1-0', '0-1', '1-0', '0-1']);
    expect(m.state).toMatchObject({ over: true, winner: 'B', scores: { A: 4, B: 5 } });
  });
});

describe('nano curling, lag for the first end', () => {
  it('each team throws one stone; a tie is lagged again; the closer team throws last', () => {
    const m = new Match({ variant: 'lag', teams: ['A', 'B'], starter: 'A' });
    expect(m.state).toMatchObject({ turn: 'A', hammer: null, custom: { phase: 'lag' } });
    m.throw({ at: [0, 5] }, { at: [40, -5] });
    expect(m.state.log.at(-1)).toMatch(/lag: A and B cannot be told apart .* lag again/);
    expect(m.state).toMatchObject({ turn: 'A', shotsThisRound: 0, board: { discs: [] } });
    m.throw({ at: [0, 30] }, { at: [30, -10] });
    let s = m.state;
    expect(s.log.at(-1)).toBe('lag: B closer to the centre line (10.00 mm) throws last; A starts');
    expect(s).toMatchObject({ starter: 'A', turn: 'A', hammer: 'B', round: 1, shotsThisRound: 0, board: { discs: [] }, custom: { phase: 'play' } });
    for (let end = 0; end < 8; end++) m.secondScores();
    m.secondScores();
    s = m.state;
    expect(s).toMatchObject({ over: true, winner: 'B', scores: { A: 4, B: 5 } });
  });

  it('a lag stone that does not stay in play loses; undo takes a lag throw back', () => {
    const m = new Match({ variant: 'lag', teams: ['A', 'B'], starter: 'A' });
    m.throw({ at: [0, 60] }, 'short');
    expect(m.state).toMatchObject({ starter: 'B', hammer: 'A', turn: 'B' });
    m.journal = undo(m.journal);
    expect(m.state).toMatchObject({ turn: 'B', custom: { phase: 'lag' } });
    expect(m.state.board.discs).toHaveLength(1);
  });
});

describe('nano curling, pro (lag and free guard zone)', () => {
  it('plays a whole match with both rules', () => {
    const m = new Match({ variant: 'pro', teams: ['red', 'blue'], starter: 'red' });
    m.throw({ at: [0, 3] }, { at: [0, 50] }); // red closer: blue starts
    expect(m.state).toMatchObject({ starter: 'blue', hammer: 'red' });
    m.throw('guard', { takeout: 'e1-1blue', at: [0, 0] }); // throw 2 takeout: undone, red's stone removed
    expect(m.state.board.discs.map((d) => d.id)).toEqual(['e1-1blue']);
    m.throw(20, 'guard', 'guard', 'guard', 'guard', 'guard'); // blue 20 mm from the button scores 1
    expect(m.state.rounds[0]!.points).toEqual({ red: 0, blue: 1 });
    for (let end = 1; end < 9; end++) m.secondScores();
    // Red scores ends 2, 4, 6, 8 and blue ends 3, 5, 7: 4-4; blue throws second in the extra end and wins.
    const s = m.state;
    expect(s.rounds).toHaveLength(9);
    expect(s).toMatchObject({ over: true, winner: 'blue', scores: { blue: 5, red: 4 } });
  });
});
