// The verifier options construction checks candidates with: Re-score's, Run's and Fork's
// (settings/verifySettings.ts: databases folder, Python, unisolated code, lenient actions parsing,
// Workspace Trust), plus the feature's shared SQL executor.
import type { VerifyOptions } from '../../core/verify/verifyTypes';
import type { SqlExecutor } from '../../core/verify/database/sqlExecutor';
import { verifyOptionsFor } from '../settings/verifySettings';

/** The options for constructing revisions of records in `file`; `sql` is the feature's shared executor. */
export function constructVerifyOptions(file: string, sql: SqlExecutor): VerifyOptions {
  return { ...verifyOptionsFor(file), sql };
}
