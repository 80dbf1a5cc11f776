// Samples table in a real VS Code (code-server): every conversation of the samples in one grid;
// sorting by a column; a per-column filter set in the table shows in the Sources tree (same filter
// model) and the status bar counts it; Clear Filters in the tree empties the table's filter; a
// hostile task id and model name stay text in the grid; a row's id arrives by page and a double
// click opens its conversation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FrameLocator } from 'playwright-core';
import { missingE2eTools, openWorkbench, repoRoot, screenshotOnFailure, startCodeServer, type CodeServer, type Workbench } from './harness';

const missing = missingE2eTools();
const HOSTILE_ID = '<img src=x onerror="window.__ilPwned=1">hostile';

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'intent-lens-samples-'));
  cpSync(join(repoRoot, 'samples'), dir, { recursive: true });
  mkdirSync(join(dir, 'logs/hostile'), { recursive: true });
  const entry = { conv_id: 'hostile-row', task: 'math', task_id: HOSTILE_ID, assistant_model: '<script>window.__ilPwned=2</script>', trace: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }], is_correct: false };
  writeFileSync(join(dir, 'logs/hostile/hostile.jsonl'), JSON.stringify(entry) + '\n');
  return dir;
}

async function table(wb: Workbench): Promise<FrameLocator> {
  await wb.page.locator('.tab.active', { hasText: /^\s*Samples/ }).first().waitFor({ state: 'visible', timeout: wb.timeoutMs });
  const frame = wb.webviewFrame();
  await frame.locator('body[data-rendered="true"]').waitFor({ state: 'attached', timeout: wb.timeoutMs });
  return frame;
}

async function cellTexts(frame: FrameLocator, column: string): Promise<string[]> {
  return frame.locator(`[data-testid="grid"] .il-cell-${column}`).allInnerTexts();
}

describe.skipIf(missing.length > 0)('Samples table', () => {
  let dir: string;
  let server: CodeServer;
  let wb: Workbench;
  screenshotOnFailure(() => wb);

  beforeAll(async () => {
    dir = workspace();
    server = await startCodeServer({ workspace: dir });
    wb = await openWorkbench(server, { suite: 'samples', timeoutMs: 150_000 });
    await wb.openView('Intent Lens');
    await wb.extensionsActivated();
    await wb.treeRow('sample-math/muffin-trays');
  }, 420_000);

  afterAll(async () => {
    await wb?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('lists every conversation, sorts by a column, and a table filter shows in the tree and the status bar', async () => {
    await wb.runCommand('Intent Lens: Open Samples Table');
    const frame = await table(wb);
    const total = Number((await frame.locator('[data-testid="row-count"]').innerText()).match(/^(\d+) conversations/)![1]);
    const status = wb.page.locator('.part.statusbar .statusbar-item', { hasText: /\d+ conversations/ }).first();
    expect(await status.innerText()).toContain(`${total} conversations`);

    // Sort by turns, descending (two clicks): the visible rows come in non-increasing order.
    const turnsHeader = frame.locator('[data-column="turns"] .il-sort');
    await turnsHeader.click();
    await turnsHeader.click();
    await expect.poll(() => frame.locator('[data-column="turns"]').getAttribute('aria-sort')).toBe('descending');
    const turns = (await cellTexts(frame, 'turns')).map(Number);
    expect(turns.length).toBeGreaterThan(3);
    expect(turns).toEqual([...turns].sort((a, b) => b - a));

    // Filter the model column to model-b: the table, the tree and the status bar all follow.
    await frame.locator('[data-column="model"] .il-filter-button').click();
    // The checkbox is controlled by the host's answer: click, then wait until it shows checked.
    const modelB = frame.locator('.il-filter-option', { hasText: 'illustrative/model-b' }).locator('input');
    await modelB.click();
    await expect.poll(() => modelB.isChecked()).toBe(true);
    await wb.page.keyboard.press('Escape');
    await expect.poll(async () => (await frame.locator('[data-testid="row-count"]').innerText()).match(/^(\d+) of (\d+)/)?.[2]).toBe(String(total));
    const shown = Number((await frame.locator('[data-testid="row-count"]').innerText()).match(/^(\d+) of/)![1]);
    expect(shown).toBeLessThan(total);
    expect(new Set(await cellTexts(frame, 'model'))).toEqual(new Set(['illustrative/model-b']));
    await wb.page.locator('.part.statusbar .statusbar-item', { hasText: `${shown} of ${total} conversations (filtered)` }).first().waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.page.locator('.part.sidebar', { hasText: /filtered: model: model-b/ }).first().waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.expandTreeRow('sample-math/muffin-trays');
    await wb.expandTreeRow(/^\s*Retained\s*multi/);
    await wb.treeRow(/model-b/);
    expect(await wb.page.locator('.part.sidebar .monaco-list-row', { hasText: /✗ model-a|✓ model-a/ }).count()).toBe(0);
    await wb.screenshot('samples-filtered');

    // Clearing the filters in the tree clears them in the table.
    await wb.page.locator('.tab.active').first().click();
    await wb.runCommand('Intent Lens: Clear Filters');
    await expect.poll(async () => frame.locator('[data-testid="row-count"]').innerText()).toBe(`${total} conversations`);
  });

  it('shows a hostile task id and model name as text', async () => {
    const frame = await table(wb);
    const clear = frame.locator('.il-toolbar button', { hasText: 'Clear Filters' });
    if (await clear.count()) await clear.click();
    await frame.locator('[data-column="taskId"] input').fill('hostile');
    await expect.poll(() => cellTexts(frame, 'taskId')).toEqual([HOSTILE_ID]);
    expect(await cellTexts(frame, 'model')).toEqual(['<script>window.__ilPwned=2</script>']);
    expect(await frame.locator('[data-testid="grid"] img, [data-testid="grid"] script').count()).toBe(0);
    for (const f of wb.page.frames()) expect(await f.evaluate(() => (window as unknown as { __ilPwned?: number }).__ilPwned).catch(() => undefined)).toBeUndefined();
    await wb.screenshot('samples-hostile');
    // Ids are not inlined: the page asks for those of the rows on screen; a double click names the row, and the host opens its conversation.
    const row = frame.locator('[data-testid="grid"] [role="row"][data-conv-id="hostile-row"]');
    await row.waitFor({ state: 'attached', timeout: wb.timeoutMs });
    await row.dblclick();
    await wb.page.locator('.tab', { hasText: 'hostile' }).first().waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.page.locator('.tab', { hasText: /^\s*Samples/ }).first().click();
    await frame.locator('[data-column="taskId"] input').fill('');
  });
});
