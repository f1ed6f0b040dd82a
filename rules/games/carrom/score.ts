/**
 * Scoring a carrom board (seed 001). Board scoring: the board's winner scores one point per
 * opponent man left, plus the queen's 3 if the winner covered it, plus the penalties for
 * pocketing the opponent's last man or your own last man before the queen. Points games: the
 * pieces each player pocketed (and covered, for the queen).
 */
import type { BoardState, TeamId } from '../../core/board-state.ts';
import type { RoundScore } from '../../core/calls.ts';
import type { RulesContext } from '../../core/define-rules.ts';
import { callCarromDiscs, pendingOf, type CarromDiscCall } from './calls.ts';
import type { CarromOptions, Colour } from './options.ts';
import { otherColour } from './pieces.ts';
import { carromSides, type CarromSides } from './sides.ts';
import { boardCredits, carromCustomOf, type BoardResult, type QueenState } from './state.ts';

function menLeft(calls: readonly CarromDiscCall[], sides: CarromSides, colour: Colour): number {
  return calls.filter((c) => c.kind === 'man' && c.inPlay && sides.colourOf(c.team) === colour).length;
}

/** A finished board seen on its own: one colour gone, the queen gone too (so it was covered). */
function resultFromPosition(calls: readonly CarromDiscCall[], sides: CarromSides): BoardResult | string {
  const white = menLeft(calls, sides, 'white');
  const black = menLeft(calls, sides, 'black');
  const queenInPlay = calls.some((c) => c.kind === 'queen' && c.inPlay);
  if ((white === 0) === (black === 0)) return `board in progress: white ${white}, black ${black} left`;
  const cleared: Colour = white === 0 ? 'white' : 'black';
  if (queenInPlay) return `${cleared} has no man left but the queen is on the board: who pocketed the last man decides, which a single position cannot tell`;
  const winner = sides.teamOfColour(cleared);
  const loser = sides.teamOfColour(otherColour(cleared));
  if (!winner || !loser) return 'the sides are not known';
  return { reason: 'cleared', winner, loser, by: winner };
}

function scoreBoardGame(calls: readonly CarromDiscCall[], sides: CarromSides, ctx: RulesContext<CarromOptions>): { points: Record<TeamId, number>; notes: string[] } {
  const o = ctx.options;
  const points: Record<TeamId, number> = Object.fromEntries(sides.teams.map((t) => [t, 0]));
  const custom = carromCustomOf(ctx.match);
  const found = custom?.result ?? resultFromPosition(calls, sides);
  if (typeof found === 'string') return { points, notes: [found] };
  if (!found.winner || !found.loser) return { points, notes: ['board over without a winner'] };
  const { winner, loser } = found;
  const wColour: Colour = custom?.colours[winner] ?? sides.colourOf(winner);
  const lColour = otherColour(wColour);
  const notes: string[] = [];
  const loserLeft = menLeft(calls, sides, lColour);
  let total = loserLeft * o.values[lColour];
  const why: string[] = [`${loserLeft} of ${loser}'s men left`];
  const queen: QueenState = custom?.queen ?? { at: 'board' };
  if (queen.at === 'covered' && queen.by === winner) {
    const before = ctx.match?.scores?.[winner] ?? 0;
    if (o.queenPointsUntil !== null && before >= o.queenPointsUntil) {
      notes.push(`${winner} covered the queen, but with ${before} points already its ${o.values.queen} do not count (limit ${o.queenPointsUntil})`);
    } else {
      total += o.values.queen;
      why.push(`queen covered (${o.values.queen})`);
    }
  } else if (queen.at === 'covered') {
    notes.push(`${queen.by} covered the queen but lost the board: no one scores the queen`);
  } else if (!custom) {
    notes.push('who covered the queen is not known from a position alone: no queen points');
  }
  if (found.reason === 'opponent-last-piece') {
    total += o.opponentLastPiecePenalty;
    why.push(`${loser} pocketed ${winner}'s last man (${o.opponentLastPiecePenalty})`);
  } else if (found.reason === 'own-last-before-queen') {
    const winnerLeft = menLeft(calls, sides, wColour);
    total += o.ownLastBeforeQueenPenalty + winnerLeft * o.values[wColour];
    why.push(`${loser} pocketed their last man before the queen (${o.ownLastBeforeQueenPenalty} + ${winnerLeft} for ${winner}'s men left)`);
  }
  points[winner] = (points[winner] ?? 0) + total;
  notes.unshift(`${winner} wins the board: ${total} (${why.join(', ')})`);
  return { points, notes };
}

export function scoreCarromBoard(state: BoardState, ctx: RulesContext<CarromOptions>): RoundScore {
  const sides = carromSides(state, ctx);
  const calls = callCarromDiscs(state.discs, { profile: ctx.profile, options: ctx.options, colourOf: sides.colourOf }, ctx.decisions);
  const pendingIds = pendingOf(calls);
  const notes: string[] = [];
  let points: Record<TeamId, number>;
  if (ctx.options.scoring === 'board') {
    const r = scoreBoardGame(calls, sides, ctx);
    points = r.points;
    notes.push(...r.notes);
  } else {
    const custom = carromCustomOf(ctx.match);
    points = Object.fromEntries(sides.teams.map((t) => [t, 0]));
    if (custom) {
      points = { ...points, ...boardCredits(custom, sides.teams) };
      for (const t of sides.teams) if ((points[t] ?? 0) !== 0) notes.push(`${t}: ${points[t]} from pocketed pieces`);
      for (const [t, n] of Object.entries(custom.dues)) if (n > 0) notes.push(`${t} still owes ${n} piece(s): nothing left to pay them with`);
    } else {
      notes.push('in the points games a piece scores for whoever pocketed it, which a single position cannot tell: no points');
    }
  }
  for (const c of calls) {
    if (c.call === 'too-close') notes.push(`${c.id} (${c.kind}) too close to ${c.line}: ${c.clearanceMm.toFixed(2)} ± ${c.uncertaintyMm.toFixed(2)} mm`);
  }
  return { points, calls, pendingIds, notes };
}
