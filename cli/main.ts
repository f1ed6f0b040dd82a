/** Command-line entry: dispatch to a command, turn errors into messages and exit codes. */
import { readFileSync } from 'node:fs';
import { CliError, EXIT } from './exit-codes.ts';
import { helpText } from './help.ts';
import type { CliIo } from './io.ts';
import { scoreCommand } from './score-command.ts';
import { boardsCommand } from './boards-command.ts';

type Command = (argv: readonly string[], io: CliIo) => Promise<number>;

const COMMANDS: Record<string, () => Promise<Command>> = {
  score: async () => scoreCommand,
  boards: async () => boardsCommand,
  analyze: async () => (await import('./analyze-command.ts')).analyzeCommand,
  demo: async () => (await import('./demo-command.ts')).demoCommand,
  markers: async () => (await import('./markers-command.ts')).markersCommand,
};

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(helpText());
    return name ? EXIT.ok : EXIT.usage;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(`${version()}\n`);
    return EXIT.ok;
  }
  const load = COMMANDS[name];
  if (!load) {
    io.stderr.write(`disc-referee: unknown command "${name}"\n\n${helpText()}`);
    return EXIT.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(helpText());
    return EXIT.ok;
  }
  try {
    return await (await load())(rest, io);
  } catch (e) {
    if (e instanceof CliError) {
      io.stderr.write(`disc-referee ${name}: ${e.message}\n`);
      return e.exitCode;
    }
    io.stderr.write(`disc-referee ${name}: internal error: ${(e as Error).message ?? String(e)}\n`);
    if (process.env.DISC_REFEREE_DEBUG) io.stderr.write(`${(e as Error).stack}\n`);
    return EXIT.failure;
  }
}
