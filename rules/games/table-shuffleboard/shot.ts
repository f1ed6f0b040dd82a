/**
 * What a throw means on the table (seed 002): a puck short of the foul line is removed at once,
 * pucks that fell off are gone, and in Tap & Draw knocking an opponent's puck off removes your
 * puck and puts theirs back, with any of your pucks it moved into the furthest position.
 */
import type { BoardState, DiscState, ShotEvent, TeamId } from '../../core/board-state.ts';
import type { ShotRuling } from '../../core/define-rules.ts';
import { distanceMm } from '../../geometry/measure.ts';
import type { BoardProfile } from '../../profiles/schema.ts';
import { callTablePuck, puckRadiusMm } from './calls.ts';
import type { TableEnd, TableShuffleboardOptions } from './options.ts';
import { endGeometry, leadingEdgeMm, type EndGeometry } from './table-geometry.ts';

/** Movement below this (or the puck's own uncertainty) is measurement noise, not a move. */
const STILL_MM = 0.5;

function movedIdsOf(shot: ShotEvent): Set<string> {
  if (shot.movedIds) return new Set([shot.shotDiscId, ...shot.movedIds]);
  const moved = new Set([shot.shotDiscId]);
  for (const a of shot.after.discs) {
    const b = shot.before.discs.find((d) => d.id === a.id);
    if (b && distanceMm(a, b) > Math.max(STILL_MM, a.uncertaintyMm ?? 0)) moved.add(a.id);
  }
  return moved;
}

function teamOf(id: string, shot: ShotEvent): TeamId | undefined {
  if (id === shot.shotDiscId) return shot.shooter;
  return (shot.before.discs.find((d) => d.id === id) ?? shot.after.discs.find((d) => d.id === id))?.team;
}

/** The furthest puck in play, if any. */
function furthest(discs: readonly DiscState[], profile: BoardProfile, geo: EndGeometry, options: TableShuffleboardOptions): DiscState | undefined {
  let best: { d: DiscState; lead: number } | undefined;
  for (const d of discs) {
    if (!callTablePuck(d, profile, geo, options).inPlay) continue;
    const lead = leadingEdgeMm(d, puckRadiusMm(d, profile), geo);
    if (!best || lead > best.lead) best = { d, lead };
  }
  return best?.d;
}

export function judgeTableShot(shot: ShotEvent, profile: BoardProfile, options: TableShuffleboardOptions, end: TableEnd): ShotRuling {
  const geo = endGeometry(profile, end);
  const notes: string[] = [];
  const removedIds: { id: string; rule: string }[] = [];
  const reported = new Set((shot.removed ?? []).map((r) => r.id));
  const gone = new Set<string>();
  let discs: DiscState[] = [];
  for (const d of shot.after.discs) {
    if (reported.has(d.id)) {
      gone.add(d.id);
      continue;
    }
    const c = callTablePuck(d, profile, geo, options);
    if (c.zone === 'off') {
      gone.add(d.id);
    } else if (c.zone === 'short' && c.call !== 'too-close') {
      removedIds.push({ id: d.id, rule: 'did not reach the foul line' });
      notes.push(`${d.id} (${d.team}) short of the foul line: removed`);
    } else {
      if (c.call === 'too-close' && c.line === geo.foul.id) notes.push(`${d.id} too close to the foul line to call: left on the table for a person to decide`);
      discs.push(d);
    }
  }
  const afterIds = new Set(shot.after.discs.map((d) => d.id));
  for (const id of [...shot.before.discs.map((d) => d.id), shot.shotDiscId]) if (!afterIds.has(id)) gone.add(id);
  for (const id of gone) {
    removedIds.push({ id, rule: 'fell off the table' });
    notes.push(`${id} (${teamOf(id, shot) ?? '?'}) off the table`);
  }

  const knockedOff = shot.before.discs.filter((d) => d.team !== shot.shooter && gone.has(d.id));
  if (!options.tapAndDraw || knockedOff.length === 0) {
    return { valid: true, board: { ...shot.after, discs }, removedIds, immediatePoints: {}, notes };
  }

  // Tap & Draw: the thrower's puck comes off, the knocked-off pucks go back where they were.
  notes.push(`tap & draw: ${shot.shooter} knocked ${knockedOff.map((d) => d.id).join(', ')} off: ${shot.shotDiscId} removed, ${knockedOff.length > 1 ? 'they go' : 'it goes'} back`);
  if (discs.some((d) => d.id === shot.shotDiscId)) removedIds.push({ id: shot.shotDiscId, rule: 'tap & draw: knocked an opponent off' });
  discs = [...discs.filter((d) => d.id !== shot.shotDiscId), ...knockedOff.map((d) => ({ ...d }))];
  const moved = movedIdsOf(shot);
  const restored = new Set<string>();
  for (;;) {
    const top = furthest(discs, profile, geo, options);
    if (!top || top.team !== shot.shooter || !moved.has(top.id) || restored.has(top.id)) break;
    const was = shot.before.discs.find((d) => d.id === top.id);
    if (!was) break;
    restored.add(top.id);
    discs = discs.map((d) => (d.id === top.id ? { ...was } : d));
    notes.push(`tap & draw: ${top.id} was moved into the furthest position: put back`);
  }
  const board: BoardState = { ...shot.after, discs };
  return { valid: false, board, removedIds, immediatePoints: {}, notes };
}
