/**
 * Where every piece ended after a strike: pocketed, off the board, or at rest on it. The
 * tracker's report comes first; a piece the camera sees lying over a pocket or beyond the edge
 * counts as gone too, unless that call is too close, in which case it stays for a person.
 */
import type { DiscState, ShotEvent } from '../../core/board-state.ts';
import { callCarromDisc, type PieceCallContext } from './calls.ts';
import { carromKindOf, type CarromKind } from './pieces.ts';

/** A piece that moved less than this between the two views did not move. */
const MOVED_MM = 1;

export interface StrikeOutcome {
  pocketedIds: string[];
  jumpedIds: string[];
  /** Pieces at rest on the board after the strike (the striker included, when it is there). */
  stay: DiscState[];
  /** Pieces other than the striker that moved, went down or left the board. */
  movedPieces: Set<string>;
  strikerPocketed: boolean;
  /** Every piece seen, by id (the view after the strike wins). */
  byId: Map<string, DiscState>;
  kindOf(id: string): CarromKind;
  notes: string[];
}

export function readStrike(shot: ShotEvent, ctx: PieceCallContext): StrikeOutcome {
  const strikerId = shot.shotDiscId;
  const notes: string[] = [];
  const byId = new Map<string, DiscState>();
  for (const d of shot.before.discs) byId.set(d.id, d);
  for (const d of shot.after.discs) byId.set(d.id, d);
  const kindOf = (id: string): CarromKind => (id === strikerId ? 'striker' : carromKindOf(byId.get(id) ?? { team: '', kind: 'man' }, ctx.profile));

  const reported = new Map((shot.removed ?? []).map((r) => [r.id, r.reason]));
  const pocketedIds: string[] = [];
  const jumpedIds: string[] = [];
  for (const [id, reason] of reported) (reason === 'pocket' ? pocketedIds : jumpedIds).push(id);
  const stay: DiscState[] = [];
  for (const d of shot.after.discs) {
    if (reported.has(d.id)) continue;
    const c = callCarromDisc(d, ctx);
    if (!c.inPlay && c.call !== 'too-close') {
      (c.zone === 'pocket' ? pocketedIds : jumpedIds).push(d.id);
      continue;
    }
    if (c.call === 'too-close' && c.decidesPlay && d.id !== strikerId) {
      notes.push(`${d.id} too close to ${c.line} to call (${c.clearanceMm.toFixed(2)} ± ${c.uncertaintyMm.toFixed(2)} mm): left on the board as it lies`);
    }
    stay.push(d);
  }
  const afterIds = new Set(shot.after.discs.map((d) => d.id));
  for (const d of shot.before.discs) {
    if (afterIds.has(d.id) || reported.has(d.id) || kindOf(d.id) === 'striker') continue;
    notes.push(`${d.id} is missing after the strike with no reason seen: left where it was`);
    stay.push(d);
  }

  const isPiece = (id: string) => kindOf(id) !== 'striker';
  const movedPieces = new Set([...(shot.movedIds ?? []), ...(shot.hits ?? []).map((h) => h.hitId), ...pocketedIds, ...jumpedIds].filter(isPiece));
  for (const d of shot.after.discs) {
    const b = shot.before.discs.find((x) => x.id === d.id);
    if (b && isPiece(d.id) && Math.hypot(b.xMm - d.xMm, b.yMm - d.yMm) > MOVED_MM) movedPieces.add(d.id);
  }
  return { pocketedIds, jumpedIds, stay, movedPieces, strikerPocketed: pocketedIds.includes(strikerId), byId, kindOf, notes };
}
