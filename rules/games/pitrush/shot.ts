/**
 * What a PitRush shot means (seed 001): flicked from the shooting line, obstructing discs cleared
 * from the shooter's own shooting area, neutral discs placed into free pits, and whether any disc
 * fell into a pit (Contest Phase II: if none did, the next player must place a neutral disc).
 *
 * Facts read from ShotEvent.delivery (all optional):
 * - player: string, who shot when the shot is recorded as anyone's (Arena Phase I, shooter "any");
 * - startXMm, startYMm: numbers, where the disc lay before it was flicked (checked against the
 *   shooter's shooting line; startUncertaintyMm: its uncertainty);
 * - clearedIds: string, ids (comma or space separated) of discs taken off the shooter's shooting
 *   area or line before the shot (they are in `before`, not in `after`);
 * - neutralPlacement: true when this event is a neutral disc put into an empty pit (shotDiscId);
 * - fellIntoPit: boolean, the tracker's word on whether any disc fell into a pit (else worked out
 *   from the pits' occupants before and after).
 */
import type { BoardState, DiscState, ShotEvent, TeamId } from '../../core/board-state.ts';
import type { Decision } from '../../core/calls.ts';
import type { ShotRuling } from '../../core/define-rules.ts';
import type { MatchState } from '../../core/match-state.ts';
import { callFromClearance } from '../../geometry/call.ts';
import { clearanceToLineMm, distanceMm, signedDistanceToPolygonMm } from '../../geometry/measure.ts';
import { pieceRadiusMm, type BoardProfile } from '../../profiles/schema.ts';
import { isNeutral, pitOccupants, pitsOpenForNeutral, placeDiscs } from './calls.ts';
import type { PitRushOptions } from './options.ts';
import { readPitField, seatOf, type PitField, type Seat } from './pits.ts';

/** Turn marker while everyone may shoot at once (Arena Phase I): shots then carry this as shooter. */
export const ANY_PLAYER = 'any';

export function idList(value: boolean | number | string | undefined): string[] {
  if (typeof value !== 'string') return [];
  return value.split(/[\s,]+/).filter((s) => s.length > 0);
}

function voided(shot: ShotEvent, note: string): ShotRuling {
  return { valid: false, board: shot.before, removedIds: [], immediatePoints: {}, notes: [note], facts: { void: true } };
}

/** A disc may be cleared before a shot when it lies in the shooter's shooting area or touches the line. */
export function clearableFrom(disc: DiscState, seat: Seat, radiusMm: number): boolean {
  const r = disc.radiusMm ?? radiusMm;
  const line = clearanceToLineMm({ xMm: disc.xMm, yMm: disc.yMm, radiusMm: r }, seat.line, seat.line.lineWidthMm);
  if (callFromClearance(line.clearanceMm, disc.uncertaintyMm ?? 0) !== 'clear') return true;
  return seat.area ? signedDistanceToPolygonMm(disc, seat.area.pointsMm) >= 0 : false;
}

function seatFor(player: TeamId, teams: readonly TeamId[], field: PitField, options: PitRushOptions): Seat | undefined {
  const n = seatOf(player, teams, field, options);
  return field.seats.find((s) => s.seat === n);
}

