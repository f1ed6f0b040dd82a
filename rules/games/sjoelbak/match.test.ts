import { describe, expect, it } from 'vitest';
import type { BoardState, DiscState, ShotEvent } from '../../core/board-state.ts';
import { foldJournal, type MatchEnvironment } from '../../core/match.ts';
import type { MatchEvent } from '../../core/match-state.ts';
import { parseBoardProfile } from '../../profiles/schema.ts';
import profileJson from '../../profiles/sjoelbak-standard-40x200.json' with { type: 'json' };
import { sjoelbakPoints } from './calls.ts';
import { sjoelbak } from './index.ts';
import type { SjoelbakCustom } from './flow.ts';

const parsed = parseBoardProfile(profileJson, sjoelbak.requiredFeatures);
if (!parsed.ok) throw new Error(parsed.error);
const env: MatchEnvironment = { games: { sjoelbak }, profiles: { [parsed.profile.id]: parsed.profile } };

const X: Record<number, number> = { 2: -150, 3: -50, 4: 50, 1: 150 };
/** What one slide does: 1-4 lands in that compartment, 'lane' stops on the board, 'short' never passes the start bar. */
type Outcome = 1 | 2 | 3 | 4 | 'lane' | 'short' | 'off' | 'close';

/**
 * Journal builder for one player's turn. Discs in compartments stay between sub-turns, the rest
 * are taken back, like the flow does.
 */
class Turn {
  board: BoardState = { discs: [] };
  events: MatchEvent[] = [];
  private n = 0;
  constructor(readonly player: string, readonly tag: string) {}

  slide(outcome: Outcome): string {
    const id = `${this.tag}-${++this.n}`;
    const before = this.board;
    let disc: DiscState | null;
    const k = this.n % 7;
    if (typeof outcome === 'number') disc = { id, team: this.player, xMm: X[outcome]! + k - 3, yMm: 1860 + 14 * k };
    else if (outcome === 'close') disc = { id, team: this.player, xMm: 50, yMm: 1826.2, uncertaintyMm: 0.5 };
    else if (outcome === 'lane') disc = { id, team: this.player, xMm: -120 + 35 * k, yMm: 1200 + 40 * k };
    else if (outcome === 'short') disc = { id, team: this.player, xMm: 0, yMm: 470 };
    else disc = null;
    const after: BoardState = { ...before, discs: disc ? [...before.discs, disc] : [...before.discs] };
    const shot: ShotEvent = { shooter: this.player, shotDiscId: id, before, after, ...(outcome === 'off' ? { removed: [{ id, reason: 'off-board' as const }] } : {}) };
    this.events.push({ type: 'shot', shot });
    // What the rules leave on the board after this slide.
    this.board = outcome === 'short' || outcome === 'off' ? before : after;
    return id;
  }

  many(outcomes: Outcome[]): void {
    for (const o of outcomes) this.slide(o);
  }

  /** End of a sub-turn: what is not in a compartment goes back to the player. */
  endSubTurn(): void {
    this.board = { ...this.board, discs: this.board.discs.filter((d) => d.yMm > 1826) };
  }
}

const rep = <T,>(n: number, v: T): T[] => Array.from({ length: n }, () => v);

/** A turn that ends with counts {1:a,2:b,3:c,4:d}: everything in sub-turn 1, the rest on the lane three times. */
function simpleTurn(player: string, tag: string, counts: Record<1 | 2 | 3 | 4, number>): MatchEvent[] {
  const t = new Turn(player, tag);
  const inside = counts[1] + counts[2] + counts[3] + counts[4];
  t.many([...rep(counts[1], 1 as Outcome), ...rep(counts[2], 2 as Outcome), ...rep(counts[3], 3 as Outcome), ...rep(counts[4], 4 as Outcome), ...rep(30 - inside, 'lane' as Outcome)]);
  t.endSubTurn();
  if (inside < 30) {
    t.many(rep(30 - inside, 'lane'));
    t.endSubTurn();
    t.many(rep(30 - inside, 'lane'));
  }
  return t.events;
}

function fold(journal: MatchEvent[]) {
  const r = foldJournal(env, journal);
  if (!r.state) throw new Error(r.error);
  return r.state;
}
const custom = (s: { custom: Record<string, unknown> }) => s.custom as unknown as SjoelbakCustom;

