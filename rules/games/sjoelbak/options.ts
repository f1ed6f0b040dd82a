/** Sjoelbak settings (seed 004, RULES.md §9). Every default is what a club gets unless it says otherwise. */
export interface SjoelbakOptions {
  /** Discs a player slides in the first sub-turn. */
  discs: number;
  /** Chances to slide the discs left over: discs in compartments stay, the rest return. */
  subTurns: number;
  /** Points for each complete set of one disc from every compartment ((1+2+3+4) doubled). */
  setPoints: number;
  /**
   * 'best-of': each game is one turn per player, the highest turn wins the game, the most games
   * wins the match. 'total': the points of every turn are added up.
   */
  matchFormat: 'best-of' | 'total';
  /** Games in the match (best of 3 by default; the sheet: "best of 3 or more"). */
  games: number;
  /** Level at the top after the last game: play another game, or share the win. */
  tieBreak: 'extra-game' | 'shared';
  /** The first player of each game moves one seat on (clockwise); off: the same player always starts. */
  rotateStarter: boolean;
  /** A disc that has not wholly passed under the start bar is not yet in play: the player may slide it again. */
  replayDiscShortOfStartBar: boolean;
}

export const SJOELBAK_DEFAULTS: SjoelbakOptions = {
  discs: 30,
  subTurns: 3,
  setPoints: 20,
  matchFormat: 'best-of',
  games: 3,
  tieBreak: 'extra-game',
  rotateStarter: true,
  replayDiscShortOfStartBar: true,
};

export const SJOELBAK_VARIANTS: Record<string, Partial<SjoelbakOptions>> = {
  'best-of-5': { games: 5 },
  'single-game': { games: 1 },
  'total-points': { matchFormat: 'total', games: 3 },
};
