/**
 * A board holds no more pieces of a kind than the game has: per team for a team's pieces, in
 * all for pieces of no team (carrom's queen and striker). Where more were found, the ones found
 * least far round their rims are the extra ones (a grain's streaks drew circles found half round
 * on a light carrom board out of focus, and took team and kind from their colour and size).
 * Only where the teams were told apart as the match has them: teams learnt as one (a team's
 * discs alone in different light) say nothing of how many each has; nor on a board with
 * neutral pieces (PitRush), which take a team's label where the teams' colours were not given.
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { NO_TEAM } from './piece-kinds.ts';
import type { DetectedDisc } from './types.ts';

/** Indices of the discs beyond their kind's count (for each team), weakest rims first dropped. */
export function beyondPieceCounts(discs: readonly Pick<DetectedDisc, 'kind' | 'team' | 'rimCoverage'>[], profile: BoardProfile, teamCount: number): number[] {
  const teamLabels = new Set(discs.filter((d) => !NO_TEAM.has(d.kind) && d.team !== null).map((d) => d.team));
  const teamsCounted = teamLabels.size === teamCount && !profile.pieces.some((p) => p.kind === 'neutral');
  const groups = new Map<string, number[]>();
  discs.forEach((d, i) => {
    const teamless = NO_TEAM.has(d.kind);
    if (!teamless && (d.team === null || !teamsCounted)) return;
    const key = teamless ? d.kind : `${d.kind}/${d.team}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const extra: number[] = [];
  for (const members of groups.values()) {
    const count = profile.pieces.find((p) => p.kind === discs[members[0]!]!.kind)?.count;
    if (count === undefined || members.length <= count) continue;
    const weakestFirst = [...members].sort((a, b) => discs[a]!.rimCoverage - discs[b]!.rimCoverage);
    extra.push(...weakestFirst.slice(0, members.length - count));
  }
  return extra.sort((a, b) => a - b);
}
