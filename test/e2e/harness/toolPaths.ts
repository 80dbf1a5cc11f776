// Where the end-to-end toolchain lives: code-server and Node 24 installed by scripts/setup-tools.sh
// into the ignored .tools/ folder, Debian's Chromium from apt. Kept in one place so the harness,
// the host-suite runner and scripts agree.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Walks up to the folder holding the extension's package.json and scripts/setup-tools.sh. */
function findRepoRoot(start: string): string | undefined {
  let dir = start;
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'scripts', 'setup-tools.sh'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

// __dirname: vitest provides it for TS modules, esbuild's cjs bundles (dist-test/) have it natively.
export const repoRoot =
  process.env.INTENT_LENS_REPO_ROOT ??
  findRepoRoot(__dirname) ??
  findRepoRoot(process.cwd()) ??
  (() => {
    throw new Error(`repository root not found above ${__dirname} or ${process.cwd()}`);
  })();
export const toolsDir = join(repoRoot, '.tools');
export const node24Bin = join(toolsDir, 'node24/node_modules/node/bin/node');
export const codeServerEntry = join(toolsDir, 'code-server/node_modules/code-server/out/node/entry.js');
export const chromiumPath = process.env.INTENT_LENS_CHROMIUM ?? '/usr/bin/chromium';
/** Screenshots, logs and vitest JSON reports (ignored). */
export const testResultsDir = join(repoRoot, 'test-results');
/** Real data shared by the team; never copied into the repo. */
export const sharedDataDir = resolve(repoRoot, '../shared/data');

/** Names what is missing for end-to-end runs; empty when everything is there. */
export function missingE2eTools(): string[] {
  const missing: string[] = [];
  if (!existsSync(node24Bin)) missing.push(`Node 24 (${node24Bin}; run bash scripts/setup-tools.sh)`);
  if (!existsSync(codeServerEntry)) missing.push(`code-server (${codeServerEntry}; run bash scripts/setup-tools.sh)`);
  if (!existsSync(chromiumPath)) missing.push(`Chromium (${chromiumPath}; apt-get install -y chromium)`);
  return missing;
}
