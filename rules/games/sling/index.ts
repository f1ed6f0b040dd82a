/** Sling (seed 001 "Sling", RULES.md §8): basic game, Quickmatch and Slow mode. */
import type { BoardState, TeamId } from '../../core/board-state.ts';
import { defineRules } from '../../core/define-rules.ts';
import { callSlingDiscs, scoreSlingBoard, SLING_REQUIRED_FEATURES, type SlingOutcome } from './calls.ts';
import { slingFlow } from './flow.ts';
import { SLING_DEFAULTS, SLING_VARIANTS, type SlingOptions } from './options.ts';
import { ANY_PLAYER, judgeSlingShot } from './shot.ts';

/** The two players: the match's, else the colours on the board (first sorted at the near half). */
function playersOf(state: BoardState, matchTeams?: readonly TeamId[]): TeamId[] {
  if (matchTeams && matchTeams.length > 0) return [...matchTeams];
  const seen = [...new Set(state.discs.map((d) => d.team))].sort();
  for (const t of ['A', 'B']) if (seen.length < 2 && !seen.includes(t)) seen.push(t);
  return seen;
}

export const sling = defineRules<SlingOptions>({
  id: 'sling',
  name: 'Sling',
  defaultProfileId: 'sling-standard',
  requiredFeatures: SLING_REQUIRED_FEATURES,
  defaultOptions: SLING_DEFAULTS,
  variants: SLING_VARIANTS,
  callDiscs: (state, ctx) => callSlingDiscs(state, ctx.profile, playersOf(state, ctx.match?.teams).slice(0, 2), ctx.decisions),
  scoreRound: (state, ctx) => {
    const outcome = (ctx.match?.custom as { outcome?: SlingOutcome | null } | undefined)?.outcome ?? null;
    return scoreSlingBoard(state, ctx.profile, ctx.options, playersOf(state, ctx.match?.teams), ctx.decisions, outcome);
  },
  judgeShot: (shot, ctx) => judgeSlingShot(shot, ctx.options, ctx.match),
  flow: slingFlow,
});

export { ANY_PLAYER };
export type { SlingOptions };
