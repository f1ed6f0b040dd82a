/** Curling on a mat (seed 000, "Curling"). */
import { defineRules } from '../../core/define-rules.ts';
import { CURLING_MAT_REQUIRED_FEATURES, scoreCurlingBoard } from './calls.ts';
import { curlingMatFlow } from './flow.ts';
import { CURLING_MAT_DEFAULTS, CURLING_MAT_VARIANTS, type CurlingMatOptions } from './options.ts';
import { judgeCurlingMatShot } from './shot.ts';

export const curlingMat = defineRules<CurlingMatOptions>({
  id: 'curling-mat',
  name: 'Curling on a mat',
  defaultProfileId: 'curling-mat',
  requiredFeatures: CURLING_MAT_REQUIRED_FEATURES,
  defaultOptions: CURLING_MAT_DEFAULTS,
  variants: CURLING_MAT_VARIANTS,
  callDiscs: (state, ctx) => scoreCurlingBoard(state, ctx).calls,
  scoreRound: (state, ctx) => scoreCurlingBoard(state, ctx),
  judgeShot: judgeCurlingMatShot,
  flow: curlingMatFlow,
});

export type { CurlingMatOptions };
