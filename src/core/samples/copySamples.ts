// Open Sample Workspace… (a first run without data): the samples shipped in the package are copied
// into a new folder inside the one the user picked, never over anything that is there.
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const SAMPLE_FOLDER_NAME = 'intent-lens-samples';

/** `<parent>/intent-lens-samples`, or `-2`, `-3`… when that name is taken. */
export function freeSampleFolder(parent: string): string {
  for (let n = 1; ; n++) {
    const candidate = join(parent, n === 1 ? SAMPLE_FOLDER_NAME : `${SAMPLE_FOLDER_NAME}-${n}`);
    if (!existsSync(candidate)) return candidate;
  }
}

/**
 * Copies the samples folder `from` into a new folder under `parent` and returns its path. Re-scores a
 * test may have left in the extension's copy (`.intent-lens/`) stay behind. Throws when `from` holds
 * no records (a package built without its samples).
 */
export function copySamples(from: string, parent: string): string {
  if (!existsSync(from) || !readdirSync(from).some((name) => /\.records\.jsonl?$/.test(name))) {
    throw new Error(`no samples in ${from}`);
  }
  const target = freeSampleFolder(parent);
  cpSync(from, target, {
    recursive: true,
    errorOnExist: true,
    force: false,
    filter: (src) => !/[\\/]\.intent-lens([\\/]|$)/.test(src),
  });
  return target;
}
