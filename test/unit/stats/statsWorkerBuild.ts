// The stats worker as the build bundles it, for tests that start a real worker thread (a worker
// thread needs plain JS, not the TypeScript source).
import { buildSync } from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export function buildStatsWorker(): string {
  const out = join(mkdtempSync(join(tmpdir(), 'intent-lens-statsworker-')), 'bootstrapWorker.js');
  buildSync({
    entryPoints: [resolve(__dirname, '../../../src/core/stats/bootstrapWorker.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: out,
    logLevel: 'silent',
  });
  return out;
}
