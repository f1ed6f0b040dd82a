/**
 * Nano Curling match flow (seed 003): 4 stones a team, the team that scored more throws first
 * next end, 8 ends (or an agreed number, or first to 10), one extra end on a tie, and the
 * optional lag before the first end.
 */
import type { TeamId } from '../../core/board-state.ts';
import type { MatchFlow } from '../../core/define-rules.ts';
import type { MatchState } from '../../core/match-state.ts';
import { nextTeam } from '../../core/turns.ts';
import { endsFlow, hammerFor, type EndsSettings } from '../curling-mat/ends.ts';
import { lagOutcome, lagThrowOf, type LagThrow } from './lag.ts';
import type { NanoCurlingOptions } from './options.ts';

export function nanoSettings(o: NanoCurlingOptions): EndsSettings {
  return { stonesPerTeam: o.stonesPerTeam, ends: o.ends, target: o.target, maxExtraEnds: o.maxExtraEnds };
}

const ends = endsFlow(nanoSettings);

function inLag(state: MatchState): boolean {
  return state.custom.phase === 'lag';
}

export const nanoCurlingFlow: MatchFlow<NanoCurlingOptions> = {
  start(state, ctx) {
    const s = ends.start(state, ctx);
    if (!ctx.options.lagForStarter) return { ...s, custom: { ...s.custom, phase: 'play' } };
    // The setup's starter throws the first lag stone; nobody has the hammer until the lag is decided.
    return {
      ...s,
      hammer: null,
      custom: { ...s.custom, phase: 'lag', lag: {}, lagFirst: state.starter },
      log: [...s.log, 'lag for the first end: each team throws one stone to the centre line'],
    };
  },
  afterShot(state, ruling, shot, ctx) {
    if (!inLag(state)) return ends.afterShot(state, ruling, shot, ctx);
    const lag: Record<TeamId, LagThrow> = { ...(state.custom.lag as Record<TeamId, LagThrow>), [shot.shooter]: lagThrowOf(ruling.board, shot.shotDiscId, ctx.profile) };
    const waiting = state.teams.filter((t) => !lag[t]);
    if (waiting.length > 0) return { ...state, turn: nextTeam(state.teams, shot.shooter), custom: { ...state.custom, lag } };
    const outcome = lagOutcome(state.teams, lag);
    const cleared = { ...state, board: { discs: [] }, shotsThisRound: 0, log: [...state.log, outcome.note] };
    if (!outcome.decided) {
      const first = state.custom.lagFirst as TeamId;
      return { ...cleared, turn: first, custom: { ...state.custom, lag: {} } };
    }
    return {
      ...cleared,
      starter: outcome.starter,
      turn: outcome.starter,
      hammer: hammerFor(state.teams, outcome.starter),
      custom: { ...state.custom, phase: 'play', lag: {}, lagResult: lag },
    };
  },
  roundComplete(state, ctx) {
    return !inLag(state) && ends.roundComplete(state, ctx);
  },
  endRound(state, score, ctx) {
    return ends.endRound(state, score, ctx);
  },
};
