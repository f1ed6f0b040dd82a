/**
 * One plain object per game, built from named pure functions. Defaults are filled in here, in
 * one place, so a game module only writes what is particular to it.
 */
import type { BoardProfile } from '../profiles/schema.ts';
import type { BoardState, ShotEvent, TeamId } from './board-state.ts';
import type { Decision, DiscCall, RoundScore } from './calls.ts';
import type { MatchState } from './match-state.ts';

export type GameId =
  | 'crokinole'
  | 'curling-mat'
  | 'nano-curling'
  | 'shuffleboard-mat'
  | 'table-shuffleboard'
  | 'carrom'
  | 'sjoelbak'
  | 'pitrush'
  | 'sling';

/** What a shot means under the rules: the board after the rules have removed/restored discs. */
export interface ShotRuling {
  valid: boolean;
  /** Board after the rules acted (removed discs gone, restored discs back). */
  board: BoardState;
  /** Discs the rules took off, with the rule that did it. */
  removedIds: { id: string; rule: string }[];
  /** Points that change at once, not at the end of the round (shuffleboard -10). */
  immediatePoints: Record<TeamId, number>;
  /** Plain-language reasons, for the operator and the overlay. */
  notes: string[];
  /** Game-specific facts for the match flow (carrom: pocketed own piece, shoot again). */
  facts?: Record<string, unknown>;
}

export interface RulesContext<O> {
  profile: BoardProfile;
  options: O;
  /** The match so far, when the call is made inside a match (absent for one-off scoring). */
  match?: MatchState;
  decisions?: readonly Decision[];
}

export interface MatchFlow<O> {
  /** Turn, starter, hammer and any game-specific state at the start of a match. */
  start(state: MatchState, ctx: RulesContext<O>): MatchState;
  /** After a shot has been ruled: next turn, shot counters. */
  afterShot(state: MatchState, ruling: ShotRuling, shot: ShotEvent, ctx: RulesContext<O>): MatchState;
  /** True when the round (end, board, sub-turn series) is complete and should be scored. */
  roundComplete(state: MatchState, ctx: RulesContext<O>): boolean;
  /** Fold a scored round into the match: totals, next starter/hammer, winner. */
  endRound(state: MatchState, score: RoundScore, ctx: RulesContext<O>): MatchState;
}

export interface GameRulesSpec<O extends object> {
  id: GameId;
  name: string;
  /** Id of the board profile used when none is given. */
  defaultProfileId: string;
  /** Feature ids a board profile must have for this game. */
  requiredFeatures: readonly string[];
  defaultOptions: O;
  /** Named variants: option overrides. "standard" is added when absent. */
  variants?: Record<string, Partial<O>>;
  /** Per-disc calls for a board at rest. */
  callDiscs(state: BoardState, ctx: RulesContext<O>): DiscCall[];
  /** Score of a round from the board at its end. */
  scoreRound(state: BoardState, ctx: RulesContext<O>): RoundScore;
  /** What a shot means; the default accepts every shot as it lies. */
  judgeShot?(shot: ShotEvent, ctx: RulesContext<O>): ShotRuling;
  flow: MatchFlow<O>;
}

export interface GameRules<O extends object = object> extends Required<GameRulesSpec<O>> {
  variants: Record<string, Partial<O>>;
  /** Options for a variant name plus explicit overrides; an unknown variant is an error value. */
  resolveOptions(variant?: string, overrides?: Partial<O>): { ok: true; options: O } | { ok: false; error: string };
}

export function acceptShotAsItLies(shot: ShotEvent): ShotRuling {
  return { valid: true, board: shot.after, removedIds: [], immediatePoints: {}, notes: [] };
}

export function defineRules<O extends object>(spec: GameRulesSpec<O>): GameRules<O> {
  const variants: Record<string, Partial<O>> = { standard: {}, ...(spec.variants ?? {}) };
  return {
    ...spec,
    variants,
    judgeShot: spec.judgeShot ?? ((shot) => acceptShotAsItLies(shot)),
    resolveOptions(variant = 'standard', overrides = {}) {
      const v = variants[variant];
      if (!v) {
        return { ok: false, error: `unknown variant "${variant}" for ${spec.id}; known: ${Object.keys(variants).join(', ')}` };
      }
      return { ok: true, options: { ...spec.defaultOptions, ...v, ...overrides } };
    },
  };
}
