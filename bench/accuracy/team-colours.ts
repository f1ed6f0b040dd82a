/**
 * The colours a match's players give for their teams (the CLI's --teams), taken from a scene's
 * truth: one per team, in team order, from its pieces that belong to a team.
 */
import type { PieceKind } from '../../rules/core/board-state.ts';
import { NO_TEAM } from '../../vision/detect/piece-kinds.ts';
import { rgbOf, type Rgb } from '../../vision/detect/teams.ts';

export function givenTeamColours(discs: readonly { team: string; kind?: string; color: string }[]): Rgb[] {
  const own = discs.filter((d) => !NO_TEAM.has(d.kind as PieceKind));
  const teams = [...new Set(own.map((d) => d.team))].sort();
  return teams.map((t) => rgbOf(own.find((d) => d.team === t)!.color)).filter((c): c is Rgb => c !== null);
}
