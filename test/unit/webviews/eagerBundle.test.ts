// The compare and conversation views, the dashboard, In Effect and the samples table open on a command, and everything in
// their eager bundle is fetched and evaluated before the first paint: their contracts and bridge use
// zod/mini (tree-shaken to what they use), never classic zod, whose ≈ 190 KB would come back with one import.
// The host inlines each of those bundles into its page (src/extension/webviews/pageAssets.ts): they
// must stay small enough and safe inside a <script>.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { inlineTextOf } from '../../../src/extension/webviews/pageAssets';

/** Bytes each package contributes to a view's eager code (lazy chunks left out: dynamic imports stay external). */
async function eagerBundle(view: string): Promise<{ inputs: Map<string, number>; text: string }> {
  const r = await esbuild.build({
    entryPoints: [`webview/${view}/main.tsx`],
    bundle: true,
    write: false,
    metafile: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    outdir: 'out-eager-test',
    logLevel: 'silent',
    loader: { '.css': 'empty', '.ttf': 'empty', '.svg': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [
      {
        name: 'lazy-external',
        setup(build) {
          build.onResolve({ filter: /.*/ }, (args) =>
            args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
          );
        },
      },
    ],
  });
  const [path, js] = Object.entries(r.metafile.outputs).find(([, o]) => o.entryPoint !== undefined)!;
  const text = r.outputFiles.find((f) => f.path.endsWith(path.replace(/^out-eager-test/, '')))!.text;
  return {
    inputs: new Map(Object.entries(js.inputs).map(([input, { bytesInOutput }]) => [input, bytesInOutput])),
    text,
  };
}

const sum = (m: Map<string, number>, test: (input: string) => boolean) =>
  [...m].filter(([i]) => test(i)).reduce((s, [, b]) => s + b, 0);

describe('eager bundle of the views on zod/mini', () => {
  for (const view of ['compare', 'conversation', 'dashboard', 'ineffect', 'samples', 'candidates']) {
    it(`${view}: zod/mini only, a few tens of KB of zod; inlined into its page`, async () => {
      const { inputs, text } = await eagerBundle(view);
      expect([...inputs.keys()].filter((i) => /node_modules\/zod\/v4\/(classic|locales)\//.test(i))).toEqual([]);
      expect(sum(inputs, (i) => i.includes('node_modules/zod/'))).toBeLessThan(40_000);
      // The view's own code and React are there (the bundle above is the real one).
      expect(sum(inputs, (i) => i.includes('node_modules/react-dom/'))).toBeGreaterThan(100_000);
      const file = join(mkdtempSync(join(tmpdir(), 'il-eager-')), `${view}.js`);
      writeFileSync(file, text);
      expect(text.length).toBeGreaterThan(100_000);
      expect(inlineTextOf(file, 'script')).toBe(text);
    }, 60_000);
  }
});
