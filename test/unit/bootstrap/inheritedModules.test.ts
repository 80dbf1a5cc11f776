// The bootstrap hands the host bundle `vscode` as an object inheriting the API: esbuild's `__toESM`,
// run once per `import * as vscode` module of the bundle, then has no own properties to copy, and
// the modules read the same API. Checked on a real esbuild bundle of several such modules.
import { describe, expect, it } from 'vitest';
import * as esbuild from 'esbuild';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireWithCodeCache } from '../../../src/extension/bootstrap/codeCache';
import { requireWithInheritedModules } from '../../../src/extension/bootstrap/inheritedModules';

/** A stand-in for VS Code's API: many own properties, classes and namespaces among them. */
class Uri {
  constructor(readonly path: string) {}
}
const api: Record<string, unknown> = {
  Uri,
  window: { showInformationMessage: (m: string) => `shown: ${m}` },
  version: '1.0.0',
};
for (let i = 0; i < 300; i++) api[`Type${i}`] = class {};

interface Bundle {
  /** What each of the bundle's three modules sees as the namespace's own properties. */
  ownKeys: string[][];
  uriPath: string;
  shown: string;
  version: string;
  sameNamespaceValues: boolean;
}

async function buildBundle(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'intent-lens-inherited-'));
  const mod = (name: string, body: string) =>
    writeFileSync(join(dir, `${name}.ts`), `import * as vscode from 'vscode';\n${body}\n`);
  mod(
    'a',
    "export const own = () => Object.getOwnPropertyNames(vscode);\nexport const uri = () => new vscode.Uri('/x').path;",
  );
  mod(
    'b',
    "export const own = () => Object.getOwnPropertyNames(vscode);\nexport const shown = () => vscode.window.showInformationMessage('hi');",
  );
  mod(
    'c',
    'export const own = () => Object.getOwnPropertyNames(vscode);\nexport const version = () => vscode.version;\nexport const type7 = () => vscode.Type7;',
  );
  writeFileSync(
    join(dir, 'entry.ts'),
    "import * as a from './a';\nimport * as b from './b';\nimport * as c from './c';\nimport * as vscode from 'vscode';\n" +
      'export const ownKeys = [a.own(), b.own(), c.own()];\nexport const uriPath = a.uri();\nexport const shown = b.shown();\nexport const version = c.version();\nexport const sameNamespaceValues = c.type7() === vscode.Type7;\n',
  );
  const out = join(dir, 'host.js');
  await esbuild.build({
    entryPoints: [join(dir, 'entry.ts')],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['vscode'],
    logLevel: 'silent',
  });
  return out;
}

/** The bundle's `require`, with `vscode` answered by the stand-in (as VS Code's module interceptor does). */
const withApi = (base: NodeJS.Require): NodeJS.Require =>
  Object.assign((id: string) => (id === 'vscode' ? api : base(id)), base);

describe('the host bundle reads `vscode` through an inheriting object', () => {
  it('each module copies no API property, and reads the same classes, namespaces and values', async () => {
    const file = await buildBundle();
    const loaded = requireWithCodeCache<Bundle>(file, (base) =>
      requireWithInheritedModules(withApi(base), ['vscode']),
    ).exports;
    for (const keys of loaded.ownKeys) expect(keys.filter((k) => k in api)).toEqual([]);
    expect(loaded.uriPath).toBe('/x');
    expect(loaded.shown).toBe('shown: hi');
    expect(loaded.version).toBe('1.0.0');
    expect(loaded.sameNamespaceValues).toBe(true);
  });

  it('without it, every module copies every property of the API (what the view saves)', async () => {
    const file = await buildBundle();
    const loaded = requireWithCodeCache<Bundle>(file, withApi).exports;
    for (const keys of loaded.ownKeys) expect(keys.filter((k) => k in api)).toHaveLength(Object.keys(api).length);
    expect(loaded.uriPath).toBe('/x');
  });

  it('returns one object per module id, and other modules untouched', () => {
    const base = withApi(createRequire(__filename));
    const req = requireWithInheritedModules(base, ['vscode']);
    const view = req('vscode') as Record<string, unknown>;
    expect(req('vscode')).toBe(view);
    expect(Object.getPrototypeOf(view)).toBe(api);
    expect(Object.getOwnPropertyNames(view)).toEqual([]);
    expect(req('node:path')).toBe(createRequire(__filename)('node:path'));
    expect(req.resolve).toBe(base.resolve);
  });
});
