/**
 * Per-puck calls on the table (seed 002): short of the foul line, on it, in section 1, 2 or 3
 * (a puck counts for a section only once wholly past the line that opens it), hanger (overhanging
 * the end edge), or fallen off.
 */
import type { DiscState } from '../../core/board-state.ts';
import type { Decision, DiscCall } from '../../core/calls.ts';
import { callFromClearance, type Call } from '../../geometry/call.ts';
import { pieceRadiusMm, type BoardProfile } from '../../profiles/schema.ts';
import type { TableShuffleboardOptions } from './options.ts';
import { clearanceToMarkMm, downMm, offTable, type EndGeometry } from './table-geometry.ts';

export type PuckZone = 'short' | 'foul-line' | '1' | '2' | '3' | 'hanger' | 'off';

interface Mark {
  id: string;
  /** > 0 clear of the line (or, for the end edge, not overhanging it). */
  clearanceMm: number;
  /** The centre is past the line's middle. */
  beyond: boolean;
}

export function puckRadiusMm(d: DiscState, profile: BoardProfile): number {
  return d.radiusMm ?? pieceRadiusMm(profile, 'puck');
}

function marksOf(d: DiscState, radiusMm: number, geo: EndGeometry): Mark[] {
  const pos = downMm(d, geo);
  const line = (l: EndGeometry['foul']): Mark => ({ id: l.id, clearanceMm: clearanceToMarkMm(pos, radiusMm, l), beyond: pos > l.posMm });
  return [
    line(geo.foul),
    line(geo.sectionLines[0]),
    line(geo.sectionLines[1]),
    { id: geo.edge.id, clearanceMm: geo.edge.posMm - (pos + radiusMm), beyond: false },
  ];
}

/** Where a puck lies, given which marks it touches; `override` rules one mark clear or touching. */
function zoneOf(marks: readonly Mark[], options: TableShuffleboardOptions, override?: { id: string; call: 'clear' | 'touching' }): PuckZone {
  const touching = (m: Mark) => (override?.id === m.id ? override.call === 'touching' : m.clearanceMm <= 0);
  const past = (m: Mark) => !touching(m) && m.beyond;
  const [foul, line2, line3, edge] = marks as [Mark, Mark, Mark, Mark];
  if (touching(foul)) return options.foulLine === 'reach' ? 'foul-line' : 'short';
  if (!past(foul)) return 'short';
  if (!past(line2)) return '1';
  if (!past(line3)) return '2';
  return touching(edge) ? 'hanger' : '3';
}

export function zonePoints(zone: PuckZone, geo: EndGeometry, options: TableShuffleboardOptions): number {
  switch (zone) {
    case '1':
    case '2':
    case '3':
      return geo.sectionValues[Number(zone) - 1]!;
    case 'hanger':
      return options.hangerPoints;
    default:
      return 0;
  }
}

export function isInPlay(zone: string): boolean {
  return zone !== 'short' && zone !== 'off';
}

/**
 * The call on one puck. The deciding line is the nearest mark. A person's ruling without a
 * `winnerId` rules that line, but only when the camera could not (a `winnerId` ruling is about
 * which puck is further, see scoring.ts); a confident call is set right by a correction instead.
 */
export function callTablePuck(
  d: DiscState,
  profile: BoardProfile,
  geo: EndGeometry,
  options: TableShuffleboardOptions,
  decision?: Decision,
  forced?: 'clear' | 'touching',
): DiscCall {
  const radiusMm = puckRadiusMm(d, profile);
  const uncertaintyMm = d.uncertaintyMm ?? 0;
  const marks = marksOf(d, radiusMm, geo);
  if (offTable(d, geo)) {
    const edge = marks[3]!;
    return { id: d.id, team: d.team, zone: 'off', points: 0, call: 'touching', clearanceMm: edge.clearanceMm, uncertaintyMm, line: edge.id, inPlay: false };
  }
  const nearest = marks.reduce((a, b) => (Math.abs(b.clearanceMm) < Math.abs(a.clearanceMm) ? b : a));
  const measured: Call = callFromClearance(nearest.clearanceMm, uncertaintyMm);
  const ruled = decision && decision.discId === d.id && decision.winnerId === undefined && measured === 'too-close' ? decision.call : undefined;
  const decided = forced ?? ruled;
  const zone = zoneOf(marks, options, decided ? { id: nearest.id, call: decided } : undefined);
  const result: DiscCall = {
    id: d.id,
    team: d.team,
    zone,
    points: zonePoints(zone, geo, options),
    call: decided ?? measured,
    clearanceMm: nearest.clearanceMm,
    uncertaintyMm,
    line: nearest.id,
    inPlay: isInPlay(zone),
  };
  if (measured === 'too-close' && !decided) {
    result.pointsIfClear = zonePoints(zoneOf(marks, options, { id: nearest.id, call: 'clear' }), geo, options);
    result.pointsIfTouching = zonePoints(zoneOf(marks, options, { id: nearest.id, call: 'touching' }), geo, options);
  }
  return result;
}

/** True when the camera could not call the puck's deciding line (before any ruling). */
export function lineTooClose(d: DiscState, profile: BoardProfile, geo: EndGeometry, options: TableShuffleboardOptions): boolean {
  return callTablePuck(d, profile, geo, options).call === 'too-close';
}
