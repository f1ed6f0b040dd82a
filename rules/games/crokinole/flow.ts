/** Crokinole match flow: alternating shots, rounds of all discs, traditional or championship scoring. */
import type { TeamId } from '../../core/board-state.ts';
import type { MatchFlow, RulesContext } from '../../core/define-rules.ts';
import { addPoints, zeroScores } from '../../core/match.ts';
import { beginNextRound, leaders, nextTeam } from '../../core/turns.ts';
import type { CrokinoleOptions } from './options.ts';

export function shotsPerRound(teams: readonly TeamId[], options: CrokinoleOptions): number {
  return teams.length * options.discsPerTeam;
}

/** Round totals (discs + 20s) to match points under the chosen scoring. */
export function matchPointsForRound(raw: Record<TeamId, number>, options: CrokinoleOptions): Record<TeamId, number> {
  const teams = Object.keys(raw);
  const top = leaders(raw);
  if (options.scoring === 'simple') return { ...raw };
  if (options.scoring === 'championship') {
    return Object.fromEntries(teams.map((t) => [t, top.length === teams.length ? 1 : top.includes(t) && top.length === 1 ? 2 : 0]));
  }
  // Differential (two sides): the winner records the difference; a tie gives 0 to both.
  const out = zeroScores(teams);
  if (top.length === 1) {
    const w = top[0]!;
    const second = Math.max(...teams.filter((t) => t !== w).map((t) => raw[t]!));
    out[w] = raw[w]! - second;
  }
  return out;
}

function twentiesOf(boardHole: Record<TeamId, number> | undefined, teams: readonly TeamId[]): Record<TeamId, number> {
  return Object.fromEntries(teams.map((t) => [t, boardHole?.[t] ?? 0]));
}

export const crokinoleFlow: MatchFlow<CrokinoleOptions> = {
  start(state) {
    return { ...state, turn: state.starter, custom: { twenties: zeroScores(state.teams) } };
  },
  afterShot(state, _ruling, shot) {
    return { ...state, shotsThisRound: state.shotsThisRound + 1, turn: nextTeam(state.teams, shot.shooter) };
  },
  roundComplete(state, ctx) {
    return state.shotsThisRound >= shotsPerRound(state.teams, ctx.options);
  },
  endRound(state, score, ctx: RulesContext<CrokinoleOptions>) {
    const o = ctx.options;
    const raw = score.points;
    const pts = matchPointsForRound(raw, o);
    const scoresAfter = addPoints(state.scores, pts);
    const twenties = addPoints((state.custom.twenties as Record<TeamId, number>) ?? {}, twentiesOf(state.board.hole, state.teams));
    const roundLeaders = leaders(raw);
    let starter = nextTeam(state.teams, state.starter);
    if (o.nextStarter === 'loser-chooses' && roundLeaders.length === 1 && state.teams.length === 2) {
      const loser = state.teams.find((t) => t !== roundLeaders[0])!;
      starter = o.loserChoosesToStart ? loser : roundLeaders[0]!;
    }
    const rawText = state.teams.map((t) => `${t} ${raw[t] ?? 0}`).join(' - ');
    let next = beginNextRound({ ...state, custom: { ...state.custom, twenties } }, score, pts, scoresAfter, starter, [`round ${state.round} board: ${rawText}`]);
    if (o.scoring === 'championship') {
      if (state.round >= o.championshipRounds) {
        const top = leaders(scoresAfter);
        const byTwenties = top.length > 1 ? leaders(Object.fromEntries(top.map((t) => [t, twenties[t] ?? 0]))) : top;
        const winner = byTwenties.length === 1 ? byTwenties[0]! : null;
        next = { ...next, over: true, winner, turn: null, log: [...next.log, winner ? `${winner} wins the match` : 'match tied'] };
      }
    } else {
      const reached = state.teams.filter((t) => scoresAfter[t]! >= o.target);
      if (reached.length > 0) {
        const top = leaders(Object.fromEntries(reached.map((t) => [t, scoresAfter[t]!])));
        const winner = top.length === 1 ? top[0]! : null;
        next = { ...next, over: true, winner, turn: null, log: [...next.log, winner ? `${winner} wins the match` : `tie at ${scoresAfter[top[0]!]}: both reached ${o.target}`] };
      }
    }
    return next;
  },
};
