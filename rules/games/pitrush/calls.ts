/**
 * Per-disc calls and the score of a PitRush board: discs in pits, discs on top of a pit (covering
 * part of it), discs hanging over empty pits, neutral discs, and formation bonuses.
 */
import type { BoardState, DiscState, TeamId } from '../../core/board-state.ts';
import type { Decision, DiscCall, RoundScore } from '../../core/calls.ts';
import { callFromClearance, GEOMETRY_EPSILON_MM, type Call } from '../../geometry/call.ts';
import { distanceMm, signedDistanceToPolygonMm } from '../../geometry/measure.ts';
import { pieceRadiusMm, type BoardProfile } from '../../profiles/schema.ts';
import type { PitRushOptions } from './options.ts';
import { pitValuesFor, readPitField, type Pit, type PitField } from './pits.ts';

export const PITRUSH_REQUIRED_FEATURES = ['pit-1-1', 'shooting-line-1', 'shooting-area-1'] as const;

export const NEUTRAL_TEAM = 'neutral';

export function isNeutral(d: { team: TeamId; kind?: string }): boolean {
  return d.kind === 'neutral' || d.team === NEUTRAL_TEAM;
}

export type Placement =
  /** Lies in the pit (its centre is over it and it rests on nothing). */
  | { kind: 'in-pit'; pitId: string }
  /** Covers part of one or more pits that hold a disc. */
  | { kind: 'on-top'; pitIds: string[] }
  /** Covers part of empty pits only: blocks a neutral placement there, scores nothing. */
  | { kind: 'hanging'; pitIds: string[] }
  | { kind: 'board' }
  | { kind: 'off' };

interface Boundary {
  /** The pit, or the board's region ('edge'). */
  pitId: string;
  /**
   * 'centre': is the centre over the pit (the disc drops in)? 'cover': does the disc cover part
   * of the pit? 'edge': is the centre on the board (not off its edge)?
   */
  kind: 'centre' | 'cover' | 'edge';
  /** > 0: clear (not in / not covering / off the board), <= 0: touching (in / covering / on the board). */
  clearanceMm: number;
}

interface Measured {
  disc: DiscState;
  uncertaintyMm: number;
  nearest: Pit;
  centre: Boundary | null;
  covers: Boundary[];
  /** The board's edge (null when the profile draws no board region: never off). */
  edge: Boundary | null;
  /** The boundary the call is about: the nearest one, which a millimetre or two could flip. */
  deciding: Boundary;
  measuredCall: Call;
  /** Seen in a pit, perhaps resting on a disc hidden under it (DiscState.mayRestOnHidden). */
  hiddenBelow: boolean;
  /** Perhaps lying on other discs (DiscState.ifOnDiscsMm), and called otherwise if it does. */
  stackInDoubt: boolean;
}

/** The boundaries round a disc at `at` (its centre's only when it lies on the board, not on a disc). */
function boundariesAt(at: { xMm: number; yMm: number }, withCentre: boolean, r: number, field: PitField): { nearest: Pit; centre: Boundary | null; covers: Boundary[]; edge: Boundary | null } {
  const nearest = field.pits.reduce((a, b) => (distanceMm(b, at) < distanceMm(a, at) ? b : a));
  const centre: Boundary | null = withCentre ? { pitId: nearest.id, kind: 'centre', clearanceMm: distanceMm(at, nearest) - nearest.radiusMm } : null;
  const covers: Boundary[] = field.pits.map((p) => ({ pitId: p.id, kind: 'cover', clearanceMm: distanceMm(at, p) - r - p.radiusMm }));
  // Off the board: the centre past the edge, so a disc measured near the edge is too close to call.
  const edge: Boundary | null = field.board ? { pitId: field.board.id, kind: 'edge', clearanceMm: -signedDistanceToPolygonMm(at, field.board.pointsMm) } : null;
  return { nearest, centre, covers, edge };
}

