/** A small, strict argument parser: unknown flags are usage errors, not silently ignored. */
import { CliError, EXIT } from './exit-codes.ts';

export interface FlagSpec {
  /** Takes a value (`--game crokinole`) or is a switch (`--json`). */
  value: boolean;
  /** The value may be left out: the next argument is the value only when this accepts it. */
  optionalValue?: (next: string) => boolean;
}

export interface ParsedArgs {
  positional: string[];
  flags: Record<string, string | true>;
}

export function parseArgs(argv: readonly string[], spec: Record<string, FlagSpec>): ParsedArgs {
  const positional: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const [name, inline] = a.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const s = spec[name];
    if (!s) throw new CliError(`unknown option --${name}`, EXIT.usage);
    if (!s.value) {
      flags[name] = true;
      continue;
    }
    if (s.optionalValue && inline === undefined && !(argv[i + 1] !== undefined && s.optionalValue(argv[i + 1]!))) {
      flags[name] = true;
      continue;
    }
    const v = inline ?? argv[++i];
    if (v === undefined || (inline === undefined && v.startsWith('--'))) throw new CliError(`--${name} needs a value`, EXIT.usage);
    flags[name] = v;
  }
  return { positional, flags };
}

export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags[name];
  return typeof v === 'string' ? v : undefined;
}
