// What the workbench's thread does in a UI bench step (the tree step: from the click that opens the
// Sources view to the full count; each fresh compare or conversation open: from the command to
// "rendered", on the one thread the workbench, its webview frames and our pages share): its long
// tasks (> 50 ms) always, and, with
// INTENT_LENS_BENCH_PROFILE_WORKBENCH=<folder>, a CPU profile of the page (DevTools protocol, 0.5 ms
// sampling) to be read with `node scripts/profileWorkbench.mjs <file>`. Times are ms since `origin`
// (epoch ms).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { recordLongTasks } from './longTasks';

export interface WorkbenchRecording {
  /** `<start ms>+<duration ms>` of each task over 50 ms on the workbench's thread. */
  longTasks: string[];
  /** The CPU profile written, when asked for. */
  profile?: string;
}

export async function recordWorkbench(
  page: Page,
  name: string,
): Promise<{ stop(origin: number): Promise<WorkbenchRecording> }> {
  const longTasks = await recordLongTasks(page);
  const folder = process.env.INTENT_LENS_BENCH_PROFILE_WORKBENCH;
  const cdp = folder ? await page.context().newCDPSession(page) : undefined;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
  }
  // The profile's times are the machine's monotonic clock in µs (Chromium's TimeTicks, as Node's
  // hrtime on Linux): one pair of readings lines them up with wall-clock time.
  const clocks = { epochMs: Date.now(), monotonicUs: Number(process.hrtime.bigint() / 1000n) };
  return {
    async stop(origin) {
      let profile: string | undefined;
      if (cdp && folder) {
        const { profile: p } = await cdp.send('Profiler.stop');
        await cdp.detach().catch(() => undefined);
        mkdirSync(folder, { recursive: true });
        profile = join(folder, `workbench-${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`);
        // The click (epoch ms) and the clocks' pair, so the reader can put samples on the bench's and the host log's times.
        writeFileSync(profile, JSON.stringify({ ...p, benchOrigin: origin, benchClocks: clocks }));
      }
      return { longTasks: await longTasks.take(origin), profile };
    },
  };
}