function nearestBoundary(b: { centre: Boundary | null; covers: Boundary[]; edge: Boundary | null }): Boundary {
  return [...(b.centre ? [b.centre] : []), ...b.covers, ...(b.edge ? [b.edge] : [])].reduce((a, c) => (Math.abs(c.clearanceMm) < Math.abs(a.clearanceMm) ? c : a));
}

/**
 * What a disc's measured boundaries say, in short: too close to call, or what it is in or over.
 * Not the word called on the nearest boundary: a disc over a pit's edge is "clear" of the pit's
 * centre lying on the board and "touching" the pit's cover lying on a disc (which has no centre
 * boundary), yet hangs over the pit either way.
 */
function verdictOf(b: { centre: Boundary | null; covers: Boundary[]; edge: Boundary | null }, uncertaintyMm: number): string {
  if (callFromClearance(nearestBoundary(b).clearanceMm, uncertaintyMm) === 'too-close') return 'too-close';
  const touched = (x: Boundary | null) => x !== null && x.clearanceMm <= GEOMETRY_EPSILON_MM;
  return [touched(b.centre), touched(b.edge), ...b.covers.filter(touched).map((c) => c.pitId)].join(' ');
}

function measureDisc(disc: DiscState, field: PitField, fallbackRadiusMm: number): Measured {
  const r = disc.radiusMm ?? fallbackRadiusMm;
  const { nearest, centre, covers, edge } = boundariesAt(disc, !disc.onTopOfId, r, field);
  const deciding = nearestBoundary({ centre, covers, edge });
  const uncertaintyMm = disc.uncertaintyMm ?? 0;
  // In the pit or on a disc hidden in it: the same points for this disc, but the disc under it
  // (and whether this one lies "in" or "on") only a person lifting it can tell.
  const hiddenBelow = disc.mayRestOnHidden === true && centre !== null && centre.clearanceMm <= GEOMETRY_EPSILON_MM;
  // Perhaps lying on other discs: there it has no pit to drop into, and its footprint is nearer
  // the camera. Where that would be called otherwise, only a person can tell which it is.
  const single = verdictOf({ centre, covers, edge }, uncertaintyMm);
  const stackInDoubt = !disc.onTopOfId && (disc.ifOnDiscsMm ?? []).some((at) => verdictOf(boundariesAt(at, false, r, field), uncertaintyMm) !== single);
  const measuredCall = hiddenBelow || stackInDoubt ? 'too-close' : callFromClearance(deciding.clearanceMm, uncertaintyMm);
  return { disc, uncertaintyMm, nearest, centre, covers, edge, deciding, measuredCall, hiddenBelow, stackInDoubt };
}

/** Off the board: its centre is past the board's edge (or a person ruled so). */
function isOff(m: Measured, decision?: Decision): boolean {
  return m.edge !== null && !touching(m, m.edge, decision);
}

function touching(m: Measured, b: Boundary, decision?: Decision): boolean {
  if (decision && b.pitId === m.deciding.pitId && b.kind === m.deciding.kind) return decision.call === 'touching';
  return b.clearanceMm <= GEOMETRY_EPSILON_MM;
}

export interface PlacedDisc extends Measured {
  placement: Placement;
  decided?: 'clear' | 'touching';
}

