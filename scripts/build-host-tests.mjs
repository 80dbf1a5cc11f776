// Bundles the extension-host Mocha suite: test/host/suite/index.ts and every test/host/suite/*.test.ts
// into dist-test/host/suite/ (one CommonJS file each; `vscode` and `mocha` stay external and resolve at
// run time from the repo's node_modules). Used by `npm test`, `npm run test:host` and test:electron.
import * as esbuild from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const suiteDir = join(root, 'test/host/suite');
const outdir = join(root, 'dist-test/host/suite');

const entries = readdirSync(suiteDir)
  .filter((f) => f === 'index.ts' || f.endsWith('.test.ts'))
  .map((f) => join(suiteDir, f));
rmSync(outdir, { recursive: true, force: true });
const t0 = Date.now();
await esbuild.build({
  entryPoints: entries,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: 'inline',
  external: ['vscode', 'mocha'],
  logLevel: 'warning',
});
// The runner that drives code-server + Chromium (Node side, outside VS Code).
await esbuild.build({
  entryPoints: { run: join(root, 'test/host/runHostSuite.ts') },
  outdir: join(root, 'dist-test/host'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: 'inline',
  external: ['playwright-core'],
  logLevel: 'warning',
});
console.log(`[build-host-tests] ${entries.length} suite files in ${Date.now() - t0} ms`);
