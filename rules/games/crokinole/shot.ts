/**
 * What a crokinole shot means (seed 001): 20s, the free-shot rule, the must-hit rule with
 * carom, discs left touching the shooting line, discs that left play and bounced back.
 */
import type { BoardState, DiscState, ShotEvent, TeamId } from '../../core/board-state.ts';
import type { ShotRuling } from '../../core/define-rules.ts';
import { callCrokinoleDisc } from './calls.ts';
import type { CrokinoleOptions } from './options.ts';
import type { BoardProfile } from '../../profiles/schema.ts';

function teamOf(id: string, shot: ShotEvent): TeamId | undefined {
  if (id === shot.shotDiscId) return shot.shooter;
  return (shot.before.discs.find((d) => d.id === id) ?? shot.after.discs.find((d) => d.id === id))?.team;
}

function addHole(hole: Record<TeamId, number>, team: TeamId, n: number): Record<TeamId, number> {
  return { ...hole, [team]: (hole[team] ?? 0) + n };
}

export function judgeCrokinoleShot(shot: ShotEvent, profile: BoardProfile, options: CrokinoleOptions): ShotRuling {
  const notes: string[] = [];
  const removedIds: { id: string; rule: string }[] = [];
  const isOwn = (id: string) => teamOf(id, shot) === shot.shooter;
  const opponentsBefore = shot.before.discs.filter((d) => d.team !== shot.shooter && callCrokinoleDisc(d, profile).inPlay);
  const moved = new Set([shot.shotDiscId, ...(shot.movedIds ?? [])]);

  // Where each disc ended: on the board, in the hole (reported by the tracker or seen lying in it), or gone.
  const leftPlay = new Set((shot.removed ?? []).filter((r) => r.reason !== 'hole').map((r) => r.id));
  const droppedIn = new Set((shot.removed ?? []).filter((r) => r.reason === 'hole').map((r) => r.id));
  let discs: DiscState[] = [];
  for (const d of shot.after.discs) {
    if (leftPlay.has(d.id)) {
      removedIds.push({ id: d.id, rule: 'left play and bounced back' });
      notes.push(`${d.id} left play and came back: removed`);
      continue;
    }
    const call = callCrokinoleDisc(d, profile);
    if (call.zone === '20') droppedIn.add(d.id);
    else discs.push(d);
  }
  const twentiesThisShot = [...droppedIn].map((id) => ({ id, team: teamOf(id, shot) ?? shot.shooter }));

  // Placement restriction: an illegal placement means the shot does not count; the board goes back.
  const overFraction = Number(shot.delivery?.placementOverLineFraction ?? 0);
  if (options.placementAtMostHalfOver && overFraction > 0.5) {
    notes.push(`shot disc placed ${Math.round(overFraction * 100)}% over the shooting line: shot void, board restored`);
    return { valid: false, board: { ...shot.before }, removedIds: [{ id: shot.shotDiscId, rule: 'placement' }], immediatePoints: {}, notes };
  }

  let hole: Record<TeamId, number> = { ...(shot.before.hole ?? {}) };
  let valid = true;
  if (opponentsBefore.length > 0) {
    const opponentIds = new Set(opponentsBefore.map((d) => d.id));
    const hitOpponent = (shot.hits ?? []).some((h) => opponentIds.has(h.hitId) && isOwn(h.byId));
    if (!hitOpponent) {
      valid = false;
      const culprits = [...moved].filter(isOwn);
      notes.push(`${shot.shooter} missed every opposing disc: ${culprits.join(', ')} removed`);
      for (const id of culprits) removedIds.push({ id, rule: 'must hit an opposing disc' });
      discs = discs.filter((d) => !culprits.includes(d.id));
      for (const t of twentiesThisShot) {
        if (culprits.includes(t.id)) continue;
        hole = addHole(hole, t.team, 1);
      }
    } else {
      for (const t of twentiesThisShot) hole = addHole(hole, t.team, 1);
    }
  } else {
    // Free shot: the shot (or, with carom, one of the shooter's moving discs) must reach the 15 area.
    const reaches15 = (id: string): boolean => {
      if (droppedIn.has(id)) return true;
      const d = discs.find((x) => x.id === id);
      if (!d) return false;
      const c = callCrokinoleDisc(d, profile);
      if (options.strictFreeShot && id === shot.shotDiscId) return c.zone === '15';
      return c.zone === '15' || (c.line === 'ring-15' && c.call !== 'clear');
    };
    const candidates = options.strictFreeCarom ? [shot.shotDiscId] : [...moved].filter(isOwn);
    valid = candidates.some(reaches15);
    const culprits = valid ? (reaches15(shot.shotDiscId) ? [] : [shot.shotDiscId]) : [...moved].filter(isOwn);
    for (const id of culprits) {
      if (droppedIn.has(id)) droppedIn.delete(id);
      removedIds.push({ id, rule: 'free shot must reach the 15 circle' });
    }
    if (culprits.length > 0) notes.push(`free shot: ${culprits.join(', ')} removed (did not reach the 15 circle)`);
    discs = discs.filter((d) => !culprits.includes(d.id));
    for (const t of twentiesThisShot) if (droppedIn.has(t.id)) hole = addHole(hole, t.team, 1);
  }

  // Discs that stop touching the shooting line (or beyond it) are out of play.
  const kept: DiscState[] = [];
  for (const d of discs) {
    const c = callCrokinoleDisc(d, profile);
    if (c.inPlay) kept.push(d);
    else if (c.call === 'too-close') {
      kept.push(d);
      notes.push(`${d.id} too close to the shooting line to call: left on the board for a person to decide`);
    } else {
      removedIds.push({ id: d.id, rule: 'touching or beyond the shooting line' });
      notes.push(`${d.id} out of play (${c.zone === 'ditch' ? 'in the ditch' : 'touching the shooting line'})`);
    }
  }
  for (const [team, n] of Object.entries(hole)) {
    const gained = n - (shot.before.hole?.[team] ?? 0);
    if (gained > 0) notes.push(`${gained} x 20 for ${team}`);
  }
  const board: BoardState = { ...shot.after, discs: kept, hole };
  return { valid, board, removedIds, immediatePoints: {}, notes };
}
