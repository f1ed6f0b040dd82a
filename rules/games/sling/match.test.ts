import { describe, expect, it } from 'vitest';
import type { BoardState, DiscState, ShotEvent } from '../../core/board-state.ts';
import { foldJournal, type MatchEnvironment } from '../../core/match.ts';
import type { MatchEvent, MatchState } from '../../core/match-state.ts';
import { parseBoardProfile } from '../../profiles/schema.ts';
import profileJson from '../../profiles/sling-standard.json' with { type: 'json' };
import type { SlingCustom } from './flow.ts';
import { ANY_PLAYER, sling } from './index.ts';

const parsed = parseBoardProfile(profileJson, sling.requiredFeatures);
if (!parsed.ok) throw new Error(parsed.error);
const env: MatchEnvironment = { games: { sling }, profiles: { [parsed.profile.id]: parsed.profile } };

function fold(journal: readonly MatchEvent[]): MatchState {
  const r = foldJournal(env, journal);
  if (!r.state) throw new Error(r.error);
  return r.state;
}
const custom = (s: MatchState) => s.custom as unknown as SlingCustom;

const NEAR = -150; // Ann's half (she sits at -y)
const FAR = 150; // Ben's half
const disc = (id: string, team: string, yMm: number, extra: Partial<DiscState> = {}): DiscState => ({ id, team, xMm: -120 + 20 * Number(id.slice(1)), yMm, ...extra });
/** Seven discs per colour; `where` gives each disc's half. */
function board(where: (id: string, team: string) => number, extra: Record<string, Partial<DiscState>> = {}): BoardState {
  const discs: DiscState[] = [];
  for (const team of ['Ann', 'Ben']) for (let i = 1; i <= 7; i++) {
    const id = `${team[0]}${i}`;
    discs.push(disc(id, team, where(id, team), extra[id] ?? {}));
  }
  return { discs };
}
function shot(before: BoardState, after: BoardState, moved: string, delivery: ShotEvent['delivery'] = {}): MatchEvent {
  return { type: 'shot', shot: { shooter: ANY_PLAYER, shotDiscId: moved, before, after, delivery } };
}

