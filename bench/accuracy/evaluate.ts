/**
 * Scoring the vision against scene truth: matches, errors in millimetres, and the calls the
 * rules make from what was measured versus the truth's expected calls (recorded in the truth
 * by the renderer, from the true positions). Pure: no images, no timing.
 */
import { TEAMLESS_KINDS, type BoardState, type DiscState, type PieceKind } from '../../rules/core/board-state.ts';
import type { GameRules } from '../../rules/core/define-rules.ts';
import { pieceRadiusMm, type BoardProfile } from '../../rules/profiles/schema.ts';
import { expectedCalls, scoringContext, type ExpectedCalls } from '../../fixtures/render/expected-calls.ts';

export interface TruthDisc {
  id: string;
  team: string;
  kind?: PieceKind;
  state: string;
  xMm: number;
  yMm: number;
  radiusMm: number;
  topVisibleFraction: number;
  onTopOfId?: string;
}

/** A scene's truth as far as the benchmark reads it (fixtures/render SceneTruth fits). */
export interface TruthScene {
  discs: TruthDisc[];
  /** The rules' calls from the true positions; worked out here when absent. */
  expected?: ExpectedCalls;
}

export interface MeasuredDisc {
  xMm: number;
  yMm: number;
  radiusMm: number;
  uncertaintyMm: number;
  team: string | null;
  /** The piece's kind, when the vision tells kinds apart (carrom's queen and striker). */
  kind?: PieceKind;
  /** Seen over a PitRush pit, where it may lie on a disc the camera cannot see. */
  mayRestOnHidden?: boolean;
  /** Perhaps lying on other discs: its footprint then (a stack on the board). */
  ifOnDiscsMm?: { xMm: number; yMm: number }[];
}

export interface SceneEvaluation {
  boardFound: boolean;
  /** Truth discs that should be seen (on the board, mostly visible). */
  expected: number;
  matched: number;
  /** Detections that match no truth disc. */
  falsePositives: number;
  centreErrorsMm: number[];
  radiusErrorsMm: number[];
  /** Matched discs whose centre lies farther off than the uncertainty they were given (a bound: the calls trust it). */
  beyondUncertainty: number;
  teamCorrect: number;
  /** Calls made with confidence that disagree with the truth's (zone, points or call). */
  wrongCalls: number;
  /** Detections matching no disc, called with confidence for points (a phantom that scores). */
  phantomCalls: number;
  /** Calls left to a person. */
  tooClose: number;
  /** Of those, how many had a true clearance of 0.5 mm or more (needlessly cautious). */
  tooCloseFar: number;
  /** Calls compared (matched discs). */
  calls: number;
  exactScore: boolean;
  /**
   * The score once a person has ruled on the calls left to them (as the truth has it): what the
   * match records. Equals exactScore when nothing waits.
   */
  decidedScore: boolean;
  details: string[];
}

/** A disc under a stack with less of its top face in view than this is paired last (see matchDiscs). */
const HIDDEN_UNDER_STACK_VISIBLE = 0.6;

/** Discs lying where the camera sees them (carrom pockets swallow theirs). */
const ON_BOARD = new Set(['in-play', 'ditch', 'hole', 'compartment']);

/**
 * Whether a disc was put in its team: a piece of no team (carrom's queen and striker, PitRush's
 * neutral discs) when it was given none, any other when its label stands for its team.
 */
function teamRight(truth: TruthDisc, measured: MeasuredDisc, mapping: ReadonlyMap<string, string>): boolean {
  if (truth.kind && TEAMLESS_KINDS.has(truth.kind)) return measured.team === null;
  return mapping.get(measured.team ?? '') === truth.team;
}

function rotate(d: MeasuredDisc, angleRad: number): MeasuredDisc {
  const c = Math.cos(angleRad);
  const s = Math.sin(angleRad);
  const turned = { ...d, xMm: c * d.xMm - s * d.yMm, yMm: s * d.xMm + c * d.yMm };
  return d.ifOnDiscsMm ? { ...turned, ifOnDiscsMm: d.ifOnDiscsMm.map((p) => ({ xMm: c * p.xMm - s * p.yMm, yMm: s * p.xMm + c * p.yMm })) } : turned;
}

