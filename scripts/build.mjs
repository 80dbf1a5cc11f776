// Bundles Intent Lens with esbuild: one node bundle each for the extension host and the CLI (same
// core), one web bundle per webview (React + Monaco, Monaco's worker inlined as a blob source), the
// sql.js WASM beside the host bundle, and the JSON Schemas generated from the zod schemas.
// Usage: node scripts/build.mjs [--watch] [--dev]
import * as esbuild from 'esbuild';
import { copyFile, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const watch = process.argv.includes('--watch');
// Minified by default (smaller bundles load faster in VS Code and in the e2e tests; source maps
// keep stack traces readable); --dev keeps them readable for debugging.
const minify = !process.argv.includes('--dev');
const dist = join(root, 'dist');

/** Monaco's editor worker, built as its own iife and imported as text by the webviews. The entry is
 * editor.worker.js, which installs the onmessage that starts the worker (editor.worker.start.js only
 * defines start(): a worker built from it never answers, and the diff editor shows no diff). */
const monacoWorkerPlugin = {
  name: 'monaco-worker-source',
  setup(build) {
    build.onResolve({ filter: /^monaco-worker-source$/ }, () => ({ path: 'monaco-worker-source', namespace: 'monaco-worker' }));
    build.onLoad({ filter: /.*/, namespace: 'monaco-worker' }, async () => {
      const r = await esbuild.build({
        entryPoints: [join(root, 'node_modules/monaco-editor/esm/vs/editor/editor.worker.js')],
        bundle: true,
        format: 'iife',
        write: false,
        minify: true,
        logLevel: 'silent',
      });
      return { contents: `export default ${JSON.stringify(r.outputFiles[0].text)};`, loader: 'js' };
    });
  },
};

/** Provider SDKs load on first use from their own bundles (see src/core/providers/sdkModules.ts). */
const LAZY_SDKS = { openai: 'sdk-openai', '@anthropic-ai/sdk': 'sdk-anthropic' };
const lazySdkPlugin = {
  name: 'lazy-sdks',
  setup(build) {
    build.onResolve({ filter: /^(openai|@anthropic-ai\/sdk)$/ }, (args) => ({ path: `./${LAZY_SDKS[args.path]}.js`, external: true }));
  },
};

const nodeCommon = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  minify,
  external: ['vscode'],
  logLevel: 'warning',
  // sql.js probes for `fs`/`path` via require; keep them as node built-ins.
  mainFields: ['module', 'main'],
};

async function webviewEntries() {
  const dir = join(root, 'webview');
  if (!existsSync(dir)) return [];
  const out = [];
  for (const name of await readdir(dir)) {
    const entry = join(dir, name, 'main.tsx');
    if (existsSync(entry) && (await stat(join(dir, name))).isDirectory()) out.push({ name, entry });
  }
  return out;
}

async function writeJsonSchemas() {
  // Generated from the zod schemas, so the contributed schema never drifts from validation.
  const r = await esbuild.build({
    entryPoints: [join(root, 'src/core/schema/jsonSchemas.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'silent',
  });
  const mod = { exports: {} };
  new Function('module', 'exports', 'require', r.outputFiles[0].text)(mod, mod.exports, (await import('node:module')).createRequire(import.meta.url));
  await mkdir(join(dist, 'schemas'), { recursive: true });
  for (const [name, schema] of Object.entries(mod.exports.jsonSchemas())) {
    await writeFile(join(dist, 'schemas', `${name}.schema.json`), JSON.stringify(schema, null, 2) + '\n');
  }
}

async function main() {
  await mkdir(dist, { recursive: true });
  const contexts = [];
  contexts.push(
    await esbuild.context({ ...nodeCommon, entryPoints: { extension: join(root, 'src/extension/extension.ts') }, outdir: dist, plugins: [lazySdkPlugin] }),
    await esbuild.context({ ...nodeCommon, entryPoints: Object.fromEntries(Object.entries(LAZY_SDKS).map(([pkg, out]) => [out, pkg])), outdir: dist }),
    await esbuild.context({
      ...nodeCommon,
      entryPoints: { cli: join(root, 'src/cli.ts') },
      outdir: dist,
      plugins: [lazySdkPlugin],
      banner: { js: '#!/usr/bin/env node' },
    }),
    // The SQL verifier's worker thread (terminable on a runaway query); loads dist/sql-wasm.wasm.
    await esbuild.context({ ...nodeCommon, entryPoints: { sqlWorker: join(root, 'src/core/verify/database/sqlWorker.ts') }, outdir: dist }),
    // Full-text search's index and match worker threads (src/core/search/searchService.ts).
    await esbuild.context({ ...nodeCommon, entryPoints: { searchWorker: join(root, 'src/core/search/searchWorker.ts') }, outdir: dist }),
  );
  for (const { name, entry } of await webviewEntries()) {
    contexts.push(
      await esbuild.context({
        entryPoints: { [name]: entry },
        outdir: join(dist, 'webview'),
        bundle: true,
        platform: 'browser',
        format: 'iife',
        target: 'es2022',
        sourcemap: watch,
        minify,
        jsx: 'automatic',
        loader: { '.ttf': 'file', '.svg': 'dataurl' },
        define: { 'process.env.NODE_ENV': minify ? '"production"' : '"development"' },
        plugins: [monacoWorkerPlugin],
        logLevel: 'warning',
      }),
    );
  }
  await copyFile(join(root, 'node_modules/sql.js/dist/sql-wasm.wasm'), join(dist, 'sql-wasm.wasm'));
  if (existsSync(join(root, 'src/core/schema/jsonSchemas.ts'))) await writeJsonSchemas();
  if (watch) {
    await Promise.all(contexts.map((c) => c.watch()));
    console.log('[build] watching…');
    return;
  }
  const t0 = Date.now();
  await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
  console.log(`[build] ${contexts.length} bundles in ${Date.now() - t0} ms`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
