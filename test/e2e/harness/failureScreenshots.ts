// Vitest hook: a screenshot of the workbench for every failed e2e test, saved as
// test-results/<suite>/FAILED-<test name>.png, with the extension's output channel beside it
// (FAILED-<test name>.log), so a red CI run shows what the UI looked like and what the host did.
import { afterEach } from 'vitest';
import { writeFileSync } from 'node:fs';
import type { Workbench } from './workbench';
import { outputChannelLines } from './hostLogs';

export function screenshotOnFailure(workbench: () => Workbench | undefined): void {
  afterEach(async (context) => {
    const wb = workbench();
    if (!wb || context.task.result?.state !== 'fail') return;
    const path = await wb.screenshot(`FAILED-${context.task.name}`).catch(() => undefined);
    if (path && wb.serverRunDir) {
      try {
        const lines = outputChannelLines(wb.serverRunDir);
        writeFileSync(path.replace(/\.png$/, '.log'), lines.join('\n') + '\n');
        // The tail goes to the test output too: a CI run's printout may be all there is to read.
        console.error(
          `[e2e] ${context.task.name}: the last lines of Intent Lens's output channel:\n${lines.slice(-40).join('\n')}`,
        );
      } catch {
        // The logs are a help for reading the failure, not part of it.
      }
    }
    // The retry (vitest.e2e.config.ts) starts without the pick or dialog the failed try left open.
    await wb.page.keyboard.press('Escape').catch(() => undefined);
    await wb.page.keyboard.press('Escape').catch(() => undefined);
  });
}
