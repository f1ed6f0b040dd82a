/** PitRush (seed 001 "PitRush", RULES.md §7): Contest and Arena modes. */
import type { BoardState, TeamId } from '../../core/board-state.ts';
import { defineRules } from '../../core/define-rules.ts';
import { callPitRushDiscs, isNeutral, PITRUSH_REQUIRED_FEATURES, scorePitRushBoard } from './calls.ts';
import { pitRushFlow } from './flow.ts';
import { PITRUSH_DEFAULTS, PITRUSH_VARIANTS, type PitRushOptions } from './options.ts';
import { ANY_PLAYER, judgePitRushShot } from './shot.ts';

/** Players in seating order: the match's, else the colours on the board (neutral discs belong to nobody). */
function teamsOf(state: BoardState, matchTeams?: readonly TeamId[]): TeamId[] {
  if (matchTeams && matchTeams.length > 0) return matchTeams.filter((t) => t !== ANY_PLAYER && t !== 'neutral');
  const seen = [...new Set(state.discs.filter((d) => !isNeutral(d)).map((d) => d.team))].sort();
  return seen.length > 0 ? seen : ['A', 'B'];
}

export const pitrush = defineRules<PitRushOptions>({
  id: 'pitrush',
  name: 'PitRush',
  defaultProfileId: 'pitrush-standard',
  requiredFeatures: PITRUSH_REQUIRED_FEATURES,
  defaultOptions: PITRUSH_DEFAULTS,
  variants: PITRUSH_VARIANTS,
  callDiscs: (state, ctx) => callPitRushDiscs(state, ctx.profile, ctx.options, teamsOf(state, ctx.match?.teams), ctx.decisions),
  scoreRound: (state, ctx) => scorePitRushBoard(state, ctx.profile, ctx.options, teamsOf(state, ctx.match?.teams), ctx.decisions),
  judgeShot: (shot, ctx) => judgePitRushShot(shot, ctx.profile, ctx.options, ctx.match, ctx.decisions),
  flow: pitRushFlow,
});

export { ANY_PLAYER };
export type { PitRushOptions };
