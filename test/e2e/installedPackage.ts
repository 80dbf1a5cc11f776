// The .vsix the installed-package suite installs: the one `npm run package` (or an earlier step of this
// run) left at INTENT_LENS_VSIX, else packed now from the current dist/ (scripts/package-vsix.sh: vsce,
// then the size budget and required files of scripts/check-vsix.mjs) into a temp folder.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { repoRoot } from './harness';

export interface PackedVsix {
  path: string;
  /** How long packing took (0 when an earlier one was used). */
  packMs: number;
}

export function packedVsix(): PackedVsix {
  const given = process.env.INTENT_LENS_VSIX;
  if (given) {
    if (!existsSync(given)) throw new Error(`INTENT_LENS_VSIX=${given} does not exist`);
    return { path: given, packMs: 0 };
  }
  const out = join(mkdtempSync(join(tmpdir(), 'intent-lens-vsix-')), 'intent-lens.vsix');
  const t0 = Date.now();
  const r = spawnSync('bash', [join(repoRoot, 'scripts/package-vsix.sh')], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, INTENT_LENS_VSIX_OUT: out, NODE_OPTIONS: '' },
    timeout: 300_000,
  });
  if (r.status !== 0 || !existsSync(out))
    throw new Error(`packing the .vsix failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  return { path: out, packMs: Date.now() - t0 };
}

/**
 * What would tie an installed extension to the source tree: a link in its folder, or a node_modules
 * in it or in a folder above it (Node would resolve a missing bundle's import from there).
 */
export function sourceTreeTies(extensionDir: string): string[] {
  const ties: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      const stat = lstatSync(p);
      if (stat.isSymbolicLink()) ties.push(`link ${p}`);
      else if (stat.isDirectory()) {
        if (name === 'node_modules') ties.push(p);
        walk(p);
      }
    }
  };
  walk(extensionDir);
  for (let d = dirname(extensionDir); d !== dirname(d); d = dirname(d)) {
    if (existsSync(join(d, 'node_modules'))) ties.push(join(d, 'node_modules'));
  }
  return ties;
}
