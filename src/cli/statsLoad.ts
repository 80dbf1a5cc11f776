// The workspace the `stats` subcommands read: records and logs loaded by the core Workspace, with
// every skipped line, repeated conv_id and unreadable path reported on stderr (never silently).
import { CliError } from './cliTypes';
import { Workspace } from '../core/workspace/workspace';
import { formatDiagnostic } from '../core/jsonl/diagnostics';

/** The options naming what `stats` and `export-opsd` read: records, logs, a re-scored copy, models. */
export const WORKSPACE_OPTIONS = {
  records: { type: 'string', multiple: true },
  rescored: { type: 'string' },
  logs: { type: 'string', multiple: true },
  model: { type: 'string', multiple: true },
} as const;

export async function loadStatsWorkspace(
  records: readonly string[],
  logs: readonly string[],
  maxLineBytes?: number,
): Promise<Workspace> {
  let loaded;
  try {
    loaded = await Workspace.open(logs, records, maxLineBytes ? { maxLineBytes } : {});
  } catch (e) {
    throw new CliError(e instanceof Error ? e.message : String(e), 1);
  }
  const diagnostics = loaded.allDiagnostics();
  const duplicates = diagnostics.filter((d) => d.code === 'duplicate-conv-id');
  const invalid = diagnostics.filter((d) => d.severity === 'error' && d.code !== 'duplicate-conv-id');
  const skippedFiles = diagnostics.filter(
    (d) =>
      d.severity === 'warning' &&
      d.line === 1 &&
      ['not-a-file', 'symlink-loop', 'dangling-link', 'unreadable'].includes(d.code),
  );
  for (const d of [...invalid, ...duplicates, ...skippedFiles].slice(0, 20))
    process.stderr.write(formatDiagnostic(d) + '\n');
  const invalidLines = new Set(invalid.map((d) => `${d.file}\u0000${d.line}`)).size;
  if (invalid.length || duplicates.length || skippedFiles.length)
    process.stderr.write(
      `skipped ${invalidLines} invalid line(s), ${duplicates.length} repeated conv_id(s) (counted once) and ${skippedFiles.length} unreadable path(s)\n`,
    );
  return loaded;
}
