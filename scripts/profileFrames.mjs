// Names of a V8 profile's call frames (CPU and allocation profiles alike): minified bundles are named
// through the source map beside them, and our frames (original source under src/) are told apart.
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, relative } from 'node:path';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

let SourceMapConsumer;
try {
  ({ SourceMapConsumer } = await import('source-map-js'));
} catch {
  SourceMapConsumer = undefined;
}
const maps = new Map();
const mapOf = (url) => {
  // CPU profiles name scripts by URL, allocation profiles some by path.
  const file = url.startsWith('file://') ? fileURLToPath(url) : url.startsWith('/') ? url : undefined;
  if (!SourceMapConsumer || !file) return undefined;
  if (!maps.has(url)) {
    // The test server's copy of the extension is gone after its run: this checkout's build is the same.
    const bundle = /\/extensions\/intent-lens[^/]*\/dist\/([\w-]+\.js)$/.exec(url);
    const path = [`${file}.map`, ...(bundle ? [join(repoRoot, 'dist', `${bundle[1]}.map`)] : [])].find((p) =>
      existsSync(p),
    );
    maps.set(url, path ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8'))) : undefined);
  }
  return maps.get(url);
};

const names = new WeakMap();
/** "function file:line", in the original source where a source map says. */
export function frameName(callFrame) {
  if (names.has(callFrame)) return names.get(callFrame);
  const f = callFrame;
  let label = `${f.functionName || '(anonymous)'}${f.url ? ` ${f.url.replace(/^.*\//, '')}:${f.lineNumber + 1}` : ''}`;
  const at = f.url && mapOf(f.url)?.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
  if (at?.source)
    label = `${at.name ?? f.functionName ?? '(anonymous)'} ${relative('..', at.source).replace(/^(\.\.\/)+/, '')}:${at.line}`;
  names.set(callFrame, label);
  return label;
}

/** A frame of our bundles (its original source is ours: src/). */
export function isOurFrame(callFrame) {
  return /\/dist\/[A-Za-z]+\.js$/.test(callFrame.url ?? '') && /src\//.test(frameName(callFrame));
}
