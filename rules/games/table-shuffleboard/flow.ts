/**
 * Table shuffleboard match flow (seed 002): a lag for the first hammer (or a hammer given at
 * setup), sides alternating throws with the hammer last, the hammer to the round's loser
 * (Tap & Draw: its winner), rounds played to alternate ends, and the match to a target won by 2,
 * or a fixed number of innings (Baseball), or Horse collar's series of 8 to 51 with equal rounds.
 */
import type { TeamId } from '../../core/board-state.ts';
import type { MatchFlow, RulesContext } from '../../core/define-rules.ts';
import type { MatchState } from '../../core/match-state.ts';
import { addPoints } from '../../core/match.ts';
import { beginNextRound, leaders, nextTeam } from '../../core/turns.ts';
import { targetFor, type TableEnd, type TableShuffleboardOptions } from './options.ts';
import { opposite } from './table-geometry.ts';

export type TablePhase = 'lag' | 'play';

/** Match-specific state kept in MatchState.custom. */
export interface TableCustom {
  phase: TablePhase;
  /** Lags thrown so far (a level lag is thrown again). */
  lags: number;
}

export function tableCustom(state: MatchState): TableCustom {
  return { phase: 'play', lags: 0, ...(state.custom as Partial<TableCustom>) };
}

/** The end a round is played to: rounds alternate ends (players walk to the other end). */
export function targetEndFor(options: TableShuffleboardOptions, match?: MatchState): TableEnd {
  if (!match || !options.alternateEnds) return options.firstTargetEnd;
  return match.round % 2 === 1 ? options.firstTargetEnd : opposite(options.firstTargetEnd);
}

export function shotsPerTableRound(teams: readonly TeamId[], options: TableShuffleboardOptions): number {
  return options.series ? options.pucksPerSide : teams.length * options.pucksPerSide;
}

/** The side whose lead ends the match now, if any. */
export function matchWinner(scores: Record<TeamId, number>, round: number, teams: readonly TeamId[], o: TableShuffleboardOptions): TeamId | null {
  if (o.equalRounds && round % teams.length !== 0) return null;
  const top = leaders(scores);
  if (top.length !== 1) return null;
  const w = top[0]!;
  const lead = Math.min(...teams.filter((t) => t !== w).map((t) => scores[w]! - (scores[t] ?? 0)));
  if (lead < Math.max(1, o.winBy)) return null;
  const target = targetFor(o);
  const byTarget = target > 0 && scores[w]! >= target;
  const byRounds = o.rounds > 0 && round >= o.rounds;
  return byTarget || byRounds ? w : null;
}

function clearedForNextThrows(state: MatchState, starter: TeamId, hammer: TeamId | null, custom: TableCustom, log: string[]): MatchState {
  return {
    ...state,
    board: { discs: [] },
    shotsThisRound: 0,
    decisions: [],
    pendingIds: [],
    pendingScore: null,
    starter,
    turn: starter,
    hammer,
    custom: { ...custom },
    log: [...state.log, ...log],
  };
}

/** The lag's winner is worked out again from the board, with the decisions made on it. */
export type LagJudge = (state: MatchState, ctx: RulesContext<TableShuffleboardOptions>) => TeamId | null;

export function makeTableFlow(lagWinner: LagJudge): MatchFlow<TableShuffleboardOptions> {
  return {
    start(state, ctx) {
      const o = ctx.options;
      if (o.series) return { ...state, turn: state.starter, hammer: null, custom: { phase: 'play', lags: 0 } satisfies TableCustom };
      if (o.firstHammer === 'lag') return { ...state, turn: state.starter, hammer: null, custom: { phase: 'lag', lags: 0 } satisfies TableCustom };
      // Hammer given at setup: the setup starter throws first, the other side last.
      return { ...state, turn: state.starter, hammer: nextTeam(state.teams, state.starter), custom: { phase: 'play', lags: 0 } satisfies TableCustom };
    },
    afterShot(state, _ruling, shot, ctx) {
      const series = ctx.options.series && tableCustom(state).phase === 'play';
      return { ...state, shotsThisRound: state.shotsThisRound + 1, turn: series ? shot.shooter : nextTeam(state.teams, shot.shooter) };
    },
    roundComplete(state, ctx) {
      const c = tableCustom(state);
      return state.shotsThisRound >= (c.phase === 'lag' ? state.teams.length : shotsPerTableRound(state.teams, ctx.options));
    },
    endRound(state, score, ctx) {
      const o = ctx.options;
      const c = tableCustom(state);
      if (c.phase === 'lag') {
        const winner = lagWinner(state, ctx);
        if (!winner) return clearedForNextThrows(state, state.starter, null, { phase: 'lag', lags: c.lags + 1 }, ['lag undecided: lag again']);
        const starter = nextTeam(state.teams, winner);
        return clearedForNextThrows(state, starter, winner, { phase: 'play', lags: c.lags + 1 }, [`${winner} wins the lag and has the hammer`]);
      }

      const pts: Record<TeamId, number> = Object.fromEntries(state.teams.map((t) => [t, score.points[t] ?? 0]));
      const scoresAfter = addPoints(state.scores, pts);
      let starter: TeamId;
      let hammer: TeamId | null;
      const notes: string[] = [];
      if (o.series) {
        starter = nextTeam(state.teams, state.starter);
        hammer = null;
      } else {
        const scorers = state.teams.filter((t) => pts[t]! > 0);
        if (scorers.length === 1) {
          const won = scorers[0]!;
          const lost = nextTeam(state.teams, won);
          hammer = o.hammerTo === 'round-winner' ? won : lost;
        } else {
          hammer = o.hammerAfterBlank === 'keep' ? state.hammer : state.starter;
          notes.push(`round ${state.round}: nobody scored, hammer ${o.hammerAfterBlank === 'keep' ? 'stays with' : 'passes to'} ${hammer}`);
        }
        starter = hammer ? nextTeam(state.teams, hammer) : nextTeam(state.teams, state.starter);
      }
      const next: MatchState = { ...beginNextRound(state, score, pts, scoresAfter, starter, notes), hammer };
      const winner = matchWinner(scoresAfter, state.round, state.teams, o);
      if (winner) return { ...next, over: true, winner, turn: null, log: [...next.log, `${winner} wins the match ${state.teams.map((t) => scoresAfter[t]).join('-')}`] };
      return next;
    },
  };
}
