/**
 * PitRush match flow. Contest: turns clockwise; Phase I shoots every disc, Phase II takes back a
 * disc not in a pit; a shot that drops no disc into a pit makes the next player place a neutral
 * disc; the game ends at once when every pit is filled, a neutral disc cannot be placed, or a
 * player has every disc in pits. Arena: Phase I anyone shoots any time until every pit is filled,
 * then the discs not in pits are gathered and shot in turns. A series is several games, totals added.
 */
import type { TeamId } from '../../core/board-state.ts';
import type { MatchFlow, RulesContext } from '../../core/define-rules.ts';
import type { MatchState } from '../../core/match-state.ts';
import { addPoints } from '../../core/match.ts';
import { beginNextRound, leaders, nextTeam } from '../../core/turns.ts';
import { pieceRadiusMm } from '../../profiles/schema.ts';
import { isNeutral, pitOccupants, pitsOpenForNeutral, placeDiscs, type PlacedDisc } from './calls.ts';
import { discsFor, type PitRushOptions } from './options.ts';
import { readPitField } from './pits.ts';
import { ANY_PLAYER } from './shot.ts';

export interface PitRushCustom {
  phase: 1 | 2;
  /** Discs each player starts with. */
  discs: number;
  /** Discs each player still has to shoot (Contest Phase I, Arena Phase II). */
  inHand: Record<TeamId, number>;
  /** Contest Phase II: the player on turn must first place a neutral disc. */
  neutralDue: boolean;
  neutralsPlaced: number;
  ended: boolean;
  endReason: string | null;
  /** 1-based game of the series. */
  game: number;
}

export function pitRushCustom(state: MatchState): PitRushCustom {
  return state.custom as unknown as PitRushCustom;
}

function withCustom(state: MatchState, custom: PitRushCustom): MatchState {
  return { ...state, custom: custom as unknown as Record<string, unknown> };
}

function freshCustom(state: MatchState, options: PitRushOptions, game: number): PitRushCustom {
  const discs = discsFor(options, state.teams.length);
  return {
    phase: 1,
    discs,
    inHand: Object.fromEntries(state.teams.map((t) => [t, discs])),
    neutralDue: false,
    neutralsPlaced: 0,
    ended: false,
    endReason: null,
    game,
  };
}

/** The first player from `from` (itself included when `inclusive`) going clockwise who still has discs to shoot. */
function nextWithDiscs(teams: readonly TeamId[], from: TeamId, inHand: Record<TeamId, number>, inclusive: boolean): TeamId | null {
  let t = inclusive ? from : nextTeam(teams, from);
  for (let i = 0; i < teams.length; i++) {
    if ((inHand[t] ?? 0) > 0) return t;
    t = nextTeam(teams, t);
  }
  return null;
}

function inPitCount(placed: readonly PlacedDisc[], team: TeamId): number {
  return placed.filter((p) => p.placement.kind === 'in-pit' && p.disc.team === team && !isNeutral(p.disc)).length;
}

function end(state: MatchState, c: PitRushCustom, reason: string): MatchState {
  return withCustom({ ...state, turn: null, log: [...state.log, `game ${c.game} over: ${reason}`] }, { ...c, ended: true, endReason: reason });
}

