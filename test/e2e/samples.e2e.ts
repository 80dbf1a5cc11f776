// Samples table in a real VS Code (code-server): every conversation of the samples in one grid;
// sorting by a column; a per-column filter set in the table shows in the Sources tree (same filter
// model) and the status bar counts it; Clear Filters in the tree empties the table's filter; range
// and text filters on tokens and response types; a hostile task id and model name stay text in the
// grid; a narrow grid scrolls sideways with its header; a row's id arrives by page and a double
// click opens its conversation; a selected pair opens in the compare view, selected rows re-score; a table filter survives a
// window reload and its "Copy Link" opens it again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FrameLocator } from 'playwright-core';
import {
  missingE2eTools,
  openWorkbench,
  repoRoot,
  screenshotOnFailure,
  startCodeServer,
  type CodeServer,
  type Workbench,
} from './harness';

const missing = missingE2eTools();
const HOSTILE_ID = '<img src=x onerror="window.__ilPwned=1">hostile';

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'intent-lens-samples-'));
  cpSync(join(repoRoot, 'samples'), dir, { recursive: true });
  mkdirSync(join(dir, 'logs/hostile'), { recursive: true });
  // Tokens and cost as our runner logs them (`usage`, `cost_usd` on a message): the table shows both.
  const entry = {
    conv_id: 'hostile-row',
    task: 'math',
    task_id: HOSTILE_ID,
    assistant_model: '<script>window.__ilPwned=2</script>',
    trace: [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello', cost_usd: 0.0125, usage: { input_tokens: 1000, output_tokens: 234 } },
    ],
    is_correct: false,
  };
  writeFileSync(join(dir, 'logs/hostile/hostile.jsonl'), JSON.stringify(entry) + '\n');
  return dir;
}

