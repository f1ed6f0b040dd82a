/**
 * Carrom settings (seed 001, "Carrom"). Every default is what a club gets unless it says
 * otherwise; where the sheet gives no figure the default is named and can be changed.
 */

export type Colour = 'white' | 'black';

export interface CarromOptions {
  /**
   * Seats at the board. 2: singles, opposite each other. 4 with two teams: team carrom, partners
   * opposite, turn clockwise. The point games also take 3 or 4 individual players.
   */
  players: 2 | 3 | 4;
  /**
   * 'board': each side owns a colour and the winner of a board scores the opponent's men left
   * (standard and team carrom). 'points': every pocketed piece scores for whoever pocketed it
   * (family point and point carrom).
   */
  scoring: 'board' | 'points';
  /** Board scoring: points per man left / bonus for the covered queen. Points games: value of each piece. */
  values: { white: number; black: number; queen: number };
  /** The queen must be covered in the same strike, or in the same or the next one. */
  queenCover: 'same' | 'same-or-next';
  /** The queen may be pocketed only after one of your own men (seed: "after pocketing your first carrom-men"). */
  queenAfterFirstPiece: boolean;
  /** Board scoring: penalty for pocketing the opponent's last piece (seed: "lose the board and three points"). */
  opponentLastPiecePenalty: number;
  /** Board scoring: penalty for pocketing your last piece before the queen is covered (seed: 3, plus 1 per opponent piece left). */
  ownLastBeforeQueenPenalty: number;
  /**
   * A strike that sinks your own man and an opponent's man: the seed says both "shoot again"
   * and "lose your turn"; clubs (and the ICF) let the striker continue.
   */
  ownAndOpponentSameStrike: 'shoot-again' | 'turn-ends';
  /** The match ends when a side reaches this many points (null: no target, see maxBoards). */
  target: number | null;
  /** The match ends after this many boards, if no one reached the target (null: no limit). */
  maxBoards: number | null;
  /** Board scoring: the queen's bonus is not added once the winner's match score is this or more (null: always). */
  queenPointsUntil: number | null;
  /** Who breaks the next board: the next seat clockwise, the board's loser or its winner. The breaker plays white. */
  nextBreak: 'alternate' | 'board-loser' | 'board-winner';
  /** Tries to break (the striker must move a piece) before the turn passes (seed: three). */
  breakTries: number;
  /** Checking where the striker was placed (both base lines, base circle covered or clear, arrows clear). */
  strikerPlacement: 'off' | 'note' | 'foul';
  /**
   * A tie when the match ends: play another board, play the point-carrom tie-breaker (tied
   * players pick a colour, the other colour may be pocketed only off a rebound), or accept a draw.
   */
  onTie: 'extra-board' | 'tie-breaker' | 'draw';
}

export const CARROM_DEFAULTS: CarromOptions = {
  players: 2,
  scoring: 'board',
  values: { white: 1, black: 1, queen: 3 },
  queenCover: 'same-or-next',
  queenAfterFirstPiece: true,
  opponentLastPiecePenalty: 3,
  ownLastBeforeQueenPenalty: 3,
  ownAndOpponentSameStrike: 'shoot-again',
  // The seed gives no match length for the standard game: 25 points or 8 boards is the common club (ICF) figure.
  target: 25,
  maxBoards: 8,
  queenPointsUntil: null,
  nextBreak: 'alternate',
  breakTries: 3,
  strikerPlacement: 'note',
  onTie: 'extra-board',
};

export const CARROM_VARIANTS: Record<string, Partial<CarromOptions>> = {
  /** Team carrom: 4 players in two teams, partners opposite, turn clockwise. */
  team: { players: 4 },
  /** Family point carrom: any colour; black 5, white 10, queen 25 covered in the same strike; the board decides. */
  'family-point': {
    scoring: 'points',
    values: { white: 10, black: 5, queen: 25 },
    queenCover: 'same',
    target: null,
    maxBoards: 1,
    onTie: 'draw',
  },
  /** Point carrom: any colour; men 1, queen 3 covered in the same or next strike; first to 21, else the highest; ties play the tie-breaker. */
  point: {
    scoring: 'points',
    values: { white: 1, black: 1, queen: 3 },
    queenCover: 'same-or-next',
    target: 21,
    maxBoards: 1,
    onTie: 'tie-breaker',
  },
  /** Club rule: the queen's 3 points stop counting once the winner has 22. */
  'queen-cutoff-22': { queenPointsUntil: 22 },
  /** Placement faults (cutting the base circle, touching an arrow, not touching both lines) are fouls. */
  'strict-placement': { strikerPlacement: 'foul' },
};
