/** `disc-referee score`: score a board state given in millimetres, without any image. */
import type { BoardState } from '../rules/core/board-state.ts';
import { parseArgs, stringFlag } from './args.ts';
import { CliError, EXIT } from './exit-codes.ts';
import { freshMatch, resolveGame } from './game-setup.ts';
import { readAll, type CliIo } from './io.ts';
import { scoreInputSchema, toBoardState } from './score-input.ts';
import { roundScoreJson } from './output-format.ts';

export async function scoreCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { game: { value: true }, variant: { value: true }, board: { value: true }, teams: { value: true } });
  if (args.positional.length > 0) throw new CliError(`score reads the board state from stdin; unexpected argument "${args.positional[0]}"`, EXIT.usage);
  const setup = resolveGame(stringFlag(args, 'game'), stringFlag(args, 'variant'), stringFlag(args, 'board'));
  const text = await readAll(io.stdin);
  if (text.trim() === '') throw new CliError('score expects a board state as JSON on stdin, e.g. {"discs":[{"xMm":0,"yMm":80,"team":"A"}]}', EXIT.usage);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new CliError(`stdin is not valid JSON: ${(e as Error).message}`, EXIT.usage);
  }
  const parsed = scoreInputSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CliError(`stdin: ${issue.path.join('.') || '(root)'}: ${issue.message}`, EXIT.usage);
  }
  const state: BoardState = toBoardState(parsed.data);
  const teamsFlag = stringFlag(args, 'teams');
  const teams = parsed.data.teams ?? (teamsFlag ? teamsFlag.split(',') : teamsOf(state));
  // Scoring outside a match: a match just set up carries the teams.
  const match = freshMatch(setup, teams);
  const score = setup.rules.scoreRound(state, { profile: setup.profile, options: setup.options, match, decisions: parsed.data.decisions ?? [] });
  const out = {
    formatVersion: 1,
    game: setup.rules.id,
    variant: setup.variant,
    board: setup.profile.id,
    ...roundScoreJson(state, score),
  };
  io.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  return EXIT.ok;
}

function teamsOf(state: BoardState): string[] {
  const seen = [...new Set(state.discs.map((d) => d.team).filter((t) => t !== 'neutral'))];
  for (const t of Object.keys(state.hole ?? {})) if (!seen.includes(t)) seen.push(t);
  for (const t of ['A', 'B']) if (seen.length < 2 && !seen.includes(t)) seen.push(t);
  return seen.sort();
}
