/** Per-disc calls and round scoring for crokinole: rings, the hole, the shooting line. */
import type { BoardState, DiscState, TeamId } from '../../core/board-state.ts';
import type { Decision, DiscCall, RoundScore } from '../../core/calls.ts';
import { callFromClearance, GEOMETRY_EPSILON_MM } from '../../geometry/call.ts';
import { clearanceToRingMm, discAndHoleMm } from '../../geometry/measure.ts';
import { pieceRadiusMm, requireFeature, type BoardProfile } from '../../profiles/schema.ts';

export const CROKINOLE_REQUIRED_FEATURES = ['hole', 'ring-15', 'ring-10', 'ring-5'] as const;

/** Ring ids from the centre out, and the value of the area inside each (the last: outside all). */
const RINGS = ['ring-15', 'ring-10', 'ring-5'] as const;
const AREA_VALUES = [15, 10, 5, 0] as const;
const AREA_ZONES = ['15', '10', '5', 'out'] as const;

interface RingMeasure {
  id: string;
  clearanceMm: number;
  side: 'inside' | 'outside';
}

/** Index of the area a disc is in: 0 inside the 15 line, ... 3 touching or beyond the shooting line. */
function areaIndex(measures: readonly RingMeasure[], touchingOverride?: { id: string; touching: boolean }): number {
  for (let i = 0; i < measures.length; i++) {
    const m = measures[i]!;
    const touching = touchingOverride && touchingOverride.id === m.id ? touchingOverride.touching : m.clearanceMm <= 0;
    const whollyInside = m.side === 'inside' && !touching;
    if (whollyInside) return i;
  }
  return measures.length;
}

/** The call by the rings alone (the disc not in the hole), a decision on its nearest ring applied. */
function callByRings(disc: DiscState, profile: BoardProfile, footprint: { xMm: number; yMm: number; radiusMm: number }, uncertaintyMm: number, decision?: Decision): DiscCall {
  const measures: RingMeasure[] = RINGS.map((id) => {
    const ring = requireFeature(profile, id, 'ring');
    return { id, ...clearanceToRingMm(footprint, ring, ring.lineWidthMm) };
  });
  // The deciding line is the nearest one: a move of a millimetre or two can only change that call.
  const nearest = measures.reduce((a, b) => (Math.abs(b.clearanceMm) < Math.abs(a.clearanceMm) ? b : a));
  const measuredCall = callFromClearance(nearest.clearanceMm, uncertaintyMm);
  const decided = decision && decision.discId === disc.id ? decision.call : undefined;
  const area = areaIndex(measures, decided ? { id: nearest.id, touching: decided === 'touching' } : undefined);
  const ifClear = AREA_VALUES[areaIndex(measures, { id: nearest.id, touching: false })]!;
  const ifTouching = AREA_VALUES[areaIndex(measures, { id: nearest.id, touching: true })]!;
  const outside = measures[2]!.side === 'outside' && measures[2]!.clearanceMm > 0;
  const result: DiscCall = {
    id: disc.id,
    team: disc.team,
    zone: outside && area === 3 ? 'ditch' : AREA_ZONES[area]!,
    points: AREA_VALUES[area]!,
    call: decided ?? measuredCall,
    clearanceMm: nearest.clearanceMm,
    uncertaintyMm,
    line: nearest.id,
    inPlay: area < 3,
  };
  if (measuredCall === 'too-close' && !decided) {
    result.pointsIfClear = ifClear;
    result.pointsIfTouching = ifTouching;
  }
  return result;
}

export function callCrokinoleDisc(disc: DiscState, profile: BoardProfile, decision?: Decision): DiscCall {
  const radiusMm = disc.radiusMm ?? pieceRadiusMm(profile);
  const footprint = { xMm: disc.xMm, yMm: disc.yMm, radiusMm };
  const uncertaintyMm = disc.uncertaintyMm ?? 0;
  const hole = requireFeature(profile, 'hole', 'hole');
  // The hole's edge is a line like the rings: "clear" of it is lying wholly within the hole (a
  // 20), "touching" it is leaning on its rim, scored by the rings below.
  // (Unlike a ring's, the hole's edge touched from inside still holds the disc: a 20.)
  const inHoleClearanceMm = discAndHoleMm(footprint, hole).inHoleClearanceMm;
  const u = Math.max(0, uncertaintyMm);
  const holeCall = inHoleClearanceMm - u >= -GEOMETRY_EPSILON_MM ? 'clear' : inHoleClearanceMm + u < -GEOMETRY_EPSILON_MM ? 'touching' : 'too-close';
  if (holeCall === 'touching') return callByRings(disc, profile, footprint, uncertaintyMm, decision);
  const twenty: DiscCall = { id: disc.id, team: disc.team, zone: '20', points: 20, call: 'clear', clearanceMm: inHoleClearanceMm, uncertaintyMm, line: 'hole', inPlay: true };
  if (holeCall === 'clear') return twenty;
  // Measured within its uncertainty of the hole's edge, on either side: in the hole or leaning
  // on its rim (a disc measured just outside it was otherwise scored by the rings as sure).
  const decided = decision && decision.discId === disc.id ? decision.call : undefined;
  const byRings = callByRings(disc, profile, footprint, uncertaintyMm);
  if (decided === 'clear') return twenty;
  const hanging = { ...byRings, clearanceMm: inHoleClearanceMm, uncertaintyMm, line: 'hole' };
  delete hanging.pointsIfClear;
  delete hanging.pointsIfTouching;
  if (decided === 'touching') return { ...hanging, call: 'touching' };
  const asMeasured = inHoleClearanceMm >= 0 ? twenty : hanging;
  return { ...asMeasured, call: 'too-close', pointsIfClear: 20, pointsIfTouching: byRings.points };
}

export function callCrokinoleDiscs(state: BoardState, profile: BoardProfile, decisions: readonly Decision[] = []): DiscCall[] {
  return state.discs.map((d) => callCrokinoleDisc(d, profile, decisions.find((x) => x.discId === d.id)));
}

export function scoreCrokinoleBoard(
  state: BoardState,
  profile: BoardProfile,
  teams: readonly TeamId[],
  decisions: readonly Decision[] = [],
): RoundScore {
  const calls = callCrokinoleDiscs(state, profile, decisions);
  const points: Record<TeamId, number> = Object.fromEntries(teams.map((t) => [t, 0]));
  const notes: string[] = [];
  for (const c of calls) points[c.team] = (points[c.team] ?? 0) + c.points;
  for (const [team, n] of Object.entries(state.hole ?? {})) {
    points[team] = (points[team] ?? 0) + 20 * n;
    if (n > 0) notes.push(`${team}: ${n} in the 20-bowl (${20 * n})`);
  }
  const pendingIds = calls.filter((c) => c.call === 'too-close').map((c) => c.id);
  for (const c of calls) {
    if (c.call === 'too-close') notes.push(`${c.id} (${c.team}) too close to ${c.line}: ${c.clearanceMm.toFixed(2)} ± ${c.uncertaintyMm.toFixed(2)} mm`);
  }
  return { points, calls, pendingIds, notes };
}
