/**
 * PitRush's pits: a disc that drops into one stays in play (the rules score it lying there),
 * unlike a crokinole hole or a carrom pocket, which take a disc out of play. The settle step
 * puts a disc that dropped into a hole in place 'hole'; on a board of pits it is moved into
 * place 'pit' at the pit's centre, the board and the shot's `after` are made again with it,
 * and the shot's delivery says whether a disc fell into a pit (`fellIntoPit`, what the rules
 * ask); a disc in a pit is not listed as removed (it is still in play, like a sjoelbak disc
 * in a compartment).
 */
import { featuresOfKind, type BoardProfile } from '../../rules/profiles/schema.ts';
import { boardOf, type SettleResult } from './settle.ts';
import type { Track } from './types.ts';

/** Holes whose id starts so are pits that keep a disc in play. */
const PIT_PREFIX = 'pit-';

/** Whether the board's holes are pits that keep a disc in play (PitRush). */
export function hasPits(profile: BoardProfile): boolean {
  return featuresOfKind(profile, 'hole').some((h) => h.id.startsWith(PIT_PREFIX));
}

/** The pit whose centre is within `reachMm`, nearest first. */
function pitNear(profile: BoardProfile, xMm: number, yMm: number, reachMm: number): { xMm: number; yMm: number } | null {
  let best: { xMm: number; yMm: number; d: number } | null = null;
  for (const h of featuresOfKind(profile, 'hole')) {
    if (!h.id.startsWith(PIT_PREFIX)) continue;
    const d = Math.hypot(xMm - h.xMm, yMm - h.yMm);
    if (d <= reachMm && (!best || d < best.d)) best = { xMm: h.xMm, yMm: h.yMm, d };
  }
  return best;
}

/** Tracks in a pit's hole move into the pit (place 'pit', at its centre); the rest are as they were. */
export function intoPits(tracks: readonly Track[], profile: BoardProfile, reachMm: number): Track[] {
  return tracks.map((t) => {
    if (t.place !== 'hole') return t;
    const pit = pitNear(profile, t.xMm, t.yMm, reachMm);
    return pit ? { ...t, place: 'pit' as const, xMm: pit.xMm, yMm: pit.yMm, staged: false } : t;
  });
}

/** A settle result on a board of pits: discs in pits stay on the board, discs lie on others (onDiscs); the shot says whether one fell in. */
export function withPits(result: SettleResult, profile: BoardProfile, reachMm: number, stackOverlapFraction: number): SettleResult {
  const stacks = onDiscs(intoPits(result.tracks, profile, reachMm), result.movedIds, result.unfound, stackOverlapFraction);
  const tracks = stacks.tracks;
  const movedIds = result.movedIds.filter((id) => !stacks.underIds.includes(id));
  const board = boardOf(tracks);
  const inPit = new Set(tracks.filter((t) => t.place === 'pit').map((t) => t.id));
  // A disc that dropped into a pit did not leave play: the shot says one fell in, and its calls
  // where. One that stopped on the disc lying in a pit took it over but did not fall into it
  // (the pit's occupant is the same: as the rules count a disc fallen in, in Phase II).
  const dropped = result.removed.filter((r) => r.reason === 'hole' && inPit.has(r.id));
  const removed = result.removed.filter((r) => !dropped.includes(r));
  const fellIn = dropped.filter((r) => !tracks.find((t) => t.id === r.id)?.onTopOfId);
  const shot = result.shot ? { ...result.shot, after: board, removed, ...(result.shot.movedIds ? { movedIds: result.shot.movedIds.filter((id) => !stacks.underIds.includes(id)) } : {}), delivery: { ...result.shot.delivery, fellIntoPit: fellIn.length > 0 } } : null;
  return { ...result, tracks, board, movedIds, removed, shot };
}

/**
 * Stacks, from what the camera saw happen: a disc that came to rest this shot overlapping one
 * that stayed lies on it (two discs on the board only touch). The one under it may be hidden
 * altogether: its covering then looks like it moving a little and not being found at rest
 * (`unfound`); where it lay, or where that path ended, is under the disc that came, it lies
 * there still, under it, and did not move. The disc on top has its footprint where its top
 * face, a disc's height higher, puts it. A disc that stayed keeps lying on the one it lay on
 * while that one stays. Returns the tracks and the ids of discs found lying under another.
 */
export function onDiscs(
  tracks: readonly Track[],
  movedIds: readonly string[],
  unfound: readonly { id: string; beforeMm: { xMm: number; yMm: number } }[],
  overlapFraction: number,
): { tracks: Track[]; underIds: string[] } {
  const inPlay = (t: Track) => t.place === 'surface' || t.place === 'pit';
  const unfoundOf = new Map(unfound.map((u) => [u.id, u.beforeMm]));
  const moved = new Set(movedIds.filter((id) => !unfoundOf.has(id)));
  const overlaps = (a: { xMm: number; yMm: number }, b: Track, rMm: number) => Math.hypot(a.xMm - b.xMm, a.yMm - b.yMm) < overlapFraction * (rMm + b.radiusMm);
  const out = tracks.map((t) => ({ ...t }));
  const underIds: string[] = [];
  for (const t of out) {
    if (!moved.has(t.id) || !inPlay(t)) continue;
    let under: { track: Track; distanceMm: number } | null = null;
    for (const u of out) {
      if (u.id === t.id || moved.has(u.id) || !inPlay(u) || u.staged) continue;
      const before = unfoundOf.get(u.id);
      // One not found at rest: under this disc where it lay before, or where its path ended.
      const at = before && overlaps(before, t, u.radiusMm) ? before : u;
      if (!overlaps(at, t, u.radiusMm)) continue;
      const distanceMm = Math.hypot(at.xMm - t.xMm, at.yMm - t.yMm);
      if (!under || distanceMm < under.distanceMm) under = { track: u, distanceMm };
    }
    if (!under) continue;
    const u = under.track;
    const before = unfoundOf.get(u.id);
    if (before) {
      if (overlaps(before, t, u.radiusMm)) Object.assign(u, before);
      underIds.push(u.id);
    }
    t.onTopOfId = u.id;
    // On a disc on the board its top is a disc higher than a disc's; one in a pit lies at its centre.
    if (t.ifOnDiscMm && t.place !== 'pit') Object.assign(t, t.ifOnDiscMm);
  }
  for (const t of out) {
    if (!t.onTopOfId || moved.has(t.id)) continue;
    const under = out.find((u) => u.id === t.onTopOfId);
    // The one under it moved away (or left play): it lies on the board now.
    if (!under || !inPlay(under) || (moved.has(under.id) && !underIds.includes(under.id))) delete t.onTopOfId;
  }
  return { tracks: out, underIds };
}
