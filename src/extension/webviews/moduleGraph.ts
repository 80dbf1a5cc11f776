// The static chunks a view's entry imports (from dist/webview-meta.json, esbuild's metafile of the
// webview build), so the page can ask for them with `<link rel="modulepreload">` alongside the entry
// instead of discovering them only after the entry has arrived and been parsed (one round trip
// through the webview's service worker less). Lazy chunks (Monaco, the highlighter) are left out:
// they must not compete with the first paint. Without the metafile, no preloads.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Metafile {
  outputs: Record<string, { imports?: Array<{ path: string; kind: string }> }>;
}

const cache = new Map<string, Map<string, string[]>>();

/** File names (relative to dist/webview) of the chunks `<view>.js` imports statically, transitively. */
export function staticChunksOf(distDir: string, view: string): string[] {
  let byView = cache.get(distDir);
  if (!byView) {
    byView = new Map();
    cache.set(distDir, byView);
  }
  const known = byView.get(view);
  if (known) return known;
  let meta: Metafile;
  try {
    meta = JSON.parse(readFileSync(join(distDir, 'webview-meta.json'), 'utf8')) as Metafile;
  } catch {
    byView.set(view, []);
    return [];
  }
  const prefix = 'dist/webview/';
  const seen = new Set<string>();
  const visit = (output: string) => {
    for (const i of meta.outputs[output]?.imports ?? []) {
      if (i.kind !== 'import-statement' || seen.has(i.path)) continue;
      seen.add(i.path);
      visit(i.path);
    }
  };
  visit(`${prefix}${view}.js`);
  const chunks = [...seen].filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length));
  byView.set(view, chunks);
  return chunks;
}