describe('Sling basic game (standard)', () => {
  const setup: MatchEvent = { type: 'setup', game: 'sling', teams: ['Ann', 'Ben'] };
  // Every disc in Ben's half except one: Ann shoots it across, and may then close the gate.
  const oneLeft = (id: string, side: number) => board((x) => (x === id ? -side : side));
  const allIn = (side: number, extra: Record<string, Partial<DiscState>> = {}) => board(() => side, extra);

  /** The player on `side`'s opposite clears the last disc and closes the gate. */
  function winRound(player: string, toSide: number): MatchEvent[] {
    const b0 = oneLeft('B3', toSide);
    const b1 = allIn(toSide);
    return [shot(b0, b1, 'B3', { player }), shot(b1, b1, 'B3', { gateClosed: true, closedBy: player })];
  }

  it('a comeback loses the round; closing with all across wins; a false close is replayed; first to 3', () => {
    const journal: MatchEvent[] = [setup];
    // Round 1: Ann gets every disc across, then Ben shoots one back before she closes: Ben's point.
    const start = board((_id, team) => (team === 'Ann' ? FAR : NEAR));
    const mid = oneLeft('B3', FAR);
    const across = allIn(FAR);
    const back = board((id) => (id === 'A5' ? NEAR : FAR));
    journal.push(shot(start, mid, 'B1', { player: 'Ann' }), shot(mid, across, 'B3', { player: 'Ann' }));
    let s = fold(journal);
    expect(custom(s).cleared).toEqual({ Ann: true, Ben: false });
    expect(s.log.at(-1)).toContain('Ann may close the gate');
    expect(s.turn).toBe(ANY_PLAYER);
    journal.push({ type: 'shot', shot: { shooter: 'Ann', shotDiscId: 'B2', before: across, after: across } }); // refused: both shoot at once
    journal.push(shot(across, back, 'A5', { player: 'Ben' }));
    s = fold(journal);
    expect(s.rejected[0]!.reason).toBe("it is any's turn, not Ann's");
    expect(s.rounds[0]!.points).toEqual({ Ann: 0, Ben: 1 });
    expect(s.turn).toBe(ANY_PLAYER);

    // Round 2: Ann clears and closes with one disc too close to the gate to call; a person rules it across.
    const close = allIn(FAR, { A7: { yMm: 22.3, uncertaintyMm: 0.5 } });
    journal.push(shot(oneLeft('B3', FAR), close, 'B3', { player: 'Ann' }), shot(close, close, 'B3', { gateClosed: true, closedBy: 'Ann' }));
    s = fold(journal);
    expect(s.pendingIds).toEqual(['A7']);
    journal.push({ type: 'decision', decision: { discId: 'A7', call: 'clear' } });
    s = fold(journal);
    expect(s.scores).toEqual({ Ann: 1, Ben: 1 });

    // Round 3: Ben closes the gate too early: replayed, nobody scores. A mistaken extra close is undone first.
    const early = board((id) => (id === 'A1' ? FAR : NEAR));
    journal.push(shot(early, early, 'A1', { gateClosed: true, player: 'Ben' }));
    s = fold(journal);
    expect(s.rounds[2]!.points).toEqual({ Ann: 0, Ben: 0 });
    expect(s.log).toContain('round 3 replayed: nobody won it');
    journal.push(shot(early, early, 'A1', { gateClosed: true, player: 'Ben' }), { type: 'undo' });
    s = fold(journal);
    expect(s.rounds).toHaveLength(3);

    // Rounds 4-6: Ben, Ann, Ben.
    journal.push(...winRound('Ben', NEAR), ...winRound('Ann', FAR), ...winRound('Ben', NEAR));
    s = fold(journal);
    expect(s.rounds.map((r) => r.points)).toEqual([
      { Ann: 0, Ben: 1 }, { Ann: 1, Ben: 0 }, { Ann: 0, Ben: 0 }, { Ann: 0, Ben: 1 }, { Ann: 1, Ben: 0 }, { Ann: 0, Ben: 1 },
    ]);
    expect(s.scores).toEqual({ Ann: 2, Ben: 3 });
    expect(s.over).toBe(true);
    expect(s.winner).toBe('Ben');
    expect(s.turn).toBeNull();
  });

  it('a gate closed by nobody known does not end the round', () => {
    const b = board(() => FAR);
    const s = fold([setup, shot(b, b, 'A1', { gateClosed: true })]);
    expect(s.rounds).toHaveLength(0);
    expect(s.log.at(-1)).toContain('by whom is not known');
  });

  it('with comebackLoses off, play goes on after a disc comes back', () => {
    const across = board(() => FAR);
    const back = board((id) => (id === 'A5' ? NEAR : FAR));
    const s = fold([{ ...setup, options: { comebackLoses: false } } as MatchEvent, shot(across, across, 'B1', { player: 'Ann' }), shot(across, back, 'A5', { player: 'Ben' })]);
    expect(s.rounds).toHaveLength(0);
    expect(custom(s).cleared).toEqual({ Ann: false, Ben: false });
  });
});

describe('Sling quickmatch', () => {
  it('only your own discs must cross; shooting one back beats the opponent', () => {
    const journal: MatchEvent[] = [{ type: 'setup', game: 'sling', variant: 'quickmatch', teams: ['Ann', 'Ben'] }];
    // Ann's seven are in Ben's half, Ben's are still at home: Ann may close.
    const annDone = board(() => FAR);
    const annHome = board((_id, team) => (team === 'Ann' ? NEAR : FAR));
    journal.push(shot(annHome, annDone, 'A1', { player: 'Ann' }));
    let s = fold(journal);
    expect(custom(s).cleared).toEqual({ Ann: true, Ben: false });
    // Ben shoots one of Ann's discs back before she closes: Ben's point.
    const back = board((id) => (id === 'A2' ? NEAR : FAR));
    journal.push(shot(annDone, back, 'A2', { player: 'Ben' }));
    s = fold(journal);
    expect(s.scores).toEqual({ Ann: 0, Ben: 1 });
    // Three rounds Ann closes in time.
    for (let i = 0; i < 3; i++) journal.push(shot(annHome, annDone, 'A1', { player: 'Ann' }), shot(annDone, annDone, 'A1', { gateClosed: true, player: 'Ann' }));
    s = fold(journal);
    expect(s.scores).toEqual({ Ann: 3, Ben: 1 });
    expect(s.winner).toBe('Ann');
    expect(s.rounds).toHaveLength(4);
  });
});

