// `--max-line-bytes N`: the CLI's form of the setting `intentLens.load.maxLineBytes`, shared by the
// commands that read data files. Accepts a plain byte count or one with a K/M/G suffix (1024-based).
import { CliError } from './cliTypes';

export const MAX_LINE_BYTES_OPTION = { 'max-line-bytes': { type: 'string' } } as const;

export const MAX_LINE_BYTES_HELP =
  '  --max-line-bytes N   longest line read, e.g. 1048576 or 64M (default 256M); longer lines are reported and skipped\n';

export function maxLineBytesOf(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const m = /^(\d+)\s*([kmg]?)i?b?$/i.exec(raw.trim());
  const scale = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[(m?.[2] ?? '').toLowerCase() as '' | 'k' | 'm' | 'g'];
  const n = m ? Number(m[1]) * scale : NaN;
  if (!Number.isSafeInteger(n) || n < 1)
    throw new CliError(
      `--max-line-bytes must be a positive byte count such as 1048576 or 64M, not ${JSON.stringify(raw)}`,
    );
  return n;
}
