/**
 * The lag that decides who starts (seed 003 tip): each team throws one stone; the team whose
 * stone is closer to the centre line throws second, i.e. has the last stone of the first end.
 * Distances run from the centre line to the stone's centre; a removed stone is the farthest.
 */
import type { BoardState, TeamId } from '../../core/board-state.ts';
import type { BoardProfile } from '../../profiles/schema.ts';
import { requireFeature } from '../../profiles/schema.ts';
import { nextTeam } from '../../core/turns.ts';
import { signedOffsetFromLineMm } from '../curling-mat/lines.ts';
import { compareCloseness } from '../curling-mat/house.ts';

export interface LagThrow {
  id: string;
  /** Null when the stone was removed (it loses the lag). */
  distanceMm: number | null;
  uncertaintyMm: number;
}

/** Where a team's lag stone came to rest, measured to the centre line. */
export function lagThrowOf(board: BoardState, stoneId: string, profile: BoardProfile): LagThrow {
  const stone = board.discs.find((d) => d.id === stoneId);
  if (!stone) return { id: stoneId, distanceMm: null, uncertaintyMm: 0 };
  const line = requireFeature(profile, 'centre-line', 'line');
  return { id: stoneId, distanceMm: Math.abs(signedOffsetFromLineMm(stone, line, { xMm: line.x1Mm, yMm: line.y1Mm })), uncertaintyMm: stone.uncertaintyMm ?? 0 };
}

export type LagOutcome = { decided: true; starter: TeamId; closest: TeamId; note: string } | { decided: false; note: string };

/** The closest team throws last: the team after it in the rotation starts. Too close to tell: lag again. */
export function lagOutcome(teams: readonly TeamId[], throws: Readonly<Record<TeamId, LagThrow>>): LagOutcome {
  const ranked = teams
    .map((t) => ({ team: t, ...throws[t]! }))
    .filter((x) => x.distanceMm !== null)
    .sort((a, b) => a.distanceMm! - b.distanceMm!);
  if (ranked.length === 0) return { decided: false, note: 'lag: no stone stayed in play, lag again' };
  const best = ranked[0]!;
  const second = ranked[1];
  if (second) {
    const c = compareCloseness({ distanceMm: best.distanceMm!, uncertaintyMm: best.uncertaintyMm }, { distanceMm: second.distanceMm!, uncertaintyMm: second.uncertaintyMm });
    if (c.closer !== 'first') {
      return { decided: false, note: `lag: ${best.team} and ${second.team} cannot be told apart (${Math.abs(c.differenceMm).toFixed(2)} ± ${c.uncertaintyMm.toFixed(2)} mm), lag again` };
    }
  }
  const starter = nextTeam(teams, best.team);
  return { decided: true, starter, closest: best.team, note: `lag: ${best.team} closer to the centre line (${best.distanceMm!.toFixed(2)} mm) throws last; ${starter} starts` };
}
