// A run log changing under an open compare or conversation view, with the command palette open:
// the check that a pushed state re-renders the page without taking the focus or reloading it, and
// that an append which changes nothing shown pushes nothing.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { FrameLocator } from 'playwright-core';
import type { Workbench } from './workbench';

const TYPED = '>Intent Lens: Open Dash';
type Marked = { ilMark?: string };

/** How many states the host pushed to the page (`<body data-states-applied>`). */
async function statesApplied(frame: FrameLocator): Promise<number> {
  return Number((await frame.locator('body').getAttribute('data-states-applied')) ?? 0);
}

/**
 * With the palette open and typed in: appends another run to `log` (nothing shown changes: no state
 * is pushed), then edits the final answer of `taskId`'s Retained runs in place (one state is pushed),
 * and checks that the palette kept the focus and its text, and the page was not reloaded.
 */
export async function expectPushKeepsPalette(
  wb: Workbench,
  frame: FrameLocator,
  log: string,
  taskId: string,
): Promise<void> {
  // A mark on the page's window: a reloaded frame loses it.
  await frame.locator('body').evaluate(() => void ((window as unknown as Marked).ilMark = 'kept'));
  const before = await statesApplied(frame);
  await wb.page.locator('.monaco-workbench').focus();
  await wb.page.keyboard.press('F1');
  const input = wb.page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: wb.timeoutMs });
  await input.fill(TYPED);

  // The status bar counting the appended run says the append was loaded.
  const summary = wb.page.locator('.part.statusbar .statusbar-item', { hasText: / conversations/ }).first();
  const count = Number(/(\d+) conversations/.exec(await summary.innerText())![1]);
  const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  const other = lines
    .find((l) => l.includes('"condition":"original"'))!
    .replace(/"conv_id":"([^"]+)"/, '"conv_id":"$1-appended"');
  appendFileSync(log, other + '\n');
  await wb.page
    .locator('.part.statusbar .statusbar-item', { hasText: new RegExp(`\\b${count + 1} conversations`) })
    .waitFor({ state: 'visible', timeout: wb.timeoutMs });

  const edited = lines.map((l) => {
    if (!l.includes(`"task_id":"${taskId}"`) || !l.includes('"condition":"retained"')) return l;
    const entry = JSON.parse(l) as { trace: Array<{ role: string; content: unknown }> };
    const last = entry.trace.filter((m) => m.role === 'assistant').pop()!;
    last.content = `${String(last.content)}\n\nEdited after the run.`;
    return JSON.stringify(entry);
  });
  writeFileSync(log, [...edited, other].join('\n') + '\n');
  // One state pushed (the edit's), applied, and two frames drawn after it...
  await expect.poll(() => statesApplied(frame), { timeout: wb.timeoutMs }).toBe(before + 1);
  await frame.locator('body').evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  // ...and the palette still has the focus and what was typed; the page was not reloaded.
  expect(
    await wb.page.evaluate(
      () =>
        document.activeElement?.tagName === 'INPUT' && document.activeElement.closest('.quick-input-widget') !== null,
    ),
  ).toBe(true);
  expect(await input.inputValue()).toBe(TYPED);
  expect(await frame.locator('body').evaluate(() => (window as unknown as Marked).ilMark)).toBe('kept');
  await wb.page
    .locator('.quick-input-list .monaco-list-row', { hasText: 'Intent Lens: Open Dashboard' })
    .first()
    .waitFor({ state: 'visible', timeout: wb.timeoutMs });
  await wb.page.keyboard.press('Escape');
  await input.waitFor({ state: 'hidden', timeout: wb.timeoutMs });
}