describe('sjoelbak match, standard (best of 3 games)', () => {
  const setup: MatchEvent = { type: 'setup', game: 'sjoelbak', teams: ['Ann', 'Bob'] };

  it('plays sub-turns, a replayed short slide, an off-board disc, a decision and an undo', () => {
    // Ann, game 1: 26 in the sheet's split over three sub-turns.
    const t = new Turn('Ann', 'a1');
    t.many([...rep(4, 1 as Outcome), ...rep(8, 2 as Outcome), ...rep(4, 3 as Outcome), ...rep(5, 4 as Outcome)]);
    t.slide('short'); // never passed the start bar: slide it again, it does not use up a disc
    t.slide('off'); // left the board: spent for this sub-turn
    t.many(rep(7, 'lane'));
    t.slide(2);
    const journal: MatchEvent[] = [setup, ...t.events];
    let s = fold(journal);
    expect(s.board.discs.length).toBe(22);
    expect(custom(s)).toMatchObject({ subTurn: 2, discsLeft: 8, player: 'Ann' });
    expect(s.log.join('\n')).toContain('sub-turn 1 over: 22 in compartments, 8 back to the player');
    t.endSubTurn();
    // Sub-turn 2 (8 discs): one each of 1, 3 and 4; a shot by the wrong player is rejected.
    journal.push({ type: 'shot', shot: { shooter: 'Bob', shotDiscId: 'x', before: t.board, after: t.board } });
    t.events.length = 0;
    t.many([1, 3, 4, 'lane', 'lane', 'lane', 'lane', 'lane']);
    t.endSubTurn();
    // Sub-turn 3: five slides, the last stopping right at the gate bar's front face.
    t.many(['lane', 'lane', 'lane', 'lane']);
    const closeId = t.slide('close');
    journal.push(...t.events);
    s = fold(journal);
    expect(s.rejected.map((r) => r.reason)).toEqual(["it is Ann's turn, not Bob's"]);
    expect(s.pendingIds).toEqual([closeId]);
    expect(s.turn).toBeNull();
    // A person rules the disc clear of the face: it counts in 4 -> 5/9/5/7 = 116.
    journal.push({ type: 'decision', decision: { discId: closeId, call: 'touching' } });
    journal.push({ type: 'undo' });
    journal.push({ type: 'decision', decision: { discId: closeId, call: 'clear' } });
    s = fold(journal);
    expect(s.rounds[0]!.points).toEqual({ Ann: 116 });
    expect(s.turn).toBe('Bob');
    expect(custom(s)).toMatchObject({ player: 'Bob', game: 1, turnInGame: 1, gameScores: { Ann: 116 } });

    // Bob, game 1: 100. Game 1 to Ann.
    journal.push(...simpleTurn('Bob', 'b1', { 1: 5, 2: 5, 3: 5, 4: 5 }));
    s = fold(journal);
    expect(s.scores).toEqual({ Ann: 1, Bob: 0 });
    expect(s.log).toContain('game 1: Ann wins with 116');
    // Game 2 is started by Bob (the starter moves one seat on).
    expect(s.turn).toBe('Bob');
    expect(s.starter).toBe('Bob');

    journal.push(...simpleTurn('Bob', 'b2', { 1: 7, 2: 7, 3: 7, 4: 9 }));
    journal.push(...simpleTurn('Ann', 'a2', { 1: 6, 2: 6, 3: 6, 4: 6 }));
    s = fold(journal);
    expect(s.rounds.map((r) => r.points)).toEqual([{ Ann: 116 }, { Bob: 100 }, { Bob: 148 }, { Ann: 120 }]);
    expect(s.scores).toEqual({ Ann: 1, Bob: 1 });
    expect(s.over).toBe(false);
    expect(s.turn).toBe('Ann');

    // Game 3 decides it.
    journal.push(...simpleTurn('Ann', 'a3', { 1: 2, 2: 2, 3: 2, 4: 2 }));
    journal.push(...simpleTurn('Bob', 'b3', { 1: 3, 2: 2, 3: 2, 4: 2 }));
    s = fold(journal);
    expect(s.scores).toEqual({ Ann: 1, Bob: 2 });
    expect(s.over).toBe(true);
    expect(s.winner).toBe('Bob');
    expect(s.turn).toBeNull();
    // Nothing more is accepted.
    const after = fold([...journal, ...simpleTurn('Ann', 'z', { 1: 1, 2: 1, 3: 1, 4: 1 }).slice(0, 1)]);
    expect(after.rejected.at(-1)!.reason).toBe('the match is over');
  });

  it('a turn with every disc in compartments ends after one sub-turn', () => {
    const s = fold([setup, ...simpleTurn('Ann', 'a', { 1: 7, 2: 7, 3: 7, 4: 9 })]);
    expect(s.rounds[0]!.points).toEqual({ Ann: 148 });
    expect(s.turn).toBe('Bob');
  });

  it('a 2-0 lead ends a best-of-3 early', () => {
    const s = fold([
      setup,
      ...simpleTurn('Ann', 'a1', { 1: 5, 2: 5, 3: 5, 4: 5 }),
      ...simpleTurn('Bob', 'b1', { 1: 1, 2: 1, 3: 1, 4: 1 }),
      ...simpleTurn('Bob', 'b2', { 1: 1, 2: 1, 3: 1, 4: 1 }),
      ...simpleTurn('Ann', 'a2', { 1: 2, 2: 2, 3: 2, 4: 2 }),
    ]);
    expect(s.over).toBe(true);
    expect(s.winner).toBe('Ann');
    expect(s.scores).toEqual({ Ann: 2, Bob: 0 });
  });

  it('a tied game gives no game win; level after three games means another game', () => {
    const tie = (g: string) => [...simpleTurn(g === 'b' ? 'Bob' : 'Ann', `${g}x`, { 1: 1, 2: 1, 3: 1, 4: 1 })];
    let s = fold([setup, ...tie('a'), ...tie('b')]);
    expect(s.scores).toEqual({ Ann: 0, Bob: 0 });
    expect(s.log).toContain('game 1: tie at 20 between Ann, Bob');
    s = fold([setup, ...tie('a'), ...tie('b'), ...tie('b'), ...tie('a'), ...tie('a'), ...tie('b')]);
    expect(s.over).toBe(false);
    expect(custom(s).game).toBe(4);
    expect(s.turn).toBe('Bob');
  });
});

