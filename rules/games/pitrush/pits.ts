/**
 * The pit field read from a board profile: pits, which pits touch, the rows and small triangles
 * they form, the seats (shooting lines) and each pit's value seen from each seat.
 */
import type { TeamId } from '../../core/board-state.ts';
import { distanceMm, type PointMm } from '../../geometry/measure.ts';
import { featuresOfKind, feature, type BoardProfile, type FeatureOf } from '../../profiles/schema.ts';
import type { PitRushOptions } from './options.ts';

export interface Pit {
  id: string;
  xMm: number;
  yMm: number;
  radiusMm: number;
}

export interface Seat {
  seat: number;
  line: FeatureOf<'line'>;
  area?: FeatureOf<'region'>;
}

export interface PitField {
  pits: Pit[];
  byId: Map<string, Pit>;
  /** Centre spacing of neighbouring pits. */
  pitchMm: number;
  neighbours: Map<string, Set<string>>;
  /** Straight lines of neighbouring pits, end to end (3 pits or more). */
  rows: string[][];
  /** Three pits that all touch each other. */
  triangles: string[][];
  seats: Seat[];
  /** The playing surface's edge when the profile draws it as a region (id "board"). */
  board?: FeatureOf<'region'>;
  /** Highest pit value (5 on the standard board). */
  maxValue: number;
  /** Pit values printed on the board (seat 1's view), by pit id. */
  figure: Record<string, number>;
}

/** Neighbours are pits whose centres are one pitch apart; 15% slack absorbs rounding in the profile. */
const NEIGHBOUR_SLACK = 1.15;
/** A row needs at least three pits: two neighbours are not a row. */
const MIN_ROW_PITS = 3;

function buildRows(pits: readonly Pit[], byId: Map<string, Pit>, neighbours: Map<string, Set<string>>, pitchMm: number): string[][] {
  const seen = new Set<string>();
  const rows: string[][] = [];
  const at = (p: PointMm): Pit | undefined => pits.find((q) => distanceMm(q, p) < pitchMm * (NEIGHBOUR_SLACK - 1));
  for (const a of pits) {
    for (const bId of neighbours.get(a.id) ?? []) {
      const b = byId.get(bId)!;
      const dx = b.xMm - a.xMm;
      const dy = b.yMm - a.yMm;
      // Walk back to the start of the line, then forward to its end.
      let start = a;
      for (let prev = at({ xMm: start.xMm - dx, yMm: start.yMm - dy }); prev; prev = at({ xMm: start.xMm - dx, yMm: start.yMm - dy })) start = prev;
      const line: string[] = [];
      for (let p: Pit | undefined = start; p; p = at({ xMm: p.xMm + dx, yMm: p.yMm + dy })) line.push(p.id);
      const key = [...line].sort().join('|');
      if (line.length >= MIN_ROW_PITS && !seen.has(key)) {
        seen.add(key);
        rows.push(line);
      }
    }
  }
  return rows;
}

function buildTriangles(pits: readonly Pit[], neighbours: Map<string, Set<string>>): string[][] {
  const out: string[][] = [];
  const ids = pits.map((p) => p.id).sort();
  for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) {
    if (!neighbours.get(ids[i]!)!.has(ids[j]!)) continue;
    for (let k = j + 1; k < ids.length; k++) {
      if (neighbours.get(ids[i]!)!.has(ids[k]!) && neighbours.get(ids[j]!)!.has(ids[k]!)) out.push([ids[i]!, ids[j]!, ids[k]!]);
    }
  }
  return out;
}

/** Profiles are immutable data: the field is worked out once per profile object. */
const fieldCache = new WeakMap<BoardProfile, PitField>();

export function readPitField(profile: BoardProfile): PitField {
  const cached = fieldCache.get(profile);
  if (cached) return cached;
  const field = buildPitField(profile);
  fieldCache.set(profile, field);
  return field;
}

