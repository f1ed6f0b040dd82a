/**
 * Per-disc calls and the round result for Sling: which half each disc is in, a disc in the gate
 * (overlapping the gate line) being in neither, and who has every disc that must cross across.
 */
import type { BoardState, DiscState, TeamId } from '../../core/board-state.ts';
import type { Decision, DiscCall, RoundScore } from '../../core/calls.ts';
import { callFromClearance, GEOMETRY_EPSILON_MM, type Call } from '../../geometry/call.ts';
import { clearanceToLineMm } from '../../geometry/measure.ts';
import { pieceRadiusMm, requireFeature, type BoardProfile, type FeatureOf } from '../../profiles/schema.ts';
import type { SlingOptions } from './options.ts';

export const SLING_REQUIRED_FEATURES = ['gate-line', 'half-near', 'half-far'] as const;

export type Half = 'half-near' | 'half-far';
export type SlingZone = Half | 'gate' | 'off';

/** How a round of the quick modes ended. */
export type SlingOutcome = { kind: 'closed'; by: TeamId } | { kind: 'comeback'; loser: TeamId };

export interface SlingBoard {
  gate: FeatureOf<'line'>;
  /** Unit normal of the gate line pointing into the far half. */
  nx: number;
  ny: number;
  surface: BoardProfile['surface'];
}

export function readSlingBoard(profile: BoardProfile): SlingBoard {
  const gate = requireFeature(profile, 'gate-line', 'line');
  const far = requireFeature(profile, 'half-far', 'region').pointsMm;
  const cx = far.reduce((s, p) => s + p.xMm, 0) / far.length;
  const cy = far.reduce((s, p) => s + p.yMm, 0) / far.length;
  const dx = gate.x2Mm - gate.x1Mm;
  const dy = gate.y2Mm - gate.y1Mm;
  const len = Math.hypot(dx, dy) || 1;
  let nx = -dy / len;
  let ny = dx / len;
  if (nx * (cx - gate.x1Mm) + ny * (cy - gate.y1Mm) < 0) {
    nx = -nx;
    ny = -ny;
  }
  return { gate, nx, ny, surface: profile.surface };
}

/** The first player sits at the near half (-y), the second at the far half. */
export function ownHalf(team: TeamId, teams: readonly TeamId[]): Half | null {
  const i = teams.indexOf(team);
  return i === 0 ? 'half-near' : i === 1 ? 'half-far' : null;
}

export function otherHalf(h: Half): Half {
  return h === 'half-near' ? 'half-far' : 'half-near';
}

export interface SlingDiscCall extends DiscCall {
  zone: SlingZone;
}

export function callSlingDisc(disc: DiscState, board: SlingBoard, fallbackRadiusMm: number, teams: readonly TeamId[], decision?: Decision): SlingDiscCall {
  const radiusMm = disc.radiusMm ?? fallbackRadiusMm;
  const uncertaintyMm = disc.uncertaintyMm ?? 0;
  const s = board.surface;
  const off = s.shape === 'rect'
    ? disc.xMm < s.minXMm || disc.xMm > s.maxXMm || disc.yMm < s.minYMm || disc.yMm > s.maxYMm
    : Math.hypot(disc.xMm - s.xMm, disc.yMm - s.yMm) > s.radiusMm;
  const { clearanceMm } = clearanceToLineMm({ xMm: disc.xMm, yMm: disc.yMm, radiusMm }, board.gate, board.gate.lineWidthMm);
  const towardsFar = board.nx * (disc.xMm - board.gate.x1Mm) + board.ny * (disc.yMm - board.gate.y1Mm) > 0;
  const measuredCall: Call = callFromClearance(clearanceMm, uncertaintyMm);
  const decided = decision && decision.discId === disc.id ? decision.call : undefined;
  const zoneIf = (inGate: boolean): SlingZone => (off ? 'off' : inGate ? 'gate' : towardsFar ? 'half-far' : 'half-near');
  const zone = zoneIf(decided ? decided === 'touching' : clearanceMm <= GEOMETRY_EPSILON_MM);
  const home = ownHalf(disc.team, teams);
  const pointsOf = (z: SlingZone) => (home && z === otherHalf(home) ? 1 : 0);
  const call: SlingDiscCall = {
    id: disc.id,
    team: disc.team,
    zone,
    points: pointsOf(zone),
    call: decided ?? measuredCall,
    clearanceMm,
    uncertaintyMm,
    line: board.gate.id,
    inPlay: zone !== 'off',
  };
  if (measuredCall === 'too-close' && !decided) {
    call.pointsIfClear = pointsOf(zoneIf(false));
    call.pointsIfTouching = pointsOf(zoneIf(true));
  }
  return call;
}

