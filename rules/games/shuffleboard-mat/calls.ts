/**
 * Per-stone calls and round scoring on the shuffleboard mat (seed 000, RULES.md §4).
 * Strict: a stone scores its field only when it lies wholly within it, clear of every dividing
 * line and of the mat's edge. Casual: the field holding its centre.
 */
import type { BoardState, DiscState, TeamId } from '../../core/board-state.ts';
import type { Decision, DiscCall, RoundScore } from '../../core/calls.ts';
import type { MatchState } from '../../core/match-state.ts';
import { GEOMETRY_EPSILON_MM, callFromClearance } from '../../geometry/call.ts';
import { pieceRadiusMm, type BoardProfile } from '../../profiles/schema.ts';
import { clearanceInsideMatMm, depthOnMatMm, fieldAcrossNearestLine, fieldHolding, matFields, nearestFieldLine, type MatField } from './fields.ts';
import type { ShuffleboardMatOptions } from './options.ts';

export const MAT_FIELD_IDS = ['field-10', 'field-8-left', 'field-8-right', 'field-7-left', 'field-7-right', 'field-10-off'] as const;
export const SHUFFLEBOARD_MAT_REQUIRED_FEATURES = [...MAT_FIELD_IDS, 'release-line'] as const;

/** Zone words besides the fields' own ("10", "8", "7", "10 OFF"). */
export const ZONE_ON_LINE = 'line';
export const ZONE_NO_FIELD = 'none';
export const ZONE_OFF_MAT = 'off-mat';

function offMatCall(disc: DiscState, radiusMm: number, profile: BoardProfile, uncertaintyMm: number): DiscCall {
  const clearanceMm = clearanceInsideMatMm({ xMm: disc.xMm, yMm: disc.yMm, radiusMm }, profile.surface);
  return { id: disc.id, team: disc.team, zone: ZONE_OFF_MAT, points: 0, call: callFromClearance(clearanceMm, uncertaintyMm), clearanceMm, uncertaintyMm, line: 'mat-edge', inPlay: false };
}

/** Strict call: the deciding line is the nearer of the field's outline and the mat's edge. */
export function callStrict(disc: DiscState, profile: BoardProfile, fields: readonly MatField[], decision?: Decision): DiscCall {
  const radiusMm = disc.radiusMm ?? pieceRadiusMm(profile, 'stone');
  const uncertaintyMm = disc.uncertaintyMm ?? 0;
  if (depthOnMatMm(disc, profile.surface) < 0) return offMatCall(disc, radiusMm, profile, uncertaintyMm);
  const footprint = { xMm: disc.xMm, yMm: disc.yMm, radiusMm };
  const matClearanceMm = clearanceInsideMatMm(footprint, profile.surface);
  const holding = fieldHolding(disc, fields);
  if (!holding) {
    // Centre outside every field: no field can hold the whole stone, so no line decides anything.
    const line = nearestFieldLine(disc, fields);
    const half = line ? (fields.find((f) => f.id === line.fieldId)?.lineWidthMm ?? 0) / 2 : 0;
    const clearanceMm = line ? line.distanceMm - half - radiusMm : matClearanceMm;
    return {
      id: disc.id, team: disc.team, zone: ZONE_NO_FIELD, points: 0,
      call: callFromClearance(clearanceMm, uncertaintyMm), clearanceMm, uncertaintyMm,
      ...(line ? { line: line.fieldId } : {}), inPlay: true,
    };
  }
  const { field, depthMm } = holding;
  const fieldClearanceMm = depthMm - field.lineWidthMm / 2 - radiusMm;
  const onEdge = matClearanceMm < fieldClearanceMm;
  const clearanceMm = onEdge ? matClearanceMm : fieldClearanceMm;
  const measured = callFromClearance(clearanceMm, uncertaintyMm);
  const decided = decision?.discId === disc.id ? decision.call : undefined;
  // Too close and undecided: counted as measured (RoundScore contract) until a person rules.
  const effective = decided ?? measured;
  const scores = effective === 'clear' || (effective === 'too-close' && clearanceMm > GEOMETRY_EPSILON_MM);
  const result: DiscCall = {
    id: disc.id, team: disc.team,
    zone: scores ? field.zone : ZONE_ON_LINE,
    points: scores ? field.value : 0,
    call: decided ?? measured, clearanceMm, uncertaintyMm,
    line: onEdge ? 'mat-edge' : field.id, inPlay: true,
  };
  if (measured === 'too-close' && !decided) {
    result.pointsIfClear = field.value;
    result.pointsIfTouching = 0;
  }
  return result;
}

