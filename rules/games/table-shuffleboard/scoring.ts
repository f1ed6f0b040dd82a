/**
 * Round scoring on the table (seed 002, RULES.md §5).
 * - furthest: only the side with the furthest puck scores, each of its pucks further than the
 *   opponent's furthest at its section's value; if the two furthest cannot be told apart, nobody.
 * - bocce: one point per puck closer to the spot than the opponent's closest.
 * - all-pucks (Horse collar): every puck in a scoring position, for the side that threw them.
 * - lag: who throws the hammer; nobody scores.
 *
 * Which puck is further is a comparison with its own clearance (the gap between leading edges)
 * and uncertainty (the two pucks' together). Too close to tell waits for a person, whose ruling
 * is a Decision on the puck named in pendingIds: `winnerId` names the further puck; without
 * `winnerId`, 'touching' says they are level (nobody scores from that comparison) and 'clear'
 * keeps the measured order.
 */
import type { BoardState, DiscState, TeamId } from '../../core/board-state.ts';
import type { Decision, DiscCall, RoundScore } from '../../core/calls.ts';
import { GEOMETRY_EPSILON_MM, callFromClearance, type Call } from '../../geometry/call.ts';
import { distanceMm, type PointMm } from '../../geometry/measure.ts';
import type { BoardProfile } from '../../profiles/schema.ts';
import { callTablePuck, puckRadiusMm } from './calls.ts';
import type { TableEnd, TableShuffleboardOptions } from './options.ts';
import { endGeometry, leadingEdgeMm, type EndGeometry } from './table-geometry.ts';

export type ScoringMode = TableShuffleboardOptions['scoring'] | 'lag';

export interface TableScoringInput {
  board: BoardState;
  profile: BoardProfile;
  options: TableShuffleboardOptions;
  teams: readonly TeamId[];
  end: TableEnd;
  mode: ScoringMode;
  decisions: readonly Decision[];
  /** All-pucks scoring in a match: the side that threw every puck this round. */
  creditTo?: TeamId;
}

/** What a person's ruling (or a what-if) fixes while scoring. */
interface Forced {
  lines: Map<string, 'clear' | 'touching'>;
  /** Pair key -> further puck id, or null when level. */
  pairs: Map<string, string | null>;
}

interface Ranked {
  disc: DiscState;
  call: DiscCall;
  /** Larger is better: the leading edge's position down the table, or minus the distance to the Bocce spot. */
  rankMm: number;
}

interface PendingPair {
  kind: 'pair';
  key: string;
  /** The puck whose id goes in pendingIds (the one measured further / closer). */
  id: string;
  otherId: string;
  gapMm: number;
  uncertaintyMm: number;
}
interface PendingLine {
  kind: 'line';
  id: string;
}
type Pending = PendingPair | PendingLine;

interface Core {
  points: Record<TeamId, number>;
  calls: DiscCall[];
  /** Points each puck earned this round. */
  earned: Map<string, number>;
  pending: Pending[];
  notes: string[];
  /** The side that won the comparison (the lag winner in lag mode). */
  leader: TeamId | null;
}

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** The Bocce spot for the end being played to. */
export function bocceSpotMm(profile: BoardProfile, geo: EndGeometry, options: TableShuffleboardOptions): PointMm {
  if (!options.bocceSpot) return geo.section2CentreMm;
  if (geo.end === 'far') return options.bocceSpot;
  const s = profile.surface;
  const cx = s.shape === 'rect' ? (s.minXMm + s.maxXMm) / 2 : s.xMm;
  const cy = s.shape === 'rect' ? (s.minYMm + s.maxYMm) / 2 : s.yMm;
  return { xMm: 2 * cx - options.bocceSpot.xMm, yMm: 2 * cy - options.bocceSpot.yMm };
}

