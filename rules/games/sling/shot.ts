/**
 * What a Sling shot means (seed 001). In the quick modes both players shoot at once, so shots
 * are recorded as anyone's (shooter "any"); Slow mode goes in turns, each disc shot once.
 *
 * Facts read from ShotEvent.delivery (all optional):
 * - player: string, who shot (quick modes, where the shooter is "any");
 * - gateClosed: boolean, the gate was closed in this event (the round ends);
 * - closedBy: string, who closed it (else `player`, else the shooter).
 */
import type { ShotEvent, TeamId } from '../../core/board-state.ts';
import type { ShotRuling } from '../../core/define-rules.ts';
import type { MatchState } from '../../core/match-state.ts';
import type { SlingOptions } from './options.ts';

/** Turn marker while both players shoot at once. */
export const ANY_PLAYER = 'any';

/** Who closed the gate, from the event; null when it cannot be told. */
export function closerOf(shot: ShotEvent, teams: readonly TeamId[]): TeamId | null {
  const named = shot.delivery?.closedBy ?? shot.delivery?.player ?? (shot.shooter !== ANY_PLAYER ? shot.shooter : undefined);
  return typeof named === 'string' && teams.includes(named) ? named : null;
}

function voided(shot: ShotEvent, note: string): ShotRuling {
  return { valid: false, board: shot.before, removedIds: [], immediatePoints: {}, notes: [note], facts: { void: true } };
}

export function judgeSlingShot(shot: ShotEvent, options: SlingOptions, match?: MatchState): ShotRuling {
  const notes: string[] = [];
  if (options.mode === 'slow') {
    const disc = shot.after.discs.find((d) => d.id === shot.shotDiscId) ?? shot.before.discs.find((d) => d.id === shot.shotDiscId);
    if (disc && disc.team !== shot.shooter) return voided(shot, `${shot.shooter} shot ${disc.team}'s disc ${disc.id}: shot void, board restored`);
    const shotIds = (match?.custom as { shotIds?: unknown } | undefined)?.shotIds;
    if (Array.isArray(shotIds) && shotIds.includes(shot.shotDiscId)) return voided(shot, `${shot.shotDiscId} was already shot this round: each disc is shot once`);
  }
  for (const r of shot.removed ?? []) {
    if (r.reason === 'off-board') notes.push(`${r.id} fell off the board: the nearest player puts it on their own side at once`);
  }
  const gateClosed = options.mode !== 'slow' && shot.delivery?.gateClosed === true;
  if (gateClosed) {
    const by = closerOf(shot, match?.teams ?? []);
    notes.push(by ? `${by} closed the gate` : 'the gate was closed, but by whom is not known (delivery.closedBy)');
  }
  return { valid: true, board: shot.after, removedIds: [], immediatePoints: {}, notes, facts: { gateClosed } };
}
