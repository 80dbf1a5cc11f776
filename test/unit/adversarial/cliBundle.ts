// Bundles src/cli.ts once per test run for the tests that need real `intent-lens` processes; the
// bundle sits in node_modules/.cache so its dependencies resolve from node_modules.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const repoRoot = resolve(__dirname, '../../..');
let bundled: Promise<string> | undefined;

export function bundleCli(): Promise<string> {
  bundled ??= (async () => {
    const outfile = resolve(repoRoot, 'node_modules/.cache/intent-lens-tests', `cli-${process.pid}.js`);
    process.once('exit', () => rmSync(outfile, { force: true }));
    await build({
      entryPoints: [resolve(repoRoot, 'src/cli.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      packages: 'external',
      logLevel: 'silent',
    });
    return outfile;
  })();
  return bundled;
}
