// `intent-lens`: the command line on the same core as the extension. Each command lives in its own
// module under src/cli/ and is loaded only when used.
import { CliError, HelpRequested, type CliCommand } from './cli/cliTypes';
import { removeHeldFilesSync } from './core/edit/exitCleanup';

const COMMANDS: Record<string, () => Promise<{ default: CliCommand }>> = {
  validate: () => import('./cli/validateCommand'),
  render: () => import('./cli/renderCommand'),
  score: () => import('./cli/scoreCommand'),
  stats: () => import('./cli/statsCommand'),
  'export-opsd': () => import('./cli/exportOpsdCommand'),
  run: () => import('./cli/runCommand'),
  fork: () => import('./cli/forkCommand'),
  review: () => import('./cli/reviewCommand'),
  search: () => import('./cli/searchCommand'),
  construct: () => import('./cli/constructCommand'),
  annotate: () => import('./cli/annotateCommand'),
  annotations: () => import('./cli/annotationsCommand'),
};

const USAGE = `intent-lens <command> [options]

Commands:
  validate <file-or-folder>... [--json]          check records, run logs and evolving plans
  render <records> --task-id ID --mode multi|single --condition C [--path P --k K] [--json]
  score --records <file> --logs <file-or-folder>... [--databases DIR] [--json] [--out FILE]
  stats --records <file> --logs <file-or-folder>... [--json] [--format md|csv] [--verdicts adjudicated|machine]
  export-opsd --records <file> --logs <file-or-folder>... --out FILE [--admit-single-correct]
  run --records <file> --task-id ID --mode M --condition C (--provider ID | --base-url URL) --model M --out LOG
  fork --records <file> --logs <...> (--conv-id ID --turn N | --all --filter EXPR) <edit> (--provider ID | --base-url URL) --out LOG
  review <records> --task-id ID --status approved|rejected|needs-work|pending [--note TEXT]
  search --logs <file-or-folder>... [--regex] [--case-sensitive] [--word] [--role user|assistant|system] [--json] <query>
  annotate --logs DIR --conv-id ID [--turn N] (--label L | --note TEXT | --verdict correct|incorrect --reason TEXT)
  annotations --logs DIR (--json | --format csv|jsonl) [--label L] [--annotations FILE]
  construct --sources FILE [--databases DIR] [--out FILE] [--json] [--task-id ID] [--target T --value V]

Run 'intent-lens <command> --help' for a command's options.`;

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(USAGE + '\n');
    return name ? 0 : 2;
  }
  const load = COMMANDS[name];
  if (!load) {
    process.stderr.write(`intent-lens: unknown command '${name}'\n\n${USAGE}\n`);
    return 2;
  }
  try {
    const cmd = (await load()).default;
    return await cmd.run(rest);
  } catch (e) {
    if (e instanceof HelpRequested) {
      process.stdout.write(e.usage);
      return 0;
    }
    if (e instanceof CliError) {
      process.stderr.write(`intent-lens ${name}: ${e.message}\n`);
      return e.exitCode;
    }
    // node:util parseArgs rejects unknown options and missing values with a coded TypeError.
    if (isArgumentError(e)) {
      process.stderr.write(`intent-lens ${name}: ${oneLine(e.message)} (see 'intent-lens ${name} --help')\n`);
      return 2;
    }
    throw e;
  }
}

function isArgumentError(e: unknown): e is Error {
  const code = e instanceof Error ? (e as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}

function oneLine(text: string): string {
  return text.split('\n')[0]!.trim();
}

if (require.main === module) {
  // Interrupted mid-write: remove our temp and lock files, then exit as the signal would.
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    process.once(signal, () => {
      removeHeldFilesSync();
      process.exit(code);
    });
  }
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      // An unexpected failure: one line for the user; the stack only when asked for.
      const detail =
        e instanceof Error ? (process.env.INTENT_LENS_DEBUG ? (e.stack ?? e.message) : oneLine(e.message)) : String(e);
      process.stderr.write(
        `intent-lens: ${detail}${process.env.INTENT_LENS_DEBUG ? '' : ' (set INTENT_LENS_DEBUG=1 for details)'}\n`,
      );
      process.exitCode = 1;
    },
  );
}
