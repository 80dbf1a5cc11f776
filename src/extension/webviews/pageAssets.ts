// A view's eager script and stylesheet as text to inline into its page. Each resource a page loads
// from its URL goes through VS Code's webview service worker and the workbench (in code-server,
// over its connection to the server): 150–450 ms before the script starts on a busy machine, while
// the HTML itself arrives in one message. So a view's bundle is inlined when it is small enough and
// safe inside its element; the revision editor's (Monaco, 3.5 MB) is loaded from its URL.
import { readFileSync, statSync } from 'node:fs';

/** Larger bundles are loaded from their URL: the page's HTML travels whole through VS Code's messages. */
export const INLINE_LIMIT_BYTES = 1_000_000;

/**
 * A watch build's bundle ends with a source map comment naming a file beside it: text run from
 * anywhere but its URL (inlined here, or fetched by a prerendered page) must name the map's URL.
 */
export const SOURCE_MAP_COMMENT = /\/\/# sourceMappingURL=([\w.-]+)\s*$/;

const UNSAFE = { script: /<\/script|<!--/i, style: /<\/style/i } as const;

interface Cached {
  mtimeMs: number;
  size: number;
  text: string | undefined;
}

const cache = new Map<string, Cached>();

/**
 * The file's text when it can be inlined into an element of this kind: at most INLINE_LIMIT_BYTES
 * and without what would end the element early (`</script`, `<!--`; `</style`). Otherwise
 * (or when the file is missing) undefined: the page loads it from its URL. Read once per version
 * of the file (a rebuild in watch mode changes its mtime).
 */
export function inlineTextOf(path: string, kind: keyof typeof UNSAFE): string | undefined {
  // INTENT_LENS_WEBVIEW_LINKED=1 in the extension host's environment loads every view from its URL,
  // as before inlining: the UI bench's comparison of the two (bench/ui.md).
  if (process.env.INTENT_LENS_WEBVIEW_LINKED === '1') return undefined;
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return undefined;
  }
  const known = cache.get(path);
  if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.text;
  let text: string | undefined;
  if (stat.size <= INLINE_LIMIT_BYTES) {
    text = readFileSync(path, 'utf8');
    if (UNSAFE[kind].test(text)) text = undefined;
  }
  cache.set(path, { mtimeMs: stat.mtimeMs, size: stat.size, text });
  return text;
}
