/** Sling settings (seed 001 "Sling", RULES.md §8). Every default is what players get unless they say otherwise. */
export interface SlingOptions {
  /**
   * basic: all discs (either colour) must be in the opponent's half when you close the gate.
   * quickmatch: only your own discs must be. slow: turns, each disc shot once, more discs in the
   * opponent's half wins the round.
   */
  mode: 'basic' | 'quickmatch' | 'slow';
  /** Discs each player shoots ("7+1" per colour in the box: 7 and a spare). */
  discsPerPlayer: number;
  /** basic / quickmatch: first to this many points. */
  target: number;
  /** slow: rounds that count (ties are replayed and do not count). */
  slowRounds: number;
  /**
   * A player whose discs were all across loses the round if one comes back through before they
   * close the gate (the sheet). Off: play simply goes on.
   */
  comebackLoses: boolean;
  /** The gate closed while discs that must be across are not: replay the round, or the opponent scores. */
  falseClose: 'replay' | 'opponent-scores';
  /** slow: who starts the next round (the sheet: the younger player starts the game). */
  nextStarter: 'alternate' | 'loser' | 'same';
}

export const SLING_DEFAULTS: SlingOptions = {
  mode: 'basic',
  discsPerPlayer: 7,
  target: 3,
  slowRounds: 3,
  comebackLoses: true,
  falseClose: 'replay',
  nextStarter: 'alternate',
};

export const SLING_VARIANTS: Record<string, Partial<SlingOptions>> = {
  quickmatch: { mode: 'quickmatch' },
  slow: { mode: 'slow' },
};
