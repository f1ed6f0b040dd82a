import { describe, expect, it } from 'vitest';
import type { BoardState, DiscState, ShotEvent } from '../../core/board-state.ts';
import { foldJournal, type MatchEnvironment } from '../../core/match.ts';
import type { MatchEvent, MatchState } from '../../core/match-state.ts';
import { parseBoardProfile } from '../../profiles/schema.ts';
import profileJson from '../../profiles/pitrush-standard.json' with { type: 'json' };
import type { PitRushCustom } from './flow.ts';
import { ANY_PLAYER, pitrush } from './index.ts';
import { readPitField } from './pits.ts';

const parsed = parseBoardProfile(profileJson, pitrush.requiredFeatures);
if (!parsed.ok) throw new Error(parsed.error);
const profile = parsed.profile;
const env: MatchEnvironment = { games: { pitrush }, profiles: { [profile.id]: profile } };
const field = readPitField(profile);

/** Spots on the board well away from every pit. */
const SPOT = {
  s1: { xMm: -200, yMm: 150 },
  s2: { xMm: 200, yMm: -150 },
  s3: { xMm: -200, yMm: -150 },
  s4: { xMm: 200, yMm: 150 },
  s5: { xMm: 0, yMm: 230 },
  s6: { xMm: 0, yMm: -230 },
} as const;
type Landing = { pit: string; off?: number; onTopOfId?: string; uncertaintyMm?: number } | keyof typeof SPOT | 'off';

/** Builds a journal shot by shot, keeping the board as the rules will leave it. */
class Table {
  board: BoardState = { discs: [] };
  events: MatchEvent[] = [];
  private n = 0;

  private place(id: string, team: string, to: Exclude<Landing, 'off'>, kind?: 'neutral'): DiscState {
    if (typeof to === 'string') return { id, team, ...SPOT[to] };
    const p = field.byId.get(to.pit)!;
    return {
      id,
      team,
      xMm: p.xMm,
      yMm: p.yMm - (to.off ?? 0),
      ...(kind ? { kind } : {}),
      ...(to.onTopOfId ? { onTopOfId: to.onTopOfId } : {}),
      ...(to.uncertaintyMm ? { uncertaintyMm: to.uncertaintyMm } : {}),
    };
  }

  /** A new disc (or `reuse`: one taken back from the board) lands at `to`. */
  shot(shooter: string, team: string, to: Landing, extra: { reuse?: string; delivery?: ShotEvent['delivery']; record?: boolean } = {}): string {
    const id = extra.reuse ?? `${team}${++this.n}`;
    const before = this.board;
    const rest = before.discs.filter((d) => d.id !== id);
    const after: BoardState = { ...before, discs: to === 'off' ? rest : [...rest, this.place(id, team, to)] };
    const shot: ShotEvent = { shooter, shotDiscId: id, before, after, ...(to === 'off' ? { removed: [{ id, reason: 'off-board' as const }] } : {}), ...(extra.delivery ? { delivery: extra.delivery } : {}) };
    this.events.push({ type: 'shot', shot });
    if (extra.record !== false) this.board = after;
    return id;
  }

  neutral(player: string, pit: string, record = true): string {
    const id = `n${++this.n}`;
    const before = this.board;
    const after: BoardState = { ...before, discs: [...before.discs, this.place(id, 'neutral', { pit }, 'neutral')] };
    this.events.push({ type: 'shot', shot: { shooter: player, shotDiscId: id, before, after, delivery: { neutralPlacement: true } } });
    if (record) this.board = after;
    return id;
  }
}

function fold(journal: readonly MatchEvent[]): MatchState {
  const r = foldJournal(env, journal);
  if (!r.state) throw new Error(r.error);
  return r.state;
}
const custom = (s: MatchState) => s.custom as unknown as PitRushCustom;

