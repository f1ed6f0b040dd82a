/** Table shuffleboard settings (seed 002, RULES.md §5). */
import type { PointMm } from '../../geometry/measure.ts';

export type TableEnd = 'far' | 'near';

export interface TableShuffleboardOptions {
  /** 2 players (singles) or 4 players (two teams of 2, teammates at opposite ends). */
  players: 2 | 4;
  /** Pucks each side throws in a round (4; Horse collar: one side throws all 8). */
  pucksPerSide: number;
  /**
   * How a round scores: 'furthest' (only the side with the furthest puck, each of its pucks
   * beyond the opponent's furthest at its section's value), 'bocce' (one point per puck closer to
   * the spot than the opponent's closest), 'all-pucks' (Horse collar: every puck in a scoring position).
   */
  scoring: 'furthest' | 'bocce' | 'all-pucks';
  /** Horse collar: one side throws all its pucks in a round, then the other side has a round. */
  series: boolean;
  /** Points of a hanger (a puck overhanging the far end): 5 on the seed sheet, 4 in many clubs. */
  hangerPoints: number;
  /** First side to reach this wins; null: 15 with 2 players, 21 with 4; 0: no target. */
  target: number | null;
  /** The winner must lead by at least this much (2 on the seed sheet). */
  winBy: number;
  /** A fixed number of rounds (Baseball: 9 innings), then extra rounds until someone leads by winBy (0: none). */
  rounds: number;
  /** The match can end only when every side has had the same number of rounds (Horse collar). */
  equalRounds: boolean;
  /** Who has the hammer in the first round: decided by a lag (each side throws one puck, furthest wins) or given at setup (the setup starter throws first). */
  firstHammer: 'lag' | 'setup';
  /** The hammer in the next round: the round's loser (standard) or its winner (Tap & Draw: the winner throws second). */
  hammerTo: 'round-loser' | 'round-winner';
  /** After a round nobody scored: the hammer passes to the other side ('switch') or stays ('keep'). */
  hammerAfterBlank: 'switch' | 'keep';
  /** A puck is in play once it reaches the foul line ('reach': touching it is enough) or only once wholly past it ('cross'). */
  foulLine: 'reach' | 'cross';
  /** Tap & Draw: knocking an opponent's puck off the table removes your puck and puts theirs back. */
  tapAndDraw: boolean;
  /** The end the first round is played to; rounds then alternate ends when alternateEnds is on. */
  firstTargetEnd: TableEnd;
  alternateEnds: boolean;
  /** Bocce: the spot, in board mm for the far end (mirrored through the centre for the near end); null: the middle of the 2 section. */
  bocceSpot: PointMm | null;
}

export const TABLE_SHUFFLEBOARD_DEFAULTS: TableShuffleboardOptions = {
  players: 2,
  pucksPerSide: 4,
  scoring: 'furthest',
  series: false,
  hangerPoints: 5,
  target: null,
  winBy: 2,
  rounds: 0,
  equalRounds: false,
  firstHammer: 'lag',
  hammerTo: 'round-loser',
  hammerAfterBlank: 'switch',
  foulLine: 'reach',
  tapAndDraw: false,
  firstTargetEnd: 'far',
  alternateEnds: true,
  bocceSpot: null,
};

export const TABLE_SHUFFLEBOARD_VARIANTS: Record<string, Partial<TableShuffleboardOptions>> = {
  /** 4 players in two teams, to 21. */
  doubles: { players: 4 },
  /** The common club value of a hanger. */
  'hanger-4': { hangerPoints: 4 },
  /** The hammer is settled before the match (coin toss): the setup starter throws first. */
  'no-lag': { firstHammer: 'setup' },
  /** Closest to a chosen spot beyond the foul line, one point per puck closer than the opponent's closest, first to 9. */
  bocce: { scoring: 'bocce', target: 9, winBy: 1 },
  /** Knocking an opponent's puck off is punished; the round winner throws second next round. */
  'tap-and-draw': { tapAndDraw: true, hammerTo: 'round-winner' },
  /** Each side throws all 8 pucks in turn and scores every puck in a scoring position, to 51 with equal rounds. */
  'horse-collar': { scoring: 'all-pucks', series: true, pucksPerSide: 8, target: 51, winBy: 1, equalRounds: true, firstHammer: 'setup' },
  /** 9 innings, then extra rounds until someone leads. */
  baseball: { target: 0, rounds: 9, winBy: 1 },
};

/** The target total in force: the setting, or 15 singles / 21 doubles. */
export function targetFor(options: TableShuffleboardOptions): number {
  return options.target ?? (options.players === 4 ? 21 : 15);
}
