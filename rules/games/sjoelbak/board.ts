/**
 * The parts of a sjoelbak board the rules measure against: the start bar's far face, the front
 * face of the gate bar, and the numbered compartments behind it. Read from the profile.
 */
import type { PointMm } from '../../geometry/measure.ts';
import { requireFeature, featuresOfKind, type BoardProfile, type FeatureOf } from '../../profiles/schema.ts';

export const SJOELBAK_REQUIRED_FEATURES = [
  'start-bar',
  'gate-bar-front-face',
  'compartment-1',
  'compartment-2',
  'compartment-3',
  'compartment-4',
] as const;

export interface Compartment {
  id: string;
  number: number;
  /** Points per disc outside complete sets (the number on the arch). */
  value: number;
  polygon: readonly PointMm[];
}

export interface SjoelbakBoard {
  face: FeatureOf<'line'>;
  /** Unit normal of the face line pointing into the compartments. */
  beyond: { nx: number; ny: number };
  /** The start bar's far face as a line across the board, and which way is "past" it. */
  startFace: FeatureOf<'line'>;
  compartments: Compartment[];
  surface: BoardProfile['surface'];
}

function centroid(poly: readonly PointMm[]): PointMm {
  const n = poly.length;
  return { xMm: poly.reduce((s, p) => s + p.xMm, 0) / n, yMm: poly.reduce((s, p) => s + p.yMm, 0) / n };
}

/** Unit normal of a line, turned towards `towards`. */
function normalTowards(line: FeatureOf<'line'>, towards: PointMm): { nx: number; ny: number } {
  const dx = line.x2Mm - line.x1Mm;
  const dy = line.y2Mm - line.y1Mm;
  const len = Math.hypot(dx, dy) || 1;
  const nx = -dy / len;
  const ny = dx / len;
  const s = nx * (towards.xMm - line.x1Mm) + ny * (towards.yMm - line.y1Mm);
  return s >= 0 ? { nx, ny } : { nx: -nx, ny: -ny };
}

/** Signed distance of a point from a line along its normal `n` (positive on the normal's side). */
export function signedDistanceAlongMm(p: PointMm, line: FeatureOf<'line'>, n: { nx: number; ny: number }): number {
  return n.nx * (p.xMm - line.x1Mm) + n.ny * (p.yMm - line.y1Mm);
}

export function readSjoelbakBoard(profile: BoardProfile): SjoelbakBoard {
  const face = requireFeature(profile, 'gate-bar-front-face', 'line');
  const compartments: Compartment[] = featuresOfKind(profile, 'region')
    .map((r) => ({ r, m: /^compartment-(\d+)$/.exec(r.id) }))
    .filter((x): x is { r: FeatureOf<'region'>; m: RegExpExecArray } => x.m !== null)
    .map(({ r, m }) => ({ id: r.id, number: Number(m[1]), value: r.value ?? Number(m[1]), polygon: r.pointsMm }))
    .sort((a, b) => a.number - b.number);
  const beyond = normalTowards(face, centroid(compartments[0]!.polygon));
  // The start bar is a block across the board: its far face is the edge that looks towards the gate bar.
  const bar = requireFeature(profile, 'start-bar', 'block');
  const faceMid = { xMm: (face.x1Mm + face.x2Mm) / 2, yMm: (face.y1Mm + face.y2Mm) / 2 };
  const alongY = Math.abs(beyond.ny) >= Math.abs(beyond.nx);
  const startFace: FeatureOf<'line'> = alongY
    ? { kind: 'line', id: 'start-bar-far-face', x1Mm: bar.minXMm, x2Mm: bar.maxXMm, y1Mm: faceMid.yMm > bar.maxYMm ? bar.maxYMm : bar.minYMm, y2Mm: faceMid.yMm > bar.maxYMm ? bar.maxYMm : bar.minYMm, lineWidthMm: 0, color: bar.color, source: bar.source }
    : { kind: 'line', id: 'start-bar-far-face', y1Mm: bar.minYMm, y2Mm: bar.maxYMm, x1Mm: faceMid.xMm > bar.maxXMm ? bar.maxXMm : bar.minXMm, x2Mm: faceMid.xMm > bar.maxXMm ? bar.maxXMm : bar.minXMm, lineWidthMm: 0, color: bar.color, source: bar.source };
  return { face, beyond, startFace, compartments, surface: profile.surface };
}
