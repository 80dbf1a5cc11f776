// Issue 38.7: docs/ARCHITECTURE.md names only paths that exist. Every backticked token that reads
// as a path (ends in `/` or a file extension) must exist under the repo root or one of the roots
// the text names paths from (src/, src/core/, src/extension/, webview/). Templates (`<view>`),
// globs, build output (dist/), data outside the repo (../shared) and run-time state (.intent-lens/)
// are not files of the tree.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');
const ROOTS = ['', 'src', 'src/core', 'src/extension', 'webview'];

/** The backticked tokens of a Markdown text that name a file or folder of the tree. */
export function namedPaths(markdown: string): string[] {
  const tokens = [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim());
  const isPath = (t: string) =>
    /^[\w.@-]+(\/[\w.@-]+)*\/?$/.test(t) && (/\/$/.test(t) || /\.(ts|tsx|mts|mjs|js|cjs|json|md|css)$/.test(t));
  const external = (t: string) =>
    /^\.\w+$/.test(t) || t.startsWith('dist/') || t.startsWith('.intent-lens/') || t.startsWith('../');
  return [...new Set(tokens.filter((t) => isPath(t) && !external(t)))];
}

function exists(path: string): boolean {
  return ROOTS.some((r) => existsSync(join(ROOT, r, path)));
}

describe('docs/ARCHITECTURE.md', () => {
  const text = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');

  it('finds the paths it names (a guard against a vacuous pass)', () => {
    const paths = namedPaths(text);
    expect(paths.length).toBeGreaterThan(40);
    expect(paths).toContain('src/extension/services.ts');
    expect(namedPaths('see `cli/openWorkspace.ts`, `webview/<view>/main.tsx`, `dist/host.js`, `zod/mini`')).toEqual([
      'cli/openWorkspace.ts',
    ]);
    expect(exists('cli/openWorkspace.ts')).toBe(false);
  });

  it('names only paths that exist', () => {
    expect(namedPaths(text).filter((p) => !exists(p))).toEqual([]);
  });
});
