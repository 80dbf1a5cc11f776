// Bundles Intent Lens with esbuild: one node bundle each for the extension host and the CLI (same
// core), one web bundle per webview (React + Monaco, Monaco's worker inlined as a blob source), the
// sql.js WASM beside the host bundle, and the JSON Schemas generated from the zod schemas.
// Usage: node scripts/build.mjs [--watch] [--dev]
import * as esbuild from 'esbuild';
import { copyFile, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAZY_MODULES, lazyModulesPlugin } from './lazyHostModules.mjs';

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

/** Webviews and the extension host never switch zod's locale: its core and classic APIs re-export every
 * locale (≈ 260 KB minified, over half of zod in a bundle), so those builds resolve that index to English
 * only (the host bundle is read and compiled on activation). */
const zodEnglishOnlyPlugin = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(args.importer) ? { path: 'zod-locales-en', namespace: 'zod-locales' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, () => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: join(root, 'node_modules/zod/v4/locales'),
      loader: 'js',
    }));
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

/**
 * Webviews built apart from the others (see main): their contracts use zod/mini only, and their first
 * paint counts (compare and conversation open fresh on a command; the dashboard, In Effect and the samples table on one).
 */
const ZOD_MINI_VIEWS = new Set(['compare', 'conversation', 'dashboard', 'ineffect', 'samples']);

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
  // Chunk names carry a content hash: clear the old ones so dist/webview holds only this build's.
  await rm(join(dist, 'webview'), { recursive: true, force: true });
  await mkdir(dist, { recursive: true });
  const contexts = [];
  contexts.push(
    // dist/extension.js is a small bootstrap that loads the host bundle, dist/host.js, through V8's
    // code cache (src/extension/bootstrap/codeCache.ts).
    await esbuild.context({ ...nodeCommon, entryPoints: { extension: join(root, 'src/extension/bootstrap/hostBootstrap.ts') }, outdir: dist }),
    await esbuild.context({ ...nodeCommon, entryPoints: { host: join(root, 'src/extension/extension.ts') }, outdir: dist, plugins: [lazyModulesPlugin, zodEnglishOnlyPlugin] }),
    await esbuild.context({ ...nodeCommon, entryPoints: Object.fromEntries(Object.entries(LAZY_MODULES).map(([pkg, out]) => [out, pkg])), outdir: dist }),
    await esbuild.context({
      ...nodeCommon,
      entryPoints: { cli: join(root, 'src/cli.ts') },
      outdir: dist,
      plugins: [lazyModulesPlugin],
      banner: { js: '#!/usr/bin/env node' },
    }),
    // The SQL verifier's worker thread (terminable on a runaway query); loads dist/sql-wasm.wasm.
    await esbuild.context({ ...nodeCommon, entryPoints: { sqlWorker: join(root, 'src/core/verify/database/sqlWorker.ts') }, outdir: dist }),
    // The dashboard's bootstrap resampling, off the extension host's thread (src/core/stats/bootstrapThread.ts).
    await esbuild.context({ ...nodeCommon, entryPoints: { bootstrapWorker: join(root, 'src/core/stats/bootstrapWorker.ts') }, outdir: dist }),
    // Run-log indexing off the extension host's thread (src/core/load/runLogPool.ts).
    await esbuild.context({ ...nodeCommon, entryPoints: { runLogWorker: join(root, 'src/core/load/runLogWorker.ts') }, outdir: dist }),
    // Full-text search's index and match worker threads (src/core/search/searchService.ts).
    await esbuild.context({ ...nodeCommon, entryPoints: { searchWorker: join(root, 'src/core/search/searchWorker.ts') }, outdir: dist }),
  );
  // The webviews as ESM builds with code splitting: each view's eager entry stays small (React,
  // the bridge, its first paint), Monaco and Observable Plot load as lazy chunks on first use, and
  // chunks shared between views are cached once. The host loads the entry as a nonce'd module script;
  // its chunks come from the same allowed source (no unsafe-eval).
  // Two builds: the views whose contracts use only zod/mini (ZOD_MINI_VIEWS), whose core esbuild
  // tree-shakes to the ≈ 25 KB they use — but only in a build where no other entry reaches classic
  // zod, which keeps all of core (≈ 150 KB more in their eager bundle). The revision editor validates
  // records with the core's classic-zod schemas; its chunks are not shared with the others'.
  const views = await webviewEntries();
  const webviewBuild = (group) =>
    esbuild.context({
      entryPoints: Object.fromEntries(group.map(({ name, entry }) => [name, entry])),
      outdir: join(dist, 'webview'),
      bundle: true,
      splitting: true,
      platform: 'browser',
      format: 'esm',
      target: 'es2022',
      sourcemap: watch,
      minify,
      metafile: true,
      jsx: 'automatic',
      loader: { '.ttf': 'file', '.svg': 'dataurl' },
      define: { 'process.env.NODE_ENV': minify ? '"production"' : '"development"' },
      plugins: [monacoWorkerPlugin, zodEnglishOnlyPlugin],
      logLevel: 'warning',
    });
  for (const group of [views.filter((v) => ZOD_MINI_VIEWS.has(v.name)), views.filter((v) => !ZOD_MINI_VIEWS.has(v.name))]) {
    if (group.length > 0) contexts.push(await webviewBuild(group));
  }
  await copyFile(join(root, 'node_modules/sql.js/dist/sql-wasm.wasm'), join(dist, 'sql-wasm.wasm'));
  if (existsSync(join(root, 'src/core/schema/jsonSchemas.ts'))) await writeJsonSchemas();
  if (watch) {
    await Promise.all(contexts.map((c) => c.watch()));
    console.log('[build] watching…');
    return;
  }
  const t0 = Date.now();
  const results = await Promise.all(contexts.map((c) => c.rebuild()));
  // The webviews' module graph (eager vs lazy bytes per view): the host reads it for each view's
  // preloads on its first open, so only the outputs' sizes and imports are kept (7 KB, not esbuild's
  // 1.2 MB metafile with every input, which took tens to hundreds of ms to read and parse).
  const webviewMetas = results.filter((r) => r.metafile && Object.keys(r.metafile.outputs).some((o) => o.includes('/webview/'))).map((r) => r.metafile);
  if (webviewMetas.length > 0) await writeFile(join(dist, 'webview-meta.json'), JSON.stringify({ outputs: Object.assign({}, ...webviewMetas.map((m) => moduleGraphOf(m).outputs)) }));
  await Promise.all(contexts.map((c) => c.dispose()));
  console.log(`[build] ${contexts.length} bundles in ${Date.now() - t0} ms`);
}

/** esbuild's metafile reduced to each output's size and its imports of other outputs. */
function moduleGraphOf(metafile) {
  const outputs = {};
  for (const [path, o] of Object.entries(metafile.outputs)) {
    outputs[path] = { bytes: o.bytes, imports: (o.imports ?? []).filter((i) => !i.external).map(({ path: p, kind }) => ({ path: p, kind })) };
  }
  return { outputs };
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
