import type { Call } from '../geometry/call.ts';
import type { TeamId } from './board-state.ts';

/** The referee's word on one disc. */
export interface DiscCall {
  id: string;
  team: TeamId;
  /** Where the disc lies, in the game's own words ("15", "house", "3", "ditch", ...). */
  zone: string;
  points: number;
  /** About the line that decided the zone. */
  call: Call;
  /** Signed clearance to that line: > 0 clear of it, < 0 overlapping. */
  clearanceMm: number;
  uncertaintyMm: number;
  /** Which line the call is about (profile feature id), when there is one. */
  line?: string;
  /**
   * Which of the line's boundaries, where a game measures a disc to one line in more than one
   * way (a PitRush pit: 'centre', is the disc's centre over it; 'cover', does the disc overlap it).
   */
  boundary?: string;
  /** False for discs that are on the board but out of play (touching the shooting line, in the ditch). */
  inPlay: boolean;
  /** When the call is too-close: the points if a person rules it clear / touching. */
  pointsIfClear?: number;
  pointsIfTouching?: number;
}

/** A person's ruling on a too-close call; it replaces the measured call for that disc. */
export interface Decision {
  discId: string;
  call: 'clear' | 'touching';
  /** For closeness comparisons (curling, table shuffleboard): which disc is closer/further. */
  winnerId?: string;
  /**
   * PitRush: a disc seen in a pit may lie on discs the camera cannot see. The teams of the discs
   * a person found under it, from the one just under it down to the one in the pit ('neutral'
   * for a neutral disc); absent or empty: none. They are scored as lying there.
   */
  discsUnder?: TeamId[];
}

export interface RoundScore {
  /** Points each team scores for this round (may be negative: shuffleboard 10 OFF). */
  points: Record<TeamId, number>;
  calls: DiscCall[];
  /** Ids of discs whose call is too close and waits for a person; the points count them as measured. */
  pendingIds: string[];
  /** Plain-language reasons a person can read ("A's closest stone is 12.3 mm nearer"). */
  notes: string[];
}
