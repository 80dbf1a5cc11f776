// The inline script of a prerendered page (src/extension/webviews/loadAfterShown.ts), run in plain
// Node against a stand-in page: it fetches the view's script at once, runs it only once the page is
// shown (after `load` and a frame, or the 250 ms fallback), once, with the page's nonce; and adds it
// by its URL when the fetch fails.
import { describe, expect, it } from 'vitest';
import { runInNewContext } from 'node:vm';
import { LOAD_AFTER_SHOWN } from '../../../src/extension/webviews/loadAfterShown';

const SRC = 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview/conversation.js';

interface Added {
  type?: string;
  nonce?: string;
  src?: string;
  textContent?: string;
}

/** Runs the script on a stand-in page; `fetchResult` is what the page's fetch gives. */
function page(fetchResult: () => Promise<{ ok: boolean; text: () => Promise<string> }>) {
  const fetched: string[] = [];
  const added: Added[] = [];
  const marks: string[] = [];
  const listeners = new Map<string, () => void>();
  const frames: (() => void)[] = [];
  const timers: { ms: number; run: () => void }[] = [];
  runInNewContext(LOAD_AFTER_SHOWN, {
    document: {
      currentScript: { nonce: 'n0nce', dataset: { viewScript: SRC } },
      createElement: () => ({}) as Added,
      body: { append: (s: Added) => added.push(s) },
    },
    fetch: (url: string) => {
      fetched.push(url);
      return fetchResult();
    },
    performance: { mark: (name: string) => marks.push(name) },
    addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
    URL,
  });
  const settle = () => new Promise((r) => setImmediate(r));
  return { fetched, added, marks, listeners, frames, timers, settle };
}

const ok = (body: string) => () => Promise.resolve({ ok: true, text: () => Promise.resolve(body) });

describe('a prerendered page loads its script once shown', () => {
  it('fetches the script at once and runs its text with the nonce only after load and the next frame', async () => {
    const p = page(ok('console.log(1);\n//# sourceMappingURL=conversation.js.map\n'));
    expect(p.fetched).toEqual([SRC]);
    await p.settle();
    expect(p.added).toEqual([]);
    p.listeners.get('load')!();
    await p.settle();
    expect(p.added).toEqual([]);
    expect(p.frames).toHaveLength(1);
    p.frames[0]!();
    await p.settle();
    expect(p.marks).toEqual(['il:content-shown']);
    expect(p.added).toEqual([
      { type: 'module', nonce: 'n0nce', textContent: `console.log(1);\n//# sourceMappingURL=${SRC}.map` },
    ]);
    // The fallback timer, firing later, starts nothing more.
    expect(p.timers.map((t) => t.ms)).toEqual([250]);
    p.timers[0]!.run();
    await p.settle();
    expect(p.added).toHaveLength(1);
    expect(p.marks).toHaveLength(1);
  });

  it('starts at the 250 ms fallback when load does not come, and once', async () => {
    const p = page(ok('run()'));
    p.timers[0]!.run();
    await p.settle();
    expect(p.added).toEqual([{ type: 'module', nonce: 'n0nce', textContent: 'run()' }]);
    p.listeners.get('load')!();
    p.frames[0]!();
    await p.settle();
    expect(p.added).toHaveLength(1);
  });

  it('adds the script from its URL when the fetch fails or is refused', async () => {
    for (const fetchResult of [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve({ ok: false, text: () => Promise.resolve('') }),
    ]) {
      const p = page(fetchResult);
      p.listeners.get('load')!();
      p.frames[0]!();
      await p.settle();
      expect(p.added).toEqual([{ type: 'module', nonce: 'n0nce', src: SRC }]);
    }
  });
});
