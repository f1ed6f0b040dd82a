import { describe, expect, it } from 'vitest';
import type { MatchEvent, MatchState } from '../../core/match-state.ts';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import { GAMES } from '../registry.ts';
import { carrom } from './index.ts';
import type { CarromCustom } from './state.ts';
import { Journal, seatOf, strikerAt } from './test-boards.ts';

const env = { games: GAMES, profiles: BOARD_PROFILES };
const custom = (s: MatchState) => s.custom as unknown as CarromCustom;
const setup = (teams: string[], variant?: string, options?: Record<string, unknown>): Extract<MatchEvent, { type: 'setup' }> => ({
  type: 'setup',
  game: 'carrom',
  teams,
  ...(variant ? { variant } : {}),
  ...(options ? { options } : {}),
});
const range = (prefix: string, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);
const NEAR_POCKET_NE = { xMm: 347.75 - 22.4 / Math.SQRT2, yMm: 347.75 - 22.4 / Math.SQRT2, uncertaintyMm: 0.3 }; // centre 0.15 mm from the rim

describe('variants', () => {
  it('every variant resolves by name', () => {
    for (const name of ['standard', 'team', 'family-point', 'point', 'queen-cutoff-22', 'strict-placement']) expect(carrom.resolveOptions(name).ok).toBe(true);
    expect(carrom.resolveOptions('snooker')).toMatchObject({ ok: false });
  });
});