/** Contest, 2 players, 8 discs each (the standard variant's board for every Contest scenario below). */
function contestGame(variant: string) {
  const t = new Table();
  const journal: MatchEvent[] = [{ type: 'setup', game: 'pitrush', variant, teams: ['A', 'B'] }];
  t.shot('A', 'A', { pit: 'pit-1-1' });
  t.shot('B', 'B', { pit: 'pit-5-3' });
  t.shot('A', 'A', { pit: 'pit-2-1' });
  t.shot('B', 'B', { pit: 'pit-5-2' });
  const a22 = t.shot('A', 'A', { pit: 'pit-2-2' });
  t.shot('B', 'B', { pit: 'pit-5-4' });
  const a4 = t.shot('A', 'A', 's1');
  t.shot('B', 'B', { pit: 'pit-2-2', off: 28, onTopOfId: a22 });
  t.shot('A', 'A', { pit: 'pit-3-1' });
  t.shot('B', 'B', { pit: 'pit-4-3' });
  t.shot('A', 'A', { pit: 'pit-3-5' });
  const b6 = t.shot('B', 'B', 's2');
  t.shot('A', 'A', { pit: 'pit-3-3' });
  t.shot('B', 'B', { pit: 'pit-5-1' });
  const a8 = t.shot('A', 'A', 's3');
  t.shot('B', 'B', { pit: 'pit-5-5' });
  journal.push(...t.events);
  const phase1 = journal.length;
  t.events = [];
  // Phase II: take back a disc not in a pit and shoot it.
  t.shot('A', 'A', { pit: 'pit-3-2' }, { reuse: a4 }); // fell into a pit: nothing special
  t.shot('B', 'B', 's4', { reuse: b6 }); // no disc fell in: A must place a neutral disc first
  t.shot('A', 'A', 's5', { reuse: a8, record: false }); // refused: the neutral comes first
  t.neutral('A', 'pit-2-1', false); // refused: pit-2-1 is not free
  const n = t.neutral('A', 'pit-4-1');
  t.shot('A', 'A', { pit: 'pit-4-4' }, { reuse: a8, record: false }); // recorded by mistake, undone below
  journal.push(...t.events, { type: 'undo' });
  t.events = [];
  const last = t.shot('A', 'A', { pit: 'pit-3-4', off: 17.8, uncertaintyMm: 0.5 }, { reuse: a8 }); // too close to the rim to call
  journal.push(...t.events);
  return { journal, phase1, neutralId: n, lastId: last };
}

describe('PitRush Contest (standard)', () => {
  it('phases, neutral disc, void shots, undo, a too-close call and the end when a player has every disc in pits', () => {
    const g = contestGame('standard');
    let s = fold(g.journal.slice(0, g.phase1));
    expect(custom(s)).toMatchObject({ phase: 2, inHand: { A: 0, B: 0 }, neutralDue: false });
    expect(s.turn).toBe('A');
    expect(s.log.join('\n')).toContain('Phase II');

    s = fold(g.journal.slice(0, g.phase1 + 2));
    expect(custom(s).neutralDue).toBe(true);
    expect(s.turn).toBe('A');
    expect(s.log.at(-1)).toContain('A places a neutral disc');

    s = fold(g.journal);
    expect(s.lastShot?.notes.join(' ')).not.toContain('pit-4-4');
    const voids = s.log.filter((l) => l.includes('neutral disc must be placed') || l.includes('not free'));
    expect(voids).toHaveLength(2);
    expect(s.board.discs.some((d) => d.id === g.neutralId)).toBe(true);
    // The last disc lies 0.2 mm inside the rim, uncertainty 0.5: A's eighth disc in a pit as measured.
    expect(custom(s).endReason).toBe("all of A's discs are in pits");
    expect(s.pendingIds).toEqual([g.lastId]);
    expect(s.turn).toBeNull();

    const ruled = fold([...g.journal, { type: 'decision', decision: { discId: g.lastId, call: 'touching' } }]);
    // A: pits 1+2+3+3+3+3+3 (pit-2-2 lost to B on top) = 18, triangle 2-1/3-1/3-2 +1, row 1-1/2-1/3-1 +3.
    // B (counting from seat 4): pits 1+2+2+2+3+3 = 13, on top of pit-2-2 4; triangles +2; rows 5-1..5-3, 5-3..5-5 +6.
    expect(ruled.rounds[0]!.points).toEqual({ A: 22, B: 25 });
    expect(ruled.over).toBe(true);
    expect(ruled.winner).toBe('B');
  });

  it('a neutral disc that cannot be placed ends the game', () => {
    const t = new Table();
    t.shot('A', 'A', { pit: 'pit-1-1' });
    t.shot('B', 'B', 's1');
    t.shot('A', 'A', 's2');
    t.shot('B', 'B', 's3');
    t.shot('A', 'A', 's4', { reuse: 'A3' });
    const s = fold([{ type: 'setup', game: 'pitrush', teams: ['A', 'B'], options: { discsPerPlayer: { '2': 2 }, neutralDiscs: 0 } }, ...t.events]);
    expect(custom(s).endReason).toBe('a neutral disc must be placed but none is left');
    expect(s.over).toBe(true);
    expect(s.scores).toEqual({ A: 1, B: 0 });
  });

  it('a disc in a pit, or an opponent\'s, cannot be taken back', () => {
    const t = new Table();
    const a1 = t.shot('A', 'A', { pit: 'pit-1-1' });
    const b1 = t.shot('B', 'B', 's1');
    t.shot('A', 'A', 's2');
    t.shot('B', 'B', 's3');
    // Phase II: A must take back a disc of their own that is not in a pit.
    t.shot('A', 'A', 's4', { reuse: a1, record: false });
    t.shot('A', 'A', 's4', { reuse: b1, record: false });
    const s = fold([{ type: 'setup', game: 'pitrush', teams: ['A', 'B'], options: { discsPerPlayer: { '2': 2 } } }, ...t.events]);
    expect(custom(s).phase).toBe(2);
    expect(s.log.filter((l) => l.includes('shot void'))).toEqual([
      `round 1: ${a1} lies in a pit and cannot be taken back: shot void, board restored`,
      `round 1: A took back B's disc ${b1}: shot void, board restored`,
    ]);
    expect(s.turn).toBe('A');
  });

  it('a disc hanging over an empty pit blocks a neutral disc there and scores nothing', () => {
    const t = new Table();
    const hanging = t.shot('A', 'A', { pit: 'pit-1-1', off: 25 }); // centre 25 mm out: over the edge, not in
    t.shot('B', 'B', 's1');
    const a2 = t.shot('A', 'A', 's2');
    t.shot('B', 'B', { pit: 'pit-5-3' });
    t.shot('A', 'A', 's5', { reuse: a2 }); // Phase II, nothing falls in: B places a neutral disc
    t.neutral('B', 'pit-1-1', false);
    t.neutral('B', 'pit-3-3');
    const s = fold([{ type: 'setup', game: 'pitrush', teams: ['A', 'B'], options: { discsPerPlayer: { '2': 2 } } }, ...t.events]);
    expect(s.log.some((l) => l.includes('pit-1-1 is not free'))).toBe(true);
    expect(custom(s)).toMatchObject({ neutralDue: false, neutralsPlaced: 1 });
    expect(s.turn).toBe('B');
    const score = pitrush.scoreRound(s.board, { profile, options: pitrush.defaultOptions, match: s });
    expect(score.calls.find((c) => c.id === hanging)).toMatchObject({ zone: 'hanging pit-1-1', points: 0 });
  });

  it('every pit filled ends the game at once', () => {
    const t = new Table();
    const order = field.pits.map((p) => p.id);
    order.forEach((pit, i) => (i % 2 === 0 ? t.shot('A', 'A', { pit }) : t.shot('B', 'B', { pit })));
    const s = fold([{ type: 'setup', game: 'pitrush', teams: ['A', 'B'], options: { discsPerPlayer: { '2': 12 } } }, ...t.events]);
    expect(custom(s).endReason).toBe('every pit is filled');
    expect(s.rounds).toHaveLength(1);
  });
});

