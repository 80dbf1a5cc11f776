// What the host inlines into a webview's page, and what it leaves to be loaded from its URL.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INLINE_LIMIT_BYTES, inlineTextOf } from '../../../src/extension/webviews/pageAssets';

const dir = mkdtempSync(join(tmpdir(), 'il-page-assets-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('inlineTextOf', () => {
  it('inlines a small, safe bundle and stylesheet as they are', () => {
    const js = 'import("intent-lens-lazy/x.js");const a="<\\/script>";';
    expect(inlineTextOf(file('view.js', js), 'script')).toBe(js);
    expect(inlineTextOf(file('view.css', 'body{color:red}'), 'style')).toBe('body{color:red}');
  });

  it('leaves to its URL what would end or change its element early, and what is too big', () => {
    expect(inlineTextOf(file('a.js', 'const s = "</script><script>alert(1)</script>";'), 'script')).toBeUndefined();
    expect(inlineTextOf(file('b.js', 'const s = "</SCRIPT >";'), 'script')).toBeUndefined();
    expect(inlineTextOf(file('c.js', 'const s = "<!--<script>";'), 'script')).toBeUndefined();
    expect(inlineTextOf(file('d.css', 'a::after{content:"</style>"}'), 'style')).toBeUndefined();
    // `</style` is harmless inside a script, and `</script` inside a stylesheet.
    expect(inlineTextOf(file('e.js', 'const s = "</style>";'), 'script')).toBe('const s = "</style>";');
    expect(inlineTextOf(file('big.js', 'x'.repeat(INLINE_LIMIT_BYTES + 1)), 'script')).toBeUndefined();
    expect(inlineTextOf(join(dir, 'absent.js'), 'script')).toBeUndefined();
  });

  it('reads a rebuilt file again (watch mode), and the same file once', () => {
    const path = file('w.js', 'let v = 1;');
    expect(inlineTextOf(path, 'script')).toBe('let v = 1;');
    const rebuiltAt = new Date(Date.UTC(2030, 0, 1));
    writeFileSync(path, 'let v = 22;');
    utimesSync(path, rebuiltAt, rebuiltAt);
    expect(inlineTextOf(path, 'script')).toBe('let v = 22;');
    writeFileSync(path, 'let v = 3;;');
    utimesSync(path, rebuiltAt, rebuiltAt);
    // Same size and mtime as a read already made: the cached text stands (no read on each open).
    expect(inlineTextOf(path, 'script')).toBe('let v = 22;');
  });
});
