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
import { writeIcon } from './icon.mjs';

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
    build.onResolve({ filter: /^monaco-worker-source$/ }, () => ({
      path: 'monaco-worker-source',
      namespace: 'monaco-worker',
    }));
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
      /[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(args.importer)
        ? { path: 'zod-locales-en', namespace: 'zod-locales' }
        : undefined,
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
 * The webviews' lazy modules (entry in the lazy build → its source). A view imports one with a
 * dynamic `import('./<name>')`; the eager build leaves it as `import('intent-lens-lazy/<name>.js')`,
 * which the page's import map resolves to dist/webview/lazy/ (webviews/webviewPanelHost.ts): the
 * same for a script inlined into the page and one loaded from its URL.
 */
const WEBVIEW_LAZY_MODULES = {
  finalDiffEditor: 'webview/compare/finalDiffEditor.ts',
  workerPrewarm: 'webview/compare/workerPrewarm.ts',
  highlightCode: 'webview/conversation/highlightCode.ts',
  plotModule: 'webview/dashboard/plotModule.ts',
};
const LAZY_BASE = 'intent-lens-lazy/';

const lazyWebviewModulesPlugin = {
  name: 'lazy-webview-modules',
  setup(build) {
    const names = Object.keys(WEBVIEW_LAZY_MODULES).join('|');
    build.onResolve({ filter: new RegExp(`^\\./(${names})$`) }, (args) => {
      const name = args.path.slice(2);
      // Imported statically, the module would be bundled into the eager code (a second copy, with
      // its own state): only a dynamic import is a lazy one.
      if (args.kind !== 'dynamic-import')
        return { errors: [{ text: `${name} is a lazy webview module: import it with import('./${name}')` }] };
      return { path: `${LAZY_BASE}${name}.js`, external: true };
    });
  },
};

/** A lazy module with React would carry a second copy beside the page's, whose hooks fail in the page's tree. */
const noReactPlugin = {
  name: 'no-react-in-lazy-webview-modules',
  setup(build) {
    build.onResolve({ filter: /^react(-dom)?(\/|$)/ }, (args) => ({
      errors: [
        {
          text: `${args.importer} imports ${args.path}: lazy webview modules take no React (keep the component in the view's eager code)`,
        },
      ],
    }));
  },
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
  new Function('module', 'exports', 'require', r.outputFiles[0].text)(
    mod,
    mod.exports,
    (await import('node:module')).createRequire(import.meta.url),
  );
  await mkdir(join(dist, 'schemas'), { recursive: true });
  for (const [name, schema] of Object.entries(mod.exports.jsonSchemas())) {
    await writeFile(join(dist, 'schemas', `${name}.schema.json`), JSON.stringify(schema, null, 2) + '\n');
  }
}

async function main() {
  // Chunk names carry a content hash: clear the old ones so dist/webview holds only this build's.
  await rm(join(dist, 'webview'), { recursive: true, force: true });
  await rm(join(dist, 'prerender'), { recursive: true, force: true });
  await mkdir(dist, { recursive: true });
  const contexts = [];
  contexts.push(
    // dist/extension.js is a small bootstrap that loads the host bundle, dist/host.js, through V8's
    // code cache (src/extension/bootstrap/codeCache.ts).
    await esbuild.context({
      ...nodeCommon,
      entryPoints: { extension: join(root, 'src/extension/bootstrap/hostBootstrap.ts') },
      outdir: dist,
    }),
    await esbuild.context({
      ...nodeCommon,
      entryPoints: { host: join(root, 'src/extension/extension.ts') },
      outdir: dist,
      plugins: [lazyModulesPlugin, zodEnglishOnlyPlugin],
    }),
    await esbuild.context({
      ...nodeCommon,
      entryPoints: Object.fromEntries(Object.entries(LAZY_MODULES).map(([pkg, out]) => [out, pkg])),
      outdir: dist,
    }),
    await esbuild.context({
      ...nodeCommon,
      entryPoints: { cli: join(root, 'src/cli.ts') },
      outdir: dist,
      plugins: [lazyModulesPlugin],
      banner: { js: '#!/usr/bin/env node' },
    }),
    // The SQL verifier's worker thread (terminable on a runaway query); loads dist/sql-wasm.wasm.
    await esbuild.context({
      ...nodeCommon,
      entryPoints: { sqlWorker: join(root, 'src/core/verify/database/sqlWorker.ts') },
      outdir: dist,
    }),
    // The dashboard's bootstrap resampling, off the extension host's thread (src/core/stats/bootstrapThread.ts).
    await esbuild.context({
      ...nodeCommon,
      entryPoints: { bootstrapWorker: join(root, 'src/core/stats/bootstrapWorker.ts') },
      outdir: dist,
    }),
    // Run-log indexing off the extension host's thread (src/core/load/runLogPool.ts).
    await esbuild.context({
      ...nodeCommon,
      entryPoints: { runLogWorker: join(root, 'src/core/load/runLogWorker.ts') },
      outdir: dist,
    }),
    // Full-text search's index and match worker threads (src/core/search/searchService.ts).
    await esbuild.context({
      ...nodeCommon,
      entryPoints: { searchWorker: join(root, 'src/core/search/searchWorker.ts') },
      outdir: dist,
    }),
    // The compare and conversation views' first content, rendered off the extension host's thread (src/extension/webviews/prerenderThread.ts).
    await esbuild.context({
      ...nodeCommon,
      entryPoints: { prerenderWorker: join(root, 'src/extension/webviews/prerenderWorker.ts') },
      outdir: dist,
    }),
  );
  // The webviews: each view's eager code is one self-contained ESM bundle (`<view>.js`, `<view>.css`),
  // which the host inlines into the page (webviews/pageAssets.ts: no fetch through the webview's
  // service worker before the first paint). Heavy code (Monaco for the compare view, the highlighter,
  // Plot) is a lazy module of a build of its own in dist/webview/lazy/ (WEBVIEW_LAZY_MODULES). Lazy
  // modules import no React (noReactPlugin), so the two builds share no module state. Each eager
  // bundle tree-shakes on its own: the views whose contracts use only zod/mini never carry classic
  // zod (test/unit/webviews/eagerBundle.test.ts).
  const views = await webviewEntries();
  const webviewCommon = {
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    sourcemap: watch,
    minify,
    jsx: 'automatic',
    loader: { '.ttf': 'file', '.svg': 'dataurl' },
    define: { 'process.env.NODE_ENV': minify ? '"production"' : '"development"' },
    logLevel: 'warning',
  };
  contexts.push(
    await esbuild.context({
      ...webviewCommon,
      entryPoints: Object.fromEntries(views.map(({ name, entry }) => [name, entry])),
      outdir: join(dist, 'webview'),
      plugins: [lazyWebviewModulesPlugin, monacoWorkerPlugin, zodEnglishOnlyPlugin],
    }),
    await esbuild.context({
      ...webviewCommon,
      entryPoints: Object.fromEntries(
        Object.entries(WEBVIEW_LAZY_MODULES).map(([name, entry]) => [name, join(root, entry)]),
      ),
      outdir: join(dist, 'webview', 'lazy'),
      splitting: true,
      entryNames: '[name]',
      plugins: [noReactPlugin, monacoWorkerPlugin, zodEnglishOnlyPlugin],
    }),
  );
  // The first content of the views that have a `prerender.tsx`, rendered on the extension host
  // (src/extension/webviews/prerender.ts loads dist/prerender/<view>.js on first use): React's server
  // renderer and the view's components, for Node. Lazy modules stay imports that never run there.
  const prerenders = views
    .map(({ name }) => ({ name, entry: join(root, 'webview', name, 'prerender.tsx') }))
    .filter(({ entry }) => existsSync(entry));
  if (prerenders.length) {
    contexts.push(
      await esbuild.context({
        ...nodeCommon,
        sourcemap: false,
        entryPoints: Object.fromEntries(prerenders.map(({ name, entry }) => [name, entry])),
        outdir: join(dist, 'prerender'),
        jsx: webviewCommon.jsx,
        loader: { '.css': 'empty' },
        define: webviewCommon.define,
        plugins: [lazyWebviewModulesPlugin, zodEnglishOnlyPlugin],
      }),
    );
  }
  await copyFile(join(root, 'node_modules/sql.js/dist/sql-wasm.wasm'), join(dist, 'sql-wasm.wasm'));
  // The gallery icon (package.json "icon"), rasterised from the activity-bar SVG (scripts/icon.mjs).
  await writeIcon(join(root, 'media/intent-lens.svg'), join(dist, 'icon.png'));
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
