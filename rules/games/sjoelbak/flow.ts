/**
 * Sjoelbak match flow. A round of the engine is one player's turn of up to three sub-turns; a
 * game is one turn per player, the highest turn wins it; the match is best of N games (or the
 * total of every turn).
 */
import type { TeamId } from '../../core/board-state.ts';
import type { MatchFlow, RulesContext } from '../../core/define-rules.ts';
import type { MatchState } from '../../core/match-state.ts';
import { zeroScores } from '../../core/match.ts';
import { beginNextRound, leaders, nextTeam } from '../../core/turns.ts';
import { readSjoelbakBoard } from './board.ts';
import { callSjoelbakDiscs, compartmentCounts } from './calls.ts';
import type { SjoelbakOptions } from './options.ts';

export interface SjoelbakCustom {
  /** Whose turn (round) this is. */
  player: TeamId;
  subTurn: number;
  /** Discs still to slide in this sub-turn. */
  discsLeft: number;
  turnDone: boolean;
  /** 1-based game number; a game is one turn per player. */
  game: number;
  gameStarter: TeamId;
  turnInGame: number;
  gameScores: Record<TeamId, number>;
  gameWins: Record<TeamId, number>;
  totals: Record<TeamId, number>;
}

export function sjoelbakCustom(state: MatchState): SjoelbakCustom {
  return state.custom as unknown as SjoelbakCustom;
}

function withCustom(state: MatchState, custom: SjoelbakCustom): MatchState {
  return { ...state, custom: custom as unknown as Record<string, unknown> };
}

/** Who has won the match, if anyone: a lead no remaining game can close, or a lead at the end. */
export function sjoelbakMatchResult(
  standing: Record<TeamId, number>,
  gamesPlayed: number,
  options: SjoelbakOptions,
): { over: boolean; winner: TeamId | null } {
  const values = Object.values(standing).sort((a, b) => b - a);
  const top = leaders(standing);
  const lead = (values[0] ?? 0) - (values[1] ?? 0);
  const remaining = Math.max(0, options.games - gamesPlayed);
  if (options.matchFormat === 'best-of') {
    // A game won is one point of standing: a lead larger than the games left is decisive.
    if (top.length === 1 && lead > remaining) return { over: true, winner: top[0]! };
  } else if (remaining === 0 && top.length === 1) {
    return { over: true, winner: top[0]! };
  }
  if (remaining === 0 && top.length > 1 && options.tieBreak === 'shared') return { over: true, winner: null };
  return { over: false, winner: null };
}

export const sjoelbakFlow: MatchFlow<SjoelbakOptions> = {
  start(state, ctx) {
    const custom: SjoelbakCustom = {
      player: state.starter,
      subTurn: 1,
      discsLeft: ctx.options.discs,
      turnDone: false,
      game: 1,
      gameStarter: state.starter,
      turnInGame: 0,
      gameScores: {},
      gameWins: zeroScores(state.teams),
      totals: zeroScores(state.teams),
    };
    return withCustom({ ...state, turn: state.starter }, custom);
  },

  afterShot(state, ruling, _shot, ctx) {
    const c = sjoelbakCustom(state);
    const slid = ruling.facts?.slid !== false;
    const discsLeft = c.discsLeft - (slid ? 1 : 0);
    const next = withCustom({ ...state, shotsThisRound: state.shotsThisRound + 1 }, { ...c, discsLeft });
    if (discsLeft > 0) return next;
    // End of the sub-turn: discs in compartments stay, the rest return to the player.
    const board = readSjoelbakBoard(ctx.profile);
    const calls = callSjoelbakDiscs(state.board, ctx.profile, state.decisions);
    const { counts } = compartmentCounts(state.board, calls, board);
    const inCompartments = Object.values(counts).reduce((s, n) => s + n, 0);
    const keptIds = new Set(calls.filter((x) => x.compartment !== undefined).map((x) => x.id));
    const done = inCompartments >= ctx.options.discs || c.subTurn >= ctx.options.subTurns;
    const log = [...next.log, `round ${state.round}: ${c.player} sub-turn ${c.subTurn} over: ${inCompartments} in compartments, ${Math.max(0, ctx.options.discs - inCompartments)} back to the player`];
    // A call nobody has ruled on yet is taken as measured here; it stays open for the turn's score.
    for (const x of calls) {
      if (x.call === 'too-close' && x.pointsIfClear !== x.pointsIfTouching) {
        log.push(`round ${state.round}: ${x.id} too close to the gate bar's front face: ${x.compartment !== undefined ? 'left in its compartment' : 'returned'} as measured`);
      }
    }
    const custom: SjoelbakCustom = done
      ? { ...c, discsLeft: 0, turnDone: true }
      : { ...c, subTurn: c.subTurn + 1, discsLeft: Math.max(0, ctx.options.discs - inCompartments) };
    return withCustom({ ...next, log, board: { ...state.board, discs: state.board.discs.filter((d) => keptIds.has(d.id)) } }, custom);
  },

  roundComplete(state) {
    return sjoelbakCustom(state).turnDone === true;
  },

  endRound(state, score, ctx: RulesContext<SjoelbakOptions>) {
    const o = ctx.options;
    const c = sjoelbakCustom(state);
    const player = c.player;
    const turnPoints = score.points[player] ?? 0;
    const gameScores = { ...c.gameScores, [player]: turnPoints };
    const totals = { ...c.totals, [player]: (c.totals[player] ?? 0) + turnPoints };
    const turnInGame = c.turnInGame + 1;
    const fresh = { subTurn: 1, discsLeft: o.discs, turnDone: false };
    if (turnInGame < state.teams.length) {
      const nextPlayer = nextTeam(state.teams, player);
      const scoresAfter = o.matchFormat === 'total' ? totals : { ...state.scores };
      const next = beginNextRound(state, score, { [player]: turnPoints }, scoresAfter, nextPlayer, [`${player} turn: ${turnPoints}`]);
      return withCustom(next, { ...c, ...fresh, player: nextPlayer, gameScores, totals, turnInGame });
    }
    // Every player has had a turn: the game is decided.
    const top = leaders(gameScores);
    const gameWins = { ...c.gameWins };
    if (top.length === 1) gameWins[top[0]!] = (gameWins[top[0]!] ?? 0) + 1;
    const gameNote = top.length === 1
      ? `game ${c.game}: ${top[0]} wins with ${gameScores[top[0]!]}`
      : `game ${c.game}: tie at ${gameScores[top[0]!]} between ${top.join(', ')}`;
    const scoresAfter = o.matchFormat === 'total' ? totals : gameWins;
    const result = sjoelbakMatchResult(scoresAfter, c.game, o);
    const nextStarter = o.rotateStarter ? nextTeam(state.teams, c.gameStarter) : c.gameStarter;
    let next = beginNextRound(state, score, { [player]: turnPoints }, scoresAfter, nextStarter, [`${player} turn: ${turnPoints}`, gameNote]);
    next = withCustom(next, { ...c, ...fresh, player: nextStarter, game: c.game + 1, gameStarter: nextStarter, turnInGame: 0, gameScores: {}, gameWins, totals });
    if (result.over) {
      next = { ...next, over: true, winner: result.winner, turn: null, log: [...next.log, result.winner ? `${result.winner} wins the match` : 'match shared'] };
    }
    return next;
  },
};
