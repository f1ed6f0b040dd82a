/** Small helpers shared by match flows: turn rotation and starting a fresh round. */
import type { TeamId } from './board-state.ts';
import type { RoundScore } from './calls.ts';
import type { MatchState, RoundRecord } from './match-state.ts';

/** The team after `current` in seating order (clockwise). */
export function nextTeam(teams: readonly TeamId[], current: TeamId): TeamId {
  const i = teams.indexOf(current);
  return teams[(i + 1) % teams.length]!;
}

/** Record a scored round and clear the board for the next one, started by `starter`. */
export function beginNextRound(
  state: MatchState,
  score: RoundScore,
  matchPoints: Record<TeamId, number>,
  scoresAfter: Record<TeamId, number>,
  starter: TeamId,
  extraNotes: string[] = [],
): MatchState {
  const record: RoundRecord = {
    round: state.round,
    points: matchPoints,
    scoresAfter,
    calls: score.calls,
    notes: [...score.notes, ...extraNotes],
  };
  const summary = Object.entries(matchPoints).map(([t, p]) => `${t} ${p}`).join(', ');
  return {
    ...state,
    scores: scoresAfter,
    rounds: [...state.rounds, record],
    round: state.round + 1,
    shotsThisRound: 0,
    starter,
    turn: starter,
    board: { discs: [] },
    decisions: [],
    pendingIds: [],
    pendingScore: null,
    log: [...state.log, `round ${state.round} scored: ${summary}`, ...extraNotes],
  };
}

/** Team(s) with the highest value; more than one on a tie. */
export function leaders(values: Record<TeamId, number>): TeamId[] {
  const best = Math.max(...Object.values(values));
  return Object.keys(values).filter((t) => values[t] === best);
}
