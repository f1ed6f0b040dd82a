/**
 * What a push means on the shuffleboard mat (seed 000): stones that left the mat are removed,
 * the played stone leaving costs its team the penalty at once, knocking is never penalised,
 * and a stone released past the release line does not count.
 */
import type { DiscState, ShotEvent, TeamId } from '../../core/board-state.ts';
import type { ShotRuling } from '../../core/define-rules.ts';
import { callFromClearance } from '../../geometry/call.ts';
import type { BoardProfile } from '../../profiles/schema.ts';
import { depthOnMatMm } from './fields.ts';
import type { ShuffleboardMatOptions } from './options.ts';

function teamOf(id: string, shot: ShotEvent): TeamId | undefined {
  if (id === shot.shotDiscId) return shot.shooter;
  return (shot.before.discs.find((d) => d.id === id) ?? shot.after.discs.find((d) => d.id === id))?.team;
}

function charge(points: Record<TeamId, number>, team: TeamId, penalty: number): Record<TeamId, number> {
  return { ...points, [team]: (points[team] ?? 0) - penalty };
}

export function judgeMatShot(shot: ShotEvent, profile: BoardProfile, options: ShuffleboardMatOptions): ShotRuling {
  const notes: string[] = [];
  const removedIds: { id: string; rule: string }[] = [];
  // A stone the tracker saw leave the mat touched the table, even if it came back onto the mat.
  const reported = new Set((shot.removed ?? []).map((r) => r.id));
  const afterIds = new Set(shot.after.discs.map((d) => d.id));
  const offIds: string[] = [];
  const kept: DiscState[] = [];
  for (const d of shot.after.discs) {
    if (reported.has(d.id)) {
      offIds.push(d.id);
      continue;
    }
    // A centre beyond the edge means the stone has tipped onto the table.
    const call = callFromClearance(depthOnMatMm(d, profile.surface), d.uncertaintyMm ?? 0);
    if (call === 'touching') offIds.push(d.id);
    else {
      if (call === 'too-close') notes.push(`${d.id}: centre too close to the mat's edge to tell whether it fell off; left on the mat for a person to decide`);
      kept.push(d);
    }
  }
  // Stones that vanished between the two boards went off the mat (there is nowhere else to go).
  for (const id of [...shot.before.discs.map((d) => d.id), shot.shotDiscId]) {
    if (!afterIds.has(id) && !offIds.includes(id)) offIds.push(id);
  }

  let immediatePoints: Record<TeamId, number> = {};
  for (const id of offIds) {
    const team = teamOf(id, shot) ?? shot.shooter;
    removedIds.push({ id, rule: 'left the mat' });
    if (id === shot.shotDiscId) {
      immediatePoints = charge(immediatePoints, team, options.offMatPenalty);
      notes.push(`${id} (${team}) played off the mat: removed, ${team} -${options.offMatPenalty}`);
    } else if (options.knockedOffCostsOwner) {
      immediatePoints = charge(immediatePoints, team, options.offMatPenalty);
      notes.push(`${id} (${team}) knocked off the mat: removed, ${team} -${options.offMatPenalty}`);
    } else {
      notes.push(`${id} (${team}) knocked off the mat: removed, no penalty`);
    }
  }

  if (options.lateRelease === 'void' && shot.delivery?.releasedBeforeLine === false) {
    // The stones go back where they were; the played stone is out for the round.
    // Its leaving the mat still cost its team (it did touch the table).
    const playedOff = offIds.includes(shot.shotDiscId);
    const voidNotes = [`${shot.shotDiscId} released past the release line: shot void, stones put back, ${shot.shotDiscId} out for the round`];
    if (playedOff) voidNotes.push(`${shot.shotDiscId} also left the mat: ${shot.shooter} -${options.offMatPenalty}`);
    return {
      valid: false,
      board: { ...shot.before, discs: shot.before.discs.map((d) => ({ ...d })) },
      removedIds: [{ id: shot.shotDiscId, rule: 'released past the release line' }],
      immediatePoints: playedOff ? charge({}, shot.shooter, options.offMatPenalty) : {},
      notes: voidNotes,
    };
  }

  return { valid: true, board: { ...shot.after, discs: kept }, removedIds, immediatePoints, notes };
}
