/** PitRush settings (seed 001 "PitRush", RULES.md §7). Every default is what players get unless they say otherwise. */
export interface PitRushOptions {
  /** Contest: 2-4 players in turns, neutral discs. Arena: 3-6 players, Phase I simultaneous. */
  mode: 'contest' | 'arena';
  /**
   * Discs each player starts with, by number of players. The seed shows this as a picture that is
   * not in the text; these follow its colours (10, 10, 10, 8, 6, 5 discs) and are estimates.
   */
  discsPerPlayer: Record<string, number>;
  /**
   * Pit values: counted from each player's own shooting line (1 nearest, 2 for the next three,
   * ... 5), as printed on the board for seat 1 ('board-figure'), or 1 for every pit (children).
   */
  pitValues: 'own-shooting-line' | 'board-figure' | 'one-each';
  /** Formation bonuses: small triangle +1, complete row + its number of pits, once per player each. */
  formations: boolean;
  /** Seat (shooting line number) of each player; players not named here are spread round the board in turn order. */
  seats: Record<string, number>;
  /** Neutral discs available (Contest); null: as many as the pits need. */
  neutralDiscs: number | null;
  /** Matches in a series; the highest total wins (the seed recommends 5 for more competition). */
  games: number;
}

export const CONTEST_DISCS: Record<string, number> = { '2': 8, '3': 6, '4': 5 };
export const ARENA_DISCS: Record<string, number> = { '3': 10, '4': 8, '5': 6, '6': 5 };

export const PITRUSH_DEFAULTS: PitRushOptions = {
  mode: 'contest',
  discsPerPlayer: CONTEST_DISCS,
  pitValues: 'own-shooting-line',
  formations: true,
  seats: {},
  neutralDiscs: null,
  games: 1,
};

export const PITRUSH_VARIANTS: Record<string, Partial<PitRushOptions>> = {
  arena: { mode: 'arena', discsPerPlayer: ARENA_DISCS, formations: false },
  'arena-formations': { mode: 'arena', discsPerPlayer: ARENA_DISCS, formations: true },
  children: { pitValues: 'one-each', formations: false },
  'board-figure': { pitValues: 'board-figure' },
  'series-of-5': { games: 5 },
};

/** Discs per player for this many players; the nearest listed count when it is not listed. */
export function discsFor(options: PitRushOptions, players: number): number {
  const exact = options.discsPerPlayer[String(players)];
  if (exact !== undefined) return exact;
  const keys = Object.keys(options.discsPerPlayer).map(Number).sort((a, b) => Math.abs(a - players) - Math.abs(b - players));
  return keys.length > 0 ? options.discsPerPlayer[String(keys[0])]! : 8;
}
