import { CliError, EXIT } from './exit-codes.ts';
import type { CliIo } from './io.ts';

export async function demoCommand(_argv: readonly string[], _io: CliIo): Promise<number> {
  throw new CliError('demo is not available yet in this version', EXIT.failure);
}
