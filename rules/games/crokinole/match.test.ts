import { describe, expect, it } from 'vitest';
import type { BoardState, DiscState, ShotEvent } from '../../core/board-state.ts';
import type { MatchEvent } from '../../core/match-state.ts';
import { foldJournal, undo } from '../../core/match.ts';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import { GAMES } from '../registry.ts';

const env = { games: GAMES, profiles: BOARD_PROFILES };

/** Radius at which a disc centre sits well inside each area of the NCA board. */
const AREA_RADIUS_MM: Record<number, number> = { 15: 55, 10: 150, 5: 255 };

/**
 * A scripted round: shots in turn order, each ending in the given area (0 = into the ditch,
 * 20 = into the hole). Every shot with opponents on the board hits the first opposing disc,
 * which stays where it is; discs never collide otherwise, so the round's board is the plan.
 */
function scriptRound(teams: string[], starter: string, areas: Record<string, number[]>, round: number): ShotEvent[] {
  const order: string[] = [];
  const perTeam = Math.max(...Object.values(areas).map((a) => a.length));
  const start = teams.indexOf(starter);
  for (let i = 0; i < perTeam; i++) for (let k = 0; k < teams.length; k++) order.push(teams[(start + k) % teams.length]!);
  const used: Record<string, number> = {};
  let board: BoardState = { discs: [], hole: {} };
  const shots: ShotEvent[] = [];
  order.forEach((team, i) => {
    const n = used[team] ?? 0;
    used[team] = n + 1;
    const area = areas[team]![n]!;
    const id = `r${round}-${team}${n + 1}`;
    const opponent = board.discs.find((d) => d.team !== team);
    const angle = (i * 137.5 * Math.PI) / 180; // spread discs so none touch
    const before = board;
    let after: BoardState;
    const removed: ShotEvent['removed'] = [];
    if (area === 20) {
      after = { ...before, discs: [...before.discs] };
      removed.push({ id, reason: 'hole' });
    } else if (area === 0) {
      after = { ...before, discs: [...before.discs] };
      removed.push({ id, reason: 'ditch' });
    } else {
      const r = AREA_RADIUS_MM[area]! + (i % 3) * 8;
      const disc: DiscState = { id, team, xMm: r * Math.cos(angle), yMm: r * Math.sin(angle) };
      after = { ...before, discs: [...before.discs, disc] };
    }
    shots.push({
      shooter: team,
      shotDiscId: id,
      before,
      after,
      movedIds: [id],
      hits: opponent ? [{ byId: id, hitId: opponent.id }] : [],
      removed,
    });
    const hole = { ...(before.hole ?? {}) };
    if (area === 20) hole[team] = (hole[team] ?? 0) + 1;
    board = { discs: after.discs, hole };
  });
  return shots;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

function playMatch(setup: Extract<MatchEvent, { type: 'setup' }>, rounds: Record<string, number[]>[]) {
  let journal: MatchEvent[] = [setup];
  for (let r = 0; r < rounds.length; r++) {
    const state = foldJournal(env, journal).state!;
    expect(state.rejected).toEqual([]);
    const shots = scriptRound(state.teams, state.starter, rounds[r]!, r + 1);
    journal = [...journal, ...shots.map((shot) => ({ type: 'shot' as const, shot }))];
  }
  return { journal, state: foldJournal(env, journal).state! };
}

// Areas per team for one round: 12 discs each. First entry of the starter is 15 (a valid free shot).
const twelve = (xs: number[]) => {
  expect(xs).toHaveLength(12);
  return xs;
};

describe('crokinole match, 2 players, differential to 100', () => {
  const r1 = { A: twelve([15, 15, 20, 10, 10, 5, 5, 0, 0, 0, 0, 0]), B: twelve([10, 10, 5, 5, 5, 0, 0, 0, 0, 0, 0, 0]) };
  const r2 = { A: twelve([5, 5, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0]), B: twelve([15, 20, 20, 15, 10, 0, 0, 0, 0, 0, 0, 0]) };
  const r3 = { A: twelve([15, 20, 20, 20, 15, 15, 15, 10, 10, 10, 0, 0]), B: twelve([5, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]) };

  it('scores each round by difference, alternates the starter, and ends at 100', () => {
    const { state } = playMatch({ type: 'setup', game: 'crokinole', teams: ['A', 'B'] }, [r1, r2, r3]);
    const d1 = sum(r1.A) - sum(r1.B); // 80 - 35 = 45 to A
    const d2 = sum(r2.B) - sum(r2.A); // 80 - 15 = 65 to B
    const d3 = sum(r3.A) - sum(r3.B); // 150 - 10 = 140 to A
    expect(state.rounds.map((r) => r.points)).toEqual([
      { A: d1, B: 0 },
      { A: 0, B: d2 },
      { A: d3, B: 0 },
    ]);
    expect(state.scores).toEqual({ A: d1 + d3, B: d2 });
    expect(state.rounds.map((r) => r.round)).toEqual([1, 2, 3]);
    expect(state.over).toBe(true);
    expect(state.winner).toBe('A');
    expect(state.turn).toBeNull();
  });

  it('rejects a shot out of turn as a value, and undo takes back the last shot', () => {
    const shots = scriptRound(['A', 'B'], 'A', r1, 1);
    const journal: MatchEvent[] = [{ type: 'setup', game: 'crokinole', teams: ['A', 'B'] }, { type: 'shot', shot: shots[0]! }, { type: 'shot', shot: shots[0]! }];
    const s = foldJournal(env, journal).state!;
    expect(s.rejected).toEqual([{ index: 2, reason: "it is B's turn, not A's" }]);
    expect(s.board.discs).toHaveLength(1);
    const back = foldJournal(env, undo(journal)).state!;
    expect(back.board.discs).toHaveLength(0);
    expect(back.turn).toBe('A');
    // The same journal always gives the same state.
    expect(foldJournal(env, journal)).toEqual(foldJournal(env, journal));
  });
});

describe('crokinole scoring variants', () => {
  const r1 = { A: twelve([15, 10, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0]), B: twelve([10, 5, 5, 5, 0, 0, 0, 0, 0, 0, 0, 0]) };

  it('simple scoring keeps both totals; to 50 ends when one passes', () => {
    const { state } = playMatch({ type: 'setup', game: 'crokinole', variant: 'simple', options: { target: 50 }, teams: ['A', 'B'] }, [r1, r1]);
    expect(state.scores).toEqual({ A: 70, B: 50 });
    expect(state.over).toBe(true);
    expect(state.winner).toBe('A');
  });

  it('both pass the target: the higher total wins', () => {
    const rr = { A: twelve([15, 15, 15, 15, 0, 0, 0, 0, 0, 0, 0, 0]), B: twelve([15, 15, 15, 10, 0, 0, 0, 0, 0, 0, 0, 0]) };
    const { state } = playMatch({ type: 'setup', game: 'crokinole', variant: 'simple', options: { target: 50 }, teams: ['A', 'B'] }, [rr]);
    expect(state.scores).toEqual({ A: 60, B: 55 });
    expect(state.winner).toBe('A');
  });

  it.each([
    ['to-150', 150],
    ['to-200', 200],
  ])('variant %s sets the target to %i', (variant, target) => {
    const s = foldJournal(env, [{ type: 'setup', game: 'crokinole', variant, teams: ['A', 'B'] }]).state!;
    expect(s.options.target).toBe(target);
  });

  it('championship: 2 to the round winner, 1 each on a tie, 20s break a tie on points', () => {
    const win = { A: twelve([15, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), B: twelve([10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]) };
    const lose = { A: twelve([15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), B: twelve([15, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]) };
    const tie = { A: twelve([15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), B: twelve([15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]) };
    const { state } = playMatch({ type: 'setup', game: 'crokinole', variant: 'championship', teams: ['A', 'B'] }, [win, lose, tie, tie]);
    expect(state.rounds.map((r) => r.points)).toEqual([{ A: 2, B: 0 }, { A: 0, B: 2 }, { A: 1, B: 1 }, { A: 1, B: 1 }]);
    expect(state.scores).toEqual({ A: 4, B: 4 });
    expect(state.custom.twenties).toEqual({ A: 1, B: 0 });
    expect(state.over).toBe(true);
    expect(state.winner).toBe('A');
  });

  it('next starter rule B: the loser chooses to start; after a tie, rule A (clockwise)', () => {
    const aWins = { A: twelve([15, 15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), B: twelve([10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]) };
    const setup = { type: 'setup' as const, game: 'crokinole', options: { nextStarter: 'loser-chooses' }, teams: ['A', 'B'] };
    expect(playMatch(setup, [aWins]).state.starter).toBe('B');
    const bWins = { A: twelve([15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), B: twelve([15, 15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]) };
    expect(playMatch(setup, [bWins]).state.starter).toBe('A');
    const tie = { A: twelve([15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), B: twelve([15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]) };
    expect(playMatch(setup, [tie]).state.starter).toBe('B');
    const wouldRatherFollow = { ...setup, options: { nextStarter: 'loser-chooses', loserChoosesToStart: false } };
    expect(playMatch(wouldRatherFollow, [aWins]).state.starter).toBe('A');
  });
});

describe('crokinole with 3 and 4 players', () => {
  it('4 players: two teams of 6 discs per player (12 per team), teammates alternate with opponents', () => {
    const r = { A: twelve([15, 10, 10, 5, 0, 0, 0, 0, 0, 0, 0, 0]), B: twelve([10, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]) };
    const { journal, state } = playMatch({ type: 'setup', game: 'crokinole', variant: 'four-players', teams: ['A', 'B'] }, [r]);
    expect(journal.filter((e) => e.type === 'shot')).toHaveLength(24);
    expect(state.scores).toEqual({ A: 40 - 20, B: 0 });
    expect(state.round).toBe(2);
  });

  it('3 players with 3 sets: 8 discs each, simple scoring, three totals', () => {
    const eight = (xs: number[]) => xs;
    const r = { A: eight([15, 10, 0, 0, 0, 0, 0, 0]), B: eight([5, 5, 5, 0, 0, 0, 0, 0]), C: eight([20, 0, 0, 0, 0, 0, 0, 0]) };
    const { journal, state } = playMatch({ type: 'setup', game: 'crokinole', variant: 'three-players-sets', teams: ['A', 'B', 'C'] }, [r]);
    expect(journal.filter((e) => e.type === 'shot')).toHaveLength(24);
    expect(state.scores).toEqual({ A: 25, B: 15, C: 20 });
    expect(state.starter).toBe('B');
  });

  it('3 players, pair against one: two sides of 12 discs, differential', () => {
    const r = { A: twelve([15, 15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), B: twelve([10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]) };
    const { state } = playMatch({ type: 'setup', game: 'crokinole', variant: 'three-players-pair', teams: ['A', 'B'] }, [r]);
    expect(state.scores).toEqual({ A: 20, B: 0 });
  });
});

describe('crokinole shot rules inside a match', () => {
  const setup: MatchEvent = { type: 'setup', game: 'crokinole', teams: ['A', 'B'] };
  const a1: DiscState = { id: 'a1', team: 'A', xMm: 0, yMm: 60 };

  it('free shot that stops outside the 15 area goes to the ditch', () => {
    const shot: ShotEvent = { shooter: 'A', shotDiscId: 'a1', before: { discs: [] }, after: { discs: [{ ...a1, yMm: 150 }] }, movedIds: ['a1'] };
    const s = foldJournal(env, [setup, { type: 'shot', shot }]).state!;
    expect(s.board.discs).toEqual([]);
    expect(s.lastShot?.valid).toBe(false);
  });

  it('free shot touching the 15 line stays (standard) but not under the strict free-shot rule', () => {
    const onLine = { ...a1, yMm: 101.6 - 1 - 15.875 + 0.5 };
    const shot: ShotEvent = { shooter: 'A', shotDiscId: 'a1', before: { discs: [] }, after: { discs: [onLine] }, movedIds: ['a1'] };
    expect(foldJournal(env, [setup, { type: 'shot', shot }]).state!.board.discs).toHaveLength(1);
    const strict: MatchEvent = { ...setup, options: { strictFreeShot: true } } as MatchEvent;
    expect(foldJournal(env, [strict, { type: 'shot', shot }]).state!.board.discs).toHaveLength(0);
  });

  it('missing every opposing disc removes the shot disc, the own discs it moved and the 20s it made', () => {
    const b1: DiscState = { id: 'b1', team: 'B', xMm: 0, yMm: -150 };
    const a2: DiscState = { id: 'a2', team: 'A', xMm: 40, yMm: 40 };
    const before: BoardState = { discs: [a1, b1, a2], hole: { A: 1 } };
    const shot: ShotEvent = {
      shooter: 'A',
      shotDiscId: 'a3',
      before,
      after: { discs: [b1, { ...a2, xMm: 60 }, { id: 'a3', team: 'A', xMm: 70, yMm: 30 }], hole: { A: 1 } },
      movedIds: ['a3', 'a2', 'a1'],
      hits: [{ byId: 'a3', hitId: 'a1' }],
      removed: [{ id: 'a1', reason: 'hole' }],
    };
    const r = GAMES.crokinole!.judgeShot(shot, { profile: BOARD_PROFILES['crokinole-nca-26in']!, options: GAMES.crokinole!.defaultOptions });
    expect(r.valid).toBe(false);
    expect(r.board.discs.map((d) => d.id)).toEqual(['b1']);
    expect(r.board.hole).toEqual({ A: 1 });
  });

  it('a carom off an own disc into an opposing disc is a valid hit; an opponent knocked into the hole is their 20', () => {
    const b1: DiscState = { id: 'b1', team: 'B', xMm: 0, yMm: 10 };
    const shot: ShotEvent = {
      shooter: 'A',
      shotDiscId: 'a2',
      before: { discs: [a1, b1] },
      after: { discs: [{ ...a1, yMm: 30 }, { id: 'a2', team: 'A', xMm: 0, yMm: 120 }] },
      movedIds: ['a2', 'a1', 'b1'],
      hits: [{ byId: 'a2', hitId: 'a1' }, { byId: 'a1', hitId: 'b1' }],
      removed: [{ id: 'b1', reason: 'hole' }],
    };
    const r = GAMES.crokinole!.judgeShot(shot, { profile: BOARD_PROFILES['crokinole-nca-26in']!, options: GAMES.crokinole!.defaultOptions });
    expect(r.valid).toBe(true);
    expect(r.board.hole).toEqual({ B: 1 });
    expect(r.board.discs.map((d) => d.id)).toEqual(['a1', 'a2']);
  });

  it('a disc left touching the shooting line is out of play; a disc that left play and came back is removed', () => {
    const b1: DiscState = { id: 'b1', team: 'B', xMm: 0, yMm: 150 };
    const shot: ShotEvent = {
      shooter: 'A',
      shotDiscId: 'a2',
      before: { discs: [b1] },
      after: { discs: [{ ...b1, yMm: 300 }, { id: 'a2', team: 'A', xMm: 0, yMm: 250 }] },
      movedIds: ['a2', 'b1'],
      hits: [{ byId: 'a2', hitId: 'b1' }],
      removed: [{ id: 'a2', reason: 'ditch' }],
    };
    const r = GAMES.crokinole!.judgeShot(shot, { profile: BOARD_PROFILES['crokinole-nca-26in']!, options: GAMES.crokinole!.defaultOptions });
    expect(r.board.discs).toEqual([]);
    expect(r.removedIds.map((x) => x.id).sort()).toEqual(['a2', 'b1']);
  });

  it('placement more than half over the shooting line voids the shot when the restriction is on', () => {
    const b1: DiscState = { id: 'b1', team: 'B', xMm: 0, yMm: 150 };
    const shot: ShotEvent = {
      shooter: 'A', shotDiscId: 'a2', before: { discs: [b1] }, after: { discs: [{ ...b1, yMm: 280 }, { id: 'a2', team: 'A', xMm: 0, yMm: 100 }] },
      movedIds: ['a2', 'b1'], hits: [{ byId: 'a2', hitId: 'b1' }], delivery: { placementOverLineFraction: 0.7 },
    };
    const ctx = { profile: BOARD_PROFILES['crokinole-nca-26in']!, options: { ...GAMES.crokinole!.defaultOptions, placementAtMostHalfOver: true } };
    const r = GAMES.crokinole!.judgeShot(shot, ctx);
    expect(r.valid).toBe(false);
    expect(r.board.discs).toEqual([b1]);
  });

  it('a too-close disc at the end of a round waits for a person; the decision completes the round', () => {
    const shots = scriptRound(['A', 'B'], 'A', { A: twelve([15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), B: twelve([10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]) }, 1);
    // Make B's disc lie 0.1 mm from the 10 line, measured ± 0.3 mm.
    const last = shots[shots.length - 1]!;
    const bId = 'r1-B1';
    const near = { id: bId, team: 'B', xMm: 0, yMm: 203.2 - 1 - 15.875 - 0.1, uncertaintyMm: 0.3 };
    const fix = (b: BoardState): BoardState => ({ ...b, discs: b.discs.map((d) => (d.id === bId ? near : d)) });
    shots[shots.length - 1] = { ...last, before: fix(last.before), after: fix(last.after) };
    const journal: MatchEvent[] = [setup, ...shots.map((shot) => ({ type: 'shot' as const, shot }))];
    const waiting = foldJournal(env, journal).state!;
    expect(waiting.pendingIds).toEqual([bId]);
    expect(waiting.turn).toBeNull();
    expect(waiting.rounds).toHaveLength(0);
    const decided = foldJournal(env, [...journal, { type: 'decision', decision: { discId: bId, call: 'touching' } }]).state!;
    expect(decided.rounds).toHaveLength(1);
    expect(decided.scores).toEqual({ A: 10, B: 0 });
    const other = foldJournal(env, [...journal, { type: 'decision', decision: { discId: bId, call: 'clear' } }]).state!;
    expect(other.scores).toEqual({ A: 5, B: 0 });
  });
});

describe('crokinole: every variant plays a whole match to its end', () => {
  // Each round the starter's side ends with 15+10 on the board and the other side with 5;
  // whoever is starting, A takes the round: A's discs 15 and 10, B's 5.
  const teamsFor = (variant: string) => (variant === 'three-players-sets' ? ['A', 'B', 'C'] : ['A', 'B']);
  const variants = Object.keys(GAMES.crokinole!.variants);
  it.each(variants)('%s', (variant) => {
    const teams = teamsFor(variant);
    const per = variant === 'three-players-sets' ? 8 : 12;
    const pad = (xs: number[]) => [...xs, ...new Array<number>(per - xs.length).fill(0)];
    let journal: MatchEvent[] = [{ type: 'setup', game: 'crokinole', variant, teams }];
    let state = foldJournal(env, journal).state!;
    for (let round = 1; round <= 40 && !state.over; round++) {
      const areas: Record<string, number[]> = {};
      for (const t of teams) areas[t] = t === 'A' ? pad([15, 10]) : pad([15, 5]);
      // The starter's first shot must be a valid free shot (15); A always ends ahead.
      const shots = scriptRound(teams, state.starter, areas, round);
      journal = [...journal, ...shots.map((shot) => ({ type: 'shot' as const, shot }))];
      state = foldJournal(env, journal).state!;
      expect(state.rejected).toEqual([]);
    }
    expect(state.over).toBe(true);
    expect(state.winner).toBe('A');
    const o = state.options as { scoring: string; target: number; championshipRounds: number };
    if (o.scoring === 'championship') expect(state.rounds).toHaveLength(o.championshipRounds);
    else {
      expect(state.scores.A).toBeGreaterThanOrEqual(o.target);
      // Each round A is 5 ahead of every other side (differential: +5 a round; simple: +25).
      const perRound = o.scoring === 'differential' ? 5 : 25;
      expect(state.rounds).toHaveLength(Math.ceil(o.target / perRound));
    }
  });
});
