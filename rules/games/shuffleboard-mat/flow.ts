/**
 * Shuffleboard-mat match flow (seed 000): teams alternate pushes, 3 stones each; the team second
 * in a round starts the next; 10 rounds or a team reaching 75; a tie adds 2 rounds, then one at
 * a time until someone leads.
 */
import type { TeamId } from '../../core/board-state.ts';
import type { MatchFlow } from '../../core/define-rules.ts';
import type { MatchState } from '../../core/match-state.ts';
import { addPoints, zeroScores } from '../../core/match.ts';
import { beginNextRound, leaders, nextTeam } from '../../core/turns.ts';
import type { ShuffleboardMatOptions } from './options.ts';

/** Match-specific state kept in MatchState.custom. */
export interface MatCustom {
  /** The round after which the match may end on the round count (moves on while level). */
  finalRound: number;
  /** True once the tie rule has added its extra rounds. */
  tieBreak: boolean;
  /** Penalties charged at once during the current round (for the round's record). */
  roundPenalties: Record<TeamId, number>;
}

export function matCustom(state: MatchState): MatCustom {
  return state.custom as unknown as MatCustom;
}

export function shotsPerMatRound(teams: readonly TeamId[], options: ShuffleboardMatOptions): number {
  return teams.length * options.stonesPerTeam;
}

function nextStarterOf(state: MatchState, roundTotals: Record<TeamId, number>, options: ShuffleboardMatOptions): TeamId {
  const second = nextTeam(state.teams, state.starter);
  if (options.nextStarter !== 'round-loser') return second;
  const lowest = Math.min(...state.teams.map((t) => roundTotals[t] ?? 0));
  const losers = state.teams.filter((t) => (roundTotals[t] ?? 0) === lowest);
  return losers.length === 1 ? losers[0]! : second;
}

export const shuffleboardMatFlow: MatchFlow<ShuffleboardMatOptions> = {
  start(state, ctx) {
    const custom: MatCustom = { finalRound: ctx.options.rounds, tieBreak: false, roundPenalties: zeroScores(state.teams) };
    return { ...state, turn: state.starter, hammer: null, custom: { ...custom } };
  },
  afterShot(state, ruling, shot) {
    const c = matCustom(state);
    return {
      ...state,
      shotsThisRound: state.shotsThisRound + 1,
      turn: nextTeam(state.teams, shot.shooter),
      custom: { ...state.custom, roundPenalties: addPoints(c.roundPenalties, ruling.immediatePoints) },
    };
  },
  roundComplete(state, ctx) {
    return state.shotsThisRound >= shotsPerMatRound(state.teams, ctx.options);
  },
  endRound(state, score, ctx) {
    const o = ctx.options;
    const c = matCustom(state);
    const pts: Record<TeamId, number> = Object.fromEntries(state.teams.map((t) => [t, score.points[t] ?? 0]));
    const scoresAfter = addPoints(state.scores, pts);
    const penaltyNotes = state.teams
      .filter((t) => (c.roundPenalties[t] ?? 0) !== 0)
      .map((t) => `round ${state.round}: ${t} ${c.roundPenalties[t]} for stones played off the mat`);
    const starter = nextStarterOf(state, addPoints(pts, c.roundPenalties), o);
    const next = beginNextRound(state, score, pts, scoresAfter, starter, penaltyNotes);

    const top = leaders(scoresAfter);
    const reached = o.target > 0 && state.teams.some((t) => scoresAfter[t]! >= o.target);
    const roundsDone = state.round >= c.finalRound;
    const custom: MatCustom = { ...c, roundPenalties: zeroScores(state.teams) };
    if ((reached || roundsDone) && top.length === 1) {
      const winner = top[0]!;
      const why = reached && !roundsDone ? `reached ${o.target}` : `after ${state.round} rounds`;
      return { ...next, custom: { ...custom }, over: true, winner, turn: null, log: [...next.log, `${winner} wins the match (${why})`] };
    }
    if (roundsDone) {
      // Level when the match should end: the tie rule's extra rounds, then one at a time.
      const extra = c.tieBreak ? 1 : o.tieExtraRounds;
      custom.finalRound = state.round + Math.max(1, extra);
      custom.tieBreak = true;
      const at = scoresAfter[top[0]!];
      return { ...next, custom: { ...custom }, log: [...next.log, `tied at ${at}: ${custom.finalRound - state.round} more round(s)`] };
    }
    return { ...next, custom: { ...custom } };
  },
};