describe('PitRush Contest variants', () => {
  it("children: every pit is worth 1 and there are no formations", () => {
    const g = contestGame('children');
    const s = fold([...g.journal, { type: 'decision', decision: { discId: g.lastId, call: 'touching' } }]);
    expect(s.rounds[0]!.points).toEqual({ A: 7, B: 7 });
    expect(s.winner).toBeNull();
    expect(s.log.at(-1)).toBe('tie between A, B');
  });

  it('board-figure: both players count the printed values (seat 1 view)', () => {
    const g = contestGame('board-figure');
    const s = fold([...g.journal, { type: 'decision', decision: { discId: g.lastId, call: 'touching' } }]);
    expect(s.rounds[0]!.points).toEqual({ A: 22, B: 39 });
    expect(s.winner).toBe('B');
  });

  it('series-of-5: five games, the starter moves round, totals decide', () => {
    const journal: MatchEvent[] = [{ type: 'setup', game: 'pitrush', variant: 'series-of-5', teams: ['A', 'B'], options: { discsPerPlayer: { '2': 1 } } }];
    const pits = ['pit-5-3', 'pit-5-3', 'pit-3-3', 'pit-1-1', 'pit-2-2'];
    const starters = ['A', 'B', 'A', 'B', 'A'];
    pits.forEach((pit, i) => {
      const t = new Table();
      t.shot(starters[i]!, starters[i]!, { pit });
      journal.push(...t.events);
    });
    // A mistaken extra game-ending shot, taken back.
    const s = fold(journal);
    expect(s.rounds.map((r) => r.points)).toEqual([{ A: 5, B: 0 }, { A: 0, B: 1 }, { A: 3, B: 0 }, { A: 0, B: 5 }, { A: 2, B: 0 }]);
    expect(s.scores).toEqual({ A: 10, B: 6 });
    expect(s.winner).toBe('A');
    const undone = fold([...journal, { type: 'undo' }]);
    expect(undone.over).toBe(false);
    expect(undone.round).toBe(5);
    expect(undone.turn).toBe('A');
  });
});

