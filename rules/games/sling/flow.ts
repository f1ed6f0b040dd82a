/**
 * Sling match flow. Basic and Quickmatch: both shoot at once; a round ends when a player closes
 * the gate (or loses it when a disc comes back after all theirs were across); first to 3 points.
 * Slow: turns, each disc shot once, the player with more discs in the opponent's half takes the
 * round; a tie is replayed; the most points in 3 rounds wins.
 */
import type { TeamId } from '../../core/board-state.ts';
import type { MatchFlow, RulesContext } from '../../core/define-rules.ts';
import type { MatchState } from '../../core/match-state.ts';
import { addPoints } from '../../core/match.ts';
import { beginNextRound, leaders, nextTeam } from '../../core/turns.ts';
import { allAcross, anyBack, callSlingDiscs, type SlingOutcome } from './calls.ts';
import type { SlingOptions } from './options.ts';
import { ANY_PLAYER, closerOf } from './shot.ts';

export interface SlingCustom {
  outcome: SlingOutcome | null;
  /** Players whose discs were all across at the last board at rest. */
  cleared: Record<TeamId, boolean>;
  /** Rounds that gave a point (replays do not count). */
  countedRounds: number;
  /** Slow mode: discs shot this round. */
  shotIds: string[];
}

export function slingCustom(state: MatchState): SlingCustom {
  return state.custom as unknown as SlingCustom;
}

function withCustom(state: MatchState, custom: SlingCustom): MatchState {
  return { ...state, custom: custom as unknown as Record<string, unknown> };
}

function fresh(teams: readonly TeamId[], countedRounds: number): SlingCustom {
  return { outcome: null, cleared: Object.fromEntries(teams.map((t) => [t, false])), countedRounds, shotIds: [] };
}

export const slingFlow: MatchFlow<SlingOptions> = {
  start(state, ctx) {
    const log = state.teams.length === 2 ? state.log : [...state.log, `Sling is a duel: ${state.teams.length} players given, the first two play`];
    return withCustom({ ...state, log, turn: ctx.options.mode === 'slow' ? state.starter : ANY_PLAYER }, fresh(state.teams, 0));
  },

  afterShot(state, ruling, shot, ctx) {
    if (ruling.facts?.void === true) return state;
    const c = slingCustom(state);
    const s: MatchState = { ...state, shotsThisRound: state.shotsThisRound + 1 };
    const players = state.teams.slice(0, 2);
    if (ctx.options.mode === 'slow') {
      return withCustom({ ...s, turn: nextTeam(players, shot.shooter) }, { ...c, shotIds: [...c.shotIds, shot.shotDiscId] });
    }
    if (ruling.facts?.gateClosed === true) {
      const by = closerOf(shot, players);
      if (by) return withCustom({ ...s, turn: null }, { ...c, outcome: { kind: 'closed', by } });
      return s;
    }
    const calls = callSlingDiscs(state.board, ctx.profile, players, state.decisions);
    const cleared = { ...c.cleared };
    let outcome: SlingOutcome | null = null;
    for (const t of players) {
      if (ctx.options.comebackLoses && c.cleared[t] && anyBack(calls, t, players, ctx.options)) outcome = { kind: 'comeback', loser: t };
      cleared[t] = allAcross(calls, t, players, ctx.options);
    }
    const log = [...s.log, ...players.filter((t) => cleared[t] && !c.cleared[t]).map((t) => `round ${state.round}: every disc ${t} must cross is across: ${t} may close the gate`)];
    return withCustom({ ...s, log, ...(outcome ? { turn: null } : {}) }, { ...c, cleared, outcome });
  },

  roundComplete(state, ctx) {
    if (ctx.options.mode === 'slow') return state.shotsThisRound >= 2 * ctx.options.discsPerPlayer;
    return slingCustom(state).outcome !== null;
  },

  endRound(state, score, ctx: RulesContext<SlingOptions>) {
    const o = ctx.options;
    const c = slingCustom(state);
    const players = state.teams.slice(0, 2);
    const pts = Object.fromEntries(state.teams.map((t) => [t, score.points[t] ?? 0]));
    const winner = players.find((t) => pts[t]! > 0) ?? null;
    const countedRounds = c.countedRounds + (winner ? 1 : 0);
    const scoresAfter = addPoints(state.scores, pts);
    let starter = state.starter;
    if (o.mode === 'slow' && o.nextStarter === 'alternate') starter = nextTeam(players, state.starter);
    if (o.mode === 'slow' && o.nextStarter === 'loser' && winner) starter = players.find((t) => t !== winner)!;
    const extra = winner ? [] : [`round ${state.round} replayed: nobody won it`];
    let next = beginNextRound(state, score, pts, scoresAfter, starter, extra);
    next = withCustom({ ...next, turn: o.mode === 'slow' ? starter : ANY_PLAYER }, fresh(state.teams, countedRounds));
    let matchWinner: TeamId | null = null;
    if (o.mode === 'slow') {
      const top = leaders(Object.fromEntries(players.map((t) => [t, scoresAfter[t]!])));
      if (countedRounds >= o.slowRounds && top.length === 1) matchWinner = top[0]!;
    } else {
      matchWinner = players.find((t) => scoresAfter[t]! >= o.target) ?? null;
    }
    if (matchWinner) next = { ...next, over: true, winner: matchWinner, turn: null, log: [...next.log, `${matchWinner} wins the match`] };
    return next;
  },
};
