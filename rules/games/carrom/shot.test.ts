import { describe, expect, it } from 'vitest';
import type { MatchEvent, MatchState } from '../../core/match-state.ts';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import { GAMES } from '../registry.ts';
import { carrom } from './index.ts';
import type { CarromCustom } from './state.ts';
import { Journal, strike, strikerAt } from './test-boards.ts';

const env = { games: GAMES, profiles: BOARD_PROFILES };
const setup = (variant?: string, options?: Record<string, unknown>): Extract<MatchEvent, { type: 'setup' }> => ({
  type: 'setup',
  game: 'carrom',
  teams: ['A', 'B'],
  ...(variant ? { variant } : {}),
  ...(options ? { options } : {}),
});
const custom = (s: MatchState) => s.custom as unknown as CarromCustom;
const on = (s: MatchState, id: string) => s.board.discs.find((d) => d.id === id);
const inPockets = (s: MatchState) => (s.board.pocketed ?? []).map((p) => p.id);

describe('carrom strikes (standard: A breaks and plays white)', () => {
  it('pocketing your own piece: shoot again; nothing pocketed: the turn passes', () => {
    const j = new Journal(env, setup());
    expect(j.strike({ pocket: ['w1'] }).turn).toBe('A');
    expect(j.strike({ move: { w2: { xMm: 200, yMm: 100 } } }).turn).toBe('B');
    expect(j.state.shotsThisRound).toBe(2);
  });

  it("pocketing the opponent's piece ends the turn; it stays pocketed for them", () => {
    const j = new Journal(env, setup());
    const s = j.strike({ pocket: ['b1'] });
    expect(s.turn).toBe('B');
    expect(inPockets(s)).toEqual(['b1']);
  });

  it('own and opponent piece in one strike: shoot again by default, turn over when the setting says so', () => {
    expect(new Journal(env, setup()).strike({ pocket: ['w1', 'b1'] }).turn).toBe('A');
    expect(new Journal(env, setup(undefined, { ownAndOpponentSameStrike: 'turn-ends' })).strike({ pocket: ['w1', 'b1'] }).turn).toBe('B');
  });

  it('the queen before your first piece goes back to the centre spot', () => {
    const j = new Journal(env, setup());
    const s = j.strike({ pocket: ['q'] });
    expect(custom(s).queen).toEqual({ at: 'board' });
    expect(on(s, 'q')).toMatchObject({ xMm: 0, yMm: 0 });
    expect(s.turn).toBe('B');
  });

  it('the queen after your first piece, covered with the next strike', () => {
    const j = new Journal(env, setup());
    j.strike({ pocket: ['w1'] });
    let s = j.strike({ pocket: ['q'] });
    expect(custom(s).queen).toEqual({ at: 'pending', by: 'A' });
    expect(s.turn).toBe('A');
    s = j.strike({ pocket: ['w2'] });
    expect(custom(s).queen).toEqual({ at: 'covered', by: 'A' });
    expect(inPockets(s)).toEqual(['w1', 'q', 'w2']);
  });

  it('the queen not covered in the next strike returns to the centre and the turn passes', () => {
    const j = new Journal(env, setup());
    j.strike({ pocket: ['w1'] });
    j.strike({ pocket: ['q'] });
    const s = j.strike({ move: { w3: { xMm: -200, yMm: 150 } } });
    expect(custom(s).queen).toEqual({ at: 'board' });
    expect(on(s, 'q')).toBeDefined();
    expect(s.turn).toBe('B');
  });

  it('the queen and a cover in the same strike', () => {
    const j = new Journal(env, setup());
    j.strike({ pocket: ['w1'] });
    expect(custom(j.strike({ pocket: ['q', 'w2'] })).queen).toEqual({ at: 'covered', by: 'A' });
  });

  it('family point carrom: the queen must be covered in the same strike', () => {
    const j = new Journal(env, setup('family-point'));
    j.strike({ pocket: ['b1'] });
    const s = j.strike({ pocket: ['q'] });
    expect(custom(s).queen).toEqual({ at: 'board' });
    expect(s.turn).toBe('B');
    expect(custom(s).credits.map((c) => [c.id, c.team, c.points])).toEqual([['b1', 'A', 5]]);
  });

  it('striker pocketed with nothing in the pockets: one piece owed, paid by the next own piece', () => {
    const j = new Journal(env, setup());
    let s = j.strike({ strikerPocketed: true, move: { w1: { xMm: 10, yMm: 200 } } });
    expect(custom(s).dues).toEqual({ A: 1 });
    expect(s.turn).toBe('B');
    expect(s.lastShot?.valid).toBe(false);
    j.strike({ move: { b1: { xMm: -10, yMm: 200 } } });
    s = j.strike({ pocket: ['w2'] });
    expect(custom(s).dues).toEqual({ A: 0 });
    expect(on(s, 'w2')).toBeDefined();
    expect(inPockets(s)).toEqual([]);
  });

  it('striker pocketed with your own piece: two come up and you shoot again', () => {
    const j = new Journal(env, setup());
    j.strike({ pocket: ['w1'] });
    const s = j.strike({ strikerPocketed: true, pocket: ['w2'] });
    expect(s.turn).toBe('A');
    expect(on(s, 'w1')).toBeDefined();
    expect(on(s, 'w2')).toBeDefined();
    expect(inPockets(s)).toEqual([]);
    expect(custom(s).dues).toEqual({ A: 0 });
  });

  it("striker pocketed with the opponent's piece: theirs stays down, one of yours comes up, turn over", () => {
    const j = new Journal(env, setup());
    j.strike({ pocket: ['w1'] });
    const s = j.strike({ strikerPocketed: true, pocket: ['b1'] });
    expect(s.turn).toBe('B');
    expect(inPockets(s)).toEqual(['b1']);
    expect(on(s, 'w1')).toBeDefined();
  });

  it('a jumped piece goes on the centre spot; with the spot totally covered, straight behind it, away from the next player', () => {
    const j = new Journal(env, setup());
    // The queen covers the whole spot: w1 goes straight behind it, away from B (who sits at +y), past the two men there.
    const s = j.strike({ jump: ['w1'], move: { w2: { xMm: 200, yMm: 200 } } });
    expect(s.turn).toBe('B');
    expect(on(s, 'w1')!.xMm).toBeCloseTo(0, 6);
    expect(on(s, 'w1')!.yMm).toBeCloseTo(-3 * 31.8, 6);
    expect(s.board.discs.filter((d) => d.id !== 'w1').every((d) => Math.hypot(d.xMm - on(s, 'w1')!.xMm, d.yMm - on(s, 'w1')!.yMm) >= 31.8 - 1e-6)).toBe(true);
  });

  it('a jumped piece with the spot partly covered covers as much red as it can', () => {
    const j = new Journal(env, setup());
    j.strike({ pocket: ['w1'] });
    j.strike({ pocket: ['q', 'w2'] });
    // Clear the middle, leave one man 20 mm off the spot, and make w3 jump.
    const away: Record<string, { xMm: number; yMm: number }> = {};
    ['w4', 'w5', 'w6', 'w7', 'w8', 'w9', 'b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'b8'].forEach((id, i) => {
      away[id] = { xMm: -300 + i * 40, yMm: 300 };
    });
    const s = j.strike({ jump: ['w3'], move: { ...away, b9: { xMm: 20, yMm: 0 } } });
    const w3 = on(s, 'w3')!;
    // Touching b9 on the far side from it: 31.8 mm from b9's centre, 11.8 mm from the spot's centre.
    expect(Math.hypot(w3.xMm - 20, w3.yMm)).toBeGreaterThanOrEqual(31.8 - 1e-6);
    expect(Math.hypot(w3.xMm, w3.yMm)).toBeLessThan(12.5);
  });

  it("pocketing the opponent's last man loses the board: they score your men left + 3", () => {
    const j = new Journal(env, setup());
    j.strike({ pocket: ['w1', 'w2'] });
    const s = j.strike({ pocket: ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'b8', 'b9'] });
    expect(s.rounds).toHaveLength(1);
    expect(s.rounds[0]!.points).toEqual({ A: 0, B: 7 + 3 });
  });

  it('pocketing your last man before the queen loses the board: 3 + 1 per opponent man left', () => {
    const j = new Journal(env, setup());
    j.strike({ pocket: ['b1'] });
    const s = j.strike({ pocket: ['b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'b8', 'b9'] });
    expect(s.rounds[0]!.points).toEqual({ A: 3 + 9, B: 0 });
    expect(s.rounds[0]!.notes.join(' ')).toMatch(/last man before the queen/);
  });

  it('clearing your men after covering the queen wins the board: opponent men left + 3', () => {
    const j = new Journal(env, setup());
    j.strike({ pocket: ['w1', 'b1', 'b2'] });
    j.strike({ pocket: ['q', 'w2'] });
    const s = j.strike({ pocket: ['w3', 'w4', 'w5', 'w6', 'w7', 'w8', 'w9'] });
    expect(s.rounds[0]!.points).toEqual({ A: 7 + 3, B: 0 });
    expect(s.round).toBe(2);
    expect(s.turn).toBe('B'); // the break alternates; B now plays white
    expect(custom(s).colours).toEqual({ B: 'white', A: 'black' });
  });

  it('the loser who covered the queen: no one scores the queen', () => {
    const j = new Journal(env, setup());
    j.strike({ pocket: ['w1'] });
    j.strike({ pocket: ['q', 'w2'] });
    j.strike({ move: { b1: { xMm: 0, yMm: 250 } } });
    const s = j.strike({ pocket: ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'b8', 'b9'] });
    expect(s.rounds[0]!.points).toEqual({ A: 0, B: 7 });
    expect(s.rounds[0]!.notes.join(' ')).toMatch(/no one scores the queen/);
  });

  it('the break: a strike that moves nothing is taken again; after three the turn passes, colours stay', () => {
    const j = new Journal(env, setup());
    expect(j.strike({ miss: true }).turn).toBe('A');
    expect(j.strike({ miss: true }).turn).toBe('A');
    const s = j.strike({ miss: true });
    expect(s.turn).toBe('B');
    expect(s.shotsThisRound).toBe(0);
    expect(custom(s).colours).toEqual({ A: 'white', B: 'black' });
    expect(j.strike({ move: { b1: { xMm: 0, yMm: 250 } } }).turn).toBe('A');
  });

  it('after the break, a striker that never left the base lines is struck again', () => {
    const j = new Journal(env, setup());
    j.strike({ move: { w1: { xMm: 0, yMm: 250 } } });
    const s = j.strike({ miss: true, delivery: { strikerLeftBaseline: false } });
    expect(s.turn).toBe('B');
    expect(s.shotsThisRound).toBe(1);
  });

  it('placement: noted by default, a foul in the strict-placement variant', () => {
    const bad = { ...strikerAt('s'), yMm: -230 }; // clear of the outer base line
    const noted = new Journal(env, setup()).strike({ strikerBefore: bad, pocket: ['w1'] });
    expect(noted.turn).toBe('A');
    expect(noted.lastShot?.notes.join(' ')).toMatch(/touches baseline-s-outer/);
    const strict = new Journal(env, setup('strict-placement')).strike({ strikerBefore: bad, pocket: ['w1'] });
    expect(strict.turn).toBe('B');
    expect(on(strict, 'w1')).toBeDefined();
    expect(custom(strict).dues).toEqual({ A: 1 });
  });

  it('a piece left too close to a pocket stays on the board; at the end of the board a person decides', () => {
    const j = new Journal(env, setup());
    j.strike({ pocket: ['w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'w7', 'w8'], move: { b1: { xMm: 347.75 - 22.4 / Math.SQRT2, yMm: 347.75 - 22.4 / Math.SQRT2, uncertaintyMm: 0.3 } } });
    j.strike({ pocket: ['q', 'w9'] });
    let s = j.state;
    // A covered and cleared: b1 is 0.15 mm from dropping, too close to call.
    expect(s.pendingIds).toEqual(['b1']);
    expect(s.turn).toBe(null);
    expect(s.rounds).toHaveLength(0);
    s = j.push({ type: 'decision', decision: { discId: 'b1', call: 'touching' } });
    expect(s.rounds[0]!.points).toEqual({ A: 8 + 3, B: 0 });
    s = j.push({ type: 'undo' });
    s = j.push({ type: 'decision', decision: { discId: 'b1', call: 'clear' } });
    expect(s.rounds[0]!.points).toEqual({ A: 9 + 3, B: 0 });
  });

  it('judged on its own (no match): the shooter plays white, the ruling says what happened', () => {
    const opening = new Journal(env, setup()).state;
    const shot = strike(opening, { pocket: ['w1', 'b1'] });
    const resolved = carrom.resolveOptions('standard');
    if (!resolved.ok) throw new Error(resolved.error);
    const r = carrom.judgeShot(shot, { profile: BOARD_PROFILES['carrom-standard-74cm']!, options: resolved.options });
    expect(r.valid).toBe(true);
    expect(r.board.pocketed?.map((p) => p.id)).toEqual(['w1', 'b1']);
    expect(r.board.discs).toHaveLength(17);
    expect(r.notes.join(' ')).toMatch(/strikes again/);
  });

  it('sinking the striker on the break without touching a piece: a foul, and the break is still to be made', () => {
    const j = new Journal(env, setup());
    const s = j.strike({ miss: true, strikerPocketed: true });
    expect(s.turn).toBe('B');
    expect(custom(s)).toMatchObject({ breakMade: false, dues: { A: 1 } });
  });
});

