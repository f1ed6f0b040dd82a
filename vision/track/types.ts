/**
 * Types of the live tracker: discs with stable identities, the board's motion state, and the
 * events it emits (a shot, a board changed by hand, ...).
 */
import type { BoardState, PieceKind, ShotEvent } from '../../rules/core/board-state.ts';
import type { Calibration } from '../calibrate/types.ts';

/** Where a tracked disc lies: on the playing surface, in the ditch / gutter, in a hole, or in a pit (PitRush: still in play). */
export type TrackPlace = 'surface' | 'ditch' | 'hole' | 'pit';

export interface Track {
  /** Stable across shots: "d1", "d2", ... */
  id: string;
  team: string;
  xMm: number;
  yMm: number;
  radiusMm: number;
  uncertaintyMm: number;
  place: TrackPlace;
  /** Put down by hand and not moved since (a disc waiting to be shot). */
  staged: boolean;
  confidence: number;
  /** What the piece is, where a board has several kinds (carrom: man, queen, striker). */
  kind?: PieceKind;
  /** Lying on this disc (PitRush stacks: see pits.ts onDiscs). */
  onTopOfId?: string;
  /** Its footprint if it lay on one disc (seen a disc's height higher: DetectedDisc.ifOnDiscsMm). */
  ifOnDiscMm?: { xMm: number; yMm: number };
}

/** What the board is doing now. */
export type BoardMotion =
  /** Looking for the board (no calibration yet). */
  | 'calibrating'
  /** Nothing moves; the last call stands. */
  | 'at-rest'
  /** Something moves on the board. */
  | 'moving'
  /** A hand or arm is over the board: calls wait until it leaves. */
  | 'hand'
  /** Nothing moves any more; waiting out the settle time before a call. */
  | 'settling'
  /** Most of the board changed at once (lights, camera bumped): calls wait. */
  | 'disturbed';

/** A point of a moving disc's path, board millimetres. */
export interface PathPoint {
  tMs: number;
  xMm: number;
  yMm: number;
}

export interface Contact {
  byId: string;
  hitId: string;
  tMs: number;
  /** Centre distance of the two discs when the struck one started moving. */
  distanceMm: number;
  /** False when the striker was found only by the fallback (closest approach). */
  confident: boolean;
}

/** How a shot was seen, beyond what the ShotEvent says. */
export interface ShotDetail {
  /** First motion, last motion, and the time the call was made (stream time). */
  startMs: number;
  lastMotionMs: number;
  calledMs: number;
  paths: Record<string, PathPoint[]>;
  contacts: Contact[];
  /** A hand was in view during the shot. */
  handSeen: boolean;
  /** Discs a hand took away during the shot's episode (not removed by play). */
  takenByHandIds: string[];
  detectMs: number;
  warnings: string[];
}

export type TrackerEvent =
  /** warnings: what a person should know about the calibration (a camera height that could not be used, ...). */
  | { type: 'ready'; tMs: number; board: BoardState; calibration: Calibration; detectMs: number; warnings?: string[] }
  | { type: 'no-board'; tMs: number; reason: string }
  | { type: 'motion'; tMs: number; state: BoardMotion }
  /** Play: something moved on its own (not carried by a hand). */
  | { type: 'shot'; tMs: number; shot: ShotEvent; board: BoardState; detail: ShotDetail }
  /** A hand changed the board (took discs away, put one down) but nothing was shot. */
  | {
      type: 'board-change';
      tMs: number;
      board: BoardState;
      removedIds: string[];
      addedIds: string[];
      movedIds: string[];
      startMs: number;
      detectMs: number;
    }
  /** The board moved or a hand came and went, and at rest it is as it was. */
  | { type: 'unchanged'; tMs: number; startMs: number };

/** Per-frame figures, for benchmarks and the progress display. */
export interface FrameStats {
  tMs: number;
  state: BoardMotion;
  /** Time spent on this frame by the cheap path (downscale, differences, blobs, paths). */
  cheapMs: number;
  /** Time spent detecting discs on this frame (0 on most frames). */
  detectMs: number;
  movingPx: number;
  changedPx: number;
  hand: boolean;
}