function comparePair(
  a: Ranked,
  b: Ranked,
  decisions: readonly Decision[],
  forced: Forced,
  lineUncalled: ReadonlySet<string>,
  pending: Pending[],
): { furtherId: string | null; call: Call; gapMm: number; uncertaintyMm: number } {
  const key = pairKey(a.disc.id, b.disc.id);
  const gapMm = a.rankMm - b.rankMm;
  const uncertaintyMm = (a.disc.uncertaintyMm ?? 0) + (b.disc.uncertaintyMm ?? 0);
  const call = callFromClearance(Math.abs(gapMm), uncertaintyMm);
  const measuredFurther = gapMm > GEOMETRY_EPSILON_MM ? a.disc.id : gapMm < -GEOMETRY_EPSILON_MM ? b.disc.id : null;
  if (forced.pairs.has(key)) return { furtherId: forced.pairs.get(key)!, call, gapMm, uncertaintyMm };
  const named = decisions.find(
    (d) => (d.discId === a.disc.id || d.discId === b.disc.id) && (d.winnerId === a.disc.id || d.winnerId === b.disc.id),
  );
  if (named) return { furtherId: named.winnerId!, call, gapMm, uncertaintyMm };
  const plain = decisions.find((d) => d.discId === a.disc.id && d.winnerId === undefined && !lineUncalled.has(a.disc.id));
  if (plain) return { furtherId: plain.call === 'touching' ? null : measuredFurther, call, gapMm, uncertaintyMm };
  if (call === 'too-close') pending.push({ kind: 'pair', key, id: a.disc.id, otherId: b.disc.id, gapMm, uncertaintyMm });
  return { furtherId: measuredFurther, call, gapMm, uncertaintyMm };
}

function byRank(x: Ranked, y: Ranked): number {
  return y.rankMm - x.rankMm || (x.disc.id < y.disc.id ? -1 : x.disc.id > y.disc.id ? 1 : 0);
}

function scoreCore(input: TableScoringInput, forced: Forced): Core {
  const { board, profile, options, teams, mode, decisions } = input;
  const geo = endGeometry(profile, input.end);
  const pending: Pending[] = [];
  const notes: string[] = [];
  const lineUncalled = new Set<string>();
  const calls = board.discs.map((d) => {
    const decision = decisions.find((x) => x.discId === d.id);
    const measured = callTablePuck(d, profile, geo, options);
    if (measured.call === 'too-close') lineUncalled.add(d.id);
    const c = callTablePuck(d, profile, geo, options, decision, forced.lines.get(d.id));
    if (c.call === 'too-close') pending.push({ kind: 'line', id: d.id });
    return c;
  });
  const points: Record<TeamId, number> = Object.fromEntries(teams.map((t) => [t, 0]));
  const earned = new Map<string, number>();
  const spot = mode === 'bocce' ? bocceSpotMm(profile, geo, options) : null;
  const ranked: Ranked[] = [];
  board.discs.forEach((disc, i) => {
    const call = calls[i]!;
    if (!call.inPlay) return;
    const rankMm = spot ? -distanceMm(disc, spot) : leadingEdgeMm(disc, puckRadiusMm(disc, profile), geo);
    ranked.push({ disc, call, rankMm });
  });
  const give = (r: Ranked, pts: number, to: TeamId = r.disc.team) => {
    earned.set(r.disc.id, pts);
    points[to] = (points[to] ?? 0) + pts;
  };

  if (mode === 'all-pucks') {
    for (const r of ranked) give(r, r.call.points, input.creditTo ?? r.disc.team);
    if (input.creditTo) notes.push(`every puck in a scoring position counts for ${input.creditTo}`);
    return { points, calls, earned, pending: pending.filter((p) => p.kind === 'line'), notes, leader: null };
  }

  const value = (r: Ranked) => (mode === 'furthest' ? r.call.points : 1);
  const word = mode === 'bocce' ? 'closest' : 'furthest';
  const sides = [...new Set(ranked.map((r) => r.disc.team))];
  if (sides.length === 0) {
    notes.push('no puck in play: nobody scores');
    return { points, calls, earned, pending, notes, leader: null };
  }
  if (sides.length === 1) {
    const only = sides[0]!;
    for (const r of ranked) give(r, value(r));
    notes.push(`only ${only} has pucks in play`);
    return { points, calls, earned, pending, notes, leader: only };
  }
  const sorted = [...ranked].sort(byRank);
  const first = sorted[0]!;
  const rival = sorted.find((r) => r.disc.team !== first.disc.team)!;
  const top = comparePair(first, rival, decisions, forced, lineUncalled, pending);
  if (top.furtherId === null) {
    notes.push(`${first.disc.id} (${first.disc.team}) and ${rival.disc.id} (${rival.disc.team}) cannot be told apart (${top.gapMm.toFixed(2)} ± ${top.uncertaintyMm.toFixed(2)} mm): nobody scores`);
    return { points, calls, earned, pending, notes, leader: null };
  }
  const best = top.furtherId === first.disc.id ? first : rival;
  const leader = best.disc.team;
  // The rival's best: the best puck of any other side.
  const opponentBest = sorted.find((r) => r.disc.team !== leader)!;
  notes.push(`${leader} has the ${word} puck (${best.disc.id}, ${Math.abs(top.gapMm).toFixed(2)} mm ahead of ${opponentBest.disc.id})`);
  for (const r of sorted) {
    if (r.disc.team !== leader) continue;
    if (r === best) {
      give(r, value(r));
      continue;
    }
    const c = comparePair(r, opponentBest, decisions, forced, lineUncalled, pending);
    if (c.furtherId === r.disc.id) give(r, value(r));
  }
  return { points, calls, earned, pending, notes, leader };
}

