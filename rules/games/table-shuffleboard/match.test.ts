import { describe, expect, it } from 'vitest';
import type { TeamId } from '../../core/board-state.ts';
import { foldJournal, type MatchEnvironment } from '../../core/match.ts';
import type { MatchEvent, MatchState } from '../../core/match-state.ts';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import { GAMES } from '../registry.ts';

const env: MatchEnvironment = { games: GAMES, profiles: BOARD_PROFILES };

// 9 ft table (far end y = +1270, near end y = -1270). Rounds alternate ends: odd rounds to the far
// end, even rounds to the near end; throws below give the distance down the table toward the end
// being played to. Section 1 below 967.7 + r, 2 up to 1120.1 + r, 3 beyond, hanger from 1243.01.
const SHORT = 300; // short of the foul line: removed at once
const X: Record<string, number> = { a1: -150, a2: -110, a3: -70, a4: -30, b1: 30, b2: 70, b3: 110, b4: 150 };

function fold(journal: readonly MatchEvent[]): MatchState {
  const r = foldJournal(env, journal);
  expect(r.error).toBeUndefined();
  return r.state!;
}

interface Throw {
  downMm: number;
  /** Across the table (default: a lane per puck id, so pucks do not overlap). */
  xMm?: number;
  knockOff?: string;
  uncertaintyMm?: number;
}
type ThrowSpec = number | Throw;
const asThrow = (t: ThrowSpec): Throw => (typeof t === 'number' ? { downMm: t } : t);

/** One throw: the board before is what the referee left on the table; after adds the puck. */
function throwPuck(journal: MatchEvent[], shooter: TeamId, id: string, team: TeamId, spec: ThrowSpec): void {
  const s = fold(journal);
  const t = asThrow(spec);
  const dir = s.round % 2 === 1 ? 1 : -1;
  const before = s.board;
  const discs = [
    ...before.discs.filter((d) => d.id !== t.knockOff),
    { id, team, xMm: t.xMm ?? X[id] ?? 0, yMm: dir * t.downMm, ...(t.uncertaintyMm ? { uncertaintyMm: t.uncertaintyMm } : {}) },
  ];
  journal.push({
    type: 'shot',
    shot: { shooter, shotDiscId: id, before, after: { discs }, ...(t.knockOff ? { removed: [{ id: t.knockOff, reason: 'off-board' as const }], hits: [{ byId: id, hitId: t.knockOff }] } : {}) },
  });
}

/** A round of 4 pucks each, alternating from `first`. */
function playRound(journal: MatchEvent[], first: TeamId, a: ThrowSpec[], b: ThrowSpec[]): void {
  const second = first === 'A' ? 'B' : 'A';
  const of = { A: a, B: b } as Record<TeamId, ThrowSpec[]>;
  for (let i = 0; i < 4; i++) {
    for (const team of [first, second]) throwPuck(journal, team, `${team.toLowerCase()}${i + 1}`, team, of[team]![i]!);
  }
}

function lag(journal: MatchEvent[], first: TeamId, a: ThrowSpec, b: ThrowSpec): void {
  const second = first === 'A' ? 'B' : 'A';
  const of = { A: a, B: b } as Record<TeamId, ThrowSpec>;
  throwPuck(journal, first, `lag-${first}`, first, of[first]!);
  throwPuck(journal, second, `lag-${second}`, second, of[second]!);
}

const BLANK_A = [1100, 800, 700, 600];
const BLANK_B = [1100, 900, 650, 550];

