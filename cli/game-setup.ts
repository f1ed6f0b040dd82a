/** Resolve --game, --variant and --board into rules, options and a validated board profile. */
import { readFileSync } from 'node:fs';
import type { GameRules } from '../rules/core/define-rules.ts';
import { GAMES } from '../rules/games/registry.ts';
import { BOARD_PROFILES, profilesForGame } from '../rules/profiles/registry.ts';
import { parseBoardProfile, type BoardProfile } from '../rules/profiles/schema.ts';
import { CliError, EXIT } from './exit-codes.ts';
import { foldJournal } from '../rules/core/match.ts';
import type { MatchState } from '../rules/core/match-state.ts';

export interface GameSetup {
  rules: GameRules<any>;
  options: Record<string, unknown>;
  variant: string;
  profile: BoardProfile;
}

export function resolveGame(game: string | undefined, variant: string | undefined, boardArg: string | undefined): GameSetup {
  if (!game) throw new CliError(`--game is required (one of: ${Object.keys(GAMES).join(', ')})`, EXIT.usage);
  const rules = GAMES[game];
  if (!rules) throw new CliError(`unknown game "${game}" (known: ${Object.keys(GAMES).join(', ')})`, EXIT.usage);
  const resolved = rules.resolveOptions(variant);
  if (!resolved.ok) throw new CliError(resolved.error, EXIT.usage);
  const profile = boardArg ? loadBoard(boardArg, rules) : BOARD_PROFILES[rules.defaultProfileId];
  if (!profile) throw new CliError(`no board profile "${rules.defaultProfileId}"`, EXIT.failure);
  return { rules, options: resolved.options as Record<string, unknown>, variant: variant ?? 'standard', profile };
}

/** --board takes a shipped profile id or a path to a profile JSON file. */
function loadBoard(arg: string, rules: GameRules<any>): BoardProfile {
  const shipped = BOARD_PROFILES[arg];
  if (shipped) {
    if (shipped.game !== rules.id) throw new CliError(`board "${arg}" is a ${shipped.game} board, not ${rules.id} (try: ${profilesForGame(rules.id).map((p) => p.id).join(', ')})`, EXIT.usage);
    return shipped;
  }
  let text: string;
  try {
    text = readFileSync(arg, 'utf8');
  } catch (e) {
    throw new CliError(`cannot read board file ${arg}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, EXIT.unreadable);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new CliError(`board file ${arg} is not JSON: ${(e as Error).message}`, EXIT.usage);
  }
  const r = parseBoardProfile(data, rules.requiredFeatures);
  if (!r.ok) throw new CliError(`${arg}: ${r.error}`, EXIT.usage);
  if (r.profile.game !== rules.id) throw new CliError(`${arg}: a ${r.profile.game} board, not ${rules.id}`, EXIT.usage);
  return r.profile;
}

/** A match just set up with these teams: the context for scoring one board outside a match. */
export function freshMatch(setup: GameSetup, teams: readonly string[]): MatchState {
  const env = { games: GAMES, profiles: { ...BOARD_PROFILES, [setup.profile.id]: setup.profile } };
  const r = foldJournal(env, [{ type: 'setup', game: setup.rules.id, variant: setup.variant, teams: [...teams], profileId: setup.profile.id }]);
  if (!r.state) throw new CliError(r.error ?? 'cannot set up the match', EXIT.usage);
  return r.state;
}
