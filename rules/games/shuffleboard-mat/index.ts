/** Shuffleboard on a mat (seed 000 "Shuffleboard", RULES.md §4). */
import { defineRules } from '../../core/define-rules.ts';
import { SHUFFLEBOARD_MAT_REQUIRED_FEATURES, callMatStones, scoreMatRound, teamsFor } from './calls.ts';
import { shuffleboardMatFlow } from './flow.ts';
import { SHUFFLEBOARD_MAT_DEFAULTS, SHUFFLEBOARD_MAT_VARIANTS, type ShuffleboardMatOptions } from './options.ts';
import { judgeMatShot } from './shot.ts';

/** Callers outside a match may pass only some settings; the rest are the defaults. */
function withDefaults(options: Partial<ShuffleboardMatOptions> | undefined): ShuffleboardMatOptions {
  return { ...SHUFFLEBOARD_MAT_DEFAULTS, ...(options ?? {}) };
}

export const shuffleboardMat = defineRules<ShuffleboardMatOptions>({
  id: 'shuffleboard-mat',
  name: 'Shuffleboard (mat)',
  defaultProfileId: 'shuffleboard-mat',
  requiredFeatures: SHUFFLEBOARD_MAT_REQUIRED_FEATURES,
  defaultOptions: SHUFFLEBOARD_MAT_DEFAULTS,
  variants: SHUFFLEBOARD_MAT_VARIANTS,
  callDiscs: (state, ctx) => callMatStones(state, ctx.profile, withDefaults(ctx.options), ctx.decisions),
  scoreRound: (state, ctx) => scoreMatRound(state, ctx.profile, withDefaults(ctx.options), teamsFor(state, ctx.match), ctx.decisions),
  judgeShot: (shot, ctx) => judgeMatShot(shot, ctx.profile, withDefaults(ctx.options)),
  flow: shuffleboardMatFlow,
});

export type { ShuffleboardMatOptions };
