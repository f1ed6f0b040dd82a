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

/** A settle result on a board of pits: discs in pits stay on the board; the shot says whether one fell in. */
export function withPits(result: SettleResult, profile: BoardProfile, reachMm: number): SettleResult {
  const tracks = intoPits(result.tracks, profile, reachMm);
  const board = boardOf(tracks);
  const inPit = new Set(tracks.filter((t) => t.place === 'pit').map((t) => t.id));
  // A disc that dropped into a pit did not leave play: the shot says one fell in, and its calls where.
  const fellIn = result.removed.filter((r) => r.reason === 'hole' && inPit.has(r.id));
  const removed = result.removed.filter((r) => !fellIn.includes(r));
  const shot = result.shot ? { ...result.shot, after: board, removed, delivery: { ...result.shot.delivery, fellIntoPit: fellIn.length > 0 } } : null;
  return { ...result, tracks, board, removed, shot };
}
