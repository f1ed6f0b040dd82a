/**
 * When the board is at rest again: which discs changed, where each one went (matched to the
 * new detections by its path, its team and distance), which ones left (into a hole, into the
 * ditch, or in a hand), which are new, and the ShotEvent (or hand change) that describes it.
 * Pure: the detections are made by the caller.
 */
import type { BoardState, DiscState, PieceKind, RemovalReason, ShotEvent } from '../../rules/core/board-state.ts';
import { featuresOfKind } from '../../rules/profiles/schema.ts';
import { assign } from './assignment.ts';
import { fractionOn } from './blobs.ts';
import type { BoardView } from './board-view.ts';
import type { TrackOptions } from './defaults.ts';
import type { EpisodeResult, MovingTrack } from './motion-tracker.ts';
import type { Contact, PathPoint, Track, TrackPlace } from './types.ts';

/** A disc found at rest (a detection), as the settle step needs it. */
export interface SeenDisc {
  xMm: number;
  yMm: number;
  radiusMm: number;
  uncertaintyMm: number;
  team: string;
  confidence: number;
  /** The detector saw it lying in a hole. */
  inHole?: boolean;
  /** What the piece is, where a board has several kinds (carrom). */
  kind?: PieceKind;
  /** Its footprint if it lay on one disc (a board with stacks). */
  ifOnDiscMm?: { xMm: number; yMm: number };
}

export interface SettleInput {
  view: BoardView;
  /** Tracks at the last rest. */
  tracks: readonly Track[];
  episode: EpisodeResult;
  /** Low-res mask of pixels that differ from the last rest. */
  change: Uint8Array;
  detections: readonly SeenDisc[];
  newId: () => string;
  o: TrackOptions;
  /**
   * Whether a disc's going would show as a change where it lay (it stands out from the board);
   * absent: it may not (every disc a hand was over and not found again is taken for gone).
   */
  vacatedShows?: (t: Track) => boolean;
}

export type SettleKind = 'shot' | 'board-change' | 'unchanged';

export interface SettleResult {
  kind: SettleKind;
  tracks: Track[];
  shot: ShotEvent | null;
  board: BoardState;
  movedIds: string[];
  addedIds: string[];
  /** Removed by play (hole, ditch), with why. */
  removed: { id: string; reason: RemovalReason }[];
  /** Taken away by a hand. */
  takenByHandIds: string[];
  /** Seen moving but not found at rest (kept at the end of its path), with where it lay before. */
  unfound: { id: string; beforeMm: { xMm: number; yMm: number } }[];
  contacts: Contact[];
  paths: Record<string, PathPoint[]>;
  warnings: string[];
}