async function table(wb: Workbench): Promise<FrameLocator> {
  await wb.page
    .locator('.tab.active', { hasText: /^\s*Samples/ })
    .first()
    .waitFor({ state: 'visible', timeout: wb.timeoutMs });
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
    // "Copy Link" writes the clipboard through the page; the test reads it back.
    await wb.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  }, 420_000);

  afterAll(async () => {
    await wb?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('lists every conversation, sorts by a column, and a table filter shows in the tree and the status bar', async () => {
    await wb.runCommand('Intent Lens: Open Samples Table');
    const frame = await table(wb);
    const total = Number(
      (await frame.locator('[data-testid="row-count"]').innerText()).match(/^(\d+) conversations/)![1],
    );
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
    await expect
      .poll(async () => (await frame.locator('[data-testid="row-count"]').innerText()).match(/^(\d+) of (\d+)/)?.[2])
      .toBe(String(total));
    const shown = Number((await frame.locator('[data-testid="row-count"]').innerText()).match(/^(\d+) of/)![1]);
    expect(shown).toBeLessThan(total);
    expect(new Set(await cellTexts(frame, 'model'))).toEqual(new Set(['illustrative/model-b']));
    await wb.page
      .locator('.part.statusbar .statusbar-item', { hasText: `${shown} of ${total} conversations (filtered)` })
      .first()
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.page
      .locator('.part.sidebar', { hasText: /filtered: model: model-b/ })
      .first()
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.expandTreeRow('sample-math/muffin-trays');
    await wb.expandTreeRow(/^\s*Retained\s*multi/);
    await wb.treeRow(/model-b/);
    expect(await wb.page.locator('.part.sidebar .monaco-list-row', { hasText: /✗ model-a|✓ model-a/ }).count()).toBe(0);
    await wb.screenshot('samples-filtered');

    // Clearing the filters in the tree clears them in the table.
    await wb.page.locator('.tab.active').first().click();
    await wb.runCommand('Intent Lens: Clear Filters');
    await expect
      .poll(async () => frame.locator('[data-testid="row-count"]').innerText())
      .toBe(`${total} conversations`);
  });

  it('filters by logged tokens and response types, shows a hostile task id and model name as text, and scrolls sideways', async () => {
    const frame = await table(wb);
    const clear = frame.locator('.il-toolbar button', { hasText: 'Clear Filters' });
    if (await clear.count()) await clear.click();
    // A range filter on logged tokens: only the row that logs them (1,234) is in 1000–.
    const tokensAtLeast = frame.locator('[data-column="tokens"] input[aria-label="Tokens at least"]');
    // Typed key by key, faster than the host answers: every digit stays (the input once showed only
    // the host's value, so "1000" arrived as "0").
    await tokensAtLeast.pressSequentially('1000');
    await expect.poll(() => tokensAtLeast.inputValue()).toBe('1000');
    await expect.poll(() => cellTexts(frame, 'taskId')).toEqual([HOSTILE_ID]);
    await tokensAtLeast.fill('');
    // A text filter on response types, as the column shows them.
    await frame.locator('[data-column="responseTypes"] input').fill('answer attempt');
    await expect
      .poll(() => frame.locator('[data-testid="filter-description"]').innerText())
      .toBe('filtered: response types contain "answer attempt"');
    const types = await cellTexts(frame, 'responseTypes');
    expect(types.length).toBeGreaterThan(0);
    for (const t of types) expect(t).toContain('answer attempt');
    await frame.locator('[data-column="responseTypes"] input').fill('');
    await expect.poll(() => frame.locator('[data-testid="filter-description"]').count()).toBe(0);
    await frame.locator('[data-column="taskId"] input').fill('hostile');
    await expect.poll(() => cellTexts(frame, 'taskId')).toEqual([HOSTILE_ID]);
    expect(await cellTexts(frame, 'model')).toEqual(['<script>window.__ilPwned=2</script>']);
    expect(await cellTexts(frame, 'tokens')).toEqual(['1,234']);
    expect(await cellTexts(frame, 'costUsd')).toEqual(['$0.0125']);
    // Narrower than its columns, the grid scrolls sideways and the header follows: the File column is reachable.
    const grid = frame.locator('[data-testid="grid"]');
    await grid.evaluate((el) => (el.scrollLeft = el.scrollWidth));
    const fileHead = frame.locator('.il-grid-head [data-column="file"]');
    await expect
      .poll(async () => {
        const [head, cell, body] = await Promise.all([
          fileHead.boundingBox(),
          grid.locator('.il-cell-file').first().boundingBox(),
          grid.boundingBox(),
        ]);
        return (
          !!head && !!cell && !!body && Math.abs(head.x - cell.x) < 2 && head.x + head.width <= body.x + body.width + 1
        );
      })
      .toBe(true);
    expect(await cellTexts(frame, 'file')).toEqual(['logs/hostile/hostile.jsonl:1']);
    await grid.evaluate((el) => (el.scrollLeft = 0));
    expect(await frame.locator('[data-testid="grid"] img, [data-testid="grid"] script').count()).toBe(0);
    for (const f of wb.page.frames())
      expect(
        await f.evaluate(() => (window as unknown as { __ilPwned?: number }).__ilPwned).catch(() => undefined),
      ).toBeUndefined();
    await wb.screenshot('samples-hostile');
    // Ids are not inlined: the page asks for those of the rows on screen; a double click names the row, and the host opens its conversation.
    const row = frame.locator('[data-testid="grid"] [role="row"][data-conv-id="hostile-row"]');
    await row.waitFor({ state: 'attached', timeout: wb.timeoutMs });
    await row.dblclick();
    await wb.page.locator('.tab', { hasText: 'hostile' }).first().waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.page
      .locator('.tab', { hasText: /^\s*Samples/ })
      .first()
      .click();
    await frame.locator('[data-column="taskId"] input').fill('');
  });

  it('compares and re-scores selected rows; a table filter is kept over a reload, and its Copy Link opens it again', async () => {
    await wb.runCommand('View: Close All Editors');
    await wb.runCommand('Intent Lens: Open Samples Table');
    let frame = await table(wb);
    const total = Number(
      (await frame.locator('[data-testid="row-count"]').innerText()).match(/(\d+) conversations/)![1],
    );
    // A text filter and a range filter, set in the table.
    await frame.locator('[data-column="taskId"] input').fill('muffin-trays');
    await frame.locator('[data-column="turns"] input[aria-label="Turns at least"]').fill('3');
    // Each is sent after typing pauses: both stay (each edit names only its key), in either order.
    await expect
      .poll(() => frame.locator('[data-testid="filter-description"]').innerText(), { timeout: wb.timeoutMs })
      .toBe('filtered: task id contains "muffin-trays" · turns: 3–');
    const filtered = await frame.locator('[data-testid="row-count"]').innerText();
    const shown = Number(filtered.match(/^(\d+) of/)![1]);
    expect(shown).toBeGreaterThan(1);
    expect(shown).toBeLessThan(total);

    // Click, Ctrl+click: two rows selected; Compare Pair opens them in the compare view.
    const rows = frame.locator('[data-testid="grid"] [role="row"]');
    await rows.nth(0).click();
    await rows.nth(1).click({ modifiers: ['Control'] });
    await expect.poll(() => frame.locator('.il-toolbar', { hasText: '2 selected' }).count()).toBe(1);
    await frame.locator('.il-toolbar button', { hasText: 'Compare Pair' }).click();
    const compare = await wb.webviewFrameOf('compare');
    await compare.locator('body[data-rendered="true"]').waitFor({ state: 'attached', timeout: wb.timeoutMs });
    expect(await wb.page.locator('.tab.active').first().innerText()).toContain('sample-math/muffin-trays');

    // Copy Link on the table's filter.
    await wb.page
      .locator('.tab', { hasText: /^\s*Samples/ })
      .first()
      .click();
    frame = await table(wb);
    await frame.locator('.il-toolbar button', { hasText: 'Copy Link' }).click();
    await wb.page
      .locator('.part.statusbar', { hasText: 'Copied a link to the current filter' })
      .first()
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.page.bringToFront();
    const clipboard = () => wb.page.evaluate(() => navigator.clipboard.readText().catch(() => ''));
    await expect.poll(clipboard, { timeout: wb.timeoutMs }).toContain('://intent-lens.intent-lens/filter');
    const uri = await clipboard();
    expect(JSON.parse(new URL(uri).searchParams.get('filters')!)).toEqual({
      taskText: 'muffin-trays',
      turns: { min: 3 },
    });

    // Re-score two selected rows: their verdicts carry the re-scored mark, the Inactive column a count.
    const tableRows = frame.locator('[data-testid="grid"] [role="row"]');
    await tableRows.nth(0).click();
    await tableRows.nth(1).click({ modifiers: ['Control'] });
    await expect.poll(() => frame.locator('.il-toolbar', { hasText: '2 selected' }).count()).toBe(1);
    await frame.locator('.il-toolbar button', { hasText: 'Re-score' }).click();
    await expect
      .poll(async () => (await cellTexts(frame, 'verdict')).filter((t) => t.includes('re-scored')).length, {
        timeout: wb.timeoutMs,
      })
      .toBe(2);
    expect((await cellTexts(frame, 'inactive')).filter((t) => /^\d+$/.test(t)).length).toBe(2);

    // A fresh window: the filter is the workspace's, so the tree and the status bar still show it.
    const status = () =>
      wb.page
        .locator('.part.statusbar .statusbar-item', { hasText: `${shown} of ${total} conversations (filtered)` })
        .first();
    await wb.runCommand('View: Close All Editors');
    await wb.page.reload({ waitUntil: 'commit' });
    await wb.page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await status().waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.openView('Intent Lens');
    await wb.page
      .locator('.part.sidebar', { hasText: /filtered: task id contains "muffin-trays"/ })
      .first()
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });

    // Cleared, then opened from the link: the same filter in the tree, the status bar and the table.
    await wb.runCommand('Intent Lens: Clear Filters');
    await status().waitFor({ state: 'hidden', timeout: wb.timeoutMs });
    await wb.runCommand('Developer: Open URL');
    const input = wb.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await input.fill(uri);
    await input.press('Enter');
    const allow = wb.page.locator('.monaco-dialog-box .monaco-button', { hasText: /^Open$/ }).first();
    await status().or(allow).first().waitFor({ state: 'visible', timeout: wb.timeoutMs });
    if (await allow.isVisible()) await allow.click();
    await status().waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.runCommand('Intent Lens: Open Samples Table');
    frame = await table(wb);
    expect(await frame.locator('[data-testid="row-count"]').innerText()).toBe(filtered);
    expect(await frame.locator('[data-column="taskId"] input').inputValue()).toBe('muffin-trays');
    await wb.screenshot('samples-filter-from-link');
    await wb.runCommand('Intent Lens: Clear Filters');
  });
});
