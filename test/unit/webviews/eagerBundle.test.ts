// The compare and conversation views, the dashboard, In Effect and the samples table open on a command, and everything in
// their eager bundle is fetched and evaluated before the first paint: their contracts and bridge use
// zod/mini (tree-shaken to what they use), never classic zod, whose ≈ 190 KB would come back with one import.
import { describe, expect, it } from 'vitest';
import * as esbuild from 'esbuild';

/** Bytes each package contributes to a view's eager code (lazy chunks left out: dynamic imports stay external). */
async function eagerBytesByInput(view: string): Promise<Map<string, number>> {
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
          build.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined));
        },
      },
    ],
  });
  const js = Object.values(r.metafile.outputs).find((o) => o.entryPoint !== undefined)!;
  return new Map(Object.entries(js.inputs).map(([input, { bytesInOutput }]) => [input, bytesInOutput]));
}

const sum = (m: Map<string, number>, test: (input: string) => boolean) => [...m].filter(([i]) => test(i)).reduce((s, [, b]) => s + b, 0);

describe('eager bundle of the views on zod/mini', () => {
  for (const view of ['compare', 'conversation', 'dashboard', 'ineffect', 'samples']) {
    it(`${view}: zod/mini only, a few tens of KB of zod`, async () => {
      const inputs = await eagerBytesByInput(view);
      expect([...inputs.keys()].filter((i) => /node_modules\/zod\/v4\/(classic|locales)\//.test(i))).toEqual([]);
      expect(sum(inputs, (i) => i.includes('node_modules/zod/'))).toBeLessThan(40_000);
      // The view's own code and React are there (the bundle above is the real one).
      expect(sum(inputs, (i) => i.includes('node_modules/react-dom/'))).toBeGreaterThan(100_000);
    }, 60_000);
  }
});
