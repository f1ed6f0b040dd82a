/**
 * What a throw means in Nano Curling (seed 003): released before the first control line, across
 * the second control line, stones past the back line or a side edge out for the end, and the
 * optional free guard zone for the first throws of each end.
 */
import type { DiscState, ShotEvent } from '../../core/board-state.ts';
import type { RulesContext, ShotRuling } from '../../core/define-rules.ts';
import { callFromClearance } from '../../geometry/call.ts';
import { signedDistanceToPolygonMm } from '../../geometry/measure.ts';
import { pieceRadiusMm, requireFeature, type BoardProfile } from '../../profiles/schema.ts';
import { RULE, deliveryFacts, judgeDelivery, type DeliveryFacts, type DeliverySpec } from '../curling-mat/delivery.ts';
import { openQuestions } from '../curling-mat/ends.ts';
import { houseOf, measureStoneInHouse } from '../curling-mat/house.ts';
import type { NanoCurlingOptions } from './options.ts';

export const FREE_GUARD_ZONE_RULE = 'free guard zone';

export function nanoDelivery(ctx: RulesContext<NanoCurlingOptions>): DeliverySpec {
  const o = ctx.options;
  const p = ctx.profile;
  return {
    towards: houseOf(p).centre,
    fallbackRadiusMm: pieceRadiusMm(p, 'stone'),
    mustCross: { line: requireFeature(p, 'control-line-2', 'line'), name: 'second control line', collisionException: o.secondLineCollisionException },
    lateReleaseRemoved: o.lateReleaseRemoved,
    releaseLineName: 'first control line',
    outLines: [
      { line: requireFeature(p, 'back-line', 'line'), mode: o.backLineOut, rule: 'beyond the back line', name: 'back line' },
      { line: requireFeature(p, 'side-left', 'line'), mode: o.sideEdgeOut, rule: 'beyond the left edge', name: 'left edge' },
      { line: requireFeature(p, 'side-right', 'line'), mode: o.sideEdgeOut, rule: 'beyond the right edge', name: 'right edge' },
    ],
    surface: p.surface,
    offSurface: 'centre-off',
  };
}

/**
 * Is a stone a guard: its centre between the second control line and the centre line (the
 * free-guard-zone region) and the stone out of the house. 'unsure' when either call is too close.
 */
export function guardStatus(stone: DiscState, profile: BoardProfile): 'guard' | 'not' | 'unsure' {
  const zone = requireFeature(profile, 'free-guard-zone', 'region');
  const u = stone.uncertaintyMm ?? 0;
  const inZone = callFromClearance(signedDistanceToPolygonMm(stone, zone.pointsMm), u);
  const house = measureStoneInHouse(stone, houseOf(profile), pieceRadiusMm(profile, 'stone')).measuredCall;
  if (inZone === 'touching' || house === 'touching') return 'not';
  return inZone === 'clear' && house === 'clear' ? 'guard' : 'unsure';
}

/** 1-based throw of the end, from the match (or `delivery.throwInEnd` for a one-off ruling); null in the lag. */
export function throwInEnd(shot: ShotEvent, ctx: RulesContext<NanoCurlingOptions>): number | null {
  if (ctx.match) return ctx.match.custom.phase === 'lag' ? null : ctx.match.shotsThisRound + 1;
  const n = Number(shot.delivery?.throwInEnd);
  return Number.isFinite(n) && n > 0 ? n : null;
}

export function judgeNanoShot(shot: ShotEvent, ctx: RulesContext<NanoCurlingOptions>): ShotRuling {
  const base = judgeDelivery(shot, nanoDelivery(ctx), { questions: openQuestions(ctx.match), decisions: ctx.decisions ?? [] });
  const o = ctx.options;
  if (!o.freeGuardZone || ctx.match?.custom.phase === 'lag') return base;
  const n = throwInEnd(shot, ctx);
  if (n === null) return { ...base, notes: [...base.notes, 'throw of the end unknown: free guard zone not checked'] };
  if (n > o.freeGuardZoneThrows) return base;

  const facts = deliveryFacts(base);
  const knocked = base.removedIds.filter((r) => r.rule !== RULE.ruled && r.id !== shot.shotDiscId).map((r) => r.id);
  const status = new Map(
    knocked.flatMap((id) => {
      const d = shot.before.discs.find((x) => x.id === id);
      return d ? [[id, guardStatus(d, ctx.profile)] as const] : [];
    }),
  );
  const guards = knocked.filter((id) => status.get(id) === 'guard');
  const unsure = knocked.filter((id) => status.get(id) === 'unsure');
  if (guards.length === 0) {
    if (unsure.length === 0) return base;
    const note = `${unsure.join(', ')} knocked out on throw ${n}: too close to call whether ${unsure.length > 1 ? 'they were guards' : 'it was a guard'}; left as it lies for a person to decide`;
    return { ...base, notes: [...base.notes, note] };
  }
  return freeGuardZonePenalty(shot, base, facts, guards, n, ctx);
}

/** Restore every stone the throw moved to where it was before it, and remove the thrown stone. */
function freeGuardZonePenalty(
  shot: ShotEvent,
  base: ShotRuling,
  facts: DeliveryFacts,
  guards: readonly string[],
  n: number,
  ctx: RulesContext<NanoCurlingOptions>,
): ShotRuling {
  const thrown = shot.shotDiscId;
  // Without the tracker's list of moved stones, every stone goes back: unmoved ones lose nothing.
  const moved = shot.movedIds ? new Set([...shot.movedIds, ...base.removedIds.map((r) => r.id)]) : null;
  const ruledOut = new Set(facts.ruledOutIds);
  const discs = shot.before.discs
    .filter((d) => d.id !== thrown && !ruledOut.has(d.id))
    .map((d) => (!moved || moved.has(d.id) ? d : (shot.after.discs.find((a) => a.id === d.id) ?? d)));
  const onBoard = new Set(discs.map((d) => d.id));
  const questions = openQuestions(ctx.match).filter((q) => onBoard.has(q.id));
  const notes = [
    ...base.notes.filter((x) => !x.startsWith(`${thrown} `)),
    `free guard zone (throw ${n}): ${guards.join(', ')} knocked out of play; every stone the throw moved is put back and ${thrown} is removed`,
  ];
  const removedIds = [{ id: thrown, rule: FREE_GUARD_ZONE_RULE }, ...base.removedIds.filter((r) => ruledOut.has(r.id))];
  const out: DeliveryFacts & { freeGuardZone: string[] } = { questions, ruledOutIds: [...ruledOut], foul: true, freeGuardZone: [...guards] };
  return { valid: false, board: { ...shot.before, discs }, removedIds, immediatePoints: {}, notes, facts: { ...out } };
}
