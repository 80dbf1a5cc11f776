// The verifier flags `score`, `run` and `fork` share, mapped onto the same VerifySettings the
// extension builds from its settings (core/verify/verifySettings.ts): one meaning per option.
import { databasesFolderFor, verifyOptionsOf, type VerifySettings } from '../core/verify/verifySettings';
import type { VerifyOptions } from '../core/verify/verifyTypes';
import { DATABASE_HELP, DATABASE_OPTIONS, type DatabaseValues } from './databaseOptions';

export const VERIFY_OPTIONS = {
  ...DATABASE_OPTIONS,
  'no-exec': { type: 'boolean' },
  'allow-unisolated': { type: 'boolean' },
  'lenient-actions': { type: 'boolean' },
  python: { type: 'string' },
} as const;

export const VERIFY_USAGE = `${DATABASE_HELP}
  --no-exec            do not execute code answers (they get is_correct null)
  --allow-unisolated   run code answers even where bubblewrap is unavailable (no isolation:
                       model code can read your files); without it they stay unscored there
  --lenient-actions    actions: also find calls inside prose, fences and separate lines (default: the
                       paper's protocol, LiC/BFCL decoding: a bare call list or JSON tool calls)
  --python PATH        the Python interpreter for code answers (default python3)`;

export interface VerifyFlagValues extends DatabaseValues {
  'no-exec'?: boolean;
  'allow-unisolated'?: boolean;
  'lenient-actions'?: boolean;
  python?: string;
}

/** The flags as settings: a relative --databases is under the current directory. */
export function verifySettingsOfFlags(values: VerifyFlagValues, timeoutMs?: number): VerifySettings {
  const databasesDir = values.databases ? databasesFolderFor(values.databases, process.cwd()) : undefined;
  return {
    execute: values['no-exec'] !== true,
    allowUnisolated: values['allow-unisolated'] === true,
    lenientActions: values['lenient-actions'] === true,
    followDatabaseLinks: values['follow-db-links'] === true,
    ...(values.python ? { python: values.python } : {}),
    ...(databasesDir ? { databasesDir } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
  };
}

export function verifyOptionsOfFlags(values: VerifyFlagValues, timeoutMs?: number): VerifyOptions {
  return verifyOptionsOf(verifySettingsOfFlags(values, timeoutMs));
}
