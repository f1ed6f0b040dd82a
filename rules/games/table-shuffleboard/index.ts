/** Table shuffleboard (seed 002, RULES.md §5). */
import type { BoardState, TeamId } from '../../core/board-state.ts';
import { defineRules, type RulesContext } from '../../core/define-rules.ts';
import type { MatchState } from '../../core/match-state.ts';
import { callTablePuck } from './calls.ts';
import { makeTableFlow, tableCustom, targetEndFor } from './flow.ts';
import { TABLE_SHUFFLEBOARD_DEFAULTS, TABLE_SHUFFLEBOARD_VARIANTS, type TableShuffleboardOptions } from './options.ts';
import { scoreTable, type ScoringMode } from './scoring.ts';
import { judgeTableShot } from './shot.ts';
import { TABLE_REQUIRED_FEATURES, endGeometry } from './table-geometry.ts';

/** Callers outside a match may pass only some settings; the rest are the defaults. */
function withDefaults(options: Partial<TableShuffleboardOptions> | undefined): TableShuffleboardOptions {
  return { ...TABLE_SHUFFLEBOARD_DEFAULTS, ...(options ?? {}) };
}

/** Teams of a match, or of the pucks on the table (A and B when the table names no others). */
function teamsFor(state: BoardState, match?: MatchState): TeamId[] {
  if (match) return match.teams;
  const onBoard = [...new Set(state.discs.map((d) => d.team))].sort();
  if (onBoard.every((t) => t === 'A' || t === 'B')) return ['A', 'B'];
  return onBoard;
}

function scoreWith(state: BoardState, ctx: RulesContext<TableShuffleboardOptions>) {
  const options = withDefaults(ctx.options);
  const lag = ctx.match ? tableCustom(ctx.match).phase === 'lag' : false;
  const mode: ScoringMode = lag ? 'lag' : options.scoring;
  const creditTo = options.series && ctx.match ? ctx.match.starter : undefined;
  return scoreTable({
    board: state,
    profile: ctx.profile,
    options,
    teams: teamsFor(state, ctx.match),
    end: targetEndFor(options, ctx.match),
    mode,
    decisions: ctx.decisions ?? [],
    ...(creditTo ? { creditTo } : {}),
  });
}

export const tableShuffleboard = defineRules<TableShuffleboardOptions>({
  id: 'table-shuffleboard',
  name: 'Table shuffleboard',
  defaultProfileId: 'table-shuffleboard-9ft',
  requiredFeatures: TABLE_REQUIRED_FEATURES,
  defaultOptions: TABLE_SHUFFLEBOARD_DEFAULTS,
  variants: TABLE_SHUFFLEBOARD_VARIANTS,
  callDiscs: (state, ctx) => {
    const options = withDefaults(ctx.options);
    const geo = endGeometry(ctx.profile, targetEndFor(options, ctx.match));
    return state.discs.map((d) => callTablePuck(d, ctx.profile, geo, options, ctx.decisions?.find((x) => x.discId === d.id)));
  },
  scoreRound: (state, ctx) => {
    const s = scoreWith(state, ctx);
    return { points: s.points, calls: s.calls, pendingIds: s.pendingIds, notes: s.notes };
  },
  judgeShot: (shot, ctx) => {
    const options = withDefaults(ctx.options);
    return judgeTableShot(shot, ctx.profile, options, targetEndFor(options, ctx.match));
  },
  flow: makeTableFlow((state, ctx) => scoreWith(state.board, { ...ctx, match: state, decisions: state.decisions }).leader),
});

export type { TableShuffleboardOptions };
