/** Crokinole (seed 001, first section). */
import { defineRules } from '../../core/define-rules.ts';
import { CROKINOLE_REQUIRED_FEATURES, callCrokinoleDiscs, scoreCrokinoleBoard } from './calls.ts';
import { crokinoleFlow } from './flow.ts';
import { CROKINOLE_DEFAULTS, CROKINOLE_VARIANTS, type CrokinoleOptions } from './options.ts';
import { judgeCrokinoleShot } from './shot.ts';

export const crokinole = defineRules<CrokinoleOptions>({
  id: 'crokinole',
  name: 'Crokinole',
  defaultProfileId: 'crokinole-nca-26in',
  requiredFeatures: CROKINOLE_REQUIRED_FEATURES,
  defaultOptions: CROKINOLE_DEFAULTS,
  variants: CROKINOLE_VARIANTS,
  callDiscs: (state, ctx) => callCrokinoleDiscs(state, ctx.profile, ctx.decisions),
  scoreRound: (state, ctx) => scoreCrokinoleBoard(state, ctx.profile, ctx.match?.teams ?? teamsOnBoard(state), ctx.decisions),
  judgeShot: (shot, ctx) => judgeCrokinoleShot(shot, ctx.profile, ctx.options),
  flow: crokinoleFlow,
});

function teamsOnBoard(state: { discs: { team: string }[]; hole?: Record<string, number> }): string[] {
  return [...new Set([...state.discs.map((d) => d.team), ...Object.keys(state.hole ?? {})])].sort();
}

export type { CrokinoleOptions };