/** Where every disc lies, with the person's decisions applied; ambiguous stacks noted. */
export function placeDiscs(state: BoardState, field: PitField, fallbackRadiusMm: number, decisions: readonly Decision[] = []): { placed: PlacedDisc[]; notes: string[] } {
  const notes: string[] = [];
  const decisionOf = (id: string) => decisions.find((d) => d.discId === id);
  const measured = state.discs.map((d) => measureDisc(d, field, fallbackRadiusMm));
  const inPit = new Map<string, Measured[]>();
  for (const m of measured) {
    if (isOff(m, decisionOf(m.disc.id)) || !m.centre || !touching(m, m.centre, decisionOf(m.disc.id))) continue;
    inPit.set(m.centre.pitId, [...(inPit.get(m.centre.pitId) ?? []), m]);
  }
  // A pit holds one disc. With two seen in it and no stacking reported, the one something rests on,
  // else the one nearest the pit's centre, is in it; the others lie on top. Ties go to the lower id,
  // so the call never depends on the order the discs are listed in.
  const occupant = new Map<string, string>();
  for (const [pitId, ms] of inPit) {
    const restedOn = ms.filter((m) => state.discs.some((d) => d.onTopOfId === m.disc.id));
    const pit = field.byId.get(pitId)!;
    const nearer = (a: Measured, b: Measured): Measured => {
      const da = distanceMm(a.disc, pit);
      const db = distanceMm(b.disc, pit);
      return db < da || (db === da && b.disc.id < a.disc.id) ? b : a;
    };
    const chosen = (restedOn.length > 0 ? restedOn : ms).reduce(nearer);
    occupant.set(pitId, chosen.disc.id);
    if (ms.length > 1) notes.push(`${ms.map((m) => m.disc.id).join(', ')} all seen in ${pitId}: ${chosen.disc.id} taken as the one in it, the others on top`);
  }
  const occupiedPits = new Set(occupant.keys());
  const placed: PlacedDisc[] = measured.map((m) => {
    const decision = decisionOf(m.disc.id);
    const base = { ...m, ...(decision ? { decided: decision.call } : {}) };
    if (isOff(m, decision)) return { ...base, placement: { kind: 'off' } };
    if (m.centre && occupant.get(m.centre.pitId) === m.disc.id) return { ...base, placement: { kind: 'in-pit', pitId: m.centre.pitId } };
    const covered = m.covers.filter((b) => touching(m, b, decision)).map((b) => b.pitId);
    const onOccupied = covered.filter((p) => occupiedPits.has(p));
    if (onOccupied.length > 0) return { ...base, placement: { kind: 'on-top', pitIds: onOccupied } };
    if (covered.length > 0) return { ...base, placement: { kind: 'hanging', pitIds: covered } };
    return { ...base, placement: { kind: 'board' } };
  });
  return { placed, notes };
}

/** Pits holding a disc (any colour, neutral too), by pit id: the disc in it. */
export function pitOccupants(placed: readonly PlacedDisc[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of placed) if (p.placement.kind === 'in-pit') out.set(p.placement.pitId, p.disc.id);
  return out;
}

/** Empty pits no disc covers any part of: where a neutral disc may be placed. */
export function pitsOpenForNeutral(field: PitField, placed: readonly PlacedDisc[]): string[] {
  const blocked = new Set<string>();
  for (const p of placed) {
    if (p.placement.kind === 'in-pit') blocked.add(p.placement.pitId);
    if (p.placement.kind === 'hanging' || p.placement.kind === 'on-top') for (const id of p.placement.pitIds) blocked.add(id);
  }
  return field.pits.map((p) => p.id).filter((id) => !blocked.has(id));
}

export interface FormationBonus {
  team: TeamId;
  kind: 'triangle' | 'row';
  pitIds: string[];
  points: number;
}

/** Formations held: every pit of it held by the player; scored once per player per formation. */
export function formationBonuses(holdings: ReadonlyMap<TeamId, ReadonlySet<string>>, field: PitField): FormationBonus[] {
  const out: FormationBonus[] = [];
  for (const [team, held] of holdings) {
    for (const t of field.triangles) if (t.every((id) => held.has(id))) out.push({ team, kind: 'triangle', pitIds: t, points: 1 });
    for (const row of field.rows) if (row.every((id) => held.has(id))) out.push({ team, kind: 'row', pitIds: row, points: row.length });
  }
  return out;
}

interface Scored {
  points: Record<TeamId, number>;
  discPoints: Map<string, number>;
  placed: PlacedDisc[];
  bonuses: FormationBonus[];
  notes: string[];
}

