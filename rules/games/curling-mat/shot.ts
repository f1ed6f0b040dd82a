/**
 * What a push means on the curling mat (seed 000): released before the release line, across the
 * hog line with its whole circumference unless a collision stopped it, and any stone that
 * touched the table off the mat is removed.
 */
import type { ShotEvent } from '../../core/board-state.ts';
import type { RulesContext, ShotRuling } from '../../core/define-rules.ts';
import { pieceRadiusMm, requireFeature } from '../../profiles/schema.ts';
import { judgeDelivery, type DeliverySpec } from './delivery.ts';
import { openQuestions } from './ends.ts';
import { houseOf } from './house.ts';
import type { CurlingMatOptions } from './options.ts';

export function curlingMatDelivery(ctx: RulesContext<CurlingMatOptions>): DeliverySpec {
  const o = ctx.options;
  const spec: DeliverySpec = {
    towards: houseOf(ctx.profile).centre,
    fallbackRadiusMm: pieceRadiusMm(ctx.profile, 'stone'),
    lateReleaseRemoved: o.lateReleaseRemoved,
    releaseLineName: 'release line',
    outLines: [],
    surface: ctx.profile.surface,
    offSurface: o.offMatWhen,
  };
  if (o.hogLineRule) {
    spec.mustCross = { line: requireFeature(ctx.profile, 'hog-line', 'line'), name: 'hog line', collisionException: o.hogLineCollisionException };
  }
  return spec;
}

export function judgeCurlingMatShot(shot: ShotEvent, ctx: RulesContext<CurlingMatOptions>): ShotRuling {
  return judgeDelivery(shot, curlingMatDelivery(ctx), { questions: openQuestions(ctx.match), decisions: ctx.decisions ?? [] });
}
