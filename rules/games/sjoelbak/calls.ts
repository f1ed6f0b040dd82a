/** Per-disc calls and the score of a sjoelbak turn: compartments, complete sets, the gate bar's front face. */
import type { BoardState, DiscState, TeamId } from '../../core/board-state.ts';
import type { Decision, DiscCall, RoundScore } from '../../core/calls.ts';
import { callFromClearance, GEOMETRY_EPSILON_MM, type Call } from '../../geometry/call.ts';
import { clearanceToLineMm, signedDistanceToPolygonMm } from '../../geometry/measure.ts';
import { pieceRadiusMm, type BoardProfile } from '../../profiles/schema.ts';
import { readSjoelbakBoard, signedDistanceAlongMm, type Compartment, type SjoelbakBoard } from './board.ts';

/**
 * Where a disc lies: in a compartment (wholly past the gate bar's front face), in an arch (not
 * wholly past it), on the lane between the bars, short of the start bar (not in play), or off.
 */
export type SjoelbakZone = string;

interface Measures {
  off: boolean;
  /** Clearance of the disc's outline to the front face of the gate bar (< 0: straddling it). */
  faceClearanceMm: number;
  faceSide: 'beyond' | 'front';
  /** Clearance to the start bar's far face (< 0: still under it). */
  startClearanceMm: number;
  startSide: 'past' | 'short';
  compartment: Compartment;
}

function measure(disc: DiscState, board: SjoelbakBoard, radiusMm: number): Measures {
  const footprint = { xMm: disc.xMm, yMm: disc.yMm, radiusMm };
  const s = board.surface;
  const off = s.shape === 'rect'
    ? disc.xMm < s.minXMm || disc.xMm > s.maxXMm || disc.yMm < s.minYMm || disc.yMm > s.maxYMm
    : Math.hypot(disc.xMm - s.xMm, disc.yMm - s.yMm) > s.radiusMm;
  const face = clearanceToLineMm(footprint, board.face, board.face.lineWidthMm);
  const start = clearanceToLineMm(footprint, board.startFace, 0);
  // The compartment whose region holds the centre; a centre just outside every region goes to the nearest.
  let best = board.compartments[0]!;
  let bestSd = -Infinity;
  for (const c of board.compartments) {
    const sd = signedDistanceToPolygonMm(disc, c.polygon);
    if (sd > bestSd) {
      bestSd = sd;
      best = c;
    }
  }
  return {
    off,
    faceClearanceMm: face.clearanceMm,
    faceSide: signedDistanceAlongMm(disc, board.face, board.beyond) > 0 ? 'beyond' : 'front',
    startClearanceMm: start.clearanceMm,
    startSide: signedDistanceAlongMm(disc, board.startFace, board.beyond) > 0 ? 'past' : 'short',
    compartment: best,
  };
}

function zoneOf(m: Measures, faceTouching: boolean, startTouching: boolean): { zone: SjoelbakZone; points: number; inPlay: boolean } {
  if (m.off) return { zone: 'off', points: 0, inPlay: false };
  if (m.faceSide === 'beyond' && !faceTouching) return { zone: m.compartment.id, points: m.compartment.value, inPlay: true };
  if (faceTouching) return { zone: 'arch', points: 0, inPlay: true };
  if (m.startSide === 'short' || startTouching) return { zone: 'start', points: 0, inPlay: false };
  return { zone: 'lane', points: 0, inPlay: true };
}

export interface SjoelbakDiscCall extends DiscCall {
  /** The compartment number when the disc counts for one. */
  compartment?: number;
}

export function callSjoelbakDisc(disc: DiscState, board: SjoelbakBoard, fallbackRadiusMm: number, decision?: Decision): SjoelbakDiscCall {
  const radiusMm = disc.radiusMm ?? fallbackRadiusMm;
  const uncertaintyMm = disc.uncertaintyMm ?? 0;
  const m = measure(disc, board, radiusMm);
  // The deciding line is the nearer one: a millimetre or two can only change that call.
  const faceDecides = Math.abs(m.faceClearanceMm) <= Math.abs(m.startClearanceMm);
  const line = faceDecides ? board.face.id : board.startFace.id;
  const clearanceMm = faceDecides ? m.faceClearanceMm : m.startClearanceMm;
  const measuredCall: Call = callFromClearance(clearanceMm, uncertaintyMm);
  const decided = decision && decision.discId === disc.id ? decision.call : undefined;
  const touchingOf = (which: 'face' | 'start', override?: 'clear' | 'touching'): boolean => {
    const decides = (which === 'face') === faceDecides;
    if (decides && override) return override === 'touching';
    return (which === 'face' ? m.faceClearanceMm : m.startClearanceMm) <= GEOMETRY_EPSILON_MM;
  };
  const z = zoneOf(m, touchingOf('face', decided), touchingOf('start', decided));
  const result: SjoelbakDiscCall = {
    id: disc.id,
    team: disc.team,
    zone: z.zone,
    points: z.points,
    call: decided ?? measuredCall,
    clearanceMm,
    uncertaintyMm,
    line,
    inPlay: z.inPlay,
  };
  if (z.zone.startsWith('compartment-')) result.compartment = m.compartment.number;
  if (measuredCall === 'too-close' && !decided) {
    result.pointsIfClear = zoneOf(m, touchingOf('face', 'clear'), touchingOf('start', 'clear')).points;
    result.pointsIfTouching = zoneOf(m, touchingOf('face', 'touching'), touchingOf('start', 'touching')).points;
  }
  return result;
}