describe('table shuffleboard: standard match (lag, to 15, win by 2)', () => {
  it('lag decided by a person, hammer to the round loser, blank round, 15-14 plays on, 17-14 wins', () => {
    const j: MatchEvent[] = [{ type: 'setup', game: 'table-shuffleboard', teams: ['A', 'B'], starter: 'A' }];
    lag(j, 'A', { downMm: 1200.3, uncertaintyMm: 0.25 }, { downMm: 1200, uncertaintyMm: 0.25 });
    let s = fold(j);
    expect(s.pendingIds).toEqual(['lag-A']);
    expect(s.turn).toBeNull();
    j.push({ type: 'decision', decision: { discId: 'lag-A', call: 'clear', winnerId: 'lag-B' } });
    s = fold(j);
    expect(s.hammer).toBe('B');
    expect(s.starter).toBe('A');
    expect(s.turn).toBe('A');
    expect(s.round).toBe(1);
    expect(s.rounds).toHaveLength(0);
    expect(s.board.discs).toEqual([]);

    // A throw out of turn is refused; a throw entered by mistake is taken back.
    throwPuck(j, 'B', 'b1', 'B', 1000);
    throwPuck(j, 'A', 'a1', 'A', 1234);
    j.push({ type: 'undo' });
    playRound(j, 'A', [1200, 1050, 700, SHORT], [1000, 900, 650, 600]); // round 1 (far): A 3 + 2
    s = fold(j);
    expect(s.rejected.map((r) => r.reason)).toEqual([expect.stringMatching(/A's turn/)]);
    expect(s.scores).toEqual({ A: 5, B: 0 });
    expect(s.hammer).toBe('B');
    expect(s.starter).toBe('A');

    playRound(j, 'A', [1000, 800, 600, 500], [1260, 1150, 900, SHORT]); // round 2 (near): B hanger 5 + 3
    s = fold(j);
    expect(s.scores).toEqual({ A: 5, B: 8 });
    expect(s.hammer).toBe('A');
    expect(s.starter).toBe('B');

    playRound(j, 'B', BLANK_A, BLANK_B); // round 3 (far): the two furthest level, nobody scores
    s = fold(j);
    expect(s.scores).toEqual({ A: 5, B: 8 });
    expect(s.rounds[2]!.points).toEqual({ A: 0, B: 0 });
    expect(s.hammer).toBe('B'); // a blank round passes the hammer
    expect(s.starter).toBe('A');

    playRound(j, 'A', [1200, 1190, 1180, 500], [1000, 900, 800, 600]); // round 4 (near): A 9
    playRound(j, 'A', [1000, 900, 800, 700], [1200, 1180, 600, SHORT]); // round 5 (far): B 6
    s = fold(j);
    expect(s.scores).toEqual({ A: 14, B: 14 });
    expect(s.hammer).toBe('A');
    playRound(j, 'B', [900, 500, 490, 480], [800, 700, 600, 550]); // round 6 (near): A 1
    s = fold(j);
    expect(s.scores).toEqual({ A: 15, B: 14 });
    expect(s.over).toBe(false);
    playRound(j, 'A', [1050, 700, 600, 500], [1000, 650, 550, 520]); // round 7 (far): A 2
    s = fold(j);
    expect(s.scores).toEqual({ A: 17, B: 14 });
    expect(s.over).toBe(true);
    expect(s.winner).toBe('A');
    expect(s.turn).toBeNull();
  });

  it('a level lag is thrown again', () => {
    const j: MatchEvent[] = [{ type: 'setup', game: 'table-shuffleboard', teams: ['A', 'B'], starter: 'B' }];
    lag(j, 'B', 1100, 1100);
    let s = fold(j);
    expect(s.hammer).toBeNull();
    expect(s.turn).toBe('B');
    expect(s.log.join('\n')).toMatch(/lag again/);
    lag(j, 'B', 1250, 1100);
    s = fold(j);
    expect(s.hammer).toBe('A');
    expect(s.starter).toBe('B');
    expect(s.turn).toBe('B');
  });
});

describe('table shuffleboard: doubles (to 21)', () => {
  it('17 is not enough; 26 wins', () => {
    const j: MatchEvent[] = [{ type: 'setup', game: 'table-shuffleboard', variant: 'doubles', teams: ['A', 'B'], starter: 'A' }];
    lag(j, 'A', 1250, 1000); // A wins the lag: B throws first
    playRound(j, 'B', [1200, 1190, 1180, 1170], [1000, 900, 800, 700]); // A 12
    playRound(j, 'A', [1260, 700, 600, 500], [1000, 900, 800, 700]); // A 5 (hanger)
    let s = fold(j);
    expect(s.scores).toEqual({ A: 17, B: 0 });
    expect(s.over).toBe(false);
    expect(s.hammer).toBe('B');
    playRound(j, 'A', [1200, 1190, 1180, 700], [1000, 900, 800, 600]); // A 9
    s = fold(j);
    expect(s.scores).toEqual({ A: 26, B: 0 });
    expect(s.winner).toBe('A');
  });
});

describe('table shuffleboard: hanger-4', () => {
  it('hangers count 4', () => {
    const j: MatchEvent[] = [{ type: 'setup', game: 'table-shuffleboard', variant: 'hanger-4', teams: ['A', 'B'], starter: 'A' }];
    lag(j, 'A', 1000, 1200); // B has the hammer
    playRound(j, 'A', [1260, 1200, 700, 600], [1000, 900, 800, 650]); // A 4 + 3
    playRound(j, 'A', [1255, 1250, 700, 600], [1000, 900, 800, 650]); // A 4 + 4
    const s = fold(j);
    expect(s.rounds.map((r) => r.points.A)).toEqual([7, 8]);
    expect(s.winner).toBe('A');
  });
});

describe('table shuffleboard: no-lag (hammer given at setup)', () => {
  it('the setup starter throws first, the other side has the hammer', () => {
    const j: MatchEvent[] = [{ type: 'setup', game: 'table-shuffleboard', variant: 'no-lag', teams: ['A', 'B'], starter: 'B' }];
    let s = fold(j);
    expect(s.turn).toBe('B');
    expect(s.hammer).toBe('A');
    playRound(j, 'B', [1000, 900, 800, 700], [1200, 1190, 1180, 1170]); // B 12
    s = fold(j);
    expect(s.hammer).toBe('A');
    expect(s.starter).toBe('B');
    playRound(j, 'B', [1000, 900, 800, 700], [1200, 1190, 600, 500]); // B 6
    s = fold(j);
    expect(s.scores).toEqual({ A: 0, B: 18 });
    expect(s.winner).toBe('B');
  });
});

describe('table shuffleboard: bocce (closest to the spot, to 9)', () => {
  // Spot: the middle of the 2 section, 1041.4 mm down the table at either end, on the centre line.
  const SPOT = 1041.4;
  const at = (xMm: number, dyMm: number): ThrowSpec => ({ downMm: SPOT + dyMm, xMm });
  it('scores one per puck closer than the opponent\'s closest; first to 9', () => {
    const j: MatchEvent[] = [{ type: 'setup', game: 'table-shuffleboard', variant: 'bocce', teams: ['A', 'B'], starter: 'A' }];
    lag(j, 'A', 1200, 1100); // A has the hammer: B throws first
    // Round 1: A at 0, 60 and 60.8 mm from the spot, B's closest at 80 mm: A 3.
    playRound(j, 'B', [at(0, 0), at(60, 0), at(-60, 10), 700], [at(0, 80), at(100, -40), 900, 800]);
    let s = fold(j);
    expect(s.scores).toEqual({ A: 3, B: 0 });
    expect(s.hammer).toBe('B');
    // Round 2 (near end): B at 0 and 60.2 mm, A's closest at 90 mm: B 2.
    playRound(j, 'A', [at(0, 90), 900, 800, 700], [at(0, 0), at(60, 5), at(150, 70), 600]);
    // Round 3: A 4 (0, 60, 60, 56 mm against B's 120 mm).
    playRound(j, 'B', [at(0, 0), at(60, 0), at(-60, 0), at(0, 56)], [at(0, 120), 900, 800, 700]);
    s = fold(j);
    expect(s.scores).toEqual({ A: 7, B: 2 });
    expect(s.over).toBe(false);
    // Round 4: A 2 (0, 60 mm against B's 70 mm): 9 wins.
    playRound(j, 'A', [at(0, 0), at(60, 0), 700, 600], [at(-70, 0), 900, 800, 650]);
    s = fold(j);
    expect(s.scores).toEqual({ A: 9, B: 2 });
    expect(s.winner).toBe('A');
  });
});

describe('table shuffleboard: tap & draw', () => {
  it('knocking an opponent off costs your puck and restores theirs; the round winner throws second', () => {
    const j: MatchEvent[] = [{ type: 'setup', game: 'table-shuffleboard', variant: 'tap-and-draw', teams: ['A', 'B'], starter: 'A' }];
    lag(j, 'A', 1000, 1200); // B has the hammer: A throws first
    // Round 1 (far): B's last throw knocks a1 off: b4 is removed and a1 goes back to 1200.
    playRound(j, 'A', [1200, 1190, 1180, 1170], [1000, 900, 800, { downMm: 1210, knockOff: 'a1' }]);
    let s = fold(j);
    expect(s.rounds[0]!.points).toEqual({ A: 12, B: 0 });
    expect(s.log.join('\n')).toMatch(/tap & draw: B knocked a1 off/);
    // A won the round: A keeps the hammer (throws second), B throws first.
    expect(s.hammer).toBe('A');
    expect(s.starter).toBe('B');
    playRound(j, 'B', [1200, 700, 600, 500], [1000, 900, 800, 650]); // A 3
    s = fold(j);
    expect(s.scores).toEqual({ A: 15, B: 0 });
    expect(s.winner).toBe('A');
  });
});

describe('table shuffleboard: horse collar (series of 8, to 51, equal rounds)', () => {
  /** One side throws all eight pucks (both colours); every puck in a scoring position is theirs. */
  function series(j: MatchEvent[], shooter: TeamId, downs: number[]): void {
    downs.forEach((d, i) => {
      const team = i < 4 ? 'A' : 'B';
      throwPuck(j, shooter, `${team.toLowerCase()}${(i % 4) + 1}`, team, d);
    });
  }
  const twenty = [1260, 1255, 1200, 1190, 1050, 1040, SHORT, SHORT]; // 5 + 5 + 3 + 3 + 2 + 2
  const fifteen = [1200, 1190, 1180, 1050, 1040, 800, 700, SHORT]; // 3 + 3 + 3 + 2 + 2 + 1 + 1
  const twentyEight = [1260, 1255, 1250, 1200, 1190, 1050, 1040, 1180]; // 5 + 5 + 5 + 3 + 3 + 2 + 2 + 3

  it('A passes 51 first, B gets its round and passes A', () => {
    const j: MatchEvent[] = [{ type: 'setup', game: 'table-shuffleboard', variant: 'horse-collar', teams: ['A', 'B'], starter: 'A' }];
    let s = fold(j);
    expect(s.turn).toBe('A');
    series(j, 'A', twenty);
    s = fold(j);
    expect(s.scores).toEqual({ A: 20, B: 0 });
    expect(s.turn).toBe('B');
    series(j, 'B', fifteen);
    series(j, 'A', twenty);
    series(j, 'B', twentyEight);
    s = fold(j);
    expect(s.scores).toEqual({ A: 40, B: 43 });
    series(j, 'A', twenty);
    s = fold(j);
    expect(s.scores).toEqual({ A: 60, B: 43 });
    expect(s.over).toBe(false); // B is owed its round
    expect(s.turn).toBe('B');
    series(j, 'B', twenty);
    s = fold(j);
    expect(s.scores).toEqual({ A: 60, B: 63 });
    expect(s.over).toBe(true);
    expect(s.winner).toBe('B');
  });
});

describe('table shuffleboard: baseball (9 innings)', () => {
  it('level after 9 innings: an extra inning decides it', () => {
    const j: MatchEvent[] = [{ type: 'setup', game: 'table-shuffleboard', variant: 'baseball', teams: ['A', 'B'], starter: 'A' }];
    lag(j, 'A', 1200, 1000); // A has the hammer: B throws first
    playRound(j, 'B', [1200, 700, 600, 500], [1000, 900, 800, 650]); // A 3
    playRound(j, 'A', [1000, 900, 800, 650], [1200, 700, 600, 500]); // B 3
    let s = fold(j);
    for (let r = 3; r <= 9; r++) {
      playRound(j, s.starter, BLANK_A, BLANK_B);
      s = fold(j);
    }
    expect(s.scores).toEqual({ A: 3, B: 3 });
    expect(s.over).toBe(false);
    expect(s.round).toBe(10);
    playRound(j, s.starter, [800, 700, 600, 500], [900, 650, 550, 520]); // B 1
    s = fold(j);
    expect(s.scores).toEqual({ A: 3, B: 4 });
    expect(s.winner).toBe('B');
  });

  it('no target: a big lead before the ninth inning does not end it', () => {
    const j: MatchEvent[] = [{ type: 'setup', game: 'table-shuffleboard', variant: 'baseball', teams: ['A', 'B'], starter: 'A' }];
    lag(j, 'A', 1200, 1000);
    for (let r = 1; r <= 2; r++) playRound(j, fold(j).starter, [1260, 1255, 1250, 1245], [1000, 900, 800, 650]); // A 20 a round
    const s = fold(j);
    expect(s.scores.A).toBe(40);
    expect(s.over).toBe(false);
  });
});
