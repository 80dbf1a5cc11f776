// `intent-lens`: the command line on the same core as the extension. Each command lives in its own
// module under src/cli/ and is loaded only when used.
import { CliError, type CliCommand } from './cli/cliTypes';

const COMMANDS: Record<string, () => Promise<{ default: CliCommand }>> = {
  validate: () => import('./cli/validateCommand'),
  render: () => import('./cli/renderCommand'),
  score: () => import('./cli/scoreCommand'),
  stats: () => import('./cli/statsCommand'),
  'export-opsd': () => import('./cli/exportOpsdCommand'),
  run: () => import('./cli/runCommand'),
  review: () => import('./cli/reviewCommand'),
};

const USAGE = `intent-lens <command> [options]

Commands:
  validate <file-or-folder>... [--json]          check records, run logs and evolving plans
  render <records> --task-id ID --mode multi|single --condition C [--path P --k K] [--json]
  score --records <file> --logs <file-or-folder>... [--databases DIR] [--json] [--out FILE]
  stats --records <file> --logs <file-or-folder>... [--json] [--format md|csv]
  export-opsd --records <file> --logs <file-or-folder>... --out FILE [--admit-single-correct]
  run --records <file> --task-id ID --mode M --condition C (--provider ID | --base-url URL) --model M --out LOG
  review <records> --task-id ID --status approved|rejected|needs-work|pending [--note TEXT]

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
    if (e instanceof CliError) {
      process.stderr.write(`intent-lens ${name}: ${e.message}\n`);
      return e.exitCode;
    }
    throw e;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`intent-lens: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