describe('sjoelbak variants through the match engine', () => {
  it('best-of-5: first to three game wins', () => {
    const journal: MatchEvent[] = [{ type: 'setup', game: 'sjoelbak', variant: 'best-of-5', teams: ['Ann', 'Bob'] }];
    const order = [['Ann', 'Bob'], ['Bob', 'Ann'], ['Ann', 'Bob'], ['Bob', 'Ann'], ['Ann', 'Bob']];
    for (let g = 0; g < 3; g++) {
      for (const p of order[g]!) journal.push(...simpleTurn(p, `${p}${g}`, p === 'Ann' ? { 1: 3, 2: 3, 3: 3, 4: 3 } : { 1: 2, 2: 2, 3: 2, 4: 2 }));
    }
    const s = fold(journal);
    expect(s.variant).toBe('best-of-5');
    expect(s.scores).toEqual({ Ann: 3, Bob: 0 });
    expect(s.winner).toBe('Ann');
    expect(s.rounds).toHaveLength(6);
  });

  it('single-game: one turn each, three players, highest turn wins', () => {
    const s = fold([
      { type: 'setup', game: 'sjoelbak', variant: 'single-game', teams: ['Ann', 'Bob', 'Cas'], starter: 'Bob' },
      ...simpleTurn('Bob', 'b', { 1: 2, 2: 2, 3: 2, 4: 2 }),
      ...simpleTurn('Cas', 'c', { 1: 5, 2: 9, 3: 5, 4: 7 }),
      ...simpleTurn('Ann', 'a', { 1: 1, 2: 1, 3: 1, 4: 1 }),
    ]);
    expect(s.rounds.map((r) => r.points)).toEqual([{ Bob: 40 }, { Cas: 116 }, { Ann: 20 }]);
    expect(s.winner).toBe('Cas');
    expect(s.over).toBe(true);
  });

  it('total-points: every turn adds up over three games', () => {
    const journal: MatchEvent[] = [{ type: 'setup', game: 'sjoelbak', variant: 'total-points', teams: ['Ann', 'Bob'] }];
    const plan = [
      ['Ann', { 1: 5, 2: 9, 3: 5, 4: 7 }], ['Bob', { 1: 7, 2: 7, 3: 7, 4: 9 }],
      ['Bob', { 1: 1, 2: 1, 3: 1, 4: 1 }], ['Ann', { 1: 4, 2: 4, 3: 4, 4: 4 }],
      ['Ann', { 1: 2, 2: 2, 3: 2, 4: 2 }], ['Bob', { 1: 3, 2: 3, 3: 3, 4: 3 }],
    ] as const;
    plan.forEach(([p, c], i) => journal.push(...simpleTurn(p, `t${i}`, c)));
    const s = fold(journal);
    const pts = (c: Record<1 | 2 | 3 | 4, number>) => sjoelbakPoints(c, [1, 2, 3, 4].map((n) => ({ number: n, value: n })), 20).total;
    expect(s.scores).toEqual({ Ann: pts(plan[0][1]) + pts(plan[3][1]) + pts(plan[4][1]), Bob: pts(plan[1][1]) + pts(plan[2][1]) + pts(plan[5][1]) });
    expect(s.scores).toEqual({ Ann: 116 + 80 + 40, Bob: 148 + 20 + 60 });
    expect(s.winner).toBe('Ann');
    expect(custom(s).gameWins).toEqual({ Ann: 1, Bob: 2 });
  });

  it('an unknown variant is refused as a value', () => {
    const r = foldJournal(env, [{ type: 'setup', game: 'sjoelbak', variant: 'best-of-7', teams: ['Ann', 'Bob'] }]);
    expect(r.state).toBeNull();
    expect(r.error).toContain('unknown variant "best-of-7"');
  });
});

