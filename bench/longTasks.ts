// The workbench thread's long tasks (> 50 ms), for the UI bench's steps: collected in the page by a
// PerformanceObserver from `recordLongTasks` on, and handed back as `<start ms>+<duration ms>` since
// an origin (epoch ms).
import type { Page } from 'playwright-core';

interface LongTaskWindow {
  __benchLongTasks?: [number, number][];
  __benchLongTaskObserver?: PerformanceObserver;
}

/** Starts collecting afresh (an earlier recording's tasks are dropped); `take(origin)` stops and returns them. */
export async function recordLongTasks(page: Page): Promise<{ take(origin: number): Promise<string[]> }> {
  await page.evaluate(() => {
    const w = window as unknown as LongTaskWindow;
    w.__benchLongTaskObserver?.disconnect();
    const tasks: [number, number][] = (w.__benchLongTasks = []);
    w.__benchLongTaskObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push([performance.timeOrigin + e.startTime, e.duration]);
    });
    w.__benchLongTaskObserver.observe({ type: 'longtask' });
  });
  return {
    async take(origin) {
      const tasks = await page.evaluate(() => {
        const w = window as unknown as LongTaskWindow;
        w.__benchLongTaskObserver?.disconnect();
        return w.__benchLongTasks?.splice(0) ?? [];
      });
      return tasks.map(([at, d]) => `${Math.round(at - origin)}+${Math.round(d)}`);
    },
  };
}