/**
 * Pairs of truth and measured discs, nearest first. A disc under another (a stack) is paired
 * only after the discs the camera sees: a camera sees the top of a stack, and a disc lying
 * almost exactly under it must not take its place in the comparison.
 */
function matchDiscs(truth: TruthDisc[], measured: MeasuredDisc[], maxDistMm: number): { pairs: [number, number][]; unmatched: number[] } {
  const underneath = new Set(truth.filter((t) => t.onTopOfId !== undefined).map((t) => t.onTopOfId!));
  const cand: { t: number; m: number; d: number; hidden: boolean }[] = [];
  truth.forEach((t, ti) => measured.forEach((m, mi) => {
    const d = Math.hypot(t.xMm - m.xMm, t.yMm - m.yMm);
    const hidden = underneath.has(t.id) && t.topVisibleFraction < HIDDEN_UNDER_STACK_VISIBLE;
    if (d <= maxDistMm) cand.push({ t: ti, m: mi, d, hidden });
  }));
  cand.sort((a, b) => Number(a.hidden) - Number(b.hidden) || a.d - b.d);
  const usedT = new Set<number>();
  const usedM = new Set<number>();
  const pairs: [number, number][] = [];
  for (const c of cand) {
    if (usedT.has(c.t) || usedM.has(c.m)) continue;
    usedT.add(c.t);
    usedM.add(c.m);
    pairs.push([c.t, c.m]);
  }
  return { pairs, unmatched: measured.map((_, i) => i).filter((i) => !usedM.has(i)) };
}

/**
 * One scene: `truth` is the scene's truth (or just its discs); `options`, when given, are
 * option overrides to call the board under instead of those the truth's expected calls were
 * made under (which are then worked out again here).
 */
