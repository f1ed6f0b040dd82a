/**
 * Per-piece calls for carrom: where a piece lies (on the board, in the centre circle, in a
 * pocket, off the board) and what it counts for under the variant.
 *
 * A piece drops into a pocket once its centre is over the hole, so the pocket call measures the
 * centre's distance outside the pocket rim (> 0: still on the board, <= 0: dropped). Off the
 * board likewise: the centre's distance inside the surface edge. The centre circle is a painted
 * ring, measured from the piece's outline like every painted line.
 */
import type { DiscState } from '../../core/board-state.ts';
import type { Decision, DiscCall } from '../../core/calls.ts';
import { callFromClearance } from '../../geometry/call.ts';
import { clearanceToRingMm, distanceMm } from '../../geometry/measure.ts';
import { feature, featuresOfKind, type BoardProfile } from '../../profiles/schema.ts';
import type { CarromOptions } from './options.ts';
import { carromKindOf, carromRadiusMm, type CarromKind, type ColourOf } from './pieces.ts';

export const CARROM_REQUIRED_FEATURES = ['pocket-ne', 'pocket-nw', 'pocket-sw', 'pocket-se', 'centre-spot', 'centre-circle'] as const;

export type CarromZone = 'board' | 'centre-circle' | 'pocket' | 'off-board';

interface Boundary {
  line: string;
  clearanceMm: number;
  /** Zone when the call is clear / touching. */
  ifClear: CarromZone;
  ifTouching: CarromZone;
  /** Only pockets and the edge decide whether a piece is still in play. */
  decidesPlay: boolean;
}

/** Centre's clearance outside the nearest pocket rim (<= 0: over the hole). */
function nearestPocket(disc: DiscState, profile: BoardProfile): { id: string; clearanceMm: number } | null {
  let best: { id: string; clearanceMm: number } | null = null;
  for (const h of featuresOfKind(profile, 'hole')) {
    if (!h.id.startsWith('pocket')) continue;
    const c = distanceMm(disc, h) - h.radiusMm;
    if (!best || c < best.clearanceMm) best = { id: h.id, clearanceMm: c };
  }
  return best;
}

/** Centre's distance inside the playing surface (<= 0: off the board). */
function insideSurfaceMm(disc: DiscState, profile: BoardProfile): number {
  const s = profile.surface;
  if (s.shape === 'circle') return s.radiusMm - distanceMm(disc, s);
  return Math.min(disc.xMm - s.minXMm, s.maxXMm - disc.xMm, disc.yMm - s.minYMm, s.maxYMm - disc.yMm);
}

function boundaries(disc: DiscState, radiusMm: number, profile: BoardProfile): Boundary[] {
  const out: Boundary[] = [];
  const pocket = nearestPocket(disc, profile);
  if (pocket) out.push({ line: pocket.id, clearanceMm: pocket.clearanceMm, ifClear: 'board', ifTouching: 'pocket', decidesPlay: true });
  out.push({ line: 'edge', clearanceMm: insideSurfaceMm(disc, profile), ifClear: 'board', ifTouching: 'off-board', decidesPlay: true });
  const ring = feature(profile, 'centre-circle', 'ring');
  if (ring) {
    const m = clearanceToRingMm({ xMm: disc.xMm, yMm: disc.yMm, radiusMm }, ring, ring.lineWidthMm);
    out.push({ line: 'centre-circle', clearanceMm: m.clearanceMm, ifClear: m.side === 'inside' ? 'centre-circle' : 'board', ifTouching: 'centre-circle', decidesPlay: false });
  }
  return out;
}

export interface PieceCallContext {
  profile: BoardProfile;
  options: CarromOptions;
  colourOf: ColourOf;
}

/** A piece's value under the variant: the striker scores nothing. */
export function pieceValue(kind: CarromKind, label: string, ctx: PieceCallContext): number {
  if (kind === 'striker') return 0;
  if (kind === 'queen') return ctx.options.values.queen;
  return ctx.options.values[ctx.colourOf(label)];
}

/**
 * What a piece lying in `zone` adds to the round score. Board scoring: a man still in play counts
 * (for the board winner, against its owner); the queen's bonus comes from covering it, not from
 * where it lies. Points games: a piece counts once pocketed (for whoever pocketed it).
 */
export function pointsWhereItLies(kind: CarromKind, label: string, zone: CarromZone, ctx: PieceCallContext): number {
  const inPlay = zone === 'board' || zone === 'centre-circle';
  if (ctx.options.scoring === 'board') return kind === 'man' && inPlay ? pieceValue(kind, label, ctx) : 0;
  return zone === 'pocket' ? pieceValue(kind, label, ctx) : 0;
}

export interface CarromDiscCall extends DiscCall {
  kind: CarromKind;
  /** False for calls (the centre circle) that decide nothing a person must rule on. */
  decidesPlay: boolean;
}

export function callCarromDisc(disc: DiscState, ctx: PieceCallContext, decision?: Decision): CarromDiscCall {
  const kind = carromKindOf(disc, ctx.profile);
  const radiusMm = carromRadiusMm(disc, ctx.profile);
  const uncertaintyMm = disc.uncertaintyMm ?? 0;
  const bs = boundaries(disc, radiusMm, ctx.profile);
  // Pocket and edge first: past either, nothing else matters.
  const gone = bs.find((b) => b.decidesPlay && b.clearanceMm <= 0);
  // The deciding line: the one the piece has crossed, else the nearest one.
  const nearest = gone ?? bs.reduce((a, b) => (Math.abs(b.clearanceMm) < Math.abs(a.clearanceMm) ? b : a));
  const measured = callFromClearance(nearest.clearanceMm, uncertaintyMm);
  const decided = decision && decision.discId === disc.id ? decision.call : undefined;
  const call = decided ?? measured;
  const touching = decided ? decided === 'touching' : nearest.clearanceMm <= 0;
  const zone = touching ? nearest.ifTouching : nearest.ifClear;
  const result: CarromDiscCall = {
    id: disc.id,
    team: disc.team,
    kind,
    zone,
    points: pointsWhereItLies(kind, disc.team, zone, ctx),
    call,
    clearanceMm: nearest.clearanceMm,
    uncertaintyMm,
    line: nearest.line,
    inPlay: zone === 'board' || zone === 'centre-circle',
    decidesPlay: nearest.decidesPlay,
  };
  if (measured === 'too-close' && !decided) {
    result.pointsIfClear = pointsWhereItLies(kind, disc.team, nearest.ifClear, ctx);
    result.pointsIfTouching = pointsWhereItLies(kind, disc.team, nearest.ifTouching, ctx);
  }
  return result;
}

export function callCarromDiscs(discs: readonly DiscState[], ctx: PieceCallContext, decisions: readonly Decision[] = []): CarromDiscCall[] {
  return discs.map((d) => callCarromDisc(d, ctx, decisions.find((x) => x.discId === d.id)));
}

/** Calls a person must settle before the board is scored: pieces too close to a pocket or the edge. */
export function pendingOf(calls: readonly CarromDiscCall[]): string[] {
  return calls.filter((c) => c.call === 'too-close' && c.decidesPlay && c.kind !== 'striker').map((c) => c.id);
}
