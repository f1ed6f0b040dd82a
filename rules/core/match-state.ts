import type { BoardState, ShotEvent, TeamId } from './board-state.ts';
import type { Decision, DiscCall, RoundScore } from './calls.ts';

/** Everything that can happen in a match, as journal entries. The journal is append-only. */
export type MatchEvent =
  | {
      type: 'setup';
      game: string;
      variant?: string;
      options?: Record<string, unknown>;
      /** Teams (or players) in turn order; the first starts unless `starter` says otherwise. */
      teams: TeamId[];
      starter?: TeamId;
      profileId?: string;
    }
  | { type: 'shot'; shot: ShotEvent }
  /** A person's ruling on a too-close call. */
  | { type: 'decision'; decision: Decision }
  /** A person sets the board right (a disc the camera missed, a disc put back). */
  | { type: 'correction'; board: BoardState; note?: string }
  /** A person closes the round now (e.g. a player concedes the remaining shots). */
  | { type: 'end-round'; note?: string }
  /** Take back the last event that is still in force. */
  | { type: 'undo' };

export interface RoundRecord {
  round: number;
  points: Record<TeamId, number>;
  scoresAfter: Record<TeamId, number>;
  calls: DiscCall[];
  notes: string[];
}

export interface MatchState {
  game: string;
  variant: string;
  profileId: string;
  options: Record<string, unknown>;
  teams: TeamId[];
  /** 1-based round (end, board, turn series). */
  round: number;
  shotsThisRound: number;
  /** Who shoots next; null when the match is over or waits for a decision. */
  turn: TeamId | null;
  /** Who started this round. */
  starter: TeamId;
  /** Who shoots last this round (curling, table shuffleboard), where the game has a hammer. */
  hammer: TeamId | null;
  board: BoardState;
  decisions: Decision[];
  /** Disc ids whose call waits for a person before the round can be scored. */
  pendingIds: string[];
  /** The round's score waiting for those decisions. */
  pendingScore: RoundScore | null;
  scores: Record<TeamId, number>;
  rounds: RoundRecord[];
  winner: TeamId | null;
  over: boolean;
  /** Game-specific state (carrom: pieces due, queen state; sjoelbak: sub-turn). */
  custom: Record<string, unknown>;
  /** Human-readable log of what the referee decided. */
  log: string[];
  /** Journal entries that were not accepted, with the reason: an illegal input is a value. */
  rejected: { index: number; reason: string }[];
  /** The last shot's ruling, for the operator and overlays. */
  lastShot: { shot: ShotEvent; notes: string[]; valid: boolean } | null;
}
