/**
 * Carrom match flow: strikes go clockwise round the seats (a player who pockets their own piece
 * goes again), a board ends when the rules say so, boards follow until the points target or
 * the board limit; the point games end after their board(s), ties settled per the settings.
 */
import type { TeamId } from '../../core/board-state.ts';
import type { RoundScore } from '../../core/calls.ts';
import type { MatchFlow, RulesContext } from '../../core/define-rules.ts';
import type { MatchState } from '../../core/match-state.ts';
import { addPoints } from '../../core/match.ts';
import { beginNextRound, leaders } from '../../core/turns.ts';
import type { CarromOptions } from './options.ts';
import { seatsFor, teamAtSeat } from './pieces.ts';
import type { CarromShotFacts } from './shot.ts';
import { carromCustomOf, newBoardCustom, nextActiveSeat, seatOfTeam, type CarromCustom } from './state.ts';

/** Seat that breaks the next board, among the teams playing it. */
function nextBreakSeat(state: MatchState, custom: CarromCustom, active: readonly TeamId[], o: CarromOptions, board: { winner: TeamId | null; loser: TeamId | null }): number {
  const pick = o.nextBreak === 'board-loser' ? board.loser : o.nextBreak === 'board-winner' ? board.winner : null;
  if (pick && active.includes(pick)) return seatOfTeam(custom.seats, state.teams, pick, custom.breakSeat + 1);
  return nextActiveSeat({ ...custom, active: [...active] }, state.teams, custom.breakSeat);
}

function finish(state: MatchState, winner: TeamId | null, why: string): MatchState {
  return { ...state, over: true, winner, turn: null, log: [...state.log, winner ? `${winner} wins the match (${why})` : `the match is drawn (${why})`] };
}

function endBoardGame(state: MatchState, custom: CarromCustom, score: RoundScore, o: CarromOptions) {
  const pts = Object.fromEntries(state.teams.map((t) => [t, score.points[t] ?? 0]));
  const scoresAfter = addPoints(state.scores, pts);
  const result = custom.result;
  const top = leaders(pts);
  const boardWinner = result?.winner ?? (top.length === 1 && (pts[top[0]!] ?? 0) > 0 ? top[0]! : null);
  const boardLoser = result?.loser ?? null;
  let verdict: { winner: TeamId | null; why: string } | null = null;
  const reached = o.target === null ? [] : state.teams.filter((t) => (scoresAfter[t] ?? 0) >= o.target!);
  if (reached.length > 0) {
    const best = leaders(Object.fromEntries(reached.map((t) => [t, scoresAfter[t]!])));
    if (best.length === 1) verdict = { winner: best[0]!, why: `reached ${o.target}` };
  }
  if (!verdict && o.maxBoards !== null && state.round >= o.maxBoards) {
    const best = leaders(scoresAfter);
    if (best.length === 1) verdict = { winner: best[0]!, why: `highest after ${state.round} boards` };
    else if (o.onTie === 'draw') verdict = { winner: null, why: `tied after ${state.round} boards` };
  }
  return { pts, scoresAfter, verdict, active: [...state.teams], tieBreaker: false, board: { winner: boardWinner, loser: boardLoser } };
}

