/**
 * The house, shared by every curling game here (curling on a mat, Nano Curling): is a stone in
 * the house, which of two stones is closer to the centre, and the closest-stone count with the
 * disputed-stone rule.
 *
 * In the house: the stone touches or lies inside the outer (blue) ring, seen from above. The
 * house call is about the ring's outer edge taken as a region: `houseClearanceMm` > 0 means the
 * stone is clear of the house (out), <= 0 that it touches or overlaps it (in).
 *
 * Closer: distances are measured from the house centre to the stone's centre. Two stones cannot
 * be told apart when their distances differ by no more than the sum of their uncertainties
 * (the same clear / too-close test as every line call).
 */
import type { DiscState, TeamId } from '../../core/board-state.ts';
import type { Decision, DiscCall, RoundScore } from '../../core/calls.ts';
import { callFromClearance, GEOMETRY_EPSILON_MM, type Call } from '../../geometry/call.ts';
import { distanceMm, type PointMm } from '../../geometry/measure.ts';
import { requireFeature, type BoardProfile } from '../../profiles/schema.ts';

export const HOUSE_EDGE_ID = 'house-edge';

export interface House {
  centre: PointMm;
  /** Radius of the outer edge of the blue ring (paint included). */
  outerRadiusMm: number;
  featureId: string;
}

export function houseOf(profile: BoardProfile, featureId = HOUSE_EDGE_ID): House {
  const ring = requireFeature(profile, featureId, 'ring');
  return { centre: { xMm: ring.xMm, yMm: ring.yMm }, outerRadiusMm: ring.radiusMm + ring.lineWidthMm / 2, featureId };
}

export interface StoneInHouse {
  id: string;
  team: TeamId;
  /** House centre to stone centre. */
  distanceMm: number;
  uncertaintyMm: number;
  /** > 0: clear of the house by that much; <= 0: touching or inside it. */
  houseClearanceMm: number;
  /** The measured house call: 'touching' is in the house, 'clear' is out. */
  measuredCall: Call;
  /** After a person's ruling, when there is one. */
  call: Call;
  inHouse: boolean;
}

/**
 * A decision settles the house call only when the measure was too close: a ruling given for a
 * closeness dispute must not move a stone that is plainly in (or out of) the house.
 */
function houseRuling(decision: Decision | undefined, measured: Call): 'clear' | 'touching' | undefined {
  return decision && measured === 'too-close' ? decision.call : undefined;
}

export function measureStoneInHouse(disc: DiscState, house: House, fallbackRadiusMm: number, decision?: Decision): StoneInHouse {
  const radiusMm = disc.radiusMm ?? fallbackRadiusMm;
  const uncertaintyMm = Math.max(0, disc.uncertaintyMm ?? 0);
  const d = distanceMm(disc, house.centre);
  const houseClearanceMm = d - radiusMm - house.outerRadiusMm;
  const measuredCall = callFromClearance(houseClearanceMm, uncertaintyMm);
  const ruled = houseRuling(decision, measuredCall);
  // Too close and not yet ruled: counted as measured (the round waits for a person anyway).
  const inHouse = ruled ? ruled === 'touching' : houseClearanceMm <= GEOMETRY_EPSILON_MM;
  return { id: disc.id, team: disc.team, distanceMm: d, uncertaintyMm, houseClearanceMm, measuredCall, call: ruled ?? measuredCall, inHouse };
}

export interface Closeness {
  /** 'first' or 'second' stone is closer to the centre, or they cannot be told apart. */
  closer: 'first' | 'second' | 'too-close';
  /** Second's distance minus first's: > 0 when the first is closer. */
  differenceMm: number;
  uncertaintyMm: number;
}

export function compareCloseness(
  a: { distanceMm: number; uncertaintyMm: number },
  b: { distanceMm: number; uncertaintyMm: number },
): Closeness {
  const differenceMm = b.distanceMm - a.distanceMm;
  const uncertaintyMm = a.uncertaintyMm + b.uncertaintyMm;
  const call = callFromClearance(Math.abs(differenceMm), uncertaintyMm);
  return { closer: call !== 'clear' ? 'too-close' : differenceMm > 0 ? 'first' : 'second', differenceMm, uncertaintyMm };
}

type Relation = 'first' | 'second' | 'level';

/** Two stones of different teams, both in the house. */
interface Pair {
  a: StoneInHouse;
  b: StoneInHouse;
  measured: Closeness;
  /** A person's ruling on a too-close pair; 'level' means they could not tell either. */
  ruled?: Relation;
}

/**
 * A closeness ruling: a decision on either stone whose winnerId names one of the two says that
 * one is closer; a winnerId naming no stone on the board (e.g. "level") says nobody can tell.
 */
