/**
 * The table as the rules read it for one round: the end being played to, its foul line,
 * section lines and end edge, all as positions along the table toward that end.
 * Lines run straight across the table, so a puck's place is one number: how far down it is.
 */
import type { DiscState } from '../../core/board-state.ts';
import type { PointMm } from '../../geometry/measure.ts';
import { requireFeature, type BoardProfile } from '../../profiles/schema.ts';
import type { TableEnd } from './options.ts';

export const TABLE_REQUIRED_FEATURES = (['far', 'near'] as const).flatMap((end) => [
  `foul-line-${end}`,
  `line-2-${end}`,
  `line-3-${end}`,
  `end-edge-${end}`,
  `section-1-${end}`,
  `section-2-${end}`,
  `section-3-${end}`,
]);

export interface MarkLine {
  id: string;
  /** Position of the paint's middle along the table toward the target end. */
  posMm: number;
  halfWidthMm: number;
}

export interface EndGeometry {
  end: TableEnd;
  /** +1 when the target end is at +y, -1 when at -y. */
  dir: 1 | -1;
  foul: MarkLine;
  /** The 2 line and the 3 line: a puck wholly past one is in the section it opens. */
  sectionLines: [MarkLine, MarkLine];
  /** The end edge (a puck overhanging it is a hanger; one whose centre is past it has fallen off). */
  edge: MarkLine;
  /** Values of sections 1, 2, 3 (the regions' values). */
  sectionValues: [number, number, number];
  /** Across the table: a centre beyond these has gone into the gutter. */
  minXMm: number;
  maxXMm: number;
  /** The middle of the 2 section: the default Bocce spot. */
  section2CentreMm: PointMm;
}

export function opposite(end: TableEnd): TableEnd {
  return end === 'far' ? 'near' : 'far';
}

function markLine(profile: BoardProfile, id: string, dir: 1 | -1): MarkLine {
  const l = requireFeature(profile, id, 'line');
  return { id, posMm: (dir * (l.y1Mm + l.y2Mm)) / 2, halfWidthMm: l.lineWidthMm / 2 };
}

function regionCentre(profile: BoardProfile, id: string): PointMm {
  const r = requireFeature(profile, id, 'region');
  const n = r.pointsMm.length;
  return { xMm: r.pointsMm.reduce((s, p) => s + p.xMm, 0) / n, yMm: r.pointsMm.reduce((s, p) => s + p.yMm, 0) / n };
}

export function endGeometry(profile: BoardProfile, end: TableEnd): EndGeometry {
  const edgeFeature = requireFeature(profile, `end-edge-${end}`, 'line');
  const otherEdge = requireFeature(profile, `end-edge-${opposite(end)}`, 'line');
  const dir: 1 | -1 = edgeFeature.y1Mm + edgeFeature.y2Mm >= otherEdge.y1Mm + otherEdge.y2Mm ? 1 : -1;
  const value = (k: number) => requireFeature(profile, `section-${k}-${end}`, 'region').value ?? k;
  const s = profile.surface;
  return {
    end,
    dir,
    foul: markLine(profile, `foul-line-${end}`, dir),
    sectionLines: [markLine(profile, `line-2-${end}`, dir), markLine(profile, `line-3-${end}`, dir)],
    edge: markLine(profile, `end-edge-${end}`, dir),
    sectionValues: [value(1), value(2), value(3)],
    minXMm: s.shape === 'rect' ? s.minXMm : -Infinity,
    maxXMm: s.shape === 'rect' ? s.maxXMm : Infinity,
    section2CentreMm: regionCentre(profile, `section-2-${end}`),
  };
}

/** How far down the table toward the target end a point is. */
export function downMm(p: PointMm, geo: EndGeometry): number {
  return geo.dir * p.yMm;
}

/** The puck's leading edge: what "further" compares (the edge nearest the end). */
export function leadingEdgeMm(d: DiscState, radiusMm: number, geo: EndGeometry): number {
  return downMm(d, geo) + radiusMm;
}

/** Signed clearance between a puck (its span along the table) and a line's paint band; > 0 clear of it. */
export function clearanceToMarkMm(posMm: number, radiusMm: number, line: MarkLine): number {
  const rear = posMm - radiusMm;
  const front = posMm + radiusMm;
  return Math.max(rear - (line.posMm + line.halfWidthMm), line.posMm - line.halfWidthMm - front);
}

/** A centre past the end edge or off the sides: the puck has fallen off the table. */
export function offTable(d: DiscState, geo: EndGeometry): boolean {
  return downMm(d, geo) > geo.edge.posMm || d.xMm < geo.minXMm || d.xMm > geo.maxXMm;
}