function discOf(t: Track): DiscState {
  return { id: t.id, team: t.team, ...(t.kind ? { kind: t.kind } : {}), xMm: round2(t.xMm), yMm: round2(t.yMm), uncertaintyMm: round2(t.uncertaintyMm), ...(t.onTopOfId ? { onTopOfId: t.onTopOfId } : {}) };
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/**
 * Where a path passes within reach of a resting disc and turns by more than 25 degrees or
 * loses 40 % of its speed there, unless a peg is as near or the moving disc came to rest
 * right there (`restAt`): the time and distance of the contact.
 */
function glancingContact(path: readonly PathPoint[], disc: Track, rMm: number, view: BoardView, restAt?: { xMm: number; yMm: number }): { tMs: number; distanceMm: number } | null {
  if (path.length < 5) return null;
  const pegs = featuresOfKind(view.profile, 'peg');
  let best = -1;
  let bestD = Infinity;
  for (let i = 2; i < path.length - 2; i++) {
    const d = Math.hypot(path[i]!.xMm - disc.xMm, path[i]!.yMm - disc.yMm);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  if (best < 0 || bestD > rMm + disc.radiusMm + 0.8 * rMm) return null;
  const p = path[best]!;
  // A disc coming to rest slows and wavers on its own (its last blobs are scraps): not there.
  if (restAt && Math.hypot(p.xMm - restAt.xMm, p.yMm - restAt.yMm) < rMm) return null;
  if (pegs.some((g) => Math.hypot(p.xMm - g.xMm, p.yMm - g.yMm) < Math.hypot(p.xMm - disc.xMm, p.yMm - disc.yMm) - g.radiusMm)) return null;
  const v = (a: PathPoint, b: PathPoint) => ({ x: (b.xMm - a.xMm) / Math.max(1, b.tMs - a.tMs), y: (b.yMm - a.yMm) / Math.max(1, b.tMs - a.tMs) });
  const before = v(path[best - 2]!, path[best]!);
  const after = v(path[best]!, path[best + 2]!);
  const sb = Math.hypot(before.x, before.y);
  const sa = Math.hypot(after.x, after.y);
  if (sb < 0.05) return null;
  const turn = sa > 1e-6 ? Math.acos(Math.max(-1, Math.min(1, (before.x * after.x + before.y * after.y) / (sb * sa)))) : Math.PI;
  if (turn < (25 * Math.PI) / 180 && sa > 0.6 * sb) return null;
  return { tMs: p.tMs, distanceMm: bestD };
}

function pathLengthMm(path: readonly PathPoint[]): number {
  let s = 0;
  for (let i = 1; i < path.length; i++) s += Math.hypot(path[i]!.xMm - path[i - 1]!.xMm, path[i]!.yMm - path[i - 1]!.yMm);
  return s;
}

export function boardOf(tracks: readonly Track[]): BoardState {
  // A disc in a PitRush pit is still in play.
  return { discs: tracks.filter((t) => (t.place === 'surface' || t.place === 'pit') && !t.staged).map(discOf) };
}

/** Within `reachMm` of a carrom pocket's rim (a piece whose centre is over a pocket has dropped in). */
function nearPocket(view: BoardView, xMm: number, yMm: number, reachMm: number): boolean {
  return featuresOfKind(view.profile, 'hole').some((h) => h.id.startsWith('pocket') && Math.hypot(xMm - h.xMm, yMm - h.yMm) <= h.radiusMm + reachMm);
}

function placeOf(view: BoardView, xMm: number, yMm: number, rMm: number): TrackPlace {
  const hole = view.holeNear(xMm, yMm, Math.max(2, 0.5 * rMm));
  if (hole || nearPocket(view, xMm, yMm, 0)) return 'hole';
  return view.surfaceInsetMm(xMm, yMm) >= 0 ? 'surface' : 'ditch';
}

export function settle(input: SettleInput): SettleResult {
  const { view, episode, change, o } = input;
  const r = view.discRadiusMm;
  const warnings: string[] = [];
  const moving = new Map(episode.moving.map((m) => [m.id, m]));
  const covered = new Set(episode.handCoveredIds);
  const visited = new Set(episode.handVisitedIds);
  const movedFar = (m: MovingTrack | undefined, t: Track) => {
    if (!m || m.path.length < 2) return false;
    const e = m.path[m.path.length - 1]!;
    return Math.hypot(e.xMm - t.xMm, e.yMm - t.yMm) > 0.5 * r || m.path.length >= 3;
  };

  // 1. Which tracks changed: something moved them, or their place looks different now.
  const changed = new Set<string>();
  for (const t of input.tracks) {
    if (moving.has(t.id)) {
      changed.add(t.id);
      continue;
    }
    const inner = view.circlePixels(t.xMm, t.yMm, t.radiusMm, o.innerCircleFraction);
    const whole = view.circlePixels(t.xMm, t.yMm, t.radiusMm, 1.15);
    if (fractionOn(change, inner) >= o.vacatedFraction || fractionOn(change, whole) >= 0.25) changed.add(t.id);
    // A hand was over it (its place was looked at again): not found there, it is gone, also
    // where its going changed the image too little to see (a disc of the board's tone). One
    // whose going would have shown, with its place unchanged, is still there (missed by the
    // detection, as next to paint).
    else if (t.place === 'surface' && visited.has(t.id) && !input.vacatedShows?.(t) && !input.detections.some((d) => Math.hypot(t.xMm - d.xMm, t.yMm - d.yMm) <= o.samePlaceMm + t.uncertaintyMm)) changed.add(t.id);
  }

  // A changed disc found again where it rested, that was not seen travelling, did not move
  // (a neighbour's shadow, a brush of the hand, a disc that only rocked).
  for (const t of input.tracks) {
    if (!changed.has(t.id)) continue;
    const m = moving.get(t.id);
    // Its place looks as it did (the disc is still there) whatever a path says.
    const stillThere = fractionOn(change, view.circlePixels(t.xMm, t.yMm, t.radiusMm, o.innerCircleFraction)) < o.vacatedFraction / 2;
    if (m && pathLengthMm(m.path) > 2 * r && !stillThere) continue;
    if (input.detections.some((d) => Math.hypot(t.xMm - d.xMm, t.yMm - d.yMm) <= o.samePlaceMm + t.uncertaintyMm && d.team === t.team)) {
      changed.delete(t.id);
      moving.delete(t.id);
    }
  }

  // 2. Detections: the unchanged discs found again are dropped; the rest are where changed discs went.
  const unchanged = input.tracks.filter((t) => !changed.has(t.id));
  const changedTracks = input.tracks.filter((t) => changed.has(t.id));
  const candidates = input.detections.filter((d) => {
    if (unchanged.some((t) => Math.hypot(t.xMm - d.xMm, t.yMm - d.yMm) <= o.samePlaceMm + t.uncertaintyMm)) return false;
    // Where a changed disc rested (it may have barely moved), or where the image changed.
    if (changedTracks.some((t) => Math.hypot(t.xMm - d.xMm, t.yMm - d.yMm) <= 2 * o.samePlaceMm)) return true;
    // Where a disc seen moving came to rest (one near the board's colour changes little there).
    if (episode.moving.some((m) => { const e = m.path[m.path.length - 1]!; return Math.hypot(e.xMm - d.xMm, e.yMm - d.yMm) <= 2 * r; })) return true;
    // Nothing changed there: a disc the last rest missed (kept out of the events).
    const around = view.circlePixels(d.xMm, d.yMm, d.radiusMm, 1);
    return fractionOn(change, around) >= 0.15;
  });

  // 3. Match changed tracks (and new discs seen moving) to the candidates.
  interface Claim {
    key: string;
    end: { xMm: number; yMm: number };
    /** Where it rested (a struck disc may not have gone far, whatever its path says). */
    rest: { xMm: number; yMm: number } | null;
    team: string | null;
    gateMm: number;
    /** Seen moving (its own path, or a new track taken as its path). */
    moved: boolean;
  }
  /** The best total over all claims, with the new tracks in `pathOf` taken as those discs' paths. */
  const matchClaims = (pathOf: ReadonlyMap<string, MovingTrack>) => {
    const claims: Claim[] = [];
    const taken = new Set([...pathOf.values()].map((m) => m.id));
    for (const t of input.tracks) {
      if (!changed.has(t.id)) continue;
      const m = moving.get(t.id) ?? pathOf.get(t.id);
      const end = m ? m.path[m.path.length - 1]! : t;
      // Wide for a disc seen moving: its path may have lost it in a crowd, and its colour and the
      // best total decide among the discs in reach.
      const gate = m && m.path.length >= 2 ? 10 * r : covered.has(t.id) ? 10 * r : 3 * r;
      claims.push({ key: t.id, end, rest: { xMm: t.xMm, yMm: t.yMm }, team: t.team, gateMm: gate, moved: m !== undefined });
    }
    for (const m of episode.moving) if (m.isNew && !taken.has(m.id)) claims.push({ key: m.id, end: m.path[m.path.length - 1]!, rest: null, team: null, gateMm: 8 * r, moved: true });
    // Not nearest first: that can give one disc's place to another and leave the first with
    // none. A disc keeps its colour: a team mismatch costs more than any distance in the gate.
    // A doubtful detection only explains a disc seen moving.
    const costs = claims.map((c) =>
      candidates.map((d) => {
        const atEnd = Math.hypot(c.end.xMm - d.xMm, c.end.yMm - d.yMm);
        const atRest = c.rest ? Math.hypot(c.rest.xMm - d.xMm, c.rest.yMm - d.yMm) : Infinity;
        const dist = Math.min(atEnd, atRest <= 2 * o.samePlaceMm ? atRest : Infinity);
        if (dist > c.gateMm) return Infinity;
        if (d.confidence < o.minDetectConfidence && !c.moved) return Infinity;
        if (c.team !== null && c.team !== d.team && d.confidence >= o.minDetectConfidence) return Infinity;
        return dist + (c.team !== null && c.team !== d.team ? 40 * r : 0) + (c.moved ? 0 : 2 * r);
      }),
    );
    // A known disc seen moving does not vanish (the hole and the ditch are found by its path):
    // leaving it without a place costs most; a disc only seen changing, less; a new track
    // (maybe a flicker) or a doubtful detection left unexplained, least.
    const rowCost = claims.map((c) => (c.key.startsWith('new-') ? 3 * r : c.moved ? 16 * r : 8 * r));
    const colCost = candidates.map((d) => (d.confidence < o.minDetectConfidence ? 2 * r : 8 * r));
    const assigned = assign(costs, rowCost, colCost);
    let total = 0;
    const usedCols = new Set<number>();
    assigned.forEach((di, ci) => {
      total += di < 0 ? rowCost[ci]! : costs[ci]![di]!;
      if (di >= 0) usedCols.add(di);
    });
    colCost.forEach((c, di) => (total += usedCols.has(di) ? 0 : c));
    return { claims, assigned, total };
  };
  // A disc a hand was over that a new track set off from (its start hidden in the hand's
  // region, grown for fingers, so first seen up to a step further than a struck blob): that
  // track may be the disc, struck. Taken so only where it explains the discs at rest better.
  /** The nearest disc a hand was over, gone from its place, within 1.5 radii (`struckBlobRadii`) plus `slackMm` of a point. */
  const coveredDiscAt = (p: { xMm: number; yMm: number }, slackMm: number, skip: (t: Track) => boolean): Track | null => {
    let best: { t: Track; d: number } | null = null;
    for (const t of input.tracks) {
      if (!covered.has(t.id) || !changed.has(t.id) || moving.has(t.id) || t.place !== 'surface' || skip(t)) continue;
      const d = Math.hypot(p.xMm - t.xMm, p.yMm - t.yMm);
      if (d <= o.struckBlobRadii * t.radiusMm + slackMm && (!best || d < best.d)) best = { t, d };
    }
    return best?.t ?? null;
  };
  const struckFrom = new Map<string, MovingTrack>();
  for (const m of episode.moving) {
    if (!m.isNew || m.path.length < 2) continue;
    const start = m.path[0]!;
    const t = coveredDiscAt(start, Math.hypot(m.path[1]!.xMm - start.xMm, m.path[1]!.yMm - start.yMm), (x) => struckFrom.has(x.id));
    if (t) struckFrom.set(t.id, m);
  }
  const plain = matchClaims(new Map());
  const withStruck = struckFrom.size > 0 ? matchClaims(struckFrom) : null;
  const takeStruck = withStruck !== null && withStruck.total < plain.total;
  const { claims, assigned } = takeStruck ? withStruck : plain;
  const matchOf = new Map<string, number>();
  const used = new Set<number>();
  assigned.forEach((di, ci) => {
    if (di < 0) return;
    matchOf.set(claims[ci]!.key, di);
    used.add(di);
  });

  // 4. New tracks list.
  const out: Track[] = [];
  const movedIds: string[] = [];
  const removed: { id: string; reason: RemovalReason }[] = [];
  const takenByHandIds: string[] = [];
  const unfound: SettleResult['unfound'] = [];
  const renamed = new Map<string, string>();
  const fromDetection = (base: Omit<Track, 'xMm' | 'yMm' | 'radiusMm' | 'uncertaintyMm' | 'confidence' | 'place'>, d: SeenDisc): Track => ({
    ...base,
    xMm: d.xMm,
    yMm: d.yMm,
    radiusMm: d.radiusMm,
    uncertaintyMm: d.uncertaintyMm,
    confidence: d.confidence,
    place: d.inHole ? 'hole' : placeOf(view, d.xMm, d.yMm, r),
    ...(d.kind ? { kind: d.kind } : {}),
    ...(d.ifOnDiscMm ? { ifOnDiscMm: d.ifOnDiscMm } : {}),
  });
  /** Whether a hand was over a board point (at a disc's top height) at some time in the play. */
  const handWasAt = (p: { xMm: number; yMm: number }): boolean => {
    const mask = episode.handEverMask;
    if (!mask) return false;
    const q = view.boardToLow(p.xMm, p.yMm, view.discHeightMm);
    const x = Math.round(q.x);
    const y = Math.round(q.y);
    return x >= 0 && y >= 0 && x < view.size.widthPx && y < view.size.heightPx && mask[y * view.size.widthPx + x] === 1;
  };
  /** Where a disc that was not found at rest went, from the end of its path. */
  const lostAt = (end: { xMm: number; yMm: number }): RemovalReason | null => {
    if (view.holeNear(end.xMm, end.yMm, o.holeCaptureMm)) return 'hole';
    if (nearPocket(view, end.xMm, end.yMm, o.pocketReachRadii * r)) return 'hole';
    if (view.surfaceInsetMm(end.xMm, end.yMm) < 0.6 * r) return view.beyondSurface === 'ditch' && view.insideOutline(end.xMm, end.yMm) ? 'ditch' : 'off-board';
    return null;
  };
  // A disc a hand was over, gone from its place, where a new track was first seen: that track
  // is the disc, struck there (the hand's region, grown for its fingers, hid its start).
  const resumedBy = new Map<string, MovingTrack>(takeStruck ? struckFrom : []);
  for (const m of episode.moving) {
    if (!m.isNew || [...resumedBy.values()].includes(m)) continue;
    const t = coveredDiscAt(m.path[0]!, 0, (x) => matchOf.has(x.id) || resumedBy.has(x.id));
    if (t) resumedBy.set(t.id, m);
  }
  const resumed = new Set([...resumedBy.values()].map((m) => m.id));
  for (const t of input.tracks) {
    if (!changed.has(t.id)) {
      out.push(t);
      continue;
    }
    const by = resumedBy.get(t.id);
    if (by) renamed.set(by.id, t.id);
    const m = by ?? moving.get(t.id);
    const di = matchOf.get(t.id) ?? (by ? matchOf.get(by.id) : undefined);
    if (di !== undefined) {
      const d = candidates[di]!;
      const moved = Math.hypot(d.xMm - t.xMm, d.yMm - t.yMm) > o.samePlaceMm || movedFar(m, t);
      if (!moved) {
        out.push(t);
        continue;
      }
      const next = fromDetection({ id: t.id, team: t.team, staged: t.staged && !m }, d);
      out.push(next);
      movedIds.push(t.id);
      if (t.place === 'surface' && next.place !== 'surface') removed.push({ id: t.id, reason: next.place === 'hole' ? 'hole' : 'ditch' });
      continue;
    }
    if (m && m.path.length >= 2 && (by || !covered.has(t.id))) {
      const end = m.path[m.path.length - 1]!;
      const reason = lostAt(end);
      movedIds.push(t.id);
      if (reason) {
        if (t.place === 'surface') removed.push({ id: t.id, reason });
        if (reason !== 'off-board') out.push({ ...t, xMm: end.xMm, yMm: end.yMm, place: reason === 'hole' ? 'hole' : 'ditch', staged: false, confidence: 0.3 });
      } else {
        warnings.push(`${t.id} moved and was not found at rest: kept at the end of its path`);
        unfound.push({ id: t.id, beforeMm: { xMm: t.xMm, yMm: t.yMm } });
        out.push({ ...t, xMm: end.xMm, yMm: end.yMm, uncertaintyMm: Math.max(t.uncertaintyMm, 3), confidence: 0.3, staged: false });
      }
      continue;
    }
    if (covered.has(t.id) || episode.handSeen) {
      takenByHandIds.push(t.id);
      continue;
    }
    // A change with no motion and no hand (a shadow, a reflection): the disc stays.
    warnings.push(`${t.id}: its place changed but nothing moved it and no disc was found: kept`);
    out.push(t);
  }
  // New discs: seen leaving a hand (shot), or put down by hand (staged).
  const newMoving = episode.moving.filter((m) => m.isNew && !resumed.has(m.id));
  for (const m of newMoving) {
    const di = matchOf.get(m.id);
    const id = input.newId();
    renamed.set(m.id, id);
    if (di !== undefined) {
      const d = candidates[di]!;
      out.push(fromDetection({ id, team: d.team, staged: false }, d));
      movedIds.push(id);
      const place = d.inHole ? 'hole' : placeOf(view, d.xMm, d.yMm, r);
      if (place !== 'surface') removed.push({ id, reason: place === 'hole' ? 'hole' : 'ditch' });
      continue;
    }
    const end = m.path[m.path.length - 1]!;
    const start = m.path[0]!;
    // Only a disc seen travelling (not a flicker near a hand) can have gone without being found,
    // and not one last seen where a hand was in the play: the hand carried it off (a board
    // cleared by hand), it did not drop into a hole there.
    const travelled = Math.hypot(end.xMm - start.xMm, end.yMm - start.yMm) > 3 * r && !(o.carriedOffByHand && handWasAt(end));
    // Gone off the board altogether, never found: more likely a flicker than a disc, except
    // where the board lies on a table (a mat): a disc seen travelling off it left play.
    const reason = travelled ? lostAt(end) : null;
    if (reason && (reason !== 'off-board' || view.beyondSurface === 'off-board')) {
      // Shot straight into the hole or off the board: its team is unknown from the rest frame.
      if (reason !== 'off-board') out.push({ id, team: '?', xMm: end.xMm, yMm: end.yMm, radiusMm: r, uncertaintyMm: 3, confidence: 0.3, staged: false, place: reason === 'hole' ? 'hole' : 'ditch' });
      movedIds.push(id);
      removed.push({ id, reason });
    } else {
      renamed.delete(m.id);
      if (travelled) warnings.push(`something moved near (${end.xMm.toFixed(0)}, ${end.yMm.toFixed(0)}) mm but no disc was found there`);
    }
  }
  const addedIds: string[] = [];
  candidates.forEach((d, di) => {
    // A doubtful detection nothing moved to is not a new disc.
    if (used.has(di) || d.confidence < o.minDetectConfidence) return;
    const id = input.newId();
    out.push(fromDetection({ id, team: d.team, staged: true }, d));
    addedIds.push(id);
  });

  // 5. Contacts: renamed, plus the closest approach for moved discs nobody was seen to strike.
  // One new disc came onto the board (one disc is shot at a time): every track that was
  // following a new disc was following that one, in pieces (a path broken at a collision).
  const newIds = new Set(renamed.values());
  if (newIds.size === 1) {
    const only = [...newIds][0]!;
    for (const m of newMoving) renamed.set(m.id, only);
  }
  const rename = (id: string) => renamed.get(id) ?? id;
  // Discs that left the board altogether (off a mat) keep their part in the contacts.
  const known = new Set([...out.map((t) => t.id), ...removed.map((x) => x.id)]);
  const contacts: Contact[] = episode.contacts.map((c) => ({ ...c, byId: rename(c.byId), hitId: rename(c.hitId) })).filter((c) => known.has(c.byId) && known.has(c.hitId));
  for (const id of movedIds) {
    const t = input.tracks.find((x) => x.id === id);
    if (!t || contacts.some((c) => c.hitId === id) || covered.has(id)) continue;
    const m = moving.get(id);
    const since = m ? m.startMs : Infinity;
    let best: { byId: string; d: number; tMs: number } | null = null;
    for (const other of episode.moving) {
      // Only a disc already moving can have struck it.
      if (other.id === id || other.startMs >= since) continue;
      for (const p of other.path) {
        if (p.tMs > since + 40) break;
        const d = Math.hypot(p.xMm - t.xMm, p.yMm - t.yMm);
        if (!best || d < best.d) best = { byId: rename(other.id), d, tMs: p.tMs };
      }
    }
    // (Not later than it started moving: that keeps a chain of such contacts in order.)
    if (best && best.d <= 2 * (t.radiusMm + r) && known.has(best.byId)) contacts.push({ byId: best.byId, hitId: id, tMs: Math.min(best.tMs, since), distanceMm: best.d, confident: false });
  }
  // A glancing hit that barely moved the struck disc: the striker's path came within reach of
  // a resting disc and turned or slowed sharply there (and no peg was nearer).
  for (const t of input.tracks) {
    if (t.place !== 'surface' || t.staged || movedIds.includes(t.id) || covered.has(t.id)) continue;
    for (const m of episode.moving) {
      const by = rename(m.id);
      if (by === t.id || !known.has(by) || contacts.some((c) => c.hitId === t.id)) continue;
      const hit = glancingContact(m.path, t, r, view, out.find((x) => x.id === by));
      if (hit) contacts.push({ byId: by, hitId: t.id, tMs: hit.tMs, distanceMm: hit.distanceMm, confident: false });
    }
  }
  contacts.sort((a, b) => a.tMs - b.tMs);

  const paths: Record<string, PathPoint[]> = {};
  for (const m of episode.moving) if (known.has(rename(m.id))) paths[rename(m.id)] = m.path;

  // 6. Shot or hand change.
  // Play: a disc travelled on its own. A new disc that only appeared (put down by a hand, not
  // yet flicked) is not a shot: it waits, staged, for the next one.
  const travelled = (m: MovingTrack) => {
    const a = m.path[0]!;
    return m.path.some((p) => Math.hypot(p.xMm - a.xMm, p.yMm - a.yMm) > 2 * r);
  };
  const freeMotion = episode.moving.some((m) => (m.isNew ? renamed.has(m.id) && travelled(m) : movedIds.includes(m.id) && m.path.length >= 2));
  if (!freeMotion) {
    for (const t of out) {
      if (newMoving.some((m) => renamed.get(m.id) === t.id) && t.place === 'surface') {
        t.staged = true;
        addedIds.push(t.id);
        movedIds.splice(movedIds.indexOf(t.id), 1);
      }
    }
  }
  const before = boardOf(input.tracks);
  let board = boardOf(out);
  let kind: SettleKind = 'unchanged';
  let shot: ShotEvent | null = null;
  if (freeMotion) {
    kind = 'shot';
    const firstNew = newMoving.filter((m) => renamed.has(m.id)).sort((a, b) => a.startMs - b.startMs)[0];
    const staged = input.tracks.filter((t) => t.staged && movedIds.includes(t.id));
    // Discs seen moving on their own paths, or on a new track taken as theirs (struck under a hand).
    const earliest = [
      ...episode.moving.filter((m) => !m.isNew && movedIds.includes(m.id)).map((m) => ({ id: m.id, path: m.path, startMs: m.startMs })),
      ...[...resumedBy].filter(([id]) => movedIds.includes(id)).map(([id, m]) => ({ id, path: m.path, startMs: m.startMs })),
    ].sort((a, b) => a.startMs - b.startMs)[0];
    // A disc struck by none followed, and one new disc found at rest where a hand was: the shot
    // disc, its whole way to the disc it struck hidden in the hand's region (grown for fingers).
    let unseenShot: Track | null = null;
    if (!firstNew && staged.length === 0 && earliest && addedIds.length === 1 && (!covered.has(earliest.id) || resumedBy.has(earliest.id)) && !contacts.some((c) => c.hitId === earliest.id)) {
      const t = out.find((x) => x.id === addedIds[0]);
      if (t && handWasAt(t)) unseenShot = t;
    }
    if (unseenShot && earliest) {
      unseenShot.staged = false;
      addedIds.splice(0);
      movedIds.push(unseenShot.id);
      const at = earliest.path[0]!;
      contacts.unshift({ byId: unseenShot.id, hitId: earliest.id, tMs: earliest.startMs, distanceMm: Math.hypot(unseenShot.xMm - at.xMm, unseenShot.yMm - at.yMm), confident: false });
      board = boardOf(out);
    }
    const shotDiscId = unseenShot ? unseenShot.id : firstNew ? rename(firstNew.id) : (staged[0]?.id ?? earliest?.id ?? movedIds[0]!);
    const shotTrack = out.find((t) => t.id === shotDiscId) ?? input.tracks.find((t) => t.id === shotDiscId);
    shot = {
      shooter: shotTrack?.team ?? '?',
      shotDiscId,
      before,
      after: board,
      movedIds: [...new Set([shotDiscId, ...movedIds])],
      hits: contacts.map((c) => ({ byId: c.byId, hitId: c.hitId })),
      removed,
    };
  } else if (movedIds.length > 0 || addedIds.length > 0 || takenByHandIds.length > 0 || removed.length > 0) {
    kind = 'board-change';
  }
  return { kind, tracks: out, shot, board, movedIds, addedIds, removed, takenByHandIds, unfound, contacts, paths, warnings };
}