describe('Sling slow mode', () => {
  /** One round: shots alternate from `starter`; true = the disc ends in the opponent's half. */
  function slowRound(starter: 'Ann' | 'Ben', ann: boolean[], ben: boolean[]): MatchEvent[] {
    const events: MatchEvent[] = [];
    let b: BoardState = { discs: [] };
    const order = starter === 'Ann' ? ['Ann', 'Ben'] : ['Ben', 'Ann'];
    for (let i = 0; i < 7; i++) {
      for (const p of order) {
        const across = (p === 'Ann' ? ann : ben)[i]!;
        const id = `${p[0]}${i + 1}`;
        const y = p === 'Ann' ? (across ? FAR : NEAR) : across ? NEAR : FAR;
        const after: BoardState = { discs: [...b.discs, disc(id, p, y)] };
        events.push({ type: 'shot', shot: { shooter: p, shotDiscId: id, before: b, after } });
        b = after;
      }
    }
    return events;
  }
  const T = true;
  const F = false;

  it('turns, each disc once, a tie replayed, the most points in three rounds', () => {
    const journal: MatchEvent[] = [{ type: 'setup', game: 'sling', variant: 'slow', teams: ['Ann', 'Ben'], starter: 'Ben' }];
    const r1 = slowRound('Ben', [T, T, T, T, T, F, F], [T, T, T, T, F, F, F]);
    // Two refused shots in round 1: Ann shooting Ben's discs (void: still Ann's turn).
    const firstBoard = (r1[0] as Extract<MatchEvent, { type: 'shot' }>).shot.after;
    journal.push(r1[0]!);
    journal.push({ type: 'shot', shot: { shooter: 'Ann', shotDiscId: 'B1', before: firstBoard, after: firstBoard } });
    journal.push({ type: 'shot', shot: { shooter: 'Ann', shotDiscId: 'B9', before: firstBoard, after: { discs: [...firstBoard.discs, disc('B9', 'Ben', NEAR)] } } });
    journal.push(...r1.slice(1));
    let s = fold(journal);
    expect(s.log.filter((l) => l.includes('shot void'))).toHaveLength(2);
    expect(s.rounds[0]!.points).toEqual({ Ann: 1, Ben: 0 });
    expect(s.starter).toBe('Ann');
    expect(s.turn).toBe('Ann');

    journal.push(...slowRound('Ann', [T, T, T, F, F, F, F], [T, T, T, F, F, F, F]));
    s = fold(journal);
    expect(s.rounds[1]!.points).toEqual({ Ann: 0, Ben: 0 });
    expect(custom(s).countedRounds).toBe(1);

    journal.push(...slowRound('Ben', [T, F, F, F, F, F, F], [T, T, F, F, F, F, F]));
    s = fold(journal);
    expect(s.scores).toEqual({ Ann: 1, Ben: 1 });
    expect(s.over).toBe(false);

    journal.push(...slowRound('Ann', [T, T, T, T, T, T, T], [F, F, F, F, F, F, F]));
    s = fold(journal);
    expect(s.scores).toEqual({ Ann: 2, Ben: 1 });
    expect(custom(s).countedRounds).toBe(3);
    expect(s.over).toBe(true);
    expect(s.winner).toBe('Ann');
  });

  it('a disc shot twice in a round is refused', () => {
    const r = slowRound('Ann', [T, T, T, T, T, T, T], [F, F, F, F, F, F, F]);
    const second = (r[1] as Extract<MatchEvent, { type: 'shot' }>).shot.after;
    const again: MatchEvent = { type: 'shot', shot: { shooter: 'Ann', shotDiscId: 'A1', before: second, after: second } };
    const s = fold([{ type: 'setup', game: 'sling', variant: 'slow', teams: ['Ann', 'Ben'] }, r[0]!, r[1]!, again]);
    expect(s.lastShot?.valid).toBe(false);
    expect(s.lastShot?.notes[0]).toContain('already shot this round');
    expect(s.turn).toBe('Ann');
    expect(s.shotsThisRound).toBe(2);
  });
});
