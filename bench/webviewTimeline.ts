// What the window does while a webview opens, for the UI bench: the state changes of the browser's
// service workers (VS Code's webview worker is installed on a browser profile's first webview) from
// the DevTools protocol, and the workbench thread's long tasks (the webview's outer frame shares that
// thread). Times are ms since the panel was created, as the page's and VS Code's marks are.
import type { Page } from 'playwright-core';

interface WorkerVersion {
  versionId: string;
  scriptURL: string;
  status: string;
  runningStatus: string;
}

export interface WebviewTimeline {
  /** `<ms> v<version> <status>/<running status>`, one per change, VS Code's webview worker only. */
  serviceWorker: string[];
  /** `<start ms>+<duration ms>` of each task over 50 ms on the workbench's thread. */
  longTasks: string[];
}

/** Starts recording; `stop(origin)` ends it and returns what happened, in ms since `origin` (epoch ms). */
export async function recordWebviewTimeline(page: Page): Promise<{ stop(origin: number): Promise<WebviewTimeline> }> {
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
  await page.evaluate(() => {
    const w = window as unknown as { __benchLongTasks?: [number, number][] };
    if (w.__benchLongTasks) return;
    w.__benchLongTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__benchLongTasks!.push([performance.timeOrigin + e.startTime, e.duration]);
    }).observe({ type: 'longtask' });
  });
  return {
    async stop(origin) {
      await cdp.detach().catch(() => undefined);
      const tasks = await page.evaluate(() => (window as unknown as { __benchLongTasks: [number, number][] }).__benchLongTasks.splice(0));
      return {
        serviceWorker: serviceWorker.map(([at, what]) => `${Math.round(at - origin)} ${what}`),
        longTasks: tasks.map(([at, d]) => `${Math.round(at - origin)}+${Math.round(d)}`),
      };
    },
  };
}
