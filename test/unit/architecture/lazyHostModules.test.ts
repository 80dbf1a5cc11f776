// The extension host compiles its whole bundle when it activates: the libraries only some paths need
// (SQL parser, Python grammar, sql.js, provider SDKs) are bundles of their own, loaded on first use.
// Built here as the build builds them: none of them is inside the host bundle, every one the host
// bundle asks for is built, and each works when loaded from beside the host bundle.
import { describe, expect, it, beforeAll } from 'vitest';
import * as esbuild from 'esbuild';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
// @ts-expect-error plain ESM build script, no declarations
import { LAZY_MODULES, lazyModulesPlugin } from '../../../scripts/lazyHostModules.mjs';

const root = resolve(__dirname, '../../..');
const lazy = LAZY_MODULES as Record<string, string>;

describe('libraries the extension host loads on first use', () => {
  let dir: string;
  let host: esbuild.Metafile['outputs'][string];
  let hostText: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'intent-lens-lazy-'));
    const common: esbuild.BuildOptions = {
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      minify: true,
      logLevel: 'silent',
      mainFields: ['module', 'main'],
      absWorkingDir: root,
    };
    const r = await esbuild.build({
      ...common,
      entryPoints: { extension: join(root, 'src/extension/extension.ts') },
      outdir: dir,
      external: ['vscode'],
      metafile: true,
      plugins: [lazyModulesPlugin as esbuild.Plugin],
    });
    host = Object.values(r.metafile.outputs).find((o) => o.entryPoint !== undefined)!;
    hostText = readFileSync(join(dir, 'extension.js'), 'utf8');
    await esbuild.build({
      ...common,
      entryPoints: Object.fromEntries(
        Object.entries(lazy)
          .filter(([, out]) => out.startsWith('lib-'))
          .map(([pkg, out]) => [out, pkg]),
      ),
      outdir: dir,
    });
  }, 120000);

  it('none of them is compiled into the host bundle', () => {
    const inputs = Object.keys(host.inputs);
    for (const pkg of [
      'node-sql-parser',
      '@lezer/python',
      '@lezer/lr',
      'sql.js',
      'openai',
      '@anthropic-ai/sdk',
      'big-integer',
    ])
      expect(
        inputs.filter((i) => i.includes(`node_modules/${pkg}/`)),
        pkg,
      ).toEqual([]);
  });

  it('the host bundle asks for each library by its own bundle, and that bundle is built', () => {
    const asked = [...hostText.matchAll(/require\("\.\/((?:lib|sdk)-[a-z-]+)\.js"\)/g)].map((m) => m[1]!);
    expect(new Set(asked)).toEqual(
      new Set(['lib-sql-parser', 'lib-lezer-python', 'lib-sqljs', 'sdk-openai', 'sdk-anthropic']),
    );
    for (const name of asked.filter((n) => n.startsWith('lib-')))
      expect(existsSync(join(dir, `${name}.js`)), name).toBe(true);
  });

  it('each works when loaded from beside the host bundle', async () => {
    const load = createRequire(join(dir, 'extension.js'));
    const { Parser } = load('./lib-sql-parser.js') as { Parser: new () => { astify(sql: string): unknown } };
    expect(JSON.stringify(new Parser().astify('SELECT name FROM singer WHERE age > 30'))).toContain('singer');
    const { parser } = load('./lib-lezer-python.js') as {
      parser: { parse(text: string): { topNode: { name: string; firstChild: { name: string } | null } } };
    };
    const tree = parser.parse('def f(x):\n    return x + 1\n');
    expect(tree.topNode.name).toBe('Script');
    expect(tree.topNode.firstChild?.name).toBe('FunctionDefinition');
    const init = load('./lib-sqljs.js') as (o: {
      wasmBinary: ArrayBuffer;
    }) => Promise<{ Database: new () => { exec(sql: string): Array<{ values: unknown[][] }> } }>;
    const wasm = readFileSync(join(root, 'node_modules/sql.js/dist/sql-wasm.wasm'));
    const SQL = await init({
      wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer,
    });
    expect(new SQL.Database().exec('SELECT 1 + 1')[0]!.values).toEqual([[2]]);
  });
});
