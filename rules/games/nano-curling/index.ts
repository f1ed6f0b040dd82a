/** Nano Curling (seed 003, in Russian; translated in RULES.md §3). */
import { defineRules } from '../../core/define-rules.ts';
import { NANO_CURLING_REQUIRED_FEATURES, scoreNanoBoard } from './calls.ts';
import { nanoCurlingFlow } from './flow.ts';
import { NANO_CURLING_DEFAULTS, NANO_CURLING_VARIANTS, type NanoCurlingOptions } from './options.ts';
import { judgeNanoShot } from './shot.ts';

export const nanoCurling = defineRules<NanoCurlingOptions>({
  id: 'nano-curling',
  name: 'Nano Curling',
  defaultProfileId: 'nano-curling-sheet',
  requiredFeatures: NANO_CURLING_REQUIRED_FEATURES,
  defaultOptions: NANO_CURLING_DEFAULTS,
  variants: NANO_CURLING_VARIANTS,
  callDiscs: (state, ctx) => scoreNanoBoard(state, ctx).calls,
  scoreRound: (state, ctx) => scoreNanoBoard(state, ctx),
  judgeShot: judgeNanoShot,
  flow: nanoCurlingFlow,
});

export type { NanoCurlingOptions };