export function callSjoelbakDiscs(state: BoardState, profile: BoardProfile, decisions: readonly Decision[] = []): SjoelbakDiscCall[] {
  const board = readSjoelbakBoard(profile);
  const r = pieceRadiusMm(profile);
  return state.discs.map((d) => callSjoelbakDisc(d, board, r, decisions.find((x) => x.discId === d.id)));
}

/** Which calls wait for a person: too close to call AND the two outcomes score differently. */
export function pendingSjoelbakIds(calls: readonly DiscCall[]): string[] {
  return calls.filter((c) => c.call === 'too-close' && c.pointsIfClear !== c.pointsIfTouching).map((c) => c.id);
}

export interface SjoelbakTally {
  /** Discs counted in each compartment, by number. */
  counts: Record<number, number>;
  /** Complete sets of one disc from every compartment. */
  sets: number;
  total: number;
  /** Plain-language breakdown: "5 sets x 20 = 100; 4 extra in 2 = 8; ...". */
  breakdown: string;
}

/**
 * Every complete set of one disc from each compartment scores `setPoints`; the remaining discs
 * score their compartment's value (seed 004: 5/9/5/7 in 1/2/3/4 -> 100 + 8 + 8 = 116).
 */
export function sjoelbakPoints(counts: Record<number, number>, compartments: readonly { number: number; value: number }[], setPoints: number): SjoelbakTally {
  const n = (k: number) => Math.max(0, Math.floor(counts[k] ?? 0));
  const sets = compartments.length === 0 ? 0 : Math.min(...compartments.map((c) => n(c.number)));
  let total = sets * setPoints;
  const parts = [`${sets} set${sets === 1 ? '' : 's'} x ${setPoints} = ${sets * setPoints}`];
  for (const c of compartments) {
    const extra = n(c.number) - sets;
    if (extra > 0) {
      total += extra * c.value;
      parts.push(`${extra} extra in ${c.number} = ${extra * c.value}`);
    }
  }
  const clean: Record<number, number> = Object.fromEntries(compartments.map((c) => [c.number, n(c.number)]));
  return { counts: clean, sets, total, breakdown: `${parts.join('; ')}; total ${total}` };
}

/** Counts per compartment: the counts given directly plus the discs seen wholly past the gate bar. */
export function compartmentCounts(
  state: BoardState,
  calls: readonly SjoelbakDiscCall[],
  board: SjoelbakBoard,
): { counts: Record<number, number>; notes: string[] } {
  const notes: string[] = [];
  const counts: Record<number, number> = Object.fromEntries(board.compartments.map((c) => [c.number, 0]));
  for (const [key, n] of Object.entries(state.compartments ?? {})) {
    const k = Number(key);
    if (!(k in counts)) {
      notes.push(`compartment "${key}" is not on this board: its ${n} disc(s) ignored`);
      continue;
    }
    if (!Number.isInteger(n) || n < 0) {
      notes.push(`compartment ${key}: count ${n} is not a whole number of discs: ignored`);
      continue;
    }
    counts[k] = counts[k]! + n;
  }
  for (const c of calls) if (c.compartment !== undefined) counts[c.compartment] = (counts[c.compartment] ?? 0) + 1;
  return { counts, notes };
}

export function scoreSjoelbakBoard(
  state: BoardState,
  profile: BoardProfile,
  setPoints: number,
  player: TeamId,
  teams: readonly TeamId[],
  decisions: readonly Decision[] = [],
): RoundScore {
  const board = readSjoelbakBoard(profile);
  const calls = callSjoelbakDiscs(state, profile, decisions);
  const { counts, notes } = compartmentCounts(state, calls, board);
  const tally = sjoelbakPoints(counts, board.compartments, setPoints);
  const points: Record<TeamId, number> = Object.fromEntries(teams.map((t) => [t, 0]));
  points[player] = tally.total;
  const pendingIds = pendingSjoelbakIds(calls);
  const countText = board.compartments.map((c) => `${tally.counts[c.number]} in ${c.number}`).join(', ');
  notes.push(`${player}: ${countText}: ${tally.breakdown}`);
  for (const c of calls) {
    if (c.call === 'too-close' && pendingIds.includes(c.id)) {
      notes.push(`${c.id} too close to the gate bar's front face to call: ${c.clearanceMm.toFixed(2)} ± ${c.uncertaintyMm.toFixed(2)} mm (counted as measured)`);
    }
  }
  return { points, calls, pendingIds, notes };
}
