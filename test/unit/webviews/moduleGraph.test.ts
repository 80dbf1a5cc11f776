import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { staticChunksOf } from '../../../src/extension/webviews/moduleGraph';

function dist(outputs: Record<string, { imports?: Array<{ path: string; kind: string }> }>): string {
  const dir = mkdtempSync(join(tmpdir(), 'il-module-graph-'));
  writeFileSync(join(dir, 'webview-meta.json'), JSON.stringify({ outputs }));
  return dir;
}

describe('staticChunksOf', () => {
  it('lists the static chunks of an entry, transitively, without the lazy ones', () => {
    const dir = dist({
      'dist/webview/compare.js': { imports: [{ path: 'dist/webview/chunk-A.js', kind: 'import-statement' }, { path: 'dist/webview/FinalDiff-X.js', kind: 'dynamic-import' }] },
      'dist/webview/chunk-A.js': { imports: [{ path: 'dist/webview/chunk-B.js', kind: 'import-statement' }, { path: 'dist/webview/chunk-A.js', kind: 'import-statement' }] },
      'dist/webview/chunk-B.js': {},
      'dist/webview/FinalDiff-X.js': { imports: [{ path: 'dist/webview/chunk-MONACO.js', kind: 'import-statement' }] },
    });
    expect(staticChunksOf(dir, 'compare')).toEqual(['chunk-A.js', 'chunk-B.js']);
    expect(staticChunksOf(dir, 'absent')).toEqual([]);
  });

  it('gives no preloads without a metafile', () => {
    expect(staticChunksOf(mkdtempSync(join(tmpdir(), 'il-module-graph-')), 'compare')).toEqual([]);
  });
});