export const pitRushFlow: MatchFlow<PitRushOptions> = {
  start(state, ctx) {
    const log = [...state.log];
    const n = state.teams.length;
    if (ctx.options.mode === 'contest' && (n < 2 || n > 4)) log.push(`Contest mode is for 2-4 players, not ${n}`);
    if (ctx.options.mode === 'arena' && (n < 3 || n > 6)) log.push(`Arena mode is for 3-6 players, not ${n}`);
    return withCustom({ ...state, log, turn: state.starter }, freshCustom(state, ctx.options, 1));
  },

  afterShot(state, ruling, shot, ctx) {
    if (ruling.facts?.void === true) return state;
    const c = pitRushCustom(state);
    const o = ctx.options;
    const field = readPitField(ctx.profile);
    const { placed } = placeDiscs(state.board, field, pieceRadiusMm(ctx.profile), state.decisions);
    const allFilled = pitOccupants(placed).size === field.pits.length;
    const s: MatchState = { ...state, shotsThisRound: state.shotsThisRound + 1 };
    const shooter = shot.shooter;

    if (o.mode === 'arena') {
      if (c.phase === 1) {
        if (!allFilled) return withCustom({ ...s, turn: ANY_PLAYER }, c);
        // Every pit holds a disc: gather the discs not in pits; Phase II goes round from the starter.
        const inPit = placed.filter((p) => p.placement.kind === 'in-pit');
        const inHand = Object.fromEntries(state.teams.map((t) => [t, Math.max(0, c.discs - inPitCount(placed, t))]));
        const next: PitRushCustom = { ...c, phase: 2, inHand };
        const board = { ...s.board, discs: inPit.map((p) => p.disc) };
        const turn = nextWithDiscs(state.teams, state.starter, inHand, true);
        const moved = { ...s, board, log: [...s.log, `game ${c.game}: every pit filled, Phase II: ${state.teams.map((t) => `${t} ${inHand[t]}`).join(', ')} disc(s) to shoot`] };
        return turn ? withCustom({ ...moved, turn }, next) : end(moved, next, 'every pit filled and no disc left to shoot');
      }
      const inHand = { ...c.inHand, [shooter]: Math.max(0, (c.inHand[shooter] ?? 0) - 1) };
      const turn = nextWithDiscs(state.teams, shooter, inHand, false);
      return turn ? withCustom({ ...s, turn }, { ...c, inHand }) : end(s, { ...c, inHand }, 'every player has shot all their discs');
    }

    // Contest mode.
    if (ruling.facts?.neutralPlaced === true) {
      const next = { ...c, neutralDue: false, neutralsPlaced: c.neutralsPlaced + 1 };
      const placedState = { ...s, shotsThisRound: state.shotsThisRound };
      return allFilled ? end(placedState, next, 'every pit is filled') : withCustom({ ...placedState, turn: shooter }, next);
    }
    const inHand = c.phase === 1 ? { ...c.inHand, [shooter]: Math.max(0, (c.inHand[shooter] ?? 0) - 1) } : c.inHand;
    let next: PitRushCustom = { ...c, inHand };
    if (allFilled) return end(s, next, 'every pit is filled');
    const full = state.teams.find((t) => inPitCount(placed, t) >= c.discs);
    if (full) return end(s, next, `all of ${full}'s discs are in pits`);
    let log = s.log;
    if (c.phase === 1 && state.teams.every((t) => (inHand[t] ?? 0) === 0)) {
      next = { ...next, phase: 2 };
      log = [...log, `game ${c.game}: every disc shot, Phase II: take back a disc not in a pit and shoot it`];
    } else if (c.phase === 2 && ruling.facts?.fellIntoPit !== true) {
      const open = pitsOpenForNeutral(field, placed);
      const supply = o.neutralDiscs === null || c.neutralsPlaced < o.neutralDiscs;
      if (open.length === 0 || !supply) return end({ ...s, log }, next, open.length === 0 ? 'a neutral disc must be placed but no pit is free' : 'a neutral disc must be placed but none is left');
      next = { ...next, neutralDue: true };
      log = [...log, `game ${c.game}: no disc fell into a pit: ${nextTeam(state.teams, shooter)} places a neutral disc (free: ${open.join(', ')})`];
    }
    return withCustom({ ...s, log, turn: nextTeam(state.teams, shooter) }, next);
  },

  roundComplete(state) {
    return pitRushCustom(state).ended === true;
  },

  endRound(state, score, ctx: RulesContext<PitRushOptions>) {
    const c = pitRushCustom(state);
    const pts = Object.fromEntries(state.teams.map((t) => [t, score.points[t] ?? 0]));
    const scoresAfter = addPoints(state.scores, pts);
    const starter = nextTeam(state.teams, state.starter);
    const next = beginNextRound(state, score, pts, scoresAfter, starter, c.endReason ? [`game ${c.game}: ${c.endReason}`] : []);
    if (c.game < ctx.options.games) return withCustom(next, freshCustom(next, ctx.options, c.game + 1));
    // The series is over: the last game's state stays readable (why it ended).
    const top = leaders(scoresAfter);
    const winner = top.length === 1 ? top[0]! : null;
    return withCustom({ ...next, over: true, winner, turn: null, log: [...next.log, winner ? `${winner} wins` : `tie between ${top.join(', ')}`] }, c);
  },
};