export function callSlingDiscs(state: BoardState, profile: BoardProfile, teams: readonly TeamId[], decisions: readonly Decision[] = []): SlingDiscCall[] {
  const board = readSlingBoard(profile);
  const r = pieceRadiusMm(profile);
  return state.discs.map((d) => callSlingDisc(d, board, r, teams, decisions.find((x) => x.discId === d.id)));
}

/** The discs a player must have in the opponent's half: every disc (basic) or their own (quickmatch). */
export function mustCross(calls: readonly SlingDiscCall[], team: TeamId, options: SlingOptions): SlingDiscCall[] {
  const onBoard = calls.filter((c) => c.zone !== 'off');
  return options.mode === 'basic' ? onBoard : onBoard.filter((c) => c.team === team);
}

/** True when every disc the player must get across lies in the opponent's half. */
export function allAcross(calls: readonly SlingDiscCall[], team: TeamId, teams: readonly TeamId[], options: SlingOptions): boolean {
  const home = ownHalf(team, teams);
  if (!home) return false;
  return mustCross(calls, team, options).every((c) => c.zone === otherHalf(home));
}

/** A disc the player must get across lies in the player's own half (it came back through). */
export function anyBack(calls: readonly SlingDiscCall[], team: TeamId, teams: readonly TeamId[], options: SlingOptions): boolean {
  const home = ownHalf(team, teams);
  return home !== null && mustCross(calls, team, options).some((c) => c.zone === home);
}

export function scoreSlingBoard(
  state: BoardState,
  profile: BoardProfile,
  options: SlingOptions,
  teams: readonly TeamId[],
  decisions: readonly Decision[] = [],
  outcome: SlingOutcome | null = null,
): RoundScore {
  const players = teams.slice(0, 2);
  const calls = callSlingDiscs(state, profile, players, decisions);
  const points: Record<TeamId, number> = Object.fromEntries(players.map((t) => [t, 0]));
  const notes: string[] = [];
  if (teams.length > 2) notes.push(`Sling is a duel: only ${players.join(' and ')} are scored`);
  const opponent = (t: TeamId) => players.find((p) => p !== t)!;
  if (options.mode === 'slow') {
    const across = Object.fromEntries(players.map((t) => [t, calls.filter((c) => c.team === t && c.points > 0).length]));
    notes.push(players.map((t) => `${t} ${across[t]} disc(s) in the opponent's half`).join(', '));
    const [a, b] = players;
    if (a !== undefined && b !== undefined && across[a] !== across[b]) points[across[a]! > across[b]! ? a : b] = 1;
    else notes.push('tie: replay the round');
  } else if (outcome?.kind === 'comeback') {
    points[opponent(outcome.loser)] = 1;
    notes.push(`a disc came back into ${outcome.loser}'s half before ${outcome.loser} closed the gate: ${opponent(outcome.loser)} wins the round`);
  } else if (outcome?.kind === 'closed') {
    if (allAcross(calls, outcome.by, players, options)) {
      points[outcome.by] = 1;
      notes.push(`${outcome.by} closed the gate with every disc across: ${outcome.by} wins the round`);
    } else if (options.falseClose === 'opponent-scores') {
      points[opponent(outcome.by)] = 1;
      notes.push(`${outcome.by} closed the gate too early: ${opponent(outcome.by)} wins the round`);
    } else {
      notes.push(`${outcome.by} closed the gate too early: replay the round`);
    }
  } else {
    // A board on its own: who would win by closing the gate now.
    for (const t of players) {
      if (allAcross(calls, t, players, options)) {
        points[t] = 1;
        notes.push(`${t} has every disc across: wins by closing the gate now`);
      }
    }
  }
  const pendingIds = calls.filter((c) => c.call === 'too-close').map((c) => c.id);
  for (const c of calls) {
    if (c.call === 'too-close') notes.push(`${c.id} (${c.team}) too close to the gate to call: ${c.clearanceMm.toFixed(2)} ± ${c.uncertaintyMm.toFixed(2)} mm (counted as measured)`);
  }
  return { points, calls, pendingIds, notes };
}