export function evaluateScene(
  rules: GameRules<any>,
  profile: BoardProfile,
  truth: TruthScene | TruthDisc[],
  measuredIn: MeasuredDisc[] | null,
  options?: Record<string, unknown>,
): SceneEvaluation {
  const truthDiscs = Array.isArray(truth) ? truth : truth.discs;
  const visible = truthDiscs.filter((t) => ON_BOARD.has(t.state));
  const expectedDiscs = visible.filter((t) => t.topVisibleFraction >= 0.6);
  const base: SceneEvaluation = {
    boardFound: measuredIn !== null,
    expected: expectedDiscs.length,
    matched: 0,
    falsePositives: 0,
    centreErrorsMm: [],
    radiusErrorsMm: [],
    beyondUncertainty: 0,
    teamCorrect: 0,
    wrongCalls: 0,
    phantomCalls: 0,
    tooClose: 0,
    tooCloseFar: 0,
    calls: 0,
    exactScore: false,
    decidedScore: false,
    details: [],
  };
  if (!measuredIn) return base;
  const radius = profile.pieces[0]!.diameterMm / 2;
  // The camera cannot tell a symmetric board's orientations apart: compare in the best one.
  let best: { measured: MeasuredDisc[]; pairs: [number, number][]; unmatched: number[]; score: number } | null = null;
  for (let k = 0; k < profile.symmetryOrder; k++) {
    const measured = measuredIn.map((m) => rotate(m, (-2 * Math.PI * k) / profile.symmetryOrder));
    const { pairs, unmatched } = matchDiscs(visible, measured, radius * 0.8);
    const err = pairs.reduce((s, [t, m]) => s + Math.hypot(visible[t]!.xMm - measured[m]!.xMm, visible[t]!.yMm - measured[m]!.yMm), 0);
    const score = pairs.length * 1000 - err;
    if (!best || score > best.score) best = { measured, pairs, unmatched, score };
  }
  const { measured, pairs, unmatched } = best!;
  // Team labels from colour clusters are arbitrary: use the labelling that agrees most.
  const labels = [...new Set(measured.map((m) => m.team).filter((t): t is string => t !== null))].sort();
  const truthTeams = [...new Set(visible.map((t) => t.team))].sort();
  let mapping = new Map<string, string>();
  let bestAgree = -1;
  for (const perm of permutations(truthTeams)) {
    const map = new Map(labels.map((l, i) => [l, perm[i] ?? l]));
    const agree = pairs.filter(([t, m]) => teamRight(visible[t]!, measured[m]!, map)).length;
    if (agree > bestAgree) {
      bestAgree = agree;
      mapping = map;
    }
  }
  const expectedIds = new Set(expectedDiscs.map((d) => d.id));
  const res: SceneEvaluation = { ...base, expected: expectedDiscs.length };
  for (const [t, m] of pairs) {
    if (expectedIds.has(visible[t]!.id)) res.matched++;
    // A disc that may lie on others is called at each footprint it may have (ifOnDiscsMm): the
    // one nearest its truth is what its measurement is judged by.
    const footprints = [measured[m]!, ...(measured[m]!.ifOnDiscsMm ?? [])];
    const centreErrorMm = Math.min(...footprints.map((f) => Math.hypot(visible[t]!.xMm - f.xMm, visible[t]!.yMm - f.yMm)));
    res.centreErrorsMm.push(centreErrorMm);
    if (centreErrorMm > measured[m]!.uncertaintyMm) res.beyondUncertainty++;
    res.radiusErrorsMm.push(Math.abs(visible[t]!.radiusMm - measured[m]!.radiusMm));
    if (expectedIds.has(visible[t]!.id) && teamRight(visible[t]!, measured[m]!, mapping)) res.teamCorrect++;
  }
  res.falsePositives = unmatched.length;

  const recorded = Array.isArray(truth) ? undefined : truth.expected;
  const expected = recorded && recorded.game === rules.id && options === undefined ? recorded : expectedCalls(profile, truthDiscs, { rules, ...(options ? { overrides: options } : {}) });
  if (!expected) throw new Error(`no expected calls for ${rules.id}`);
  const measuredState: BoardState = {
    discs: measured.map((m, i): DiscState => {
      const pair = pairs.find(([, mm]) => mm === i);
      return {
        id: pair ? visible[pair[0]]!.id : `fp${i}`,
        team: mapping.get(m.team ?? '') ?? m.team ?? '?',
        xMm: m.xMm,
        yMm: m.yMm,
        radiusMm: m.kind ? pieceRadiusMm(profile, m.kind) : radius,
        uncertaintyMm: m.uncertaintyMm,
        ...(m.kind ? { kind: m.kind } : {}),
        ...(m.mayRestOnHidden ? { mayRestOnHidden: true } : {}),
        ...(m.ifOnDiscsMm ? { ifOnDiscsMm: m.ifOnDiscsMm } : {}),
      };
    }),
  };
  // The measured board is called in the same match the truth's calls were made in.
  const ctx = scoringContext(rules, profile, expected.teams, expected.variant, options ?? {});
  const truthCalls = expected.calls;
  const measuredCalls = rules.callDiscs(measuredState, ctx);
  const measuredScore = rules.scoreRound(measuredState, ctx);
  // Calls that wait for a person: a line too close to call, or (curling, table shuffleboard)
  // which of two discs is nearer when their distances differ by less than their uncertainty.
  const pending = new Set(measuredScore.pendingIds);
  for (const mc of measuredCalls) {
    const tc = truthCalls.find((c) => c.id === mc.id);
    if (!tc) {
      if (mc.id.startsWith('fp') && mc.points !== 0 && mc.call !== 'too-close' && !pending.has(mc.id)) {
        res.phantomCalls++;
        const at = measuredState.discs.find((d) => d.id === mc.id)!;
        res.details.push(`a disc where there is none, at (${at.xMm.toFixed(0)}, ${at.yMm.toFixed(0)}) mm, called ${mc.zone}/${mc.points}`);
      }
      continue;
    }
    res.calls++;
    if (mc.call === 'too-close' || pending.has(mc.id)) {
      res.tooClose++;
      const trueMarginMm = mc.call === 'too-close' ? Math.abs(tc.clearanceMm) : nearestRankMarginMm(mc, tc, truthCalls);
      if (trueMarginMm >= 0.5) {
        res.tooCloseFar++;
        res.details.push(`${mc.id}: left to a person (${mc.call === 'too-close' ? `clearance ${mc.clearanceMm.toFixed(2)} ± ${mc.uncertaintyMm.toFixed(2)}, truth ${tc.call} by ${tc.clearanceMm.toFixed(2)}` : Number.isFinite(trueMarginMm) ? `which is nearer, truly ${trueMarginMm.toFixed(2)} mm apart` : 'which is nearer; the truth has no distance to rank them by, so counted as 0.5 mm or more apart'})`);
      }
      continue;
    }
    // Clear / touching says something only of one line: a disc about as far from two lines
    // (a PitRush disc between a pit and the board's edge) may be called on either, and then
    // its zone and points are the call. So too for two boundaries of one line (a PitRush disc
    // over a pit's edge: its centre clear of the pit, its edge overlapping it).
    const sameLine = (mc.line ?? '') === (tc.line ?? '') && (mc.boundary ?? '') === (tc.boundary ?? '');
    if (mc.zone !== tc.zone || mc.points !== tc.points || (sameLine && mc.call !== tc.call)) {
      res.wrongCalls++;
      res.details.push(`${mc.id}: called ${mc.zone}/${mc.points}/${mc.call} on ${mc.line ?? '-'} (clearance ${mc.clearanceMm.toFixed(2)} ± ${mc.uncertaintyMm.toFixed(2)}), truth ${tc.zone}/${tc.points}/${tc.call} on ${tc.line ?? '-'} (clearance ${tc.clearanceMm.toFixed(2)})`);
    }
  }
  const st = expected.score;
  const sm = measuredScore.points;
  res.exactScore = sameScore(st, sm);
  // A person rules each line call left to them as the disc truly lies ("which is nearer" waits
  // on). The call may wait on another boundary than the one the truth was decided by (the edge
  // of crokinole's hole, measured near it, the truth decided by a ring; the rim of a PitRush pit
  // against the edge of its opening): where the two rulings score the disc differently, the one
  // that scores it as it truly scores; else the truth's own call.
  // A disc seen in a pit that may lie on hidden ones: the person lifts it and says what lies
  // under it, down to the pit (discs the camera saw are counted already).
  const seenIds = new Set(pairs.map(([t]) => visible[t]!.id));
  const discsUnder = (id: string): string[] => {
    const out: string[] = [];
    let below = truthDiscs.find((x) => x.id === id)?.onTopOfId;
    while (below !== undefined && !seenIds.has(below)) {
      const d = truthDiscs.find((x) => x.id === below);
      if (!d) break;
      out.push(d.team);
      below = d.onTopOfId;
    }
    return out;
  };
  const decisions = measuredScore.pendingIds.flatMap((id) => {
    const tc = truthCalls.find((c) => c.id === id);
    if (!tc || (tc.call !== 'clear' && tc.call !== 'touching')) return [];
    if (measuredState.discs.find((d) => d.id === id)?.mayRestOnHidden) {
      const under = discsUnder(id);
      if (under.length > 0) return [{ discId: id, call: 'touching' as const, discsUnder: under }];
    }
    const mc = measuredCalls.find((c) => c.id === id);
    if (mc && mc.pointsIfClear !== undefined && mc.pointsIfTouching !== undefined && mc.pointsIfClear !== mc.pointsIfTouching) {
      if (mc.pointsIfClear === tc.points) return [{ discId: id, call: 'clear' as const }];
      if (mc.pointsIfTouching === tc.points) return [{ discId: id, call: 'touching' as const }];
    }
    return [{ discId: id, call: tc.call }];
  });
  const decided = decisions.length > 0 ? rules.scoreRound(measuredState, { ...ctx, decisions }).points : sm;
  res.decidedScore = sameScore(st, decided);
  if (!res.exactScore) res.details.push(`score truth ${JSON.stringify(st)} measured ${JSON.stringify(sm)}${res.decidedScore ? ' (right once a person rules on the calls left to them)' : ''}`);
  return res;
}

