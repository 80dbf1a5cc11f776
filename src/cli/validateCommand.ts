// `intent-lens validate <file-or-folder>... [--json]`: detects records, run logs and evolving plans,
// prints `file:line:col: severity code message`, exits 1 if any error.
import type { CliCommand } from './cliTypes';
import { CliError } from './cliTypes';
import { readOptions } from './readOptions';
import { validatePaths } from '../core/load/validateFiles';
import { defaultDatabaseFolders, intentRecordCheck } from '../core/checks/intentRecordCheck';
import { formatDiagnostic } from '../core/jsonl/diagnostics';
import { DATABASE_HELP, DATABASE_OPTIONS } from './databaseOptions';
import { MAX_LINE_BYTES_HELP, MAX_LINE_BYTES_OPTION, maxLineBytesOf } from './maxLineBytesOption';

const command: CliCommand = {
  async run(args) {
    const { values, positionals } = readOptions(
      args,
      'intent-lens validate <file-or-folder>... [--databases DIR] [--follow-db-links] [--json] [--max-line-bytes N]\n' +
        DATABASE_HELP +
        '\n' +
        MAX_LINE_BYTES_HELP,
      { json: { type: 'boolean' }, ...DATABASE_OPTIONS, ...MAX_LINE_BYTES_OPTION },
    );
    if (positionals.length === 0) throw new CliError('give at least one file or folder');
    const databases = values.databases;
    // --databases is where the reference-SQL check finds `<db_id>.sqlite`; the defaults still follow.
    const folders = databases ? (file: string) => [databases, ...defaultDatabaseFolders(file)] : defaultDatabaseFolders;
    const recordChecks = [intentRecordCheck(folders, { followLinks: values['follow-db-links'] === true })];
    const maxLineBytes = maxLineBytesOf(values['max-line-bytes']);
    const files = await validatePaths(positionals, { recordChecks, ...(maxLineBytes ? { maxLineBytes } : {}) }).catch(
      (e: unknown) => {
        throw new CliError(`cannot read ${e instanceof Error ? e.message : String(e)}`);
      },
    );
    const errors = files.reduce((n, f) => n + f.diagnostics.filter((d) => d.severity === 'error').length, 0);
    if (values.json) {
      const out = {
        files: files.map((f) => ({
          path: f.path,
          kind: f.kind,
          items: f.items,
          diagnostics: f.diagnostics.map((d) => ({
            line: d.line,
            column: d.column,
            severity: d.severity,
            code: d.code,
            message: d.message,
            path: d.path,
          })),
        })),
      };
      process.stdout.write(JSON.stringify(out, null, 2) + '\n');
    } else {
      for (const f of files) for (const d of f.diagnostics) process.stdout.write(formatDiagnostic(d) + '\n');
      const warnings = files.reduce((n, f) => n + f.diagnostics.filter((d) => d.severity === 'warning').length, 0);
      const items = files.reduce((n, f) => n + f.items, 0);
      process.stderr.write(
        `${files.length} file(s), ${items} valid item(s), ${errors} error(s), ${warnings} warning(s)\n`,
      );
    }
    return errors > 0 ? 1 : 0;
  },
};
export default command;
