// Worker-thread entry of the views' prerender (bundled as dist/prerenderWorker.js): renders a view's
// first content off the extension host's thread (./prerenderThread), with the same bundle and code
// cache as an in-thread render (./prerender).
import { parentPort } from 'node:worker_threads';
import { renderInThisThread, type PrerenderedView, type RenderOutcome } from './prerender';

export interface PrerenderRequest {
  id: number;
  view: PrerenderedView;
  state: unknown;
  distDir: string;
}

export interface PrerenderReply {
  id: number;
  outcome: RenderOutcome;
}

const port = parentPort;
// renderInThisThread reports a failed load or render in its outcome; it does not throw.
port?.on('message', (req: PrerenderRequest) => {
  port.postMessage({
    id: req.id,
    outcome: renderInThisThread(req.view, req.state, req.distDir),
  } satisfies PrerenderReply);
});
