// The views' prerender on a worker thread: a first render is JIT-cold (64–72 ms in the bench, one
// block of the extension host's thread at each view's first open) and a later one 11–33 ms, each at
// the moment the user waits for the window. VS Code's frame needs 200–700 ms before it takes the
// HTML, so rendering it off-thread costs no time on screen. Without the bundled worker, or if it
// fails, the render runs in the calling thread (./prerender): the same HTML.
import { Worker } from 'node:worker_threads';
import { findBundledScript } from '../../core/workers/bundledScript';
import { renderInThisThread, settle, type Prerendered, type PrerenderedView, type RenderOutcome } from './prerender';
import type { PrerenderReply, PrerenderRequest } from './prerenderWorker';

/** Past this the page renders itself: a busy machine should not hold the page's HTML back. */
const REPLY_TIMEOUT_MS = 2000;

export class PrerenderThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, (outcome: RenderOutcome) => void>();
  private nextId = 0;
  /** Set when the worker could not start or failed: later renders stay in the calling thread. */
  private broken = false;
  /** Where the last render ran (tests read it). */
  lastRanOffThread = false;

  constructor(private readonly locate: () => string | undefined = () => findBundledScript('prerenderWorker.js')) {}

  async render(view: PrerenderedView, state: unknown, distDir: string): Promise<RenderOutcome> {
    const worker = this.spawn();
    this.lastRanOffThread = worker !== undefined;
    if (!worker) return renderInThisThread(view, state, distDir);
    const id = this.nextId++;
    return new Promise<RenderOutcome>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({ error: `no reply from the prerender thread in ${REPLY_TIMEOUT_MS} ms` });
      }, REPLY_TIMEOUT_MS);
      this.pending.set(id, (outcome) => {
        clearTimeout(timer);
        resolve(outcome);
      });
      worker.postMessage({ id, view, state, distDir } satisfies PrerenderRequest);
    });
  }

  dispose(): void {
    void this.worker?.terminate();
    this.worker = undefined;
  }

  private spawn(): Worker | undefined {
    if (this.worker || this.broken) return this.worker;
    const script = this.locate();
    let w: Worker;
    try {
      if (!script) throw new Error('no prerenderWorker.js');
      w = new Worker(script);
    } catch {
      this.broken = true;
      return undefined;
    }
    // Idle between opens: never keeps the process alive on its own.
    w.unref();
    w.on('message', (m: PrerenderReply) => {
      const done = this.pending.get(m.id);
      this.pending.delete(m.id);
      done?.(m.outcome);
    });
    const fail = (e: Error) => {
      this.broken = true;
      if (this.worker === w) this.worker = undefined;
      for (const done of this.pending.values()) done({ error: e.message });
      this.pending.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`the prerender thread exited (${code})`)));
    this.worker = w;
    return w;
  }
}

let shared: PrerenderThread | undefined;

/**
 * The view's first content for `state` as HTML, rendered off the host's thread; undefined where it
 * has none (no bundle, turned off) or its render threw or timed out (`onError` says why).
 */
export async function prerenderViewOffThread(view: PrerenderedView, state: unknown, distDir: string, onError: (message: string) => void): Promise<(Prerendered & { offThread: boolean }) | undefined> {
  if (process.env.INTENT_LENS_WEBVIEW_PRERENDER === '0') return undefined;
  const thread = (shared ??= new PrerenderThread());
  const prerendered = settle(view, await thread.render(view, state, distDir), onError);
  return prerendered && { ...prerendered, offThread: thread.lastRanOffThread };
}
