// What the window does while a webview opens, for the UI bench: the state changes of the browser's
// service workers (VS Code's webview worker is installed on a browser profile's first webview) from
// the DevTools protocol, what VS Code's webview frame asked of that worker before it took the page
// (its `register()` / `update()` calls, through an init script), and the workbench thread's long tasks
// (the webview's outer frame shares that thread). Times are ms since the panel was created, as the
// page's and VS Code's marks are.
import type { BrowserContext, Page } from 'playwright-core';
import { recordLongTasks } from './longTasks';

interface WorkerVersion {
  versionId: string;
  scriptURL: string;
  status: string;
  runningStatus: string;
}

export interface WebviewTimeline {
  /** `<ms> v<version> <status>/<running status>`, one per change, VS Code's webview worker only. */
  serviceWorker: string[];
  /**
   * `<ms> <what>`: what VS Code's webview frame (`…/pre/index.html`) asked of the worker before it
   * takes the page's HTML (`content/workerReady` waits for these): `register()`, `update()` and the
   * `controllerchange` event, when called and when answered.
   */
  frameWorkerCalls: string[];
  /** From the frame's `update()` call to its answer, ms (null when it did not call it): Chromium defers it until its start-up is complete. */
  updateWaitMs: number | null;
  /** `<start ms>+<duration ms>` of each task over 50 ms on the workbench's thread. */
  longTasks: string[];
}

/** Browser contexts whose webview frames already log their worker calls (an init script is added once per context). */
const framesLogging = new WeakSet<BrowserContext>();

/** Logs, in every webview frame the context opens from now on, its calls to the service worker API (into the top window). */
async function logFrameWorkerCalls(context: BrowserContext): Promise<void> {
  if (framesLogging.has(context)) return;
  framesLogging.add(context);
  await context.addInitScript(() => {
    if (!/\/pre\/index(-no-csp)?\.html$/.test(location.pathname)) return;
    const top = window.top as unknown as { __benchFrameWorkerCalls?: [number, string][] };
    const log = (what: string) =>
      (top.__benchFrameWorkerCalls ??= []).push([performance.timeOrigin + performance.now(), what]);
    const container = navigator.serviceWorker;
    const register = container.register.bind(container);
    container.register = (...args: Parameters<typeof register>) => {
      log('register() called');
      const p = register(...args);
      p.then(
        (r) => log(`register() resolved (controlled: ${!!container.controller}, installing: ${!!r.installing})`),
        (e: unknown) => log(`register() failed: ${String(e)}`),
      );
      return p;
    };
    const update = ServiceWorkerRegistration.prototype.update;
    ServiceWorkerRegistration.prototype.update = function (this: ServiceWorkerRegistration) {
      log('update() called');
      const p = update.call(this);
      p.then(
        () => log('update() resolved'),
        (e: unknown) => log(`update() failed: ${String(e)}`),
      );
      return p;
    };
    container.addEventListener('controllerchange', () => log('controllerchange'));
  });
}

/** Starts recording; `stop(origin)` ends it and returns what happened, in ms since `origin` (epoch ms). */
export async function recordWebviewTimeline(page: Page): Promise<{ stop(origin: number): Promise<WebviewTimeline> }> {
  await logFrameWorkerCalls(page.context());
  const serviceWorker: [number, string][] = [];
  const last = new Map<string, string>();
  const cdp = await page.context().newCDPSession(page);
  cdp.on('ServiceWorker.workerVersionUpdated', (e: { versions: WorkerVersion[] }) => {
    for (const v of e.versions) {
      // The webview's worker (`…/webview/browser/pre/service-worker.js`), not code-server's own.
      if (!/\/pre\/service-worker\.js/.test(v.scriptURL)) continue;
      const state = `${v.status}/${v.runningStatus}`;
      if (last.get(v.versionId) === state) continue;
      last.set(v.versionId, state);
      serviceWorker.push([Date.now(), `v${v.versionId} ${state}`]);
    }
  });
  await cdp.send('ServiceWorker.enable');
  const longTasks = await recordLongTasks(page);
  return {
    async stop(origin) {
      await cdp.detach().catch(() => undefined);
      const calls = await page.evaluate(
        () =>
          (window as unknown as { __benchFrameWorkerCalls?: [number, string][] }).__benchFrameWorkerCalls?.splice(0) ??
          [],
      );
      const at = (what: string) => calls.find(([, w]) => w === what)?.[0];
      const [called, answered] = [at('update() called'), at('update() resolved')];
      return {
        serviceWorker: serviceWorker.map(([at, what]) => `${Math.round(at - origin)} ${what}`),
        frameWorkerCalls: calls.map(([at, what]) => `${Math.round(at - origin)} ${what}`),
        updateWaitMs: called !== undefined && answered !== undefined ? Math.round(answered - called) : null,
        longTasks: await longTasks.take(origin),
      };
    },
  };
}
