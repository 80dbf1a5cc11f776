// A worker as the build bundles it, for tests that start a real worker thread (a worker thread
// needs plain JS, not the TypeScript source).
import { buildSync } from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Bundles `src/<entry>.ts` into a fresh temporary folder and returns the bundle's path. */
export function buildWorkerForTest(entry: string): string {
  const name = entry.split('/').pop()!;
  const out = join(mkdtempSync(join(tmpdir(), `intent-lens-${name.toLowerCase()}-`)), `${name}.js`);
  buildSync({
    entryPoints: [resolve(__dirname, '../../src', `${entry}.ts`)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: out,
    logLevel: 'silent',
  });
  return out;
}

/** The stats worker (bootstrap intervals and the inactive-content check). */
export const buildStatsWorker = (): string => buildWorkerForTest('core/stats/bootstrapWorker');
