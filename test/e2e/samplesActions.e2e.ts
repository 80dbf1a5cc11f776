// The Samples table's actions on a multi-selection in a real VS Code (code-server), against a local
// OpenAI-compatible server: Open opens each selected conversation in its own view; Run Again runs
// each selected instance again after the cost confirmation (answered in its modal dialog), and the
// new runs appear in the table and the tree and are written to the run log. A filter on the File
// column set in the table shows in the Sources tree and the status bar, and the same filter set from
// the tree's "Filter Sources…" shows in the table (one filter model).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator } from 'playwright-core';
import {
  missingE2eTools,
  openWorkbench,
  screenshotOnFailure,
  startCodeServer,
  type CodeServer,
  type Workbench,
} from './harness';
import type { FakeServer } from '../unit/runner/fakeOpenAIServer';
import { mathRecord } from '../unit/runner/runnerFixtures';
import { localModelWorkspace } from './localModelWorkspace';

describe.skipIf(missingE2eTools().length > 0)('Samples table actions on selected rows', () => {
  let workspace: string;
  let server: CodeServer;
  let wb: Workbench;
  let model: FakeServer;
  screenshotOnFailure(() => wb);

  beforeAll(async () => {
    // Two logged runs of one source: Retained (the rejected value leaks: incorrect) and Original.
    const setup = await localModelWorkspace('samples-actions', 'logged.jsonl', ['retained', 'original']);
    ({ model, workspace } = setup);
    server = await startCodeServer({
      workspace,
      settings: {
        ...setup.settings,
        // Two instances are "many": the confirmation before spending money is asked, and answered here.
        'intentLens.runs.confirmAbove': 1,
      },
    });
    wb = await openWorkbench(server, { suite: 'samplesActions', timeoutMs: 120_000 });
    await wb.openView('Intent Lens');
    await wb.extensionsActivated();
    await wb.treeRow(mathRecord.task_id);
  }, 420_000);

  afterAll(async () => {
    await wb?.close();
    await server?.stop();
    await model?.close();
    if (workspace) rmSync(workspace, { recursive: true, force: true });
  });

  async function table(): Promise<FrameLocator> {
    await wb.page
      .locator('.tab', { hasText: /^\s*Samples/ })
      .first()
      .click();
    const frame = await wb.webviewFrameOf('samples');
    await frame.locator('body[data-rendered="true"]').waitFor({ state: 'attached', timeout: wb.timeoutMs });
    return frame;
  }
  const rowCount = (frame: FrameLocator) => frame.locator('[data-testid="row-count"]').innerText();

  /** Click the first row, Ctrl+click the others: `count` rows selected. */
  async function selectRows(frame: FrameLocator, count: number): Promise<void> {
    const rows = frame.locator('[data-testid="grid"] [role="row"]');
    await rows.nth(0).click();
    for (let i = 1; i < count; i++) await rows.nth(i).click({ modifiers: ['Control'] });
    await expect.poll(() => frame.locator('.il-toolbar', { hasText: `${count} selected` }).count()).toBe(1);
  }

  it('opens each selected conversation in its own view', async () => {
    await wb.runCommand('Intent Lens: Open Samples Table');
    const frame = await table();
    expect(await rowCount(frame)).toBe('2 conversations');
    await selectRows(frame, 2);
    await frame.locator('.il-toolbar button', { hasText: /^Open$/ }).click();
    // Two views side by side in the tab bar: the second did not replace the first (preview reuse).
    for (const instance of ['Retained', 'Original'])
      await wb.page
        .locator('.tab', { hasText: `${mathRecord.task_id} · ${instance} · asst` })
        .first()
        .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    expect(await wb.page.locator('.tab', { hasText: `${mathRecord.task_id} · Retained · asst` }).count()).toBe(1);
    const conversation = await wb.webviewFrameOf('conversation');
    await conversation.locator('body[data-rendered="true"]').waitFor({ state: 'attached', timeout: wb.timeoutMs });
    await wb.screenshot('samples-open-two');
  });

  it('runs the selected instances again after the cost confirmation; the new runs show in the table and the tree and are logged', async () => {
    const frame = await table();
    await selectRows(frame, 2);
    const before = model.requests.length;
    await frame.locator('.il-toolbar button', { hasText: 'Run Again' }).click();
    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    expect(await dialog.innerText()).toMatch(/Run 2 instances again with asst\?[\s\S]*may cost money/);
    // Nothing is sent before the answer.
    expect(model.requests.length).toBe(before);
    await dialog.locator('.monaco-button', { hasText: /^Run$/ }).click();

    await expect.poll(() => rowCount(frame), { timeout: wb.timeoutMs }).toBe('4 conversations');
    // New rows: row numbers may name other conversations now, so the selection is dropped.
    expect(await frame.locator('.il-toolbar', { hasText: '0 selected' }).count()).toBe(1);
    const log = join(workspace, 'logs/runs/math/asst.jsonl');
    expect(existsSync(log)).toBe(true);
    const lines = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { task_id: string; mode: string; condition: string });
    expect(lines.map((l) => [l.task_id, l.mode, l.condition]).sort()).toEqual([
      [mathRecord.task_id, 'multi', 'original'],
      [mathRecord.task_id, 'multi', 'retained'],
    ]);
    expect(await wb.notification(/ran 2 of 2 instances again with asst/)).toMatch(/✓ 1 · ✗ 1/);
    // The tree counts the new runs under the source (two runs of asst before, four now).
    const source = await wb.treeRow(mathRecord.task_id);
    await expect.poll(() => source.innerText(), { timeout: 30_000 }).toMatch(/asst ✓2 ✗2/);
    await wb.screenshot('samples-run-again');
  });

  it('a File filter set in the table shows in the tree and the status bar, and the tree sets the same filter in the table', async () => {
    let frame = await table();
    const fileFilter = frame.locator('[data-column="file"] input');
    await fileFilter.fill('runs/');
    await expect.poll(() => rowCount(frame)).toBe('2 of 4 conversations');
    expect(
      new Set(
        (await frame.locator('[data-testid="grid"] .il-cell-file').allInnerTexts()).map((t) => t.replace(/:\d+$/, '')),
      ),
    ).toEqual(new Set(['logs/runs/math/asst.jsonl']));
    await wb.page
      .locator('.part.sidebar', { hasText: /filtered: file contains "runs\/"/ })
      .first()
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.page
      .locator('.part.statusbar .statusbar-item', { hasText: '2 of 4 conversations (filtered)' })
      .first()
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    // Scrolled to the right end: the Inactive, Cost and File filters in their narrow headers.
    const grid = frame.locator('[data-testid="grid"]');
    await grid.evaluate((el) => (el.scrollLeft = el.scrollWidth));
    await wb.screenshot('samples-file-filter');
    await grid.evaluate((el) => (el.scrollLeft = 0));

    // From the tree: Filter Sources… → Log file… replaces the text; the table follows. No editor
    // open meanwhile: a webview that takes the focus back would close the input box.
    await wb.runCommand('View: Close All Editors');
    await wb.openView('Intent Lens');
    await wb.runCommand('Intent Lens: Filter Sources…');
    await wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'Log file…' }).first().click();
    const input = wb.page.locator('.quick-input-widget input');
    await expect.poll(() => input.inputValue(), { timeout: wb.timeoutMs }).toBe('runs/');
    await input.fill('logged');
    await input.press('Enter');
    await wb.page
      .locator('.part.sidebar', { hasText: /filtered: file contains "logged"/ })
      .first()
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.runCommand('Intent Lens: Open Samples Table');
    frame = await table();
    await expect.poll(() => frame.locator('[data-column="file"] input').inputValue()).toBe('logged');
    expect(await rowCount(frame)).toBe('2 of 4 conversations');
    expect(
      new Set(
        (await frame.locator('[data-testid="grid"] .il-cell-file').allInnerTexts()).map((t) => t.replace(/:\d+$/, '')),
      ),
    ).toEqual(new Set(['logs/logged.jsonl']));
    await wb.runCommand('Intent Lens: Clear Filters');
    await expect.poll(() => rowCount(frame)).toBe('4 conversations');
  });
});
