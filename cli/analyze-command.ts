import { CliError, EXIT } from './exit-codes.ts';
import type { CliIo } from './io.ts';

export async function analyzeCommand(_argv: readonly string[], _io: CliIo): Promise<number> {
  throw new CliError('analyze is not available yet in this version: the vision pipeline is still being built (use "score" with positions in millimetres)', EXIT.failure);
}