function scorePlaced(state: BoardState, field: PitField, radius: number, options: PitRushOptions, teams: readonly TeamId[], decisions: readonly Decision[]): Scored {
  const { placed, notes } = placeDiscs(state, field, radius, decisions);
  const values = new Map<TeamId, Map<string, number>>();
  const valueOf = (team: TeamId, pitId: string): number => {
    if (!values.has(team)) values.set(team, pitValuesFor(team, teams, field, options));
    return values.get(team)!.get(pitId) ?? 0;
  };
  const points: Record<TeamId, number> = Object.fromEntries(teams.map((t) => [t, 0]));
  const discPoints = new Map<string, number>();
  const holdings = new Map<TeamId, Set<string>>();
  const hold = (team: TeamId, pitId: string) => holdings.set(team, new Set([...(holdings.get(team) ?? []), pitId]));
  for (const p of placed) {
    const d = p.disc;
    let pts = 0;
    if (!isNeutral(d) && p.placement.kind === 'in-pit') {
      const pitId = p.placement.pitId;
      const coveredBy = placed.filter((o) => o.placement.kind === 'on-top' && o.placement.pitIds.includes(pitId) && !isNeutral(o.disc) && o.disc.team !== d.team);
      if (coveredBy.length > 0) {
        notes.push(`${d.id} (${d.team}) in ${pitId} scores nothing: ${coveredBy.map((o) => `${o.disc.id} (${o.disc.team})`).join(', ')} on top`);
      } else {
        pts = valueOf(d.team, pitId);
        hold(d.team, pitId);
      }
    } else if (!isNeutral(d) && p.placement.kind === 'on-top') {
      // One disc scores once, for the best pit it covers.
      pts = Math.max(...p.placement.pitIds.map((id) => valueOf(d.team, id)));
      for (const id of p.placement.pitIds) hold(d.team, id);
    }
    discPoints.set(d.id, pts);
    if (!isNeutral(d)) points[d.team] = (points[d.team] ?? 0) + pts;
  }
  const bonuses = options.formations ? formationBonuses(holdings, field) : [];
  for (const b of bonuses) {
    points[b.team] = (points[b.team] ?? 0) + b.points;
    notes.push(`${b.team}: ${b.kind === 'row' ? `complete row of ${b.pitIds.length}` : 'small triangle'} ${b.pitIds.join(' ')} +${b.points}`);
  }
  return { points, discPoints, placed, bonuses, notes };
}

function zoneOf(p: PlacedDisc): string {
  switch (p.placement.kind) {
    case 'in-pit':
      return `in ${p.placement.pitId}`;
    case 'on-top':
      return `on ${p.placement.pitIds.join(' ')}`;
    case 'hanging':
      return `hanging ${p.placement.pitIds.join(' ')}`;
    default:
      return p.placement.kind;
  }
}

export interface PitRushScore extends RoundScore {
  bonuses: FormationBonus[];
}

/**
 * The board with the discs a person found under a disc in a pit (Decision.discsUnder) in it:
 * stacked under that disc, the lowest in the pit, at its centre. The disc then lies on them, so
 * its decision is "touching" (on the pit they fill). Only for a disc whose centre is over a pit.
 */
export function withDiscsFoundUnder(state: BoardState, field: PitField, decisions: readonly Decision[]): { state: BoardState; decisions: Decision[]; notes: string[] } {
  const added: DiscState[] = [];
  const notes: string[] = [];
  const stackedOn = new Set<string>();
  const discs = state.discs.map((d) => {
    const under = decisions.find((x) => x.discId === d.id)?.discsUnder ?? [];
    if (under.length === 0) return d;
    const pit = field.pits.find((p) => distanceMm(p, d) <= p.radiusMm);
    if (!pit || d.onTopOfId) {
      notes.push(`the discs said to lie under ${d.id} are not counted: it is not seen lying over a pit`);
      return d;
    }
    const ids = under.map((_, i) => `${d.id}/under-${i + 1}`);
    under.forEach((team, i) => {
      const lowest = i === under.length - 1;
      added.push({
        id: ids[i]!,
        team,
        ...(team === NEUTRAL_TEAM ? { kind: 'neutral' as const } : {}),
        xMm: lowest ? pit.xMm : d.xMm,
        yMm: lowest ? pit.yMm : d.yMm,
        ...(d.radiusMm !== undefined ? { radiusMm: d.radiusMm } : {}),
        ...(lowest ? {} : { onTopOfId: ids[i + 1]! }),
      });
    });
    stackedOn.add(d.id);
    notes.push(`${d.id} (${d.team}) lies on ${under.length} disc(s) a person found under it in ${pit.id}: ${ids.map((id, i) => `${id} (${under[i]})`).join(', ')}`);
    const { mayRestOnHidden: _, ...seen } = d;
    return { ...seen, onTopOfId: ids[0]! };
  });
  if (added.length === 0) return { state, decisions: [...decisions], notes };
  return { state: { ...state, discs: [...discs, ...added] }, decisions: decisions.map((x) => (stackedOn.has(x.discId) ? { ...x, call: 'touching' as const } : x)), notes };
}

