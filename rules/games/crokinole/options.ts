/** Crokinole settings (seed 001). Every default here is what a club gets unless it says otherwise. */
export interface CrokinoleOptions {
  /** 2 players, 3 players (see threePlayerMode) or 4 players in two teams. */
  players: 2 | 3 | 4;
  /** 3 players: a pair against one player (2 sets, the lone player shoots after each of the pair), or 3 sets of discs. */
  threePlayerMode: 'pair-vs-one' | 'three-sets';
  /** Discs each team (side) shoots in a round: 12 with two sets, 8 each with three sets. */
  discsPerTeam: number;
  scoring: 'differential' | 'simple' | 'championship';
  /** Traditional scoring: first to reach this total (50, 100, 150 or 200). */
  target: number;
  /** Championship scoring: rounds in a match. */
  championshipRounds: number;
  /** Next round starter: A) clockwise from the previous starter, B) the round's loser chooses. */
  nextStarter: 'clockwise' | 'loser-chooses';
  /** Rule B: what the loser chooses (to start, or to let the winner start). */
  loserChoosesToStart: boolean;
  /** Stricter free shot: the shot disc must lie wholly inside the 15 circle (touching the line is out). */
  strictFreeShot: boolean;
  /** Stricter free carom: only the shot disc itself can make a free shot valid. */
  strictFreeCarom: boolean;
  /** Placement restriction: the shot disc may be at most half over the shooting line. */
  placementAtMostHalfOver: boolean;
}

export const CROKINOLE_DEFAULTS: CrokinoleOptions = {
  players: 2,
  threePlayerMode: 'pair-vs-one',
  discsPerTeam: 12,
  scoring: 'differential',
  target: 100,
  championshipRounds: 4,
  nextStarter: 'clockwise',
  loserChoosesToStart: true,
  strictFreeShot: false,
  strictFreeCarom: false,
  placementAtMostHalfOver: false,
};

export const CROKINOLE_VARIANTS: Record<string, Partial<CrokinoleOptions>> = {
  'four-players': { players: 4, discsPerTeam: 12 },
  'three-players-pair': { players: 3, threePlayerMode: 'pair-vs-one', discsPerTeam: 12 },
  'three-players-sets': { players: 3, threePlayerMode: 'three-sets', discsPerTeam: 8, scoring: 'simple' },
  simple: { scoring: 'simple' },
  championship: { scoring: 'championship' },
  'to-50': { target: 50 },
  'to-150': { target: 150 },
  'to-200': { target: 200 },
  advanced: { strictFreeShot: true, strictFreeCarom: true, placementAtMostHalfOver: true },
};
