// The inline script of a prerendered page (src/extension/webviews/loadAfterShown.ts), run in plain
// Node against a stand-in page: it takes the view's script from the host's message (or fetches it at
// once where the host posts none, or when the message is late), runs it only once the page is shown
// (after `load` and a frame, or the 250 ms fallback), once, with the page's nonce; and adds it by its
// URL when the fetch fails.
import { describe, expect, it } from 'vitest';
import { runInNewContext } from 'node:vm';
import { LOAD_AFTER_SHOWN, PAGE_SCRIPT_MESSAGE, PAGE_SCRIPT_WAIT_MS } from '../../../src/extension/webviews/loadAfterShown';

const SRC = 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview/conversation.js';

interface Added { type?: string; nonce?: string; src?: string; textContent?: string }

interface MessageEvent { source: unknown; origin: string; data: unknown; stopImmediatePropagation: () => void }

const ORIGIN = 'https://0a1b2c.vscode-cdn.net';

/**
 * Runs the script on a stand-in page; `fetchResult` is what the page's fetch gives; `posted`: the
 * host said it posts the script's text (`data-script-posted`).
 */
function page(fetchResult: () => Promise<{ ok: boolean; text: () => Promise<string> }>, posted = false) {
  const fetched: string[] = [];
  const added: Added[] = [];
  const marks: string[] = [];
  const markDetails: unknown[] = [];
  const listeners = new Map<string, (e?: MessageEvent) => void>();
  const frame = {};
  const self = {};
  /**
   * Delivers a message as VS Code's frame around the page would (another window of the page's
   * origin); true when the page took it for itself.
   */
  const post = (data: unknown, source: unknown = frame, origin = ORIGIN) => {
    let stopped = false;
    listeners.get('message')?.({ source, origin, data, stopImmediatePropagation: () => (stopped = true) });
    return stopped;
  };
  const frames: (() => void)[] = [];
  const timers: { ms: number; run: () => void }[] = [];
  runInNewContext(LOAD_AFTER_SHOWN, {
    document: {
      currentScript: { nonce: 'n0nce', dataset: { viewScript: SRC, ...(posted ? { scriptPosted: '1' } : {}) } },
      createElement: () => ({}) as Added,
      body: { append: (s: Added) => added.push(s) },
    },
    fetch: (url: string) => {
      fetched.push(url);
      return fetchResult();
    },
    performance: { mark: (name: string, opts?: { detail?: unknown }) => (marks.push(name), markDetails.push(opts?.detail)) },
    addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
    removeEventListener: (type: string, fn: () => void) => listeners.get(type) === fn && listeners.delete(type),
    window: self,
    location: { origin: ORIGIN },
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
    URL,
  });
  const settle = () => new Promise((r) => setImmediate(r));
  return { fetched, added, marks, markDetails, listeners, frames, timers, settle, post, self };
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
    expect(p.marks).toEqual(['il:content-shown', 'il:script-text']);
    expect(p.markDetails[1]).toBe('fetch');
    expect(p.added).toEqual([{ type: 'module', nonce: 'n0nce', textContent: `console.log(1);\n//# sourceMappingURL=${SRC}.map` }]);
    // The fallback timer, firing later, starts nothing more.
    expect(p.timers.map((t) => t.ms)).toEqual([250]);
    p.timers[0]!.run();
    await p.settle();
    expect(p.added).toHaveLength(1);
    expect(p.marks).toHaveLength(2);
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
    for (const fetchResult of [() => Promise.reject(new TypeError('Failed to fetch')), () => Promise.resolve({ ok: false, text: () => Promise.resolve('') })]) {
      const p = page(fetchResult);
      p.listeners.get('load')!();
      p.frames[0]!();
      await p.settle();
      expect(p.added).toEqual([{ type: 'module', nonce: 'n0nce', src: SRC }]);
    }
  });
});

describe("a prerendered page takes its script from the host's message", () => {
  const message = (text: unknown) => ({ type: PAGE_SCRIPT_MESSAGE, text });

  it('fetches nothing, and runs the posted text once shown, whether it came before or after', async () => {
    for (const early of [true, false]) {
      const p = page(ok('fetched()'), true);
      if (early) expect(p.post(message('posted();\n//# sourceMappingURL=conversation.js.map'))).toBe(true);
      p.listeners.get('load')!();
      p.frames[0]!();
      await p.settle();
      if (!early) {
        expect(p.added).toEqual([]);
        expect(p.post(message('posted();\n//# sourceMappingURL=conversation.js.map'))).toBe(true);
        await p.settle();
      }
      expect(p.fetched).toEqual([]);
      expect(p.added).toEqual([{ type: 'module', nonce: 'n0nce', textContent: `posted();\n//# sourceMappingURL=${SRC}.map` }]);
      expect(p.marks).toEqual(['il:content-shown', 'il:script-text']);
      expect(p.markDetails[1]).toBe('message');
      // Taken once: a later message is the view's, not the loader's.
      expect(p.listeners.has('message')).toBe(false);
    }
  });

  it("ignores what is not the host's script message, and such a message from the page itself or another origin", async () => {
    const p = page(ok('fetched()'), true);
    for (const data of [null, 'text', { type: 'state', text: 'x' }, message(42), { type: PAGE_SCRIPT_MESSAGE }]) expect(p.post(data)).toBe(false);
    expect(p.post(message('evil()'), p.self)).toBe(false);
    expect(p.post(message('evil()'), {}, 'https://elsewhere.example')).toBe(false);
    p.listeners.get('load')!();
    p.frames[0]!();
    await p.settle();
    expect(p.added).toEqual([]);
    expect(p.post(message('posted()'))).toBe(true);
    await p.settle();
    expect(p.added).toEqual([{ type: 'module', nonce: 'n0nce', textContent: 'posted()' }]);
  });

  it(`fetches the script when the message has not come ${PAGE_SCRIPT_WAIT_MS} ms after the page is shown`, async () => {
    const p = page(ok('fetched()'), true);
    p.listeners.get('load')!();
    p.frames[0]!();
    await p.settle();
    const wait = p.timers.find((t) => t.ms === PAGE_SCRIPT_WAIT_MS)!;
    expect(p.fetched).toEqual([]);
    wait.run();
    await p.settle();
    expect(p.fetched).toEqual([SRC]);
    expect(p.added).toEqual([{ type: 'module', nonce: 'n0nce', textContent: 'fetched()' }]);
    expect(p.markDetails[1]).toBe('fetch');
  });
});
