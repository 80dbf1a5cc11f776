// `intent-lens validate <file-or-folder>... [--json]`: detects records, run logs and evolving plans,
// prints `file:line:col: severity code message`, exits 1 if any error.
import { parseArgs } from 'node:util';
import type { CliCommand } from './cliTypes';
import { CliError } from './cliTypes';
import { validatePaths } from '../core/load/validateFiles';
// Registers the intent (template) checks with the shared validator.
import { defaultDatabaseFolders, setDatabaseFoldersResolver } from '../core/checks/registerIntentChecks';
import { formatDiagnostic } from '../core/jsonl/diagnostics';

const command: CliCommand = {
  async run(args) {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { json: { type: 'boolean' }, databases: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
    if (values.help) {
      process.stdout.write('intent-lens validate <file-or-folder>... [--databases DIR] [--json]\n');
      return 0;
    }
    if (positionals.length === 0) throw new CliError('give at least one file or folder');
    const databases = values.databases;
    // --databases is where the reference-SQL check finds `<db_id>.sqlite`; the defaults still follow.
    if (databases) setDatabaseFoldersResolver((file) => [databases, ...defaultDatabaseFolders(file)]);
    const files = await validatePaths(positionals);
    const errors = files.reduce((n, f) => n + f.diagnostics.filter((d) => d.severity === 'error').length, 0);
    if (values.json) {
      const out = {
        files: files.map((f) => ({
          path: f.path,
          kind: f.kind,
          items: f.items,
          diagnostics: f.diagnostics.map((d) => ({ line: d.line, column: d.column, severity: d.severity, code: d.code, message: d.message, path: d.path })),
        })),
      };
      process.stdout.write(JSON.stringify(out, null, 2) + '\n');
    } else {
      for (const f of files) for (const d of f.diagnostics) process.stdout.write(formatDiagnostic(d) + '\n');
      const warnings = files.reduce((n, f) => n + f.diagnostics.filter((d) => d.severity === 'warning').length, 0);
      const items = files.reduce((n, f) => n + f.items, 0);
      process.stderr.write(`${files.length} file(s), ${items} valid item(s), ${errors} error(s), ${warnings} warning(s)\n`);
    }
    return errors > 0 ? 1 : 0;
  },
};
export default command;
