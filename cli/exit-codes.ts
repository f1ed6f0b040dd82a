/** Exit codes of the command line (DESIGN.md contract). */
export const EXIT = {
  ok: 0,
  /** Internal failure: a bug, reported with a message, never a bare stack trace. */
  failure: 1,
  usage: 2,
  unreadable: 3,
  boardNotFound: 4,
} as const;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}