/** Arena, 3 players (10 discs each): Phase I fills every pit, Phase II gathers the rest and goes round. */
function arenaGame(variant: string) {
  const t = new Table();
  const journal: MatchEvent[] = [{ type: 'setup', game: 'pitrush', variant, teams: ['A', 'B', 'C'] }];
  const own: Record<string, string[]> = {
    A: ['pit-1-1', 'pit-2-1', 'pit-2-2', 'pit-2-3', 'pit-3-1', 'pit-3-2', 'pit-3-3'],
    B: ['pit-3-4', 'pit-3-5', 'pit-4-1', 'pit-4-2', 'pit-4-3', 'pit-4-4'],
    C: ['pit-4-5', 'pit-5-1', 'pit-5-2', 'pit-5-3', 'pit-5-4', 'pit-5-5'],
  };
  const idAt: Record<string, string> = {};
  // The starter shoots first; then anyone, any time (shots carry the "any" marker and the player).
  idAt['pit-1-1'] = t.shot('A', 'A', { pit: 'pit-1-1' });
  t.shot(ANY_PLAYER, 'B', 's1', { delivery: { player: 'B' } });
  for (const p of ['A', 'B', 'C']) for (const pit of own[p]!) if (!idAt[pit]) idAt[pit] = t.shot(ANY_PLAYER, p, { pit }, { delivery: { player: p } });
  journal.push(...t.events);
  const phase1 = journal.length;
  t.events = [];
  t.board = { discs: t.board.discs.filter((d) => d.id !== 'B2') }; // gathered
  t.shot('A', 'A', { pit: 'pit-3-5', off: 28, onTopOfId: idAt['pit-3-5'] });
  t.shot('B', 'B', { pit: 'pit-5-1', off: -28, onTopOfId: idAt['pit-5-1'] });
  t.shot('C', 'C', 's1');
  t.shot('A', 'A', 's6', { record: false, delivery: { startXMm: 0, startYMm: -250 } }); // not from the line: retake
  t.shot('A', 'A', { pit: 'pit-5-5', off: -28, onTopOfId: idAt['pit-5-5'] }, { delivery: { startXMm: 0, startYMm: -290 } });
  t.shot('B', 'B', 's2');
  t.shot('C', 'C', { pit: 'pit-1-1', off: 28, onTopOfId: idAt['pit-1-1'] });
  t.shot('A', 'A', 'off');
  t.shot('B', 'B', { pit: 'pit-2-3', off: 28, onTopOfId: idAt['pit-2-3'] });
  t.shot('C', 'C', { pit: 'pit-5-2', off: -28, onTopOfId: idAt['pit-5-2'] });
  t.shot('B', 'B', 's3');
  t.shot('C', 'C', { pit: 'pit-4-3', off: 28, onTopOfId: idAt['pit-4-3'] });
  journal.push(...t.events);
  return { journal, phase1 };
}

describe('PitRush Arena', () => {
  it('Phase I is anyone\'s, then every pit filled starts Phase II in turns; scores without formations', () => {
    const g = arenaGame('arena');
    let s = fold(g.journal.slice(0, 2));
    expect(s.turn).toBe(ANY_PLAYER);
    s = fold(g.journal.slice(0, g.phase1));
    expect(custom(s)).toMatchObject({ phase: 2, inHand: { A: 3, B: 4, C: 4 } });
    expect(s.board.discs).toHaveLength(19);
    expect(s.turn).toBe('A');
    s = fold(g.journal);
    expect(s.log.join('\n')).toContain('did not flick from the shooting line');
    expect(custom(s).endReason).toBe('every player has shot all their discs');
    // A: pits 16 - 1 - 2, on top 3 + 5; B: pits 20 - 5 - 3, on top 1 + 5; C: pits 17 - 5 - 1, on top 5 + 4 + 3.
    expect(s.rounds[0]!.points).toEqual({ A: 21, B: 18, C: 23 });
    expect(s.winner).toBe('C');
  });

  it('arena-formations: the same game with formation bonuses', () => {
    const s = fold(arenaGame('arena-formations').journal);
    expect(s.rounds[0]!.points).toEqual({ A: 24, B: 19, C: 25 });
    expect(s.winner).toBe('C');
  });

  it('a shot out of turn in Phase II is refused', () => {
    const g = arenaGame('arena');
    const s = fold([...g.journal.slice(0, g.phase1), { type: 'shot', shot: { shooter: 'B', shotDiscId: 'x', before: { discs: [] }, after: { discs: [] } } }]);
    expect(s.rejected[0]!.reason).toBe("it is A's turn, not B's");
  });
});