export function judgePitRushShot(
  shot: ShotEvent,
  profile: BoardProfile,
  options: PitRushOptions,
  match?: MatchState,
  decisions: readonly Decision[] = [],
): ShotRuling {
  const field = readPitField(profile);
  const radius = pieceRadiusMm(profile);
  const neutralDue = (match?.custom as { neutralDue?: unknown } | undefined)?.neutralDue === true;
  const declared = shot.delivery?.player;
  const player = shot.shooter === ANY_PLAYER ? (typeof declared === 'string' ? declared : null) : shot.shooter;
  const teams = match?.teams ?? [...new Set(shot.after.discs.filter((d) => !isNeutral(d)).map((d) => d.team))].sort();
  const placedBefore = placeDiscs(shot.before, field, radius, decisions).placed;
  const placedAfter = placeDiscs(shot.after, field, radius, decisions).placed;

  if (shot.delivery?.neutralPlacement === true) {
    if (!neutralDue) return voided(shot, 'no neutral disc is due: placement ignored');
    const d = shot.after.discs.find((x) => x.id === shot.shotDiscId);
    if (!d || !isNeutral(d)) return voided(shot, `${shot.shotDiscId} is not a neutral disc: placement ignored`);
    // The pit it was put into: the one under its centre (whatever else may lie there).
    const target = field.pits.find((p) => distanceMm(p, d) <= p.radiusMm);
    if (!target) return voided(shot, `neutral disc ${shot.shotDiscId} is not in a pit: place it again`);
    const pitId = target.id;
    if (!pitsOpenForNeutral(field, placedBefore).includes(pitId)) {
      return voided(shot, `${pitId} is not free (a disc lies in it or covers part of it): place the neutral disc again`);
    }
    return { valid: true, board: shot.after, removedIds: [], immediatePoints: {}, notes: [`neutral disc placed in ${pitId}`], facts: { neutralPlaced: true, pitId } };
  }
  if (neutralDue) return voided(shot, 'a neutral disc must be placed in an empty pit before this turn: shot void, board restored');

  const notes: string[] = [];
  // A disc already on the board is a taken-back disc: it must be the shooter's own and not in a pit.
  const takenBack = placedBefore.find((p) => p.disc.id === shot.shotDiscId);
  if (takenBack && player && takenBack.disc.team !== player) return voided(shot, `${player} took back ${takenBack.disc.team}'s disc ${takenBack.disc.id}: shot void, board restored`);
  if (takenBack?.placement.kind === 'in-pit') return voided(shot, `${takenBack.disc.id} lies in a pit and cannot be taken back: shot void, board restored`);
  const seat = player ? seatFor(player, teams, field, options) : undefined;
  const sx = shot.delivery?.startXMm;
  const sy = shot.delivery?.startYMm;
  if (seat && typeof sx === 'number' && typeof sy === 'number') {
    const u = Number(shot.delivery?.startUncertaintyMm ?? 0);
    const c = clearanceToLineMm({ xMm: sx, yMm: sy, radiusMm: radius }, seat.line, seat.line.lineWidthMm).clearanceMm;
    const call = callFromClearance(c, u);
    if (call === 'clear') return voided(shot, `${player} did not flick from the shooting line (${c.toFixed(2)} mm clear of it): shot void, take it again`);
    if (call === 'too-close') notes.push(`start too close to the shooting line to call (${c.toFixed(2)} ± ${u.toFixed(2)} mm): shot accepted`);
  }

  const discs = [...shot.after.discs];
  const removedIds: { id: string; rule: string }[] = [];
  for (const id of idList(shot.delivery?.clearedIds)) {
    const d = shot.before.discs.find((x) => x.id === id);
    if (!d) {
      notes.push(`cleared disc ${id} was not on the board`);
      continue;
    }
    if (seat && clearableFrom(d, seat, radius)) {
      const i = discs.findIndex((x) => x.id === id);
      if (i >= 0) discs.splice(i, 1);
      removedIds.push({ id, rule: 'cleared from the shooting area' });
      notes.push(`${id} cleared from ${player}'s shooting area to the corner`);
    } else if (!discs.some((x) => x.id === id)) {
      discs.push(d);
      notes.push(`${id} was not in ${player ?? 'the shooter'}'s shooting area or on the line: put back where it was`);
    }
  }
  for (const r of shot.removed ?? []) {
    if (r.reason === 'off-board') notes.push(`${r.id} flew off the board: handled as cleared from a shooting area`);
  }

  let fellIntoPit: boolean;
  if (typeof shot.delivery?.fellIntoPit === 'boolean') fellIntoPit = shot.delivery.fellIntoPit;
  else {
    const was = pitOccupants(placedBefore);
    const now = pitOccupants(placedAfter);
    fellIntoPit = [...now].some(([pit, id]) => was.get(pit) !== id);
  }
  notes.push(fellIntoPit ? 'a disc fell into a pit' : 'no disc fell into a pit');
  const board: BoardState = { ...shot.after, discs };
  return { valid: true, board, removedIds, immediatePoints: {}, notes, facts: { fellIntoPit, player } };
}