function sameScore(a: Record<string, number>, b: Record<string, number>): boolean {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].every((t) => (a[t] ?? 0) === (b[t] ?? 0));
}

/**
 * A hand over the board hides discs, so no score can be read from the image: the referee's right
 * answer is to withhold it. A scene with a hand counts as scored right when the hand was seen
 * (score withheld); a scene without one is wrong if a hand was seen where there is none.
 */
export function withHandOverBoard(ev: SceneEvaluation, handInScene: boolean, handSeen: boolean): SceneEvaluation {
  if (!ev.boardFound) return ev;
  if (handInScene) {
    const right = handSeen;
    return { ...ev, exactScore: right, decidedScore: right, details: [...ev.details.filter((d) => !d.startsWith('score truth')), ...(right ? [] : ['hand over the board not seen: a score was given'])] };
  }
  if (!handSeen) return ev;
  return { ...ev, exactScore: false, decidedScore: false, details: [...ev.details, 'a hand was seen where there is none: score withheld'] };
}

/**
 * How far apart, truly, a disc waiting on "which is nearer" is from the nearest disc it is
 * disputed with (distances to the target; Infinity when the game's calls do not say).
 */
function nearestRankMarginMm(mc: object, tc: object, truthCalls: readonly object[]): number {
  const others = (mc as { disputedWithIds?: string[] }).disputedWithIds ?? [];
  const own = (tc as { distanceToCentreMm?: number }).distanceToCentreMm;
  if (own === undefined) return Infinity;
  const margins = others.map((id) => {
    const other = truthCalls.find((c) => (c as { id?: string }).id === id) as { distanceToCentreMm?: number } | undefined;
    return other?.distanceToCentreMm === undefined ? Infinity : Math.abs(own - other.distanceToCentreMm);
  });
  return margins.length > 0 ? Math.min(...margins) : Infinity;
}

