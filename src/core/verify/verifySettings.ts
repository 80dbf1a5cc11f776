// The verifier's settings as a user states them (VS Code settings or CLI flags), and the one
// function that turns them into the options every scoring path passes down: Re-score, Run, Fork,
// the Test Explorer and the CLI's score/run/fork all build their VerifyOptions here, so the same
// answer gets the same verdict whichever road it took.
import { isAbsolute, join, resolve } from 'node:path';
import type { VerifyOptions } from './verifyTypes';

export interface VerifySettings {
  /** Code answers may be executed (a trusted workspace; the CLI without --no-exec). */
  execute: boolean;
  /** The Python interpreter for code answers (`intentLens.python`, `--python`); default python3. */
  python?: string;
  /** Run code answers without isolation where bubblewrap is missing (`intentLens.verify.allowUnisolated`). */
  allowUnisolated?: boolean;
  /** Actions: also find calls inside prose and fences (`intentLens.actions.lenientParsing`, `--lenient-actions`). */
  lenientActions?: boolean;
  /** Folder with the SQLite databases (see `databasesFolderFor`). */
  databasesDir?: string;
  /** Use databases that links in the folder lead to outside it (a trusted workspace; `--follow-db-links`). */
  followDatabaseLinks?: boolean;
  /** Per code run / SQL statement time limit in ms (CLI `--timeout`). */
  timeoutMs?: number;
}

/** The options the verifiers take, from the settings (the run-time parts, sql and signal, are added by the caller). */
export function verifyOptionsOf(s: VerifySettings): VerifyOptions {
  const python = {
    ...(s.python?.trim() ? { pythonPath: s.python.trim() } : {}),
    ...(s.allowUnisolated ? { allowUnisolated: true } : {}),
    ...(s.timeoutMs ? { timeoutMs: s.timeoutMs } : {}),
  };
  return {
    trusted: s.execute,
    lenientActionsFormat: s.lenientActions === true,
    followDatabaseLinks: s.followDatabaseLinks === true,
    ...(Object.keys(python).length ? { python } : {}),
    ...(s.databasesDir ? { databasesDir: s.databasesDir } : {}),
  };
}

/**
 * The one rule for the databases folder: an absolute setting as it is; a relative one under the
 * folder that holds the file being scored or checked (the workspace folder of a record, in the
 * extension; the current directory, in the CLI); none when the setting is empty or there is no folder.
 */
export function databasesFolderFor(setting: string, baseFolder: string | undefined): string | undefined {
  const s = setting.trim();
  if (!s) return undefined;
  if (isAbsolute(s)) return s;
  return baseFolder ? resolve(join(baseFolder, s)) : undefined;
}