const NO_FORCING: Forced = { lines: new Map(), pairs: new Map() };

function sameOutcome(a: Core, b: Core, mode: ScoringMode): boolean {
  if (mode === 'lag') return a.leader === b.leader;
  const teams = new Set([...Object.keys(a.points), ...Object.keys(b.points)]);
  return [...teams].every((t) => (a.points[t] ?? 0) === (b.points[t] ?? 0));
}

/** A call too close to make waits for a person only when ruling it either way changes the outcome. */
function mattersFor(input: TableScoringInput, base: Core, p: Pending): boolean {
  if (p.kind === 'line') {
    const alternatives = (['clear', 'touching'] as const).map((call) => scoreCore(input, { ...NO_FORCING, lines: new Map([[p.id, call]]) }));
    return !sameOutcome(alternatives[0]!, alternatives[1]!, input.mode);
  }
  return [p.id, p.otherId, null].some((further) => !sameOutcome(base, scoreCore(input, { ...NO_FORCING, pairs: new Map([[p.key, further]]) }), input.mode));
}

export function scoreTable(input: TableScoringInput): RoundScore & { leader: TeamId | null } {
  const base = scoreCore(input, NO_FORCING);
  const relevant = base.pending.filter((p) => mattersFor(input, base, p));
  const pendingIds = [...new Set(relevant.map((p) => p.id))];
  const notes = [...base.notes];
  const calls = base.calls.map((c) => {
    const earned = base.earned.get(c.id) ?? 0;
    const out: DiscCall = { ...c, points: input.mode === 'lag' ? 0 : earned };
    const pair = relevant.find((p): p is PendingPair => p.kind === 'pair' && p.id === c.id);
    if (pair && c.call !== 'too-close') {
      // The puck's lines are called; what is uncertain is whether it is further than the other.
      out.call = 'too-close';
      out.clearanceMm = Math.abs(pair.gapMm);
      out.uncertaintyMm = pair.uncertaintyMm;
      delete out.line;
      out.pointsIfClear = out.points;
      out.pointsIfTouching = 0;
    }
    return out;
  });
  for (const p of relevant) {
    if (p.kind === 'pair') notes.push(`${p.id} vs ${p.otherId}: ${Math.abs(p.gapMm).toFixed(2)} ± ${p.uncertaintyMm.toFixed(2)} mm, too close to tell which is ${input.mode === 'bocce' ? 'closer' : 'further'}`);
    else {
      const c = calls.find((x) => x.id === p.id)!;
      notes.push(`${p.id} too close to ${c.line}: ${c.clearanceMm.toFixed(2)} ± ${c.uncertaintyMm.toFixed(2)} mm`);
    }
  }
  const points = input.mode === 'lag' ? Object.fromEntries(input.teams.map((t) => [t, 0])) : base.points;
  if (input.mode === 'lag') notes.push(base.leader ? `${base.leader} wins the lag` : 'lag undecided: throw again');
  return { points, calls, pendingIds, notes, leader: base.leader };
}
