/** Carrom (seed 001, "Carrom"): standard, team, family point and point carrom. */
import { defineRules } from '../../core/define-rules.ts';
import { CARROM_REQUIRED_FEATURES, callCarromDiscs } from './calls.ts';
import { carromFlow } from './flow.ts';
import { CARROM_DEFAULTS, CARROM_VARIANTS, type CarromOptions } from './options.ts';
import { scoreCarromBoard } from './score.ts';
import { judgeCarromShot } from './shot.ts';
import { carromSides } from './sides.ts';

export const carrom = defineRules<CarromOptions>({
  id: 'carrom',
  name: 'Carrom',
  defaultProfileId: 'carrom-standard-74cm',
  requiredFeatures: CARROM_REQUIRED_FEATURES,
  defaultOptions: CARROM_DEFAULTS,
  variants: CARROM_VARIANTS,
  callDiscs: (state, ctx) => callCarromDiscs(state.discs, { profile: ctx.profile, options: ctx.options, colourOf: carromSides(state, ctx).colourOf }, ctx.decisions),
  scoreRound: scoreCarromBoard,
  judgeShot: judgeCarromShot,
  flow: carromFlow,
});

export type { CarromOptions };
