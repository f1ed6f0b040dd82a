/**
 * Boards and strikes for the carrom tests: the opening set-up, the striker on a seat's base
 * line, and strikes built from the board the referee left (so returned pieces are where the
 * rules put them).
 */
import type { BoardState, DiscState, ShotEvent, TeamId } from '../../core/board-state.ts';
import type { MatchEvent, MatchState } from '../../core/match-state.ts';
import { foldJournal, type MatchEnvironment } from '../../core/match.ts';
import { seatDirection, type Seat } from './pieces.ts';
import { isCarromCustom } from './state.ts';

const MAN_MM = 31.8;

/** Seed set-up: the queen on the spot, six round it, twelve round those, colours alternating. */
export function openingDiscs(): DiscState[] {
  const discs: DiscState[] = [{ id: 'q', team: 'red', kind: 'queen', xMm: 0, yMm: 0 }];
  let w = 0;
  let b = 0;
  const add = (rMm: number, deg: number, white: boolean) => {
    const a = (deg * Math.PI) / 180;
    const id = white ? `w${++w}` : `b${++b}`;
    discs.push({ id, team: white ? 'white' : 'black', kind: 'man', xMm: rMm * Math.cos(a), yMm: rMm * Math.sin(a) });
  };
  for (let k = 0; k < 6; k++) add(MAN_MM, 90 + k * 60, k % 2 === 0);
  for (let k = 0; k < 6; k++) add(2 * MAN_MM, 90 + k * 60, k % 2 === 0);
  for (let k = 0; k < 6; k++) add(MAN_MM * Math.sqrt(3), 120 + k * 60, k % 2 === 1);
  return discs;
}

/** The striker centred between a seat's base lines (it touches both and no circle or arrow). */
export function strikerAt(seat: Seat, alongMm = 0, id = 'striker'): DiscState {
  const d = seatDirection(seat);
  // Across: 246.6 mm from the centre (midway between the lines); along: to the player's right.
  return { id, team: 'striker', kind: 'striker', xMm: d.x * 246.6 - d.y * alongMm, yMm: d.y * 246.6 + d.x * alongMm };
}

export interface StrikeSpec {
  /** Pieces that drop into a pocket. */
  pocket?: string[];
  /** Pieces that jump off the board. */
  jump?: string[];
  strikerPocketed?: boolean;
  /** Pieces that come to rest elsewhere on the board. */
  move?: Record<string, { xMm: number; yMm: number; uncertaintyMm?: number }>;
  /** Where the striker is placed before the strike (default: centred on the seat's base lines). */
  strikerBefore?: DiscState;
  delivery?: ShotEvent['delivery'];
  /** A strike that touches nothing (no piece moves). */
  miss?: boolean;
}

export function seatOf(state: MatchState): Seat {
  return isCarromCustom(state.custom) ? (state.custom.seats[state.custom.seat] ?? 's') : 's';
}

/** A strike by whoever's turn it is, from the board the referee holds. */
export function strike(state: MatchState, spec: StrikeSpec): ShotEvent {
  const shooter = state.turn as TeamId;
  const seat = seatOf(state);
  const board: BoardState = state.board.discs.length === 0 && state.shotsThisRound === 0 && !(state.board.pocketed ?? []).length ? { discs: openingDiscs() } : state.board;
  const striker = spec.strikerBefore ?? strikerAt(seat);
  const before: BoardState = { ...board, discs: [...board.discs, striker] };
  const gone = new Set([...(spec.pocket ?? []), ...(spec.jump ?? [])]);
  const moved = spec.move ?? {};
  const afterDiscs = board.discs
    .filter((d) => !gone.has(d.id))
    .map((d) => (moved[d.id] ? { ...d, ...moved[d.id] } : d));
  const strikerAfter: DiscState[] = spec.strikerPocketed ? [] : [{ ...striker, xMm: 150, yMm: -150 }];
  const removed: NonNullable<ShotEvent['removed']> = [
    ...(spec.pocket ?? []).map((id) => ({ id, reason: 'pocket' as const })),
    ...(spec.jump ?? []).map((id) => ({ id, reason: 'off-board' as const })),
    ...(spec.strikerPocketed ? [{ id: striker.id, reason: 'pocket' as const }] : []),
  ];
  const touched = [...gone, ...Object.keys(moved)];
  const first = board.discs.find((d) => d.kind === 'man');
  const hitIds = spec.miss ? [] : touched.length > 0 ? touched : first ? [first.id] : [];
  return {
    shooter,
    shotDiscId: striker.id,
    before,
    after: { ...board, discs: [...afterDiscs, ...strikerAfter] },
    movedIds: [striker.id, ...hitIds],
    hits: hitIds.map((hitId) => ({ byId: striker.id, hitId })),
    removed,
    ...(spec.delivery ? { delivery: spec.delivery } : {}),
  };
}

/** Plays strikes one by one, each built from the state the journal so far leads to. */
export class Journal {
  events: MatchEvent[];
  private current: MatchState;
  constructor(
    private readonly env: MatchEnvironment,
    setup: Extract<MatchEvent, { type: 'setup' }>,
  ) {
    this.events = [setup];
    this.current = this.fold();
  }
  private fold(): MatchState {
    const r = foldJournal(this.env, this.events);
    if (!r.state) throw new Error(r.error);
    return r.state;
  }
  get state(): MatchState {
    return this.current;
  }
  strike(spec: StrikeSpec = {}): MatchState {
    return this.push({ type: 'shot', shot: strike(this.current, spec) });
  }
  push(e: MatchEvent): MatchState {
    this.events.push(e);
    this.current = this.fold();
    return this.current;
  }
}
