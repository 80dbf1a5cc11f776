// Builds the benchmark bundle (dist/bench.js) and runs it. Args are passed through (--quick, --only NAME).
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await esbuild.build({
  entryPoints: { bench: join(root, 'bench/index.ts') },
  outdir: join(root, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode'],
  logLevel: 'warning',
});
const r = spawnSync(process.execPath, ['--expose-gc', join(root, 'dist/bench.js'), ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: root,
});
process.exit(r.status ?? 1);
