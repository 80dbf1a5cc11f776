// The three roots stay apart: `src/core` and `src/shared` never import `vscode`; `webview/` never
// imports Node built-ins. Reads every source file's import specifiers (static, dynamic, require).
import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(ts|tsx|mts|cts)$/.test(name)) out.push(p);
  }
  return out;
}

/** Every module a file imports: `import … from 'x'`, `export … from 'x'`, `import('x')`, `require('x')`, `import 'x'`. */
function importedModules(text: string): string[] {
  const re = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;
  return [...text.matchAll(re)].map((m) => m[1]!);
}

const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

function violations(dirs: string[], bad: (spec: string) => boolean): string[] {
  return dirs.flatMap((d) =>
    sourceFiles(join(ROOT, d)).flatMap((f) =>
      importedModules(readFileSync(f, 'utf8'))
        .filter(bad)
        .map((spec) => `${relative(ROOT, f)} imports ${spec}`),
    ),
  );
}

describe('import boundaries', () => {
  it('finds the imports a file makes (so the checks below can fail)', () => {
    expect(
      importedModules(
        `import * as vscode from 'vscode';\nimport type { X } from "./x";\nconst fs = require('node:fs');\nvoid import('path');\nexport { y } from '../y';`,
      ),
    ).toEqual(['vscode', './x', 'node:fs', 'path', '../y']);
  });

  it('src/core and src/shared never import vscode', () => {
    expect(violations(['src/core', 'src/shared'], (s) => s === 'vscode' || s.startsWith('vscode/'))).toEqual([]);
  });

  it("src/ never imports webview code (the host loads a view's prerender as a bundle, by path)", () => {
    const intoWebview = (from: string, spec: string) =>
      spec.startsWith('.') && relative(ROOT, resolve(from, '..', spec)).split(/[\\/]/)[0] === 'webview';
    const found = ['src'].flatMap((d) =>
      sourceFiles(join(ROOT, d)).flatMap((f) =>
        importedModules(readFileSync(f, 'utf8'))
          .filter((spec) => intoWebview(f, spec))
          .map((spec) => `${relative(ROOT, f)} imports ${spec}`),
      ),
    );
    expect(intoWebview(join(ROOT, 'src/extension/webviews/x.ts'), '../../../webview/conversation/prerender')).toBe(
      true,
    );
    expect(found).toEqual([]);
  });

  it('webview/ never imports Node built-ins', () => {
    expect(violations(['webview'], (s) => NODE_BUILTINS.has(s) || NODE_BUILTINS.has(s.split('/')[0]!))).toEqual([]);
  });
});