describe('standard carrom: a full match to 25', () => {
  it('three boards, alternating breaks, a foul, an undo, a decision, won by A', () => {
    const j = new Journal(env, setup(['A', 'B']));
    expect(j.state).toMatchObject({ turn: 'A', starter: 'A', hammer: null });
    // Board 1: A breaks with white, covers the queen and clears: 9 black left + 3.
    expect(j.strike({ pocket: ['w1', 'w2', 'w3'] }).turn).toBe('A');
    expect(j.strike({ pocket: ['q', 'w4'] }).turn).toBe('A');
    let s = j.strike({ pocket: range('w', 5, 9) });
    expect(s.rounds[0]!.points).toEqual({ A: 12, B: 0 });
    expect(s).toMatchObject({ round: 2, starter: 'B', turn: 'B', scores: { A: 12, B: 0 }, over: false });
    expect(custom(s).colours).toEqual({ B: 'white', A: 'black' });
    expect(seatOf(s)).toBe('n');

    // Board 2: B breaks with white and wins it: A pocketed 3 of its own blacks, so 6 left + 3.
    expect(j.strike({ pocket: ['w1'] }).turn).toBe('B');
    expect(j.strike({ pocket: ['q', 'w2'] }).turn).toBe('B');
    expect(j.strike({ pocket: ['b1'] }).turn).toBe('A');
    expect(j.strike({ pocket: ['b2', 'b3'] }).turn).toBe('A');
    expect(j.strike({ pocket: ['w3'] }).turn).toBe('B');
    s = j.strike({ pocket: range('w', 4, 9) });
    expect(s.rounds[1]!.points).toEqual({ A: 0, B: 9 });
    expect(s).toMatchObject({ round: 3, starter: 'A', turn: 'A', scores: { A: 12, B: 9 } });

    // Board 3: a strike entered by mistake, then taken back.
    j.strike({ pocket: ['b9'] });
    s = j.push({ type: 'undo' });
    expect(s).toMatchObject({ turn: 'A', shotsThisRound: 0, rejected: [] });
    expect(s.board.discs).toHaveLength(0);
    expect(j.strike({ pocket: ['w1'] }).turn).toBe('A');
    // The striker goes down with w2: w1 and w2 come up and A strikes again.
    s = j.strike({ strikerPocketed: true, pocket: ['w2'] });
    expect(s.turn).toBe('A');
    expect(s.board.pocketed).toEqual([]);
    j.strike({ pocket: ['w1', 'w2', 'w3'] });
    expect(custom(j.strike({ pocket: ['q'] })).queen).toEqual({ at: 'pending', by: 'A' });
    expect(custom(j.strike({ pocket: ['w4'] })).queen).toEqual({ at: 'covered', by: 'A' });
    j.strike({ pocket: range('w', 5, 8), move: { b1: NEAR_POCKET_NE } });
    expect(j.strike({ move: { b2: { xMm: -200, yMm: 200 } } }).turn).toBe('B');
    // B sinks A's last man: B loses the board; b1 is too close to its pocket to call.
    s = j.strike({ pocket: ['w9'] });
    expect(s).toMatchObject({ turn: null, pendingIds: ['b1'], over: false });
    s = j.push({ type: 'decision', decision: { discId: 'b1', call: 'touching' } });
    expect(s.rounds[2]!.points).toEqual({ A: 8 + 3 + 3, B: 0 });
    expect(s).toMatchObject({ over: true, winner: 'A', scores: { A: 26, B: 9 } });
    // Taken back and ruled the other way: b1 stayed on the board.
    j.push({ type: 'undo' });
    s = j.push({ type: 'decision', decision: { discId: 'b1', call: 'clear' } });
    expect(s).toMatchObject({ over: true, winner: 'A', scores: { A: 27, B: 9 }, turn: null, rejected: [] });
    expect(s.log.at(-1)).toMatch(/A wins the match \(reached 25\)/);
    // Nothing more is accepted.
    j.push({ type: 'shot', shot: { shooter: 'B', shotDiscId: 's', before: { discs: [] }, after: { discs: [] } } });
    expect(j.state.rejected.map((r) => r.reason)).toEqual(['the match is over']);
  });

  it('after 8 boards the higher score wins; a tie plays another board', () => {
    const j = new Journal(env, setup(['A', 'B'], undefined, { maxBoards: 2 }));
    j.strike({ pocket: ['w1'] });
    j.strike({ pocket: ['q', 'w2'] });
    j.strike({ pocket: range('w', 3, 9) }); // A 12
    j.strike({ pocket: ['w1'] });
    j.strike({ pocket: ['q', 'w2'] });
    let s = j.strike({ pocket: range('w', 3, 9) }); // B 12: tied after 2 boards
    expect(s).toMatchObject({ over: false, round: 3, scores: { A: 12, B: 12 } });
    j.strike({ move: { w1: { xMm: 0, yMm: 250 } } });
    s = j.strike({ pocket: ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'b8', 'b9'] });
    // B sinks its last black before the queen: A scores 3 + 9 whites left.
    expect(s).toMatchObject({ over: true, winner: 'A', scores: { A: 24, B: 12 } });
  });

  it('a side other than two is refused at the start', () => {
    const s = new Journal(env, setup(['A', 'B', 'C'])).state;
    expect(s).toMatchObject({ over: true, turn: null });
  });
});

describe('team carrom: four players, partners opposite, clockwise', () => {
  it('turns go s, w, n, e; the break passes clockwise; B wins at 12', () => {
    const j = new Journal(env, setup(['A', 'B'], 'team', { target: 12 }));
    const seats: string[] = [seatOf(j.state)];
    const turns: string[] = [j.state.turn!];
    const step = (spec: Parameters<Journal['strike']>[0]) => {
      const s = j.strike(spec);
      seats.push(seatOf(s));
      turns.push(s.turn ?? '-');
      return s;
    };
    step({ move: { w1: { xMm: 0, yMm: 250 } } });
    step({ move: { b1: { xMm: 250, yMm: 0 } } });
    step({ pocket: ['w2'] });
    step({ pocket: ['q', 'w3'] });
    step({ move: { w4: { xMm: -250, yMm: 0 } } });
    step({ pocket: ['b2'] });
    step({ move: { b3: { xMm: 0, yMm: -200 } } });
    let s = step({ pocket: ['w1', 'w4', 'w5', 'w6', 'w7', 'w8', 'w9'] });
    expect(seats.slice(0, 8)).toEqual(['s', 'w', 'n', 'n', 'n', 'e', 'e', 's']);
    expect(turns.slice(0, 8)).toEqual(['A', 'B', 'A', 'A', 'A', 'B', 'B', 'A']);
    expect(s.rounds[0]!.points).toEqual({ A: 8 + 3, B: 0 });
    // Board 2: the next player clockwise (B at w) breaks with white.
    expect(s).toMatchObject({ round: 2, starter: 'B', turn: 'B' });
    expect(seatOf(s)).toBe('w');
    expect(custom(s).colours).toEqual({ B: 'white', A: 'black' });
    s = j.strike({ pocket: ['w1'], strikerBefore: strikerAt('w') });
    s = j.strike({ pocket: ['q', 'w2'] });
    s = j.strike({ pocket: range('w', 3, 9) });
    expect(s).toMatchObject({ over: true, winner: 'B', scores: { A: 11, B: 12 } });
  });
});

