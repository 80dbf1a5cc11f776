// Vitest hook: a screenshot of the workbench for every failed e2e test, saved as
// test-results/<suite>/FAILED-<test name>.png, so a red CI run shows what the UI looked like.
import { afterEach } from 'vitest';
import type { Workbench } from './workbench';

export function screenshotOnFailure(workbench: () => Workbench | undefined): void {
  afterEach(async (context) => {
    const wb = workbench();
    if (!wb || context.task.result?.state !== 'fail') return;
    await wb.screenshot(`FAILED-${context.task.name}`).catch(() => undefined);
  });
}
