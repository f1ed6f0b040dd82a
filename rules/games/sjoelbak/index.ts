/** Sjoelen on a sjoelbak (seed 004, RULES.md §9). */
import type { BoardState, TeamId } from '../../core/board-state.ts';
import { defineRules, type RulesContext } from '../../core/define-rules.ts';
import { SJOELBAK_REQUIRED_FEATURES } from './board.ts';
import { callSjoelbakDiscs, scoreSjoelbakBoard } from './calls.ts';
import { sjoelbakFlow } from './flow.ts';
import { SJOELBAK_DEFAULTS, SJOELBAK_VARIANTS, type SjoelbakOptions } from './options.ts';
import { judgeSjoelbakShot } from './shot.ts';

/**
 * Whose turn a board belongs to: inside a match the player on turn; scored on its own, the one
 * team the discs carry, else the first team named (compartment counts carry no team).
 */
function playerOf(state: BoardState, ctx: RulesContext<SjoelbakOptions>): { player: TeamId; teams: TeamId[] } {
  const fromMatch = (ctx.match?.custom as { player?: unknown } | undefined)?.player;
  const onBoard = [...new Set(state.discs.map((d) => d.team))];
  const teams = ctx.match?.teams ? [...ctx.match.teams] : onBoard.length > 0 ? onBoard : ['A'];
  const player = typeof fromMatch === 'string' ? fromMatch : onBoard.length === 1 ? onBoard[0]! : teams[0]!;
  return { player, teams: teams.includes(player) ? teams : [...teams, player] };
}

export const sjoelbak = defineRules<SjoelbakOptions>({
  id: 'sjoelbak',
  name: 'Sjoelbak',
  defaultProfileId: 'sjoelbak-standard-40x200',
  requiredFeatures: SJOELBAK_REQUIRED_FEATURES,
  defaultOptions: SJOELBAK_DEFAULTS,
  variants: SJOELBAK_VARIANTS,
  callDiscs: (state, ctx) => callSjoelbakDiscs(state, ctx.profile, ctx.decisions),
  scoreRound: (state, ctx) => {
    const { player, teams } = playerOf(state, ctx);
    return scoreSjoelbakBoard(state, ctx.profile, ctx.options.setPoints, player, teams, ctx.decisions);
  },
  judgeShot: (shot, ctx) => judgeSjoelbakShot(shot, ctx.profile, ctx.options, ctx.decisions),
  flow: sjoelbakFlow,
});

export type { SjoelbakOptions };