describe('family point carrom: any colour, black 5, white 10, queen 25', () => {
  it('three players, one board, the most points wins', () => {
    const j = new Journal(env, setup(['P', 'Q', 'R'], 'family-point', { players: 3 }));
    expect(j.strike({ pocket: ['b1'] }).turn).toBe('P');
    expect(custom(j.strike({ pocket: ['q', 'w1'] })).queen).toEqual({ at: 'covered', by: 'P' });
    let s = j.strike({ move: { w2: { xMm: 0, yMm: 250 } } });
    expect(s.turn).toBe('Q');
    expect(seatOf(s)).toBe('w');
    expect(j.strike({ pocket: ['w2', 'w3'] }).turn).toBe('Q');
    // Q sinks the striker: the last piece Q pocketed (w3) comes back up, and the turn passes.
    s = j.strike({ strikerPocketed: true });
    expect(s.turn).toBe('R');
    expect(s.board.discs.some((d) => d.id === 'w3')).toBe(true);
    expect(j.strike({ pocket: range('b', 2, 9) }).turn).toBe('R');
    s = j.strike({ pocket: range('w', 3, 9) });
    expect(s.rounds[0]!.points).toEqual({ P: 40, Q: 10, R: 110 });
    expect(s).toMatchObject({ over: true, winner: 'R', scores: { P: 40, Q: 10, R: 110 } });
  });

  it('equal points: a draw (the sheet gives family point no tie-breaker)', () => {
    const j = new Journal(env, setup(['A', 'B'], 'family-point'));
    j.strike({ pocket: ['b1'] }); // A 5
    j.strike({ pocket: ['q', 'w1'] }); // A 5 + 25 + 10
    j.strike({ pocket: ['w2', 'w3', 'w4', 'b2', 'b3'] }); // A 80
    expect(j.strike({ move: { w5: { xMm: 0, yMm: 250 } } }).turn).toBe('B');
    const s = j.strike({ pocket: [...range('w', 5, 9), ...range('b', 4, 9)] }); // B 50 + 30
    expect(s.rounds[0]!.points).toEqual({ A: 80, B: 80 });
    expect(s).toMatchObject({ over: true, winner: null, scores: { A: 80, B: 80 } });
    expect(s.log.at(-1)).toMatch(/drawn/);
  });
});

