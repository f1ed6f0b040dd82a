/**
 * What one slide means in sjoelbak (seed 004). A disc that enters or leaves a compartment other
 * than through its arch, leaves the board, or comes back under the start bar is out for the
 * sub-turn; a disc that never wholly passed under the start bar is not yet in play.
 *
 * Facts read from ShotEvent.delivery (the tracker's, all optional):
 * - offRouteIds: string, ids (comma or space separated) of discs that entered or left a
 *   compartment other than through its arch (over the gate bar or a divider);
 * - passedStartBar: boolean, the shot disc had wholly passed under the start bar before it came
 *   back (without it, a shot disc found short of the bar is taken to have never passed it).
 */
import type { BoardState, DiscState, ShotEvent } from '../../core/board-state.ts';
import type { Decision } from '../../core/calls.ts';
import type { ShotRuling } from '../../core/define-rules.ts';
import { pieceRadiusMm, type BoardProfile } from '../../profiles/schema.ts';
import { readSjoelbakBoard } from './board.ts';
import { callSjoelbakDisc } from './calls.ts';
import type { SjoelbakOptions } from './options.ts';

export function idList(value: boolean | number | string | undefined): string[] {
  if (typeof value !== 'string') return [];
  return value.split(/[\s,]+/).filter((s) => s.length > 0);
}

export function judgeSjoelbakShot(
  shot: ShotEvent,
  profile: BoardProfile,
  options: SjoelbakOptions,
  decisions: readonly Decision[] = [],
): ShotRuling {
  const board = readSjoelbakBoard(profile);
  const radius = pieceRadiusMm(profile);
  const callOf = (d: DiscState) => callSjoelbakDisc(d, board, radius, decisions.find((x) => x.discId === d.id));
  const notes: string[] = [];
  const removedIds: { id: string; rule: string }[] = [];
  const out = new Set<string>();
  const remove = (id: string, rule: string, note: string) => {
    if (out.has(id)) return;
    out.add(id);
    removedIds.push({ id, rule });
    notes.push(note);
  };
  const before = new Map(shot.before.discs.map((d) => [d.id, d]));

  for (const r of shot.removed ?? []) {
    if (r.reason === 'compartment') continue;
    remove(r.id, 'left the board', `${r.id} left the board: out for this sub-turn`);
  }
  const offRoute = new Set(idList(shot.delivery?.offRouteIds));
  let slid = true;
  let replayDisc = false;
  for (const d of shot.after.discs) {
    const now = callOf(d);
    if (now.zone === 'off') {
      remove(d.id, 'left the board', `${d.id} left the board: out for this sub-turn`);
      continue;
    }
    const prior = before.get(d.id);
    const was = prior ? callOf(prior) : undefined;
    if (was?.compartment !== undefined && now.compartment !== undefined && was.compartment !== now.compartment) offRoute.add(d.id);
    if (offRoute.has(d.id)) continue;
    if (now.zone !== 'start') continue;
    if (now.call === 'too-close') {
      notes.push(`${d.id} too close to the start bar to call: left where it lies`);
      continue;
    }
    if (d.id === shot.shotDiscId) {
      if (shot.delivery?.passedStartBar === true) {
        remove(d.id, 'came back under the start bar', `${d.id} came back under the start bar: out for this sub-turn`);
      } else if (options.replayDiscShortOfStartBar) {
        replayDisc = true;
        slid = false;
        remove(d.id, 'not in play', `${d.id} did not pass wholly under the start bar: not in play, slide it again`);
      } else {
        remove(d.id, 'not in play', `${d.id} did not pass wholly under the start bar: spent for this sub-turn`);
      }
    } else if (was && was.zone !== 'start') {
      remove(d.id, 'came back under the start bar', `${d.id} came back under the start bar: out for this sub-turn`);
    }
  }
  for (const id of offRoute) {
    remove(id, 'entered or left a compartment other than through its arch', `${id} entered or left a compartment other than through its arch: out for this sub-turn`);
  }
  const kept = shot.after.discs.filter((d) => !out.has(d.id));
  const result: BoardState = { ...shot.after, discs: kept };
  return { valid: true, board: result, removedIds, immediatePoints: {}, notes, facts: { slid, replayDisc } };
}
