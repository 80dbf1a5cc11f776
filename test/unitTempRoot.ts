// Vitest global setup of the unit suite: every temp folder its tests make (hundreds, by mkdtemp under
// os.tmpdir()) lies in one folder of the run, removed when the run ends, so a run, even with a test
// that failed before its cleanup, leaves nothing in the system's temp folder. Workers inherit TMPDIR.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'intent-lens-unit-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(root, { recursive: true, force: true });
  };
}
