import { parseArgs, stringFlag } from './args.ts';
import { CliError, EXIT } from './exit-codes.ts';
import type { CliIo } from './io.ts';
import { BOARD_PROFILES } from '../rules/profiles/registry.ts';
import { referencePoints } from '../vision/calibrate/reference-points.ts';

export async function boardsCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { game: { value: true }, board: { value: true }, points: { value: false }, json: { value: false } });
  const game = stringFlag(args, 'game');
  const board = stringFlag(args, 'board');
  if (board && !BOARD_PROFILES[board]) throw new CliError(`unknown board "${board}" (boards: ${Object.keys(BOARD_PROFILES).join(', ')})`, EXIT.usage);
  const list = Object.values(BOARD_PROFILES).filter((p) => (!game || p.game === game) && (!board || p.id === board));
  if (args.flags.points) {
    // The points a person can click for `analyze --points`, by name, in board millimetres.
    const named = list.map((p) => ({ board: p.id, frame: p.frame, points: referencePoints(p) }));
    if (args.flags.json) io.stdout.write(`${JSON.stringify(named, null, 2)}\n`);
    else {
      for (const b of named) {
        io.stdout.write(`${b.board} (board mm: ${b.frame})\n`);
        for (const r of b.points) io.stdout.write(`  ${r.id.padEnd(28)} (${r.xMm.toFixed(1)}, ${r.yMm.toFixed(1)})  ${r.what}\n`);
      }
    }
    return EXIT.ok;
  }
  if (args.flags.json) io.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
  else for (const p of list) io.stdout.write(`${p.id.padEnd(28)} ${p.game.padEnd(20)} ${p.name}\n`);
  return EXIT.ok;
}