function permutations<T>(xs: T[]): T[][] {
  if (xs.length <= 1) return [xs];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
}

export interface Summary {
  scenes: number;
  boardFoundPct: number;
  recallPct: number;
  precisionPct: number;
  centreMedianMm: number;
  centreP95Mm: number;
  centreMaxMm: number;
  /** Matched discs placed farther off than their uncertainty (%). */
  beyondUncertaintyPct: number;
  radiusMedianMm: number;
  teamPct: number;
  wrongCalls: number;
  phantomCalls: number;
  tooClose: number;
  tooCloseFar: number;
  exactScorePct: number;
  /** Exact once a person has ruled on the calls left to them. */
  decidedScorePct: number;
}

function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

export function summarise(evals: SceneEvaluation[]): Summary {
  const found = evals.filter((e) => e.boardFound);
  const expected = evals.reduce((s, e) => s + e.expected, 0);
  const matched = evals.reduce((s, e) => s + e.matched, 0);
  const allMatched = found.reduce((s, e) => s + e.centreErrorsMm.length, 0);
  const fps = found.reduce((s, e) => s + e.falsePositives, 0);
  const centre = found.flatMap((e) => e.centreErrorsMm);
  return {
    scenes: evals.length,
    boardFoundPct: (100 * found.length) / Math.max(1, evals.length),
    recallPct: (100 * matched) / Math.max(1, expected),
    precisionPct: (100 * allMatched) / Math.max(1, allMatched + fps),
    centreMedianMm: quantile(centre, 0.5),
    centreP95Mm: quantile(centre, 0.95),
    centreMaxMm: centre.length ? Math.max(...centre) : NaN,
    beyondUncertaintyPct: (100 * found.reduce((s, e) => s + e.beyondUncertainty, 0)) / Math.max(1, centre.length),
    radiusMedianMm: quantile(found.flatMap((e) => e.radiusErrorsMm), 0.5),
    teamPct: (100 * found.reduce((s, e) => s + e.teamCorrect, 0)) / Math.max(1, allMatched),
    wrongCalls: found.reduce((s, e) => s + e.wrongCalls, 0),
    phantomCalls: found.reduce((s, e) => s + e.phantomCalls, 0),
    tooClose: found.reduce((s, e) => s + e.tooClose, 0),
    tooCloseFar: found.reduce((s, e) => s + e.tooCloseFar, 0),
    exactScorePct: (100 * evals.filter((e) => e.exactScore).length) / Math.max(1, evals.length),
    decidedScorePct: (100 * evals.filter((e) => e.decidedScore).length) / Math.max(1, evals.length),
  };
}