function buildPitField(profile: BoardProfile): PitField {
  const pits: Pit[] = featuresOfKind(profile, 'hole')
    .filter((h) => h.id.startsWith('pit-'))
    .map((h) => ({ id: h.id, xMm: h.xMm, yMm: h.yMm, radiusMm: h.radiusMm }));
  const byId = new Map(pits.map((p) => [p.id, p]));
  let pitchMm = Infinity;
  for (let i = 0; i < pits.length; i++) for (let j = i + 1; j < pits.length; j++) pitchMm = Math.min(pitchMm, distanceMm(pits[i]!, pits[j]!));
  const neighbours = new Map(pits.map((p) => [p.id, new Set<string>()]));
  for (const a of pits) for (const b of pits) {
    if (a.id !== b.id && distanceMm(a, b) <= pitchMm * NEIGHBOUR_SLACK) neighbours.get(a.id)!.add(b.id);
  }
  const seats: Seat[] = featuresOfKind(profile, 'line')
    .map((line) => ({ line, m: /^shooting-line-(\d+)$/.exec(line.id) }))
    .filter((x): x is { line: FeatureOf<'line'>; m: RegExpExecArray } => x.m !== null)
    .map(({ line, m }) => {
      const area = feature(profile, `shooting-area-${m[1]}`, 'region');
      return area ? { seat: Number(m[1]), line, area } : { seat: Number(m[1]), line };
    })
    .sort((a, b) => a.seat - b.seat);
  const figure: Record<string, number> = {};
  for (const p of pits) {
    const v = profile.values[p.id];
    if (v !== undefined) figure[p.id] = v;
  }
  const board = feature(profile, 'board', 'region');
  return {
    pits,
    byId,
    pitchMm,
    neighbours,
    rows: buildRows(pits, byId, neighbours, pitchMm),
    triangles: buildTriangles(pits, neighbours),
    seats,
    ...(board ? { board } : {}),
    maxValue: profile.values.maxPitValue ?? 5,
    figure,
  };
}

/** Steps from `from` to every pit, moving between neighbours. */
function stepsFrom(field: PitField, from: string): Map<string, number> {
  const steps = new Map<string, number>([[from, 0]]);
  const queue = [from];
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const n of field.neighbours.get(id) ?? []) {
      if (!steps.has(n)) {
        steps.set(n, steps.get(id)! + 1);
        queue.push(n);
      }
    }
  }
  return steps;
}

/** The seat of each player: set by name, else spread evenly round the seats in turn order. */
export function seatOf(team: TeamId, teams: readonly TeamId[], field: PitField, options: PitRushOptions): number {
  const named = options.seats[team];
  if (named !== undefined) return named;
  const n = Math.max(1, teams.length);
  const i = Math.max(0, teams.indexOf(team));
  const s = field.seats.length || 1;
  return (field.seats[Math.round((i * s) / n) % s]?.seat) ?? 1;
}

/** Pit values for one player: 1 for the pit nearest their shooting line, +1 per step away, up to the maximum. */
export function pitValuesFor(team: TeamId, teams: readonly TeamId[], field: PitField, options: PitRushOptions): Map<string, number> {
  if (options.pitValues === 'one-each') return new Map(field.pits.map((p) => [p.id, 1]));
  if (options.pitValues === 'board-figure' && Object.keys(field.figure).length === field.pits.length) {
    return new Map(field.pits.map((p) => [p.id, field.figure[p.id]!]));
  }
  const seatNo = options.pitValues === 'board-figure' ? 1 : seatOf(team, teams, field, options);
  const seat = field.seats.find((s) => s.seat === seatNo) ?? field.seats[0];
  if (!seat) return new Map(field.pits.map((p) => [p.id, 1]));
  const mid = { xMm: (seat.line.x1Mm + seat.line.x2Mm) / 2, yMm: (seat.line.y1Mm + seat.line.y2Mm) / 2 };
  const nearest = field.pits.reduce((a, b) => (distanceMm(b, mid) < distanceMm(a, mid) ? b : a));
  const steps = stepsFrom(field, nearest.id);
  return new Map(field.pits.map((p) => [p.id, Math.min(field.maxValue, 1 + (steps.get(p.id) ?? field.maxValue))]));
}