/**
 * Casual call: the field holding the centre. The clearance is the centre's distance from the
 * middle of the nearest dividing line; a person's 'clear' keeps the measured field, 'touching'
 * says the centre lies across that line.
 */
export function callCasual(disc: DiscState, profile: BoardProfile, fields: readonly MatField[], decision?: Decision): DiscCall {
  const radiusMm = disc.radiusMm ?? pieceRadiusMm(profile, 'stone');
  const uncertaintyMm = disc.uncertaintyMm ?? 0;
  if (depthOnMatMm(disc, profile.surface) < 0) return offMatCall(disc, radiusMm, profile, uncertaintyMm);
  const here = fieldHolding(disc, fields)?.field ?? null;
  const line = nearestFieldLine(disc, fields);
  const clearanceMm = line ? line.distanceMm : Infinity;
  const measured = line ? callFromClearance(clearanceMm, uncertaintyMm) : 'clear';
  const decided = decision?.discId === disc.id ? decision.call : undefined;
  const across = decided === 'touching' || (measured === 'too-close' && !decided) ? fieldAcrossNearestLine(disc, fields) : null;
  const field = decided === 'touching' ? across : here;
  const result: DiscCall = {
    id: disc.id, team: disc.team,
    zone: field ? field.zone : ZONE_NO_FIELD,
    points: field ? field.value : 0,
    call: decided ?? measured,
    clearanceMm: line ? clearanceMm : depthOnMatMm(disc, profile.surface),
    uncertaintyMm,
    ...(line ? { line: line.fieldId } : {}),
    inPlay: true,
  };
  if (measured === 'too-close' && !decided) {
    result.pointsIfClear = here?.value ?? 0;
    result.pointsIfTouching = across?.value ?? 0;
  }
  return result;
}

export function callMatStone(disc: DiscState, profile: BoardProfile, options: ShuffleboardMatOptions, decision?: Decision): DiscCall {
  const fields = matFields(profile);
  return options.scoring === 'casual' ? callCasual(disc, profile, fields, decision) : callStrict(disc, profile, fields, decision);
}

export function callMatStones(state: BoardState, profile: BoardProfile, options: ShuffleboardMatOptions, decisions: readonly Decision[] = []): DiscCall[] {
  const fields = matFields(profile);
  const call = options.scoring === 'casual' ? callCasual : callStrict;
  return state.discs.map((d) => call(d, profile, fields, decisions.find((x) => x.discId === d.id)));
}

/** Teams of a match, or of the stones on the board (A and B when the board names no others). */
export function teamsFor(state: BoardState, match?: MatchState): TeamId[] {
  if (match) return match.teams;
  const onBoard = [...new Set(state.discs.map((d) => d.team))].sort();
  if (onBoard.every((t) => t === 'A' || t === 'B')) return ['A', 'B'];
  return onBoard;
}

/** A too-close call waits for a person only when the ruling would change the points. */
export function callMatters(c: DiscCall): boolean {
  return c.call === 'too-close' && c.pointsIfClear !== undefined && c.pointsIfClear !== c.pointsIfTouching;
}

export function scoreMatRound(
  state: BoardState,
  profile: BoardProfile,
  options: ShuffleboardMatOptions,
  teams: readonly TeamId[],
  decisions: readonly Decision[] = [],
): RoundScore {
  const calls = callMatStones(state, profile, options, decisions);
  const points: Record<TeamId, number> = Object.fromEntries(teams.map((t) => [t, 0]));
  const notes: string[] = [];
  for (const c of calls) {
    if (!c.inPlay) continue;
    points[c.team] = (points[c.team] ?? 0) + c.points;
    if (c.zone === '10 OFF' || c.points < 0) notes.push(`${c.id} (${c.team}) in ${c.zone}: ${c.points}`);
  }
  const pending = calls.filter(callMatters);
  for (const c of pending) {
    notes.push(`${c.id} (${c.team}) too close to ${c.line}: ${c.clearanceMm.toFixed(2)} ± ${c.uncertaintyMm.toFixed(2)} mm (${c.pointsIfClear} if clear, ${c.pointsIfTouching} if touching)`);
  }
  return { points, calls, pendingIds: pending.map((c) => c.id), notes };
}