function endPointsGame(state: MatchState, custom: CarromCustom, score: RoundScore, o: CarromOptions) {
  const pts = Object.fromEntries(state.teams.map((t) => [t, custom.active.includes(t) ? (score.points[t] ?? 0) : 0]));
  const boardTop = leaders(Object.fromEntries(custom.active.map((t) => [t, pts[t] ?? 0])));
  const boardBottom = custom.active.filter((t) => !boardTop.includes(t));
  const board = { winner: boardTop.length === 1 ? boardTop[0]! : null, loser: boardBottom.length === 1 ? boardBottom[0]! : null };
  if (custom.tieBreaker) {
    // The tie-breaker decides the match; it does not change the points.
    if (boardTop.length === 1) return { pts, scoresAfter: state.scores, verdict: { winner: boardTop[0]!, why: 'won the tie-breaker' }, active: custom.active, tieBreaker: true, board };
    return { pts, scoresAfter: state.scores, verdict: null, active: boardTop, tieBreaker: true, board };
  }
  const scoresAfter = addPoints(state.scores, pts);
  const reached = o.target === null ? [] : state.teams.filter((t) => (scoresAfter[t] ?? 0) >= o.target!);
  if (reached.length > 0) {
    const best = leaders(Object.fromEntries(reached.map((t) => [t, scoresAfter[t]!])));
    if (best.length === 1) return { pts, scoresAfter, verdict: { winner: best[0]!, why: `reached ${o.target}` }, active: state.teams, tieBreaker: false, board };
  }
  if (o.maxBoards !== null && state.round >= o.maxBoards) {
    const best = leaders(scoresAfter);
    if (best.length === 1) return { pts, scoresAfter, verdict: { winner: best[0]!, why: 'most points' }, active: state.teams, tieBreaker: false, board };
    if (o.onTie === 'draw') return { pts, scoresAfter, verdict: { winner: null, why: `tied on ${scoresAfter[best[0]!]}` }, active: state.teams, tieBreaker: false, board };
    if (o.onTie === 'tie-breaker') return { pts, scoresAfter, verdict: null, active: best, tieBreaker: true, board };
  }
  return { pts, scoresAfter, verdict: null, active: state.teams, tieBreaker: false, board };
}

export const carromFlow: MatchFlow<CarromOptions> = {
  start(state, ctx) {
    const o = ctx.options;
    if (o.scoring === 'board' && state.teams.length !== 2) {
      return { ...state, over: true, turn: null, log: [...state.log, `${o.players === 4 ? 'team' : 'standard'} carrom is played by exactly two sides; the point games take 2 to 4 players`] };
    }
    const seats = seatsFor(Math.max(o.players, state.teams.length));
    const custom = newBoardCustom(state.teams, o, seatOfTeam(seats, state.teams, state.starter));
    const colours = Object.entries(custom.colours).map(([t, c]) => `${t} ${c}`).join(', ');
    return { ...state, custom: { ...custom }, turn: state.starter, log: [...state.log, `board 1: ${state.starter} breaks${colours ? ` (${colours})` : ''}`] };
  },
  afterShot(state, ruling) {
    const facts = ruling.facts as unknown as CarromShotFacts | undefined;
    if (!facts) return state;
    const custom = facts.custom;
    return {
      ...state,
      custom: { ...custom },
      shotsThisRound: state.shotsThisRound + (facts.counted ? 1 : 0),
      turn: custom.result ? state.turn : teamAtSeat(state.teams, custom.seat),
    };
  },
  roundComplete(state) {
    return carromCustomOf(state)?.result != null;
  },
  endRound(state, score, ctx: RulesContext<CarromOptions>) {
    const o = ctx.options;
    const custom = carromCustomOf(state);
    if (!custom) return state;
    const r = o.scoring === 'board' ? endBoardGame(state, custom, score, o) : endPointsGame(state, custom, score, o);
    const breakSeat = nextBreakSeat(state, custom, r.active, o, r.board);
    const nextCustom = newBoardCustom(state.teams, o, breakSeat, r.active, r.tieBreaker);
    const starter = teamAtSeat(state.teams, breakSeat);
    const label = custom.tieBreaker ? 'tie-breaker' : `board ${state.round}`;
    const boardNote = r.board.winner ? `${label}: ${r.board.winner} wins the board` : `${label}: no single winner`;
    const upNext = r.tieBreaker && !r.verdict ? `tie-breaker between ${r.active.join(' and ')}: each picks a colour; the other colour only off a rebound` : `board ${state.round + 1}: ${starter} breaks`;
    const next = beginNextRound({ ...state, custom: { ...nextCustom } }, score, r.pts, r.scoresAfter, starter, [boardNote, ...(r.verdict ? [] : [upNext])]);
    return r.verdict ? finish(next, r.verdict.winner, r.verdict.why) : next;
  },
};
