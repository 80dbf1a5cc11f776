// Shared shape of CLI commands.
export interface CliCommand {
  /** Runs the command with its arguments (after the command name); resolves to the exit code. */
  run(args: string[]): Promise<number>;
}

/** An error the user caused (bad arguments, missing file): printed without a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Thrown when a command was asked for `--help`: the dispatcher prints the usage and exits 0. */
export class HelpRequested extends Error {
  constructor(readonly usage: string) {
    super('help requested');
    this.name = 'HelpRequested';
  }
}
