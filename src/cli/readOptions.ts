// One option reader for every command: parses its options plus -h/--help; help ends the command
// (the dispatcher prints the usage), so each command states only its own options.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { HelpRequested } from './cliTypes';

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const;

function read<const O extends OptionsConfig, const P extends boolean>(
  args: string[],
  usage: string,
  options: O,
  allowPositionals: P,
) {
  const parsed = parseArgs({ args, allowPositionals, options: { ...options, ...HELP_OPTION } });
  if ('help' in parsed.values && parsed.values.help === true)
    throw new HelpRequested(usage.endsWith('\n') ? usage : usage + '\n');
  return parsed;
}

/** The command's parsed options and positionals. */
export function readOptions<const O extends OptionsConfig>(args: string[], usage: string, options: O) {
  return read(args, usage, options, true);
}

/** The command's parsed options, for a command that takes no positionals (one is an error). */
export function readFlags<const O extends OptionsConfig>(args: string[], usage: string, options: O) {
  return read(args, usage, options, false).values;
}