function pairRuling(a: StoneInHouse, b: StoneInHouse, decisions: readonly Decision[], onBoard: ReadonlySet<string>): Relation | undefined {
  for (const d of decisions) {
    if (d.winnerId === undefined || (d.discId !== a.id && d.discId !== b.id)) continue;
    if (d.winnerId === a.id) return 'first';
    if (d.winnerId === b.id) return 'second';
    if (!onBoard.has(d.winnerId)) return 'level';
  }
  return undefined;
}

function baseRelation(p: Pair): Relation {
  if (p.ruled) return p.ruled;
  return p.measured.closer === 'too-close' ? 'level' : p.measured.closer;
}

/**
 * Stones that score: a stone scores when it is closer than every opposing stone in the house.
 * A level pair (disputed) scores nothing, and neither does any stone farther than the nearer
 * of the two (the seed's "those disputed stones and all stones farther away").
 */
function scoringIds(inHouse: readonly StoneInHouse[], pairs: readonly Pair[], relation: (p: Pair) => Relation): Set<string> {
  let cutMm = Infinity;
  for (const p of pairs) if (relation(p) === 'level') cutMm = Math.min(cutMm, p.a.distanceMm, p.b.distanceMm);
  const beats = (s: StoneInHouse, o: StoneInHouse): boolean => {
    const p = pairs.find((q) => (q.a === s && q.b === o) || (q.a === o && q.b === s))!;
    const r = relation(p);
    return p.a === s ? r === 'first' : r === 'second';
  };
  const out = new Set<string>();
  for (const s of inHouse) {
    if (s.distanceMm >= cutMm) continue;
    if (inHouse.every((o) => o.team === s.team || beats(s, o))) out.add(s.id);
  }
  return out;
}

function pointsOf(ids: ReadonlySet<string>, stones: readonly StoneInHouse[], teams: readonly TeamId[]): Record<TeamId, number> {
  const points: Record<TeamId, number> = Object.fromEntries(teams.map((t) => [t, 0]));
  for (const s of stones) if (ids.has(s.id)) points[s.team] = (points[s.team] ?? 0) + 1;
  return points;
}

const samePoints = (a: Record<TeamId, number>, b: Record<TeamId, number>): boolean =>
  Object.keys({ ...a, ...b }).every((t) => (a[t] ?? 0) === (b[t] ?? 0));

interface Tally {
  scoring: Set<string>;
  points: Record<TeamId, number>;
  /** Too-close pairs no one has ruled on, whose outcome changes the points. */
  disputed: Pair[];
  /** Pairs a person ruled level. */
  ruledLevel: Pair[];
  inHouse: StoneInHouse[];
}

function tally(stones: readonly StoneInHouse[], teams: readonly TeamId[], decisions: readonly Decision[]): Tally {
  const byDistance = (x: StoneInHouse, y: StoneInHouse) => x.distanceMm - y.distanceMm || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
  const inHouse = stones.filter((s) => s.inHouse).sort(byDistance);
  const onBoard = new Set(stones.map((s) => s.id));
  const pairs: Pair[] = [];
  for (let i = 0; i < inHouse.length; i++) {
    for (let j = i + 1; j < inHouse.length; j++) {
      const a = inHouse[i]!;
      const b = inHouse[j]!;
      if (a.team === b.team) continue;
      const measured = compareCloseness(a, b);
      const ruled = measured.closer === 'too-close' ? pairRuling(a, b, decisions, onBoard) : undefined;
      pairs.push(ruled ? { a, b, measured, ruled } : { a, b, measured });
    }
  }
  const scoring = scoringIds(inHouse, pairs, baseRelation);
  const points = pointsOf(scoring, inHouse, teams);
  const open = pairs.filter((p) => p.measured.closer === 'too-close' && !p.ruled);
  // A dispute waits for a person only when settling it for one of its stones changes the points.
  const disputedIds = new Set<string>();
  for (const x of inHouse) {
    const mine = open.filter((p) => p.a === x || p.b === x);
    if (mine.length === 0) continue;
    const favour = (p: Pair): Relation => (mine.includes(p) ? (p.a === x ? 'first' : 'second') : baseRelation(p));
    if (!samePoints(pointsOf(scoringIds(inHouse, pairs, favour), inHouse, teams), points)) {
      for (const p of mine) {
        disputedIds.add(p.a.id);
        disputedIds.add(p.b.id);
      }
    }
  }
  const disputed = open.filter((p) => disputedIds.has(p.a.id) && disputedIds.has(p.b.id));
  return { scoring, points, disputed, ruledLevel: pairs.filter((p) => p.ruled === 'level'), inHouse };
}

