import { describe, expect, it } from 'vitest';
import type { DiscState, TeamId } from '../../core/board-state.ts';
import { foldJournal, undo, type MatchEnvironment } from '../../core/match.ts';
import type { MatchEvent, MatchState } from '../../core/match-state.ts';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import { GAMES } from '../registry.ts';

const env: MatchEnvironment = { games: GAMES, profiles: BOARD_PROFILES };

// Stone positions on the shipped mat (stone r = 22.5 mm) and what each scores under strict rules.
const SPOTS = {
  p10: { xMm: 0, yMm: 589 }, // 10
  p8l: { xMm: -28, yMm: 675 }, // 8
  p8r: { xMm: 28, yMm: 675 }, // 8
  p7l: { xMm: -50, yMm: 770 }, // 7
  p7r: { xMm: 50, yMm: 770 }, // 7
  off10: { xMm: 0, yMm: 850 }, // -10
  onCentreLine: { xMm: 3, yMm: 675 }, // strict 0, casual 8 (centre right of the line)
  close8l: { xMm: -24.4, yMm: 670, uncertaintyMm: 0.5 }, // 8 if clear: too close to call
  n1: { xMm: 150, yMm: 400 }, // nothing
  n2: { xMm: -150, yMm: 400 },
  n3: { xMm: 150, yMm: 250 },
  n4: { xMm: -150, yMm: 250 },
  n5: { xMm: 100, yMm: 150 },
  n6: { xMm: -100, yMm: 150 },
} as const;
type Spot = keyof typeof SPOTS | 'off-mat';

const other = (t: TeamId): TeamId => (t === 'A' ? 'B' : 'A');

/** Six pushes, alternating from `first`; each lands on a spot or leaves the mat. */
function round(first: TeamId, spots: Spot[]): MatchEvent[] {
  let board: DiscState[] = [];
  const count: Record<TeamId, number> = { A: 0, B: 0 };
  return spots.map((spot, i) => {
    const team = i % 2 === 0 ? first : other(first);
    count[team] = (count[team] ?? 0) + 1;
    const id = `${team.toLowerCase()}${count[team]}`;
    const before = { discs: board };
    if (spot === 'off-mat') {
      return { type: 'shot', shot: { shooter: team, shotDiscId: id, before, after: { discs: board }, removed: [{ id, reason: 'off-board' }] } };
    }
    board = [...board, { id, team, ...SPOTS[spot] }];
    return { type: 'shot', shot: { shooter: team, shotDiscId: id, before, after: { discs: board } } };
  });
}