describe('point carrom: men 1, queen 3, first to 21, ties to the tie-breaker', () => {
  it('a 9-9 board (the queen left uncovered) goes to a tie-breaker, which A wins', () => {
    const j = new Journal(env, setup(['A', 'B'], 'point'));
    j.strike({ pocket: [...range('w', 1, 5), ...range('b', 1, 4)] }); // A 9
    expect(j.strike({ move: { w6: { xMm: 0, yMm: 250 } } }).turn).toBe('B');
    let s = j.strike({ pocket: [...range('w', 6, 9), ...range('b', 5, 9)] }); // B 9, no man left
    expect(s.rounds[0]!.points).toEqual({ A: 9, B: 9 });
    expect(s.rounds[0]!.notes.join(' ')).not.toMatch(/queen covered/);
    expect(s).toMatchObject({ over: false, round: 2, scores: { A: 9, B: 9 }, starter: 'B' });
    expect(custom(s)).toMatchObject({ tieBreaker: true, active: ['A', 'B'], colours: { B: 'white', A: 'black' } });
    // Tie-breaker: B plays white; a black sunk directly (not off a rebound) comes back and ends the turn.
    expect(j.strike({ pocket: ['w1'], delivery: { reboundIds: '' } }).turn).toBe('B');
    s = j.strike({ pocket: ['b1'], delivery: { reboundIds: '' } });
    expect(s.turn).toBe('A');
    expect(s.board.discs.some((d) => d.id === 'b1')).toBe(true);
    expect(j.strike({ pocket: ['b1', 'b2'], delivery: { reboundIds: '' } }).turn).toBe('A');
    expect(j.strike({ pocket: ['w2'], delivery: { reboundIds: 'w2' } }).turn).toBe('A'); // off the frame: allowed
    j.strike({ pocket: ['q', 'b3'], delivery: { reboundIds: '' } });
    s = j.strike({ pocket: [...range('b', 4, 9), ...range('w', 3, 9)], delivery: { reboundIds: range('w', 3, 9).join(',') } });
    expect(s.rounds[1]!.points).toEqual({ A: 2 + 1 + 3 + 1 + 6 + 7, B: 1 });
    expect(s).toMatchObject({ over: true, winner: 'A', scores: { A: 9, B: 9 } });
    expect(s.log.at(-1)).toMatch(/won the tie-breaker/);
  });

  it('reaching the target ends the match at once', () => {
    const j = new Journal(env, setup(['A', 'B'], 'point', { target: 5 }));
    j.strike({ pocket: ['w1', 'b1'] });
    expect(j.state.over).toBe(false);
    const s = j.strike({ pocket: ['w2', 'w3', 'b2'] });
    expect(s).toMatchObject({ over: true, winner: 'A', scores: { A: 5, B: 0 } });
    expect(s.log.join(' ')).toMatch(/reached 5/);
  });
});

describe('club variants', () => {
  it('queen-cutoff-22: the queen stops counting once the winner has 22', () => {
    const j = new Journal(env, setup(['A', 'B'], 'queen-cutoff-22'));
    j.strike({ pocket: ['w1'] });
    j.strike({ pocket: ['q', 'w2'] });
    j.strike({ pocket: range('w', 3, 9) }); // A 12
    j.strike({ move: { w1: { xMm: 0, yMm: 250 } } }); // B breaks, misses
    j.strike({ pocket: ['b1'] });
    j.strike({ pocket: ['q', 'b2'] });
    let s = j.strike({ pocket: range('b', 3, 9) }); // A 24
    expect(s.scores).toEqual({ A: 24, B: 0 });
    j.strike({ pocket: ['w1'] });
    j.strike({ pocket: ['q', 'w2'] });
    s = j.strike({ pocket: range('w', 3, 9) });
    expect(s.rounds[2]!.points).toEqual({ A: 9, B: 0 });
    expect(s.rounds[2]!.notes.join(' ')).toMatch(/do not count \(limit 22\)/);
    expect(s).toMatchObject({ over: true, winner: 'A', scores: { A: 33, B: 0 } });
  });

  it('strict-placement: a striker cutting the base circle is a foul', () => {
    const j = new Journal(env, setup(['A', 'B'], 'strict-placement', { target: 12 }));
    const cutting = { ...strikerAt('s'), xMm: 214.8 - 10 }; // 10 mm off the circle's centre: neither covering nor clear
    let s = j.strike({ strikerBefore: cutting, pocket: ['w1'] });
    expect(s).toMatchObject({ turn: 'B' });
    expect(s.lastShot).toMatchObject({ valid: false });
    expect(custom(s).dues).toEqual({ A: 1 });
    j.strike({ pocket: ['b1'] });
    j.strike({ pocket: ['q', 'b2'] });
    s = j.strike({ pocket: range('b', 3, 9) });
    expect(s.rounds[0]!.points).toEqual({ A: 0, B: 9 + 3 });
    expect(s).toMatchObject({ over: true, winner: 'B' });
  });
});
