import { parseArgs, stringFlag } from './args.ts';
import { EXIT } from './exit-codes.ts';
import type { CliIo } from './io.ts';
import { BOARD_PROFILES } from '../rules/profiles/registry.ts';

export async function boardsCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { game: { value: true }, json: { value: false } });
  const game = stringFlag(args, 'game');
  const list = Object.values(BOARD_PROFILES).filter((p) => !game || p.game === game);
  if (args.flags.json) io.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
  else for (const p of list) io.stdout.write(`${p.id.padEnd(28)} ${p.game.padEnd(20)} ${p.name}\n`);
  return EXIT.ok;
}
