/**
 * What the carrom referee remembers during a board, kept in MatchState.custom: seats and whose
 * strike it is, colours, the queen, pieces due, the break, points credited, and how the board
 * ended.
 */
import type { TeamId } from '../../core/board-state.ts';
import type { MatchState } from '../../core/match-state.ts';
import type { CarromOptions, Colour } from './options.ts';
import { seatsFor, teamAtSeat, type Seat } from './pieces.ts';

export type QueenState =
  | { at: 'board' }
  /** Pocketed by `by`, who must cover it with the next strike. */
  | { at: 'pending'; by: TeamId }
  | { at: 'covered'; by: TeamId };

export type BoardEnd =
  /** Board scoring: the winner cleared their men after the queen was covered. */
  | 'cleared'
  /** Board scoring: `by` pocketed the opponent's last man and loses the board. */
  | 'opponent-last-piece'
  /** Board scoring: `by` pocketed their own last man before the queen was covered and loses the board. */
  | 'own-last-before-queen'
  /** Points games: no man is left on the board. */
  | 'board-cleared'
  /** Points games: someone reached the match target during the board. */
  | 'target-reached';

export interface BoardResult {
  reason: BoardEnd;
  /** Board scoring: the side that wins the board. Points games: null (the points decide). */
  winner: TeamId | null;
  loser: TeamId | null;
  /** Whose strike ended the board. */
  by: TeamId;
}

/** A piece pocketed and credited in the points games. */
export interface Credit {
  id: string;
  team: TeamId;
  kind: 'man' | 'queen';
  colour: Colour | null;
  points: number;
}

export interface CarromCustom {
  seats: Seat[];
  /** Seat index of the player who strikes next. */
  seat: number;
  /** Seat index of the player who broke this board. */
  breakSeat: number;
  /** Teams playing this board (everyone, or the tied players in a tie-breaker). */
  active: TeamId[];
  /** Colour of each side this board (board scoring and the tie-breaker); empty when any colour may be pocketed. */
  colours: Record<TeamId, Colour>;
  queen: QueenState;
  /** Pieces each side owes (pocketed the striker before having a man in the pockets). */
  dues: Record<TeamId, number>;
  /** Sides that have pocketed a man of their own this board (the queen may go down after that). */
  ownPieceBy: TeamId[];
  breakMade: boolean;
  /** Failed tries to break by the current player. */
  breakTries: number;
  credits: Credit[];
  result: BoardResult | null;
  tieBreaker: boolean;
}

export function isCarromCustom(x: unknown): x is CarromCustom {
  const c = x as Partial<CarromCustom> | null;
  return !!c && Array.isArray(c.seats) && typeof c.seat === 'number' && Array.isArray(c.active) && typeof c.queen === 'object';
}

/** The carrom state of a match, when the call is made inside one (a bare `{ teams }` context has none). */
export function carromCustomOf(match: MatchState | undefined): CarromCustom | null {
  return match && isCarromCustom(match.custom) ? match.custom : null;
}

/** Seat of a team: its first seat at or after `from`, clockwise. */
export function seatOfTeam(seats: readonly Seat[], teams: readonly TeamId[], team: TeamId, from = 0): number {
  for (let k = 0; k < seats.length; k++) {
    const i = (from + k) % seats.length;
    if (teamAtSeat(teams, i) === team) return i;
  }
  return 0;
}

/** The next seat clockwise whose team plays this board. */
export function nextActiveSeat(custom: CarromCustom, teams: readonly TeamId[], from: number): number {
  for (let k = 1; k <= custom.seats.length; k++) {
    const i = (from + k) % custom.seats.length;
    if (custom.active.includes(teamAtSeat(teams, i))) return i;
  }
  return from;
}

/** A fresh board: the breaker plays white (seed: the first player is the white player). */
export function newBoardCustom(
  teams: readonly TeamId[],
  options: CarromOptions,
  breakSeat: number,
  active: readonly TeamId[] = teams,
  tieBreaker = false,
): CarromCustom {
  const seats = seatsFor(Math.max(options.players, teams.length));
  const breaker = teamAtSeat(teams, breakSeat);
  const colours: Record<TeamId, Colour> = {};
  const coloured = options.scoring === 'board' || tieBreaker;
  if (coloured && active.length === 2) {
    const other = active.find((t) => t !== breaker) ?? active[1]!;
    colours[active.includes(breaker) ? breaker : active[0]!] = 'white';
    colours[other] = 'black';
  }
  return {
    seats,
    seat: breakSeat,
    breakSeat,
    active: [...active],
    colours,
    queen: { at: 'board' },
    dues: {},
    ownPieceBy: [],
    breakMade: false,
    breakTries: 0,
    credits: [],
    result: null,
    tieBreaker,
  };
}

/** Points credited this board, per team (points games). */
export function boardCredits(custom: CarromCustom, teams: readonly TeamId[]): Record<TeamId, number> {
  const out: Record<TeamId, number> = Object.fromEntries(teams.map((t) => [t, 0]));
  for (const c of custom.credits) out[c.team] = (out[c.team] ?? 0) + c.points;
  return out;
}