export function scorePitRushBoard(
  seenState: BoardState,
  profile: BoardProfile,
  options: PitRushOptions,
  teams: readonly TeamId[],
  seenDecisions: readonly Decision[] = [],
): PitRushScore {
  const field = readPitField(profile);
  const radius = pieceRadiusMm(profile);
  const found = withDiscsFoundUnder(seenState, field, seenDecisions);
  const { state, decisions } = found;
  const s = scorePlaced(state, field, radius, options, teams, decisions);
  const pendingIds: string[] = [];
  const notes = [...found.notes, ...s.notes];
  const calls: DiscCall[] = s.placed.map((p) => {
    const call: DiscCall = {
      id: p.disc.id,
      team: p.disc.team,
      zone: zoneOf(p),
      points: s.discPoints.get(p.disc.id) ?? 0,
      call: p.decided ?? p.measuredCall,
      clearanceMm: p.deciding.clearanceMm,
      uncertaintyMm: p.uncertaintyMm,
      line: p.deciding.pitId,
      boundary: p.deciding.kind,
      inPlay: p.placement.kind !== 'off',
    };
    if (p.measuredCall === 'too-close' && !p.decided && p.hiddenBelow) {
      pendingIds.push(p.disc.id);
      // Lying in the pit or on a disc in it, this disc scores the same.
      call.pointsIfClear = call.points;
      call.pointsIfTouching = call.points;
      const pitId = p.centre?.pitId ?? p.deciding.pitId;
      notes.push(`${p.disc.id} (${p.disc.team}) in ${pitId}, or lying on a disc hidden in it that the camera cannot see: a person must look, and say what lies under it (a disc under it counts only then)`);
    } else if (p.measuredCall === 'too-close' && !p.decided) {
      pendingIds.push(p.disc.id);
      const others = decisions.filter((d) => d.discId !== p.disc.id);
      call.pointsIfClear = scorePlaced(state, field, radius, options, teams, [...others, { discId: p.disc.id, call: 'clear' }]).discPoints.get(p.disc.id) ?? 0;
      call.pointsIfTouching = scorePlaced(state, field, radius, options, teams, [...others, { discId: p.disc.id, call: 'touching' }]).discPoints.get(p.disc.id) ?? 0;
      const what = p.stackInDoubt
        ? `perhaps lying on a disc the camera cannot see, which changes the call`
        : p.deciding.kind === 'centre' ? `in ${p.deciding.pitId} or hanging on its edge` : p.deciding.kind === 'edge' ? 'on the board or off its edge' : `covering part of ${p.deciding.pitId} or not`;
      notes.push(`${p.disc.id} (${p.disc.team}) too close to call, ${what}: ${p.deciding.clearanceMm.toFixed(2)} ± ${p.uncertaintyMm.toFixed(2)} mm (counted as measured)`);
    }
    return call;
  });
  return { points: s.points, calls, pendingIds, notes, bonuses: s.bonuses };
}

export function callPitRushDiscs(state: BoardState, profile: BoardProfile, options: PitRushOptions, teams: readonly TeamId[], decisions: readonly Decision[] = []): DiscCall[] {
  return scorePitRushBoard(state, profile, options, teams, decisions).calls;
}