const blank = (first: TeamId) => round(first, ['n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
const fold = (journal: MatchEvent[]): MatchState => {
  const r = foldJournal(env, journal);
  expect(r.error).toBeUndefined();
  return r.state!;
};

describe('shuffleboard mat: standard match to 75', () => {
  const setup: MatchEvent = { type: 'setup', game: 'shuffleboard-mat', teams: ['A', 'B'], starter: 'A' };
  const r1 = round('A', ['p10', 'p8r', 'p8l', 'p7r', 'p7l', 'n1']); // A 25, B 15
  const r2 = round('B', ['off-mat', 'p10', 'p8r', 'p8l', 'p7r', 'p7l']); // B 15 - 10, A 25
  const r3 = round('A', ['p10', 'p8r', 'close8l', 'p7r', 'p7l', 'n1']); // A 10 + (8 if ruled clear) + 7, B 15

  it('plays rounds, alternates the starter, charges -10 at once, waits for a decision, and stops at 75', () => {
    const journal: MatchEvent[] = [setup, ...r1.slice(0, 2)];
    // A correction entered by mistake, then taken back; a push out of turn is refused.
    journal.push({ type: 'correction', board: { discs: [] }, note: 'wrong board' });
    journal.push({ type: 'undo' });
    journal.push(r1[3]!);
    journal.push(...r1.slice(2));
    let s = fold(journal);
    expect(s.rejected.map((x) => x.index)).toEqual([5]);
    expect(s.board.discs).toEqual([]);
    expect(s.scores).toEqual({ A: 25, B: 15 });
    expect(s.round).toBe(2);
    expect(s.starter).toBe('B');
    expect(s.turn).toBe('B');

    journal.push(r2[0]!);
    s = fold(journal);
    expect(s.scores).toEqual({ A: 25, B: 5 });
    expect(s.turn).toBe('A');
    journal.push(...r2.slice(1));
    s = fold(journal);
    expect(s.scores).toEqual({ A: 50, B: 20 });
    expect(s.rounds[1]!.points).toEqual({ A: 25, B: 15 });
    expect(s.starter).toBe('A');

    journal.push(...r3);
    s = fold(journal);
    expect(s.pendingIds).toEqual(['a2']);
    expect(s.turn).toBeNull();
    expect(s.over).toBe(false);
    // A shot while the call waits is refused.
    journal.push(r1[0]!);
    journal.push({ type: 'decision', decision: { discId: 'a2', call: 'clear' } });
    s = fold(journal);
    expect(s.rejected.at(-1)!.reason).toMatch(/waiting for a decision/);
    expect(s.scores).toEqual({ A: 75, B: 35 });
    expect(s.over).toBe(true);
    expect(s.winner).toBe('A');
    expect(s.turn).toBeNull();
    expect(s.rounds).toHaveLength(3);

    // Undo the decision: the round waits again. Rule it touching instead: 67, and play goes on.
    const retaken = [...undo(journal), { type: 'decision', decision: { discId: 'a2', call: 'touching' } } as MatchEvent];
    s = fold(retaken);
    expect(s.scores).toEqual({ A: 67, B: 35 });
    expect(s.over).toBe(false);
    expect(s.round).toBe(4);
    expect(s.starter).toBe('B');
  });
});

describe('shuffleboard mat: 10 rounds, tie, 2 extra rounds, then one at a time', () => {
  it('goes to round 13 and B wins', () => {
    const journal: MatchEvent[] = [{ type: 'setup', game: 'shuffleboard-mat', teams: ['A', 'B'], starter: 'A' }];
    journal.push(...round('A', ['p7l', 'n1', 'n2', 'n3', 'n4', 'n5'])); // round 1: A 7
    journal.push(...round('B', ['p7r', 'n1', 'n2', 'n3', 'n4', 'n5'])); // round 2: B 7
    for (let r = 3; r <= 10; r++) journal.push(...blank(r % 2 === 1 ? 'A' : 'B'));
    let s = fold(journal);
    expect(s.scores).toEqual({ A: 7, B: 7 });
    expect(s.over).toBe(false);
    expect(s.round).toBe(11);
    expect(s.log.join('\n')).toMatch(/tied at 7: 2 more round/);

    journal.push(...round('A', ['p8l', 'n1', 'n2', 'n3', 'n4', 'n5'])); // round 11: A 8 (no early end: 2 rounds are owed)
    s = fold(journal);
    expect(s.scores).toEqual({ A: 15, B: 7 });
    expect(s.over).toBe(false);
    journal.push(...round('B', ['p8r', 'n1', 'n2', 'n3', 'n4', 'n5'])); // round 12: B 8, level again
    s = fold(journal);
    expect(s.scores).toEqual({ A: 15, B: 15 });
    expect(s.over).toBe(false);
    expect(s.starter).toBe('A');
    journal.push(...round('A', ['n1', 'p7r', 'n2', 'n3', 'n4', 'n5'])); // round 13: B 7
    s = fold(journal);
    expect(s.over).toBe(true);
    expect(s.winner).toBe('B');
    expect(s.rounds).toHaveLength(13);
  });
});

describe('shuffleboard mat: casual variant', () => {
  it('counts stones on lines by their centre; A reaches 75 in round 5', () => {
    const journal: MatchEvent[] = [{ type: 'setup', game: 'shuffleboard-mat', variant: 'casual', teams: ['A', 'B'], starter: 'B' }];
    for (let r = 1; r <= 5; r++) {
      const first = r % 2 === 1 ? 'B' : 'A';
      const spots: Spot[] = first === 'A' ? ['onCentreLine', 'n1', 'p10', 'n2', 'n3', 'off10'] : ['n1', 'onCentreLine', 'off10', 'p10', 'n2', 'n3'];
      journal.push(...round(first, spots));
    }
    const s = fold(journal);
    // A: 8 (centre right of the line) + 10 per round; B: -10 per round.
    expect(s.rounds.map((r) => r.points)).toEqual(Array(5).fill({ A: 18, B: -10 }));
    expect(s.scores).toEqual({ A: 90, B: -50 });
    expect(s.winner).toBe('A');
    expect(s.over).toBe(true);
  });

  it('the same stones under strict rules score nothing on the line', () => {
    const journal: MatchEvent[] = [{ type: 'setup', game: 'shuffleboard-mat', teams: ['A', 'B'], starter: 'A' }, ...round('A', ['onCentreLine', 'n1', 'p10', 'n2', 'n3', 'n4'])];
    expect(fold(journal).scores).toEqual({ A: 10, B: 0 });
  });
});

describe('shuffleboard mat: loser-starts variant', () => {
  it('the team that scored less in a round starts the next; a level round alternates', () => {
    const journal: MatchEvent[] = [{ type: 'setup', game: 'shuffleboard-mat', variant: 'loser-starts', teams: ['A', 'B'], starter: 'A' }];
    journal.push(...round('A', ['p10', 'n1', 'n2', 'n3', 'n4', 'n5'])); // A 10: B lost, B starts
    let s = fold(journal);
    expect(s.starter).toBe('B');
    journal.push(...round('B', ['n1', 'p10', 'n2', 'n3', 'n4', 'n5'])); // A 10 again: B starts again
    s = fold(journal);
    expect(s.starter).toBe('B');
    journal.push(...round('B', ['p10', 'n1', 'n2', 'n3', 'n4', 'n5'])); // B 10: A starts
    s = fold(journal);
    expect(s.starter).toBe('A');
    journal.push(...blank('A')); // level round: the team second in it (B) starts
    s = fold(journal);
    expect(s.starter).toBe('B');
    for (let r = 5; r <= 10; r++) journal.push(...blank(r % 2 === 1 ? 'B' : 'A'));
    s = fold(journal);
    expect(s.scores).toEqual({ A: 20, B: 10 });
    expect(s.over).toBe(true);
    expect(s.winner).toBe('A');
  });
});
