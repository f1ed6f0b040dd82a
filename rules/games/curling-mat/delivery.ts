/**
 * What a curling throw means, shared by curling on a mat and Nano Curling: the release line,
 * the line a played stone must cross (hog line / second control line) with the collision
 * exception, stones out of play (off the mat, beyond the back line or a side edge).
 *
 * A call too close to make at the time of the shot leaves the stone where it lies and becomes a
 * question: when a person's Decision on that stone says it was on the wrong side, the stone is
 * taken off at the next shot (and left out of the end's score).
 */
import type { BoardState, DiscState, ShotEvent } from '../../core/board-state.ts';
import type { Decision } from '../../core/calls.ts';
import type { ShotRuling } from '../../core/define-rules.ts';
import { callFromClearance, type Call } from '../../geometry/call.ts';
import type { PointMm } from '../../geometry/measure.ts';
import type { FeatureOf, Surface } from '../../profiles/schema.ts';
import { clearanceOnSurfaceMm, clearancePastLineMm, clearanceShortOfLineMm } from './lines.ts';

type LineFeature = FeatureOf<'line'>;

/** A too-close call on a stone left in play: which ruling takes it off. */
export interface LineQuestion {
  id: string;
  rule: string;
  /** The Decision call that means the stone should have been removed. */
  removeIf: 'clear' | 'touching';
  clearanceMm: number;
  uncertaintyMm: number;
}

export interface OutLine {
  line: LineFeature;
  /** 'wholly-beyond': out once the whole stone is past the line; 'touching': out once it touches it. */
  mode: 'wholly-beyond' | 'touching';
  rule: string;
  name: string;
}

export interface DeliverySpec {
  /** The house centre: the direction of play. */
  towards: PointMm;
  fallbackRadiusMm: number;
  /** The line the played stone must cross with its whole circumference; absent: no such rule. */
  mustCross?: { line: LineFeature; name: string; collisionException: boolean };
  lateReleaseRemoved: boolean;
  releaseLineName: string;
  outLines: readonly OutLine[];
  surface: Surface;
  offSurface: 'centre-off' | 'overhanging';
}

export const RULE = {
  lateRelease: 'released after the release line',
  mustCross: 'did not cross the line',
  offMat: 'off the mat',
  notFound: 'not seen at rest',
  reported: 'left the playing area',
  ruled: 'ruled out of play by a person',
} as const;

/** Facts a curling ruling hands to the match flow. */
export interface DeliveryFacts {
  /** Too-close calls still open after this shot. */
  questions: LineQuestion[];
  /** Removed because a person ruled on an earlier question (not knocked out by this shot). */
  ruledOutIds: string[];
  /** The played stone broke a delivery rule. */
  foul: boolean;
}

export function deliveryFacts(ruling: ShotRuling): DeliveryFacts {
  const f = (ruling.facts ?? {}) as Partial<DeliveryFacts>;
  return { questions: f.questions ?? [], ruledOutIds: f.ruledOutIds ?? [], foul: f.foul ?? false };
}

/** Questions that a decision has settled as "should have been removed". */
export function ruledOutIds(questions: readonly LineQuestion[], decisions: readonly Decision[]): string[] {
  return questions.filter((q) => decisions.some((d) => d.discId === q.id && d.call === q.removeIf)).map((q) => q.id);
}

/** The board without stones a person ruled out of play. */
export function withoutRuledOut(state: BoardState, questions: readonly LineQuestion[], decisions: readonly Decision[]): BoardState {
  const out = new Set(ruledOutIds(questions, decisions));
  return out.size === 0 ? state : { ...state, discs: state.discs.filter((d) => !out.has(d.id)) };
}

function footprint(d: DiscState, fallbackRadiusMm: number) {
  return { xMm: d.xMm, yMm: d.yMm, radiusMm: d.radiusMm ?? fallbackRadiusMm };
}

const mm = (x: number) => x.toFixed(2);

/** How an out-of-play line applies to a stone: clearance, call, and which call means out. */
function outLineCall(stone: DiscState, o: OutLine, spec: DeliverySpec): { clearanceMm: number; call: Call; removeIf: 'clear' | 'touching' } {
  const f = footprint(stone, spec.fallbackRadiusMm);
  const u = stone.uncertaintyMm ?? 0;
  if (o.mode === 'wholly-beyond') {
    const clearanceMm = clearanceShortOfLineMm(f, o.line, spec.towards);
    return { clearanceMm, call: callFromClearance(clearanceMm, u), removeIf: 'clear' };
  }
  const clearanceMm = clearancePastLineMm(f, o.line, spec.towards);
  return { clearanceMm, call: callFromClearance(clearanceMm, u), removeIf: 'touching' };
}

