/** Per-stone calls and end scoring for curling on a mat: the shared house rules on this mat. */
import { withDiscIds, type BoardState, type TeamId } from '../../core/board-state.ts';
import type { RulesContext } from '../../core/define-rules.ts';
import { pieceRadiusMm } from '../../profiles/schema.ts';
import { withoutRuledOut } from './delivery.ts';
import { openQuestions } from './ends.ts';
import { HOUSE_EDGE_ID, houseOf, scoreHouse, teamsOf, type HouseScore } from './house.ts';

export const CURLING_MAT_REQUIRED_FEATURES = [HOUSE_EDGE_ID, 'hog-line'] as const;

/**
 * Score the stones at rest. Inside a match the teams come from the match and stones a person
 * has ruled out of play are left out; on a one-off board the teams come from the stones.
 */
export function scoreCurlingBoard<O>(state: BoardState, ctx: RulesContext<O>): HouseScore {
  const teams: TeamId[] = ctx.match?.teams ?? teamsOf(state.discs);
  const decisions = ctx.decisions ?? [];
  // A one-off board may come without ids; every stone needs one for calls and decisions.
  const board = withoutRuledOut({ ...state, discs: withDiscIds(state.discs) }, openQuestions(ctx.match), decisions);
  return scoreHouse(board.discs, houseOf(ctx.profile), pieceRadiusMm(ctx.profile, 'stone'), teams, decisions);
}