/** One stone's call: about the house edge, with its distance and any dispute it is part of. */
export interface HouseCall extends DiscCall {
  distanceToCentreMm: number;
  /** Stones it cannot be told apart from, where that changes the score and no one has ruled. */
  disputedWithIds: string[];
}

export interface HouseScore extends RoundScore {
  calls: HouseCall[];
}

const mm = (x: number) => x.toFixed(2);

function describeTally(t: Tally, teams: readonly TeamId[]): string[] {
  const notes: string[] = [];
  for (const p of t.disputed) {
    notes.push(
      `${p.a.id} (${p.a.team}, ${mm(p.a.distanceMm)} mm) and ${p.b.id} (${p.b.team}, ${mm(p.b.distanceMm)} mm) cannot be told apart ` +
        `(${mm(Math.abs(p.measured.differenceMm))} ± ${mm(p.measured.uncertaintyMm)} mm): disputed; until a person rules, they and every stone farther do not score`,
    );
  }
  for (const p of t.ruledLevel) notes.push(`${p.a.id} and ${p.b.id} ruled level: they and every stone farther do not score`);
  if (t.inHouse.length === 0) {
    notes.push('no stone in the house: nobody scores');
    return notes;
  }
  const scorer = teams.find((team) => (t.points[team] ?? 0) > 0);
  if (!scorer) {
    notes.push('nobody scores: the closest stones cannot be told apart');
    return notes;
  }
  const ids = t.inHouse.filter((s) => t.scoring.has(s.id)).map((s) => s.id);
  const rival = t.inHouse.find((s) => s.team !== scorer);
  notes.push(
    `${scorer} scores ${ids.length} (${ids.join(', ')}): ` +
      (rival ? `closer than the opponents' closest stone ${rival.id} (${rival.team}, ${mm(rival.distanceMm)} mm)` : 'no opposing stone in the house'),
  );
  return notes;
}

/**
 * Score an end from the stones at rest. Too-close house calls and disputes that matter wait for
 * a person (pendingIds); until then house calls count as measured and disputes as level.
 */
export function scoreHouse(
  discs: readonly DiscState[],
  house: House,
  fallbackRadiusMm: number,
  teams: readonly TeamId[],
  decisions: readonly Decision[] = [],
): HouseScore {
  const decisionFor = (id: string) => decisions.find((d) => d.discId === id);
  const stones = discs.map((d) => measureStoneInHouse(d, house, fallbackRadiusMm, decisionFor(d.id)));
  const t = tally(stones, teams, decisions);
  const disputedWith = (id: string) =>
    t.disputed.flatMap((p) => (p.a.id === id ? [p.b.id] : p.b.id === id ? [p.a.id] : []));
  const notes = describeTally(t, teams);
  const pendingIds: string[] = [];
  const calls: HouseCall[] = stones.map((s) => {
    const call: HouseCall = {
      id: s.id,
      team: s.team,
      zone: s.inHouse ? 'house' : 'out',
      points: t.scoring.has(s.id) ? 1 : 0,
      call: s.call,
      clearanceMm: s.houseClearanceMm,
      uncertaintyMm: s.uncertaintyMm,
      line: house.featureId,
      inPlay: true,
      distanceToCentreMm: s.distanceMm,
      disputedWithIds: disputedWith(s.id),
    };
    if (s.call === 'too-close') {
      // What this stone would score if a person rules it out of / in the house.
      const forced = (inHouse: boolean) => tally(stones.map((x) => (x === s ? { ...x, inHouse } : x)), teams, decisions).scoring.has(s.id) ? 1 : 0;
      call.pointsIfClear = forced(false);
      call.pointsIfTouching = forced(true);
      pendingIds.push(s.id);
      notes.push(`${s.id} (${s.team}) too close to the house edge to call: ${mm(s.houseClearanceMm)} ± ${mm(s.uncertaintyMm)} mm; counted as ${s.inHouse ? 'in' : 'out'} until a person rules`);
    }
    return call;
  });
  for (const c of calls) if (c.disputedWithIds.length > 0 && !pendingIds.includes(c.id)) pendingIds.push(c.id);
  return { points: t.points, calls, pendingIds, notes };
}

/** Teams of a one-off board: those on it, at least two (A and B when the board names fewer). */
export function teamsOf(discs: readonly { team: TeamId }[]): TeamId[] {
  const teams = [...new Set(discs.map((d) => d.team))].sort();
  for (const t of ['A', 'B']) if (teams.length < 2 && !teams.includes(t)) teams.push(t);
  return teams;
}