export function judgeDelivery(
  shot: ShotEvent,
  spec: DeliverySpec,
  open: { questions: readonly LineQuestion[]; decisions: readonly Decision[] },
): ShotRuling {
  const notes: string[] = [];
  const removedIds: { id: string; rule: string }[] = [];
  const questions: LineQuestion[] = [];
  const thrown = shot.shotDiscId;
  let foul = false;
  const remove = (id: string, rule: string, note: string) => {
    removedIds.push({ id, rule });
    notes.push(note);
  };

  // Stones the tracker saw leave (off the mat, over a line); stones that simply vanished.
  const reported = new Map((shot.removed ?? []).map((r) => [r.id, r.reason]));
  const afterIds = new Set(shot.after.discs.map((d) => d.id));
  for (const [id, reason] of reported) remove(id, RULE.reported, `${id} left the playing area (${reason}): out for the end`);
  for (const d of shot.before.discs) {
    if (!afterIds.has(d.id) && !reported.has(d.id)) remove(d.id, RULE.notFound, `${d.id} not seen at rest after the shot: out for the end`);
  }
  if (!afterIds.has(thrown) && !reported.has(thrown)) remove(thrown, RULE.notFound, `${thrown} (played) not seen at rest: out for the end`);
  let discs = shot.after.discs.filter((d) => !reported.has(d.id));

  // Earlier too-close calls a person has since ruled on.
  const ruledOut = ruledOutIds(open.questions, open.decisions);
  for (const id of ruledOut) {
    if (!discs.some((d) => d.id === id)) continue;
    const q = open.questions.find((x) => x.id === id)!;
    remove(id, RULE.ruled, `${id} removed: a person ruled it ${q.removeIf === 'touching' ? 'touching' : 'clear of'} the line (${q.rule})`);
  }
  discs = discs.filter((d) => !ruledOut.includes(d.id));
  const moved = new Set([thrown, ...(shot.movedIds ?? [])]);
  for (const q of open.questions) {
    if (!ruledOut.includes(q.id) && !moved.has(q.id) && discs.some((d) => d.id === q.id)) questions.push(q);
  }

  // The played stone: release line, then the line it must cross.
  const played = discs.find((d) => d.id === thrown);
  if (played && shot.delivery?.releasedBeforeLine === false) {
    foul = true;
    if (spec.lateReleaseRemoved) remove(thrown, RULE.lateRelease, `${thrown} released after the ${spec.releaseLineName}: removed`);
    else notes.push(`${thrown} released after the ${spec.releaseLineName} (no penalty under these settings)`);
  }
  if (played && spec.mustCross && !removedIds.some((r) => r.id === thrown)) {
    const { line, name, collisionException } = spec.mustCross;
    const u = played.uncertaintyMm ?? 0;
    const clearanceMm = clearancePastLineMm(footprint(played, spec.fallbackRadiusMm), line, spec.towards);
    const call = callFromClearance(clearanceMm, u);
    const collided = (shot.hits ?? []).some((h) => (h.byId === thrown && h.hitId !== thrown) || (h.hitId === thrown && h.byId !== thrown));
    const excused = collisionException && collided;
    if (call === 'touching') {
      if (excused) notes.push(`${thrown} stopped short of the ${name} after a collision: stays in play`);
      else {
        foul = true;
        remove(thrown, `${RULE.mustCross} (${line.id})`, `${thrown} did not cross the ${name} with its whole circumference (${mm(clearanceMm)} mm): removed`);
      }
    } else if (call === 'too-close' && !excused) {
      questions.push({ id: thrown, rule: `${RULE.mustCross} (${line.id})`, removeIf: 'touching', clearanceMm, uncertaintyMm: u });
      notes.push(`${thrown} too close to the ${name} to call (${mm(clearanceMm)} ± ${mm(u)} mm): left in play for a person to decide`);
    }
  }
  discs = discs.filter((d) => !removedIds.some((r) => r.id === d.id));

  // Every stone at rest: off the mat, beyond the back line or a side edge.
  const kept: DiscState[] = [];
  for (const d of discs) {
    const u = d.uncertaintyMm ?? 0;
    const checks: { rule: string; name: string; clearanceMm: number; call: Call; removeIf: 'clear' | 'touching' }[] = [];
    const onMat = clearanceOnSurfaceMm(footprint(d, spec.fallbackRadiusMm), spec.surface, spec.offSurface);
    checks.push({ rule: RULE.offMat, name: 'mat edge', clearanceMm: onMat, call: callFromClearance(onMat, u), removeIf: 'touching' });
    for (const o of spec.outLines) checks.push({ rule: o.rule, name: o.name, ...outLineCall(d, o, spec) });
    const out = checks.find((c) => c.call === c.removeIf);
    if (out) {
      remove(d.id, out.rule, `${d.id} ${out.rule}: out for the end`);
      continue;
    }
    kept.push(d);
    for (const c of checks.filter((x) => x.call === 'too-close')) {
      if (questions.some((q) => q.id === d.id && q.rule === c.rule)) continue;
      questions.push({ id: d.id, rule: c.rule, removeIf: c.removeIf, clearanceMm: c.clearanceMm, uncertaintyMm: u });
      notes.push(`${d.id} too close to the ${c.name} to call (${mm(c.clearanceMm)} ± ${mm(u)} mm): left in play for a person to decide`);
    }
  }

  const facts: DeliveryFacts = { questions, ruledOutIds: ruledOut.filter((id) => removedIds.some((r) => r.id === id)), foul };
  return { valid: !foul, board: { ...shot.after, discs: kept }, removedIds, immediatePoints: {}, notes, facts: { ...facts } };
}
