/**
 * What the rules see: discs at rest in board millimetres (their footprints, seen from straight
 * above), plus what has left the board into a hole, bowl, pocket or compartment.
 */
export type TeamId = string;

/** What a piece is. Most games have one kind; carrom has men, a queen and a striker. */
export type PieceKind = 'disc' | 'stone' | 'puck' | 'man' | 'queen' | 'striker' | 'neutral';

/** Pieces that belong to no team: carrom's queen and striker, PitRush's neutral discs. */
export const TEAMLESS_KINDS: ReadonlySet<PieceKind> = new Set(['queen', 'striker', 'neutral']);

export interface DiscState {
  /** Stable identity across a match (the tracker keeps it); made up from the index when absent. */
  id: string;
  team: TeamId;
  xMm: number;
  yMm: number;
  /** Footprint radius; the board profile's piece radius when absent. */
  radiusMm?: number;
  kind?: PieceKind;
  /** Bound on the centre's position error (the vision's figure); 0 when absent. */
  uncertaintyMm?: number;
  /** Id of the disc this one lies on top of (PitRush, sjoelbak stacks). */
  onTopOfId?: string;
  /**
   * Seen lying in a pit, where it may instead rest on a disc under it that the camera cannot
   * see (a camera above cannot tell the two heights apart): which it is, is a person's call.
   */
  mayRestOnHidden?: boolean;
  /**
   * Seen on the board, perhaps lying on other discs (a stack seen from above cannot always be
   * told from a disc on the board): where its footprint would then be, on one disc, two, ...
   */
  ifOnDiscsMm?: { xMm: number; yMm: number }[];
}

export interface BoardState {
  discs: DiscState[];
  /** Crokinole: discs that dropped into the centre hole (20s), per team. */
  hole?: Record<TeamId, number>;
  /** Sjoelbak: discs that count in each compartment, keyed by its number. */
  compartments?: Record<string, number>;
  /** Carrom: pieces pocketed, in order. */
  pocketed?: { id: string; team: TeamId; kind: PieceKind }[];
}

/** Why a disc left the board or play. */
export type RemovalReason =
  | 'ditch'
  | 'hole'
  | 'pocket'
  | 'compartment'
  | 'off-board'
  | 'back-line'
  | 'side-line'
  | 'rule';

/**
 * What happened in one shot, as the camera (or a person) saw it. The tracker fills this in;
 * the rules decide what it means.
 */
export interface ShotEvent {
  /** Team (or player) that shot. */
  shooter: TeamId;
  /** The disc that was shot. */
  shotDiscId: string;
  /** Board at rest before the shot (restores need it). */
  before: BoardState;
  /** Board at rest after the shot, before any rule removes anything. */
  after: BoardState;
  /** Ids of discs that moved (the shot disc included). */
  movedIds?: string[];
  /** Contacts, in the order they happened: `byId` struck `hitId`. Pegs and cushions are not listed. */
  hits?: { byId: string; hitId: string }[];
  /** Discs that left the board or went into a hole / pocket / compartment during the shot. */
  removed?: { id: string; reason: RemovalReason }[];
  /** Game-specific facts the camera measured about the delivery (released before the line, ...). */
  delivery?: Record<string, boolean | number | string>;
}

export function discRadiusMm(disc: DiscState, fallbackRadiusMm: number): number {
  return disc.radiusMm ?? fallbackRadiusMm;
}

/** Ids are optional on input; give every disc one so calls and journals can name it. */
export function withDiscIds<T extends { id?: string }>(discs: readonly T[]): (T & { id: string })[] {
  return discs.map((d, i) => ({ ...d, id: d.id ?? `d${i + 1}` }));
}
