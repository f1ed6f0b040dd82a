/**
 * The match flow of an end-based curling game, shared by curling on a mat and Nano Curling:
 * teams alternate one stone at a time, an end is every stone played, the team that scored
 * starts the next end (nobody scored: the same starter again), the other team has the hammer.
 * A match is a number of ends (extra ends on a tie) or a race to a target, or both.
 */
import type { TeamId } from '../../core/board-state.ts';
import type { RoundScore } from '../../core/calls.ts';
import type { MatchFlow, RulesContext, ShotRuling } from '../../core/define-rules.ts';
import type { MatchState } from '../../core/match-state.ts';
import { addPoints, zeroScores } from '../../core/match.ts';
import { beginNextRound, leaders, nextTeam } from '../../core/turns.ts';
import { deliveryFacts, type LineQuestion } from './delivery.ts';

export interface EndsSettings {
  stonesPerTeam: number;
  /** Ends in a match; null: no fixed number (a race to `target`). */
  ends: number | null;
  /** First to this many points wins; null: no target. */
  target: number | null;
  /** Extra ends after a tie at the end of `ends`; null: until someone leads. */
  maxExtraEnds: number | null;
}

/** The team that throws last when `starter` throws first: the one before it in the rotation. */
export function hammerFor(teams: readonly TeamId[], starter: TeamId): TeamId {
  const i = teams.indexOf(starter);
  return teams[(i + teams.length - 1) % teams.length]!;
}

/** Open too-close questions of this end (see delivery.ts). */
export function openQuestions(state: MatchState | undefined): LineQuestion[] {
  return ((state?.custom.questions as LineQuestion[] | undefined) ?? []).slice();
}

/** Who starts the next end: the team that scored more; if nobody scored, the same starter. */
export function nextStarter(points: Record<TeamId, number>, starter: TeamId): TeamId {
  const top = leaders(points);
  return top.length === 1 && (points[top[0]!] ?? 0) > 0 ? top[0]! : starter;
}

const scoreText = (teams: readonly TeamId[], s: Record<TeamId, number>) => teams.map((t) => `${t} ${s[t] ?? 0}`).join(' - ');

/** Whether the match is over after an end, and who won (null winner: drawn). */
export function matchResult(
  teams: readonly TeamId[],
  scoresAfter: Record<TeamId, number>,
  endsPlayed: number,
  s: EndsSettings,
): { over: boolean; winner: TeamId | null; note: string | null } {
  if (s.target !== null) {
    const reached = teams.filter((t) => (scoresAfter[t] ?? 0) >= s.target!);
    const top = leaders(Object.fromEntries(reached.map((t) => [t, scoresAfter[t]!])));
    if (top.length === 1) return { over: true, winner: top[0]!, note: `${top[0]} reaches ${s.target} and wins the match (${scoreText(teams, scoresAfter)})` };
  }
  if (s.ends !== null && endsPlayed >= s.ends) {
    const top = leaders(scoresAfter);
    if (top.length === 1) return { over: true, winner: top[0]!, note: `${top[0]} wins the match ${scoreText(teams, scoresAfter)}` };
    const extra = endsPlayed - s.ends;
    if (s.maxExtraEnds !== null && extra >= s.maxExtraEnds) {
      return { over: true, winner: null, note: `match drawn ${scoreText(teams, scoresAfter)} after ${extra} extra end(s)` };
    }
    return { over: false, winner: null, note: `tied ${scoreText(teams, scoresAfter)} after end ${endsPlayed}: extra end` };
  }
  return { over: false, winner: null, note: null };
}

export function endsFlow<O>(settingsOf: (o: O) => EndsSettings): MatchFlow<O> {
  return {
    start(state) {
      return {
        ...state,
        turn: state.starter,
        hammer: hammerFor(state.teams, state.starter),
        custom: { ...state.custom, questions: [] },
      };
    },
    afterShot(state, ruling: ShotRuling, shot) {
      return {
        ...state,
        shotsThisRound: state.shotsThisRound + 1,
        turn: nextTeam(state.teams, shot.shooter),
        custom: { ...state.custom, questions: deliveryFacts(ruling).questions },
      };
    },
    roundComplete(state, ctx: RulesContext<O>) {
      return state.shotsThisRound >= state.teams.length * settingsOf(ctx.options).stonesPerTeam;
    },
    endRound(state, score: RoundScore, ctx: RulesContext<O>): MatchState {
      const points = { ...zeroScores(state.teams), ...score.points };
      const scoresAfter = addPoints(state.scores, points);
      const starter = nextStarter(points, state.starter);
      const why = starter === state.starter && (points[starter] ?? 0) === 0 ? 'nobody scored, same starter' : `${starter} scored`;
      let next = beginNextRound(state, score, points, scoresAfter, starter, [`end ${state.round + 1}: ${starter} throws first (${why})`]);
      next = { ...next, hammer: hammerFor(state.teams, starter), custom: { ...next.custom, questions: [] } };
      const result = matchResult(state.teams, scoresAfter, state.round, settingsOf(ctx.options));
      if (result.note) next = { ...next, log: [...next.log, result.note] };
      if (result.over) next = { ...next, over: true, winner: result.winner, turn: null };
      return next;
    },
  };
}
