// The shape every domain verifier returns, and the options the dispatcher passes down.
import type { Domain } from '../schema/records';
import type { SqlExecutor } from './database/sqlExecutor';
import type { PythonRunnerOptions } from './code/codeSandbox';

export interface VerifyDetails {
  domain: Domain;
  /** One line a person can read: why the verdict is what it is. */
  message: string;
  /** Domain-specific facts (matched calls, result sizes, runner output...), JSON-serialisable. */
  info?: Record<string, unknown>;
}

export interface VerifyResult {
  /** null when the answer could not be scored (no reference, execution not allowed, missing database). */
  is_correct: boolean | null;
  /** What was taken from the response as its answer (a number, SQL, Python program, call list). */
  extracted: string | null;
  details: VerifyDetails;
}

export interface VerifyOptions {
  /** Code answers are executed only when true (trusted workspace, or the CLI without --no-exec). */
  trusted?: boolean;
  /** Folder with `<db_id>.sqlite`, `<db_id>/<db_id>.sqlite` or a `.sql` dump. */
  databasesDir?: string;
  /** Use databases that symlinks lead to outside `databasesDir` (trusted workspace, `--follow-db-links`). */
  followDatabaseLinks?: boolean;
  /** The SQL executor (a worker with a time limit and a database cache); one is created on demand. */
  sql?: SqlExecutor;
  python?: PythonRunnerOptions;
  /**
   * Actions: also find calls inside prose, fences and separate lines. Default: the paper's protocol
   * (LiC/BFCL decoding: the answer is the call list, or structured JSON tool calls).
   */
  lenientActionsFormat?: boolean;
  signal?: AbortSignal;
}

export function unscored(
  domain: Domain,
  message: string,
  extracted: string | null = null,
  info?: Record<string, unknown>,
): VerifyResult {
  return { is_correct: null, extracted, details: { domain, message, ...(info ? { info } : {}) } };
}
