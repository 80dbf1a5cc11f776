// The views' prerender on a worker thread: a first render is JIT-cold (64–72 ms in the bench, one
// block of the extension host's thread at each view's first open) and a later one 11–33 ms, each at
// the moment the user waits for the window. VS Code's frame needs 200–700 ms before it takes the
// HTML, so rendering it off-thread costs no time on screen. Without the bundled worker, or if it
// fails, the render runs in the calling thread (./prerender): the same HTML.
import { findBundledScript } from '../../core/workers/bundledScript';
import { ReplyTimeout, ReplyWorker } from '../../core/workers/replyWorker';
import { renderInThisThread, settle, type Prerendered, type PrerenderedView, type RenderOutcome } from './prerender';
import type { PrerenderReply, PrerenderRequest } from './prerenderWorker';

/** Past this the page renders itself: a busy machine should not hold the page's HTML back. */
const REPLY_TIMEOUT_MS = 2000;

export class PrerenderThread {
  /** Retired (disposed) when it fails: later renders stay in the calling thread. A slow reply does not retire it. */
  private readonly worker: ReplyWorker<PrerenderRequest, PrerenderReply>;
  /** Where the last render ran (tests read it). */
  lastRanOffThread = false;

  constructor(locate: () => string | undefined = () => findBundledScript('prerenderWorker.js')) {
    this.worker = new ReplyWorker(locate, 'prerender');
  }

  async render(view: PrerenderedView, state: unknown, distDir: string): Promise<RenderOutcome> {
    this.lastRanOffThread = this.worker.available();
    if (!this.lastRanOffThread) return renderInThisThread(view, state, distDir);
    try {
      return (await this.worker.request({ view, state, distDir }, REPLY_TIMEOUT_MS)).outcome;
    } catch (e) {
      if (!(e instanceof ReplyTimeout)) this.worker.dispose();
      return { error: e instanceof Error ? e.message : String(e) };
    }
  }

  dispose(): void {
    this.worker.dispose();
  }
}

let shared: PrerenderThread | undefined;

/**
 * The view's first content for `state` as HTML, rendered off the host's thread; undefined where it
 * has none (no bundle, turned off) or its render threw or timed out (`onError` says why).
 */
export async function prerenderViewOffThread(
  view: PrerenderedView,
  state: unknown,
  distDir: string,
  onError: (message: string) => void,
): Promise<(Prerendered & { offThread: boolean }) | undefined> {
  if (process.env.INTENT_LENS_WEBVIEW_PRERENDER === '0') return undefined;
  const thread = (shared ??= new PrerenderThread());
  const prerendered = settle(view, await thread.render(view, state, distDir), onError);
  return prerendered && { ...prerendered, offThread: thread.lastRanOffThread };
}
