/**
 * The generic match engine: folds a journal of events into a MatchState. Pure: the same
 * journal always gives the same state, so every call can be replayed and audited.
 */
import type { BoardProfile } from '../profiles/schema.ts';
import type { GameRules, RulesContext } from './define-rules.ts';
import type { MatchEvent, MatchState } from './match-state.ts';
import type { RoundScore } from './calls.ts';
import type { TeamId } from './board-state.ts';

export interface MatchEnvironment {
  /** Rules by game id. */
  games: Readonly<Record<string, GameRules<any>>>;
  /** Board profile by id. */
  profiles: Readonly<Record<string, BoardProfile>>;
}

export function zeroScores(teams: readonly TeamId[]): Record<TeamId, number> {
  return Object.fromEntries(teams.map((t) => [t, 0]));
}

export function addPoints(a: Record<TeamId, number>, b: Record<TeamId, number>): Record<TeamId, number> {
  const out = { ...a };
  for (const [t, p] of Object.entries(b)) out[t] = (out[t] ?? 0) + p;
  return out;
}

function contextOf(env: MatchEnvironment, state: MatchState): { rules: GameRules<any>; ctx: RulesContext<any> } | null {
  const rules = env.games[state.game];
  const profile = env.profiles[state.profileId];
  if (!rules || !profile) return null;
  return { rules, ctx: { profile, options: state.options, match: state, decisions: state.decisions } };
}

function setup(env: MatchEnvironment, e: Extract<MatchEvent, { type: 'setup' }>): MatchState | string {
  const rules = env.games[e.game];
  if (!rules) return `unknown game "${e.game}"`;
  const resolved = rules.resolveOptions(e.variant, (e.options ?? {}) as object);
  if (!resolved.ok) return resolved.error;
  const profileId = e.profileId ?? rules.defaultProfileId;
  const profile = env.profiles[profileId];
  if (!profile) return `unknown board profile "${profileId}"`;
  if (e.teams.length < 2) return 'a match needs at least two teams';
  if (new Set(e.teams).size !== e.teams.length) return 'team names must differ';
  const starter = e.starter ?? e.teams[0]!;
  if (!e.teams.includes(starter)) return `starter "${starter}" is not one of the teams`;
  const blank: MatchState = {
    game: e.game,
    variant: e.variant ?? 'standard',
    profileId,
    options: resolved.options as Record<string, unknown>,
    teams: [...e.teams],
    round: 1,
    shotsThisRound: 0,
    turn: starter,
    starter,
    hammer: null,
    board: { discs: [] },
    decisions: [],
    pendingIds: [],
    pendingScore: null,
    scores: zeroScores(e.teams),
    rounds: [],
    winner: null,
    over: false,
    custom: {},
    log: [],
    rejected: [],
    lastShot: null,
  };
  return rules.flow.start(blank, { profile, options: resolved.options, match: blank, decisions: [] });
}

/** Score the round now if nothing waits for a person; otherwise park it until decisions come. */
function closeRound(env: MatchEnvironment, state: MatchState): MatchState {
  const c = contextOf(env, state)!;
  const score: RoundScore = c.rules.scoreRound(state.board, c.ctx);
  const undecided = score.pendingIds.filter((id) => !state.decisions.some((d) => d.discId === id));
  if (undecided.length > 0) {
    return {
      ...state,
      turn: null,
      pendingIds: undecided,
      pendingScore: score,
      log: [...state.log, `round ${state.round}: ${undecided.length} call(s) too close, waiting for a decision`],
    };
  }
  const ended = c.rules.flow.endRound({ ...state, pendingIds: [], pendingScore: null }, score, c.ctx);
  return ended;
}

function apply(env: MatchEnvironment, state: MatchState, e: MatchEvent): MatchState | string {
  if (e.type === 'setup') return 'the match is already set up';
  if (e.type === 'undo') return 'undo is handled by the fold';
  const c = contextOf(env, state);
  if (!c) return 'match refers to an unknown game or board';
  switch (e.type) {
    case 'shot': {
      if (state.over) return 'the match is over';
      if (state.pendingIds.length > 0) return `waiting for a decision on ${state.pendingIds.join(', ')}`;
      if (e.shot.shooter !== state.turn) return `it is ${state.turn}'s turn, not ${e.shot.shooter}'s`;
      const ruling = c.rules.judgeShot(e.shot, c.ctx);
      let next: MatchState = {
        ...state,
        board: ruling.board,
        scores: addPoints(state.scores, ruling.immediatePoints),
        lastShot: { shot: e.shot, notes: ruling.notes, valid: ruling.valid },
        log: [...state.log, ...ruling.notes.map((n) => `round ${state.round}: ${n}`)],
      };
      next = c.rules.flow.afterShot(next, ruling, e.shot, { ...c.ctx, match: next });
      if (!next.over && c.rules.flow.roundComplete(next, { ...c.ctx, match: next })) next = closeRound(env, next);
      return next;
    }
    case 'decision': {
      const exists = state.board.discs.some((d) => d.id === e.decision.discId);
      if (!exists) return `no disc "${e.decision.discId}" on the board`;
      const decisions = [...state.decisions.filter((d) => d.discId !== e.decision.discId), e.decision];
      const next: MatchState = {
        ...state,
        decisions,
        log: [...state.log, `decision: ${e.decision.discId} ruled ${e.decision.call}`],
      };
      if (state.pendingIds.length > 0) return closeRound(env, { ...next, pendingIds: [], pendingScore: null });
      return next;
    }
    case 'correction':
      return {
        ...state,
        board: e.board,
        log: [...state.log, `correction${e.note ? `: ${e.note}` : ''}`],
      };
    case 'end-round':
      if (state.over) return 'the match is over';
      return closeRound(env, { ...state, log: [...state.log, `round ${state.round} closed by hand${e.note ? `: ${e.note}` : ''}`] });
  }
}

export interface FoldResult {
  state: MatchState | null;
  /** Reason the journal could not start (no valid setup). */
  error?: string;
}

/** Fold a whole journal. Rejected events are recorded in `state.rejected` and change nothing. */
export function foldJournal(env: MatchEnvironment, journal: readonly MatchEvent[]): FoldResult {
  const first = journal[0];
  if (!first || first.type !== 'setup') return { state: null, error: 'a journal starts with a setup event' };
  const s0 = setup(env, first);
  if (typeof s0 === 'string') return { state: null, error: s0 };
  const stack: MatchState[] = [s0];
  const rejected: { index: number; reason: string }[] = [];
  for (let i = 1; i < journal.length; i++) {
    const e = journal[i]!;
    const top = stack[stack.length - 1]!;
    if (e.type === 'undo') {
      if (stack.length > 1) stack.pop();
      else rejected.push({ index: i, reason: 'nothing to undo' });
      continue;
    }
    const r = apply(env, top, e);
    if (typeof r === 'string') rejected.push({ index: i, reason: r });
    else stack.push(r);
  }
  return { state: { ...stack[stack.length - 1]!, rejected } };
}

/** Append an undo: the one call that takes back the last event in force. */
export function undo(journal: readonly MatchEvent[]): MatchEvent[] {
  return [...journal, { type: 'undo' }];
}