describe('sjoelbak shot rules', () => {
  const setup: MatchEvent = { type: 'setup', game: 'sjoelbak', teams: ['Ann', 'Bob'] };
  const inC2: DiscState = { id: 'k', team: 'Ann', xMm: -150, yMm: 1900 };

  it('a disc that goes from one compartment into another is out for the sub-turn', () => {
    const before: BoardState = { discs: [inC2] };
    const after: BoardState = { discs: [{ ...inC2, xMm: -50 }, { id: 's', team: 'Ann', xMm: -150, yMm: 1900 }] };
    const r = sjoelbak.judgeShot({ shooter: 'Ann', shotDiscId: 's', before, after }, { profile: parsed.profile, options: sjoelbak.defaultOptions });
    expect(r.removedIds).toEqual([{ id: 'k', rule: 'entered or left a compartment other than through its arch' }]);
    expect(r.board.discs.map((d) => d.id)).toEqual(['s']);
  });

  it('the tracker can report a disc that jumped the gate bar', () => {
    const after: BoardState = { discs: [{ id: 's', team: 'Ann', xMm: 50, yMm: 1950 }] };
    const r = sjoelbak.judgeShot({ shooter: 'Ann', shotDiscId: 's', before: { discs: [] }, after, delivery: { offRouteIds: 's' } }, { profile: parsed.profile, options: sjoelbak.defaultOptions });
    expect(r.board.discs).toEqual([]);
    expect(r.facts).toEqual({ slid: true, replayDisc: false });
  });

  it('a disc in play that comes back under the start bar is out; one that never passed may be slid again', () => {
    const lane: DiscState = { id: 'k', team: 'Ann', xMm: 0, yMm: 1000 };
    const after: BoardState = { discs: [{ ...lane, yMm: 470 }, { id: 's', team: 'Ann', xMm: 100, yMm: 480 }] };
    const r = sjoelbak.judgeShot({ shooter: 'Ann', shotDiscId: 's', before: { discs: [lane] }, after }, { profile: parsed.profile, options: sjoelbak.defaultOptions });
    expect(r.removedIds.map((x) => x.rule)).toEqual(['came back under the start bar', 'not in play']);
    expect(r.facts).toEqual({ slid: false, replayDisc: true });
    const strict = sjoelbak.judgeShot({ shooter: 'Ann', shotDiscId: 's', before: { discs: [lane] }, after, delivery: { passedStartBar: true } }, { profile: parsed.profile, options: sjoelbak.defaultOptions });
    expect(strict.facts).toEqual({ slid: true, replayDisc: false });
  });

  it('with replays off, a short slide still uses up the disc', () => {
    const s = fold([{ ...setup, options: { replayDiscShortOfStartBar: false } } as MatchEvent, { type: 'shot', shot: { shooter: 'Ann', shotDiscId: 's', before: { discs: [] }, after: { discs: [{ id: 's', team: 'Ann', xMm: 0, yMm: 470 }] } } }]);
    expect(custom(s).discsLeft).toBe(29);
    expect(s.board.discs).toEqual([]);
  });
});
