// The Sources tree in a real VS Code: the samples load, the tree expands from a domain down to a
// turn, a turn opens in the conversation view at that turn, the bad sample files show their
// problems in the Problems panel, and a conversation appended to a log appears without a reload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  openWorkbench,
  outputChannelLines,
  repoRoot,
  screenshotOnFailure,
  startCodeServer,
  type CodeServer,
  type Workbench,
} from './harness';

describe('Sources tree', () => {
  let workspace: string;
  let server: CodeServer;
  let workbench: Workbench;
  screenshotOnFailure(() => workbench);

  beforeAll(async () => {
    // A copy of samples/: the append test writes to a log.
    workspace = mkdtempSync(join(tmpdir(), 'intent-lens-tree-'));
    cpSync(join(repoRoot, 'samples'), workspace, { recursive: true });
    server = await startCodeServer({ workspace });
    // Generous waits: the 2-core CI machine is often shared with other suites and builds.
    workbench = await openWorkbench(server, { suite: 'tree', timeoutMs: 150_000 });
    await workbench.openView('Intent Lens');
    await workbench.extensionsActivated();
  }, 420_000);

  /** Appends a one-turn conversation of `model` to its math log (the log must exist). */
  const appendConversation = (model: 'model-a' | 'model-b', taskId: string, correct: boolean) => {
    const log = join(workspace, `logs/math/${model}.jsonl`);
    expect(existsSync(log)).toBe(true);
    const entry = {
      conv_id: `${taskId}/${model}`,
      task: 'math',
      task_id: taskId,
      assistant_model: `illustrative/${model}`,
      trace: [
        { role: 'user', content: 'what is 2 plus 2?' },
        { role: 'log', content: { type: 'shard_revealed', shard_id: 1 } },
        { role: 'assistant', content: '4' },
      ],
      is_correct: correct,
      score: correct ? 1 : 0,
    };
    appendFileSync(log, JSON.stringify(entry) + '\n');
  };

  afterAll(async () => {
    await workbench?.close();
    await server?.stop();
    if (workspace) rmSync(workspace, { recursive: true, force: true });
  });

  it('shows domains, sources with review badge and per-model counts, and a status-bar summary', async () => {
    const source = await workbench.treeRow('sample-math/muffin-trays');
    // The row shows once records are loaded; its counts fill in as the logs are indexed.
    await expect
      .poll(() => source.innerText(), { timeout: workbench.timeoutMs })
      .toMatch(/\[pending\].*model-a ✓\d+ ✗\d+.*model-b ✓\d+ ✗\d+/s);
    for (const domain of ['math', 'code', 'database', 'actions'])
      await workbench.treeRow(new RegExp(`^\\s*${domain}\\s*\\d+ sources?`));
    const status = workbench.page.locator('.part.statusbar .statusbar-item', {
      hasText: /\d+ records · \d+ conversations · \d+% correct/,
    });
    await status.waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    // The summary's tooltip is plain text (cheaper for the host than Markdown); its hover must still
    // show it line by line: innerText keeps a line break only where the hover renders one.
    await status.hover();
    const hover = workbench.page
      .locator('.workbench-hover, .monaco-hover', { hasText: 'Accuracy over scored conversations' })
      .first();
    await hover.waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    expect(await hover.innerText()).toMatch(
      /^Intent Lens\n+\d+ records, \d+ sources, \d+ conversations from \d+ model\(s\)\n+✓ \d+ · ✗ \d+ · – \d+ unscored\n+Accuracy over scored conversations: \d+%/m,
    );
    await workbench.screenshot('status-bar-summary-hover');
    await workbench.page.mouse.move(900, 450);
    await hover.waitFor({ state: 'hidden', timeout: workbench.timeoutMs });
  });

  it('expands a source down to a turn and opens the turn in the conversation view', async () => {
    await workbench.expandTreeRow('sample-math/muffin-trays');
    await workbench.expandTreeRow(/^\s*Retained\s*multi/);
    const run = await workbench.expandTreeRow(/✗ model-a/);
    expect(await run.innerText()).toContain('new error');
    // The verdict reads once: the mark in the label, the word in the description ("✗ model-a ✗ incorrect" before).
    expect(await run.locator('.label-name').innerText()).toMatch(/^\s*✗ model-a\s*$/);
    expect(await run.locator('.label-description').innerText()).toMatch(/^\s*incorrect · \d+ turns/);
    // The source's label is its task id alone (details in the description), so narrow widths keep it.
    expect(
      (await (await workbench.treeRow('sample-math/muffin-trays')).locator('.label-name').innerText()).trim(),
    ).toBe('sample-math/muffin-trays');
    // The first user turn carries its shard tag (its reveal is logged after the message).
    await workbench.treeRow(/user · shard 1\s*how much money/);
    const rejectTurn = await workbench.treeRow(/user · reject · block 1/);
    await workbench.treeRow(/assistant · answer attempt/);
    await workbench.treeRow(/bookkeeping entries/);
    await workbench.page.mouse.move(900, 450);
    await workbench.screenshot('tree-expanded-to-turns');

    // A turn opens the conversation view at that turn (the rendered transcript, not a Markdown document).
    await rejectTurn.click();
    await workbench.page
      .locator('.tab.active', { hasText: 'sample-math/muffin-trays · Retained · illustrative/model-a' })
      .first()
      .waitFor({ timeout: workbench.timeoutMs });
    const frame = workbench.webviewFrame();
    await frame.locator('body[data-rendered="true"]').waitFor({ state: 'attached', timeout: workbench.timeoutMs });
    const current = frame.locator('.il-turn-current');
    await current.waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    expect(await current.innerText()).toContain('No, on second thought, keep the tray count the way I first said it.');
    expect(await frame.locator('[data-testid="header"]').innerText()).toContain('illustrative/model-a');

    // The final answer: model A answered with the rejected value (10 trays → $120).
    const answer = await workbench.treeRow(/assistant · answer attempt ✗\s*Step by step/);
    await answer.click();
    await expect
      .poll(async () => frame.locator('[data-testid="transcript"]').innerText(), { timeout: workbench.timeoutMs })
      .toContain('$120');
    await workbench.screenshot('turn-document');
  });

  it('shows bookkeeping entries inline when toggled, and folds them again', async () => {
    /** Expands down to model A's Retained run (the toggle redraws the tree collapsed below the sources). */
    const expandRun = async () => {
      await workbench.expandTreeRow('sample-math/muffin-trays');
      await workbench.expandTreeRow(/^\s*Retained\s*multi/);
      await workbench.expandTreeRow(/✗ model-a/);
    };
    /** A child row of the run: its label, level and how many siblings it has (aria-setsize counts rows not rendered too). */
    const rowFacts = async (text: RegExp) => {
      const row = await workbench.treeRow(text);
      return {
        label: (await row.innerText()).replace(/\s+/g, ' ').trim(),
        level: await row.getAttribute('aria-level'),
        siblings: Number(await row.getAttribute('aria-setsize')),
      };
    };
    const rows = (text: RegExp) =>
      workbench.page.locator('.part.sidebar .pane-body .monaco-list-row', { hasText: text });
    const toggle = () => workbench.runCommand('Intent Lens: Show / Hide Bookkeeping Log Entries');

    // Folded: the run's last child is "<n> bookkeeping entries".
    await expandRun();
    const folded = await rowFacts(/^\s*\d+ bookkeeping entries/);
    const entries = Number(folded.label.match(/^(\d+) bookkeeping/)![1]);
    expect(entries).toBeGreaterThan(0);
    expect(await rows(/log · state_transition/).count()).toBe(0);

    // Shown: the entries replace the folded row among the run's children, one row each. The folded
    // row going away says the tree redrew (expanding before that could be undone by the redraw).
    await toggle();
    await rows(/bookkeeping entries/)
      .first()
      .waitFor({ state: 'detached', timeout: workbench.timeoutMs });
    await expandRun();
    const inline = await rowFacts(/log · state_transition/);
    expect(inline.level).toBe(folded.level);
    expect(inline.siblings).toBe(folded.siblings - 1 + entries);
    expect(await rows(/bookkeeping entries/).count()).toBe(0);

    // Toggled back: folded again, as before.
    await toggle();
    await rows(/log · state_transition/)
      .first()
      .waitFor({ state: 'detached', timeout: workbench.timeoutMs });
    await expandRun();
    expect(await rowFacts(/^\s*\d+ bookkeeping entries/)).toEqual(folded);
    expect(await rows(/log · state_transition/).count()).toBe(0);
  });

  it('finds a source by its shard text and reveals it; filters to new errors and clears the filter', async () => {
    // The open conversation view can take the focus back and close the pick: the helper runs it again.
    const input = await workbench.commandWithQuickPick('Intent Lens: Find Source…', 'vowels in a string');
    await workbench.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'sample-code/count-vowels' })
      .first()
      .waitFor({ timeout: workbench.timeoutMs });
    await input.press('Enter');
    const found = workbench.page.locator('.part.sidebar .pane-body .monaco-list-row[aria-selected="true"]', {
      hasText: 'sample-code/count-vowels',
    });
    await found.waitFor({ state: 'visible', timeout: workbench.timeoutMs });

    await workbench.runCommand('Intent Lens: Show Only New Errors (Original ✓, Retained/Revised ✗)');
    await workbench.page
      .locator('.part.sidebar', { hasText: 'Filtered by new errors' })
      .waitFor({ timeout: workbench.timeoutMs });
    // count-vowels has no new error; sum-evens has (model A names the function with the rejected name).
    await found.waitFor({ state: 'detached', timeout: workbench.timeoutMs });
    await workbench.treeRow('sample-code/sum-evens');
    await workbench.screenshot('filtered-new-errors');
    await workbench.runCommand('Intent Lens: Clear Filters');
    await workbench.treeRow('bad-sample/valid-second');
  });

  it('an empty "new errors with inactive content" filter points to Re-score, not Clear Filters', async () => {
    await workbench.runCommand('Intent Lens: Show Only New Errors with Inactive Content (after Re-score)');
    const message = workbench.page.locator('.part.sidebar', { hasText: 'no run is re-scored yet' });
    await message.waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    const text = await message.innerText();
    expect(text).toContain('"Intent Lens: Re-score"');
    expect(text).not.toContain('Clear Filters');
    await workbench.screenshot('empty-inactive-filter');
    await workbench.runCommand('Intent Lens: Clear Filters');
    await workbench.treeRow('bad-sample/valid-second');
  });

  it('lists the bad sample lines in the Problems panel at their lines', async () => {
    // The conversation view an earlier test opened can take the focus back from the palette: closed first.
    await workbench.runCommandUntil(
      'View: Close All Editors',
      workbench.page.locator('.part.editor .tab').first(),
      'hidden',
    );
    // Maximised (the editor area hidden), so that all 11 rows are on screen (the list renders only those).
    await workbench.runCommandUntil('View: Toggle Maximized Panel', workbench.page.locator('.part.editor'), 'hidden');
    const problems = await workbench.problems({ atLeast: 11 });
    const recordsProblems = problems.filter((p) => p.file === 'broken.records.jsonl');
    const logProblems = problems.filter((p) => p.file === 'broken.jsonl');
    expect(recordsProblems.map((p) => p.position)).toEqual(
      expect.arrayContaining(['[Ln 2, Col 102]', '[Ln 3, Col 1]', '[Ln 4, Col 1]', '[Ln 5, Col 1]', '[Ln 7, Col 1]']),
    );
    expect(recordsProblems.some((p) => p.message.includes('`shards` is missing: it must be a list'))).toBe(true);
    expect(recordsProblems.some((p) => p.message.includes('(at shards[0].shard_id)'))).toBe(true);
    expect(recordsProblems.find((p) => p.position === '[Ln 7, Col 1]')?.severity).toBe('warning');
    expect(logProblems.map((p) => p.position)).toEqual(
      expect.arrayContaining([
        '[Ln 2, Col 106]',
        '[Ln 3, Col 1]',
        '[Ln 4, Col 1]',
        '[Ln 5, Col 1]',
        '[Ln 6, Col 1]',
        '[Ln 7, Col 1]',
      ]),
    );
    expect(logProblems.some((p) => p.message.includes('(at trace[2].content.event)'))).toBe(true);
    expect(logProblems.some((p) => /duplicate|already used/.test(p.message))).toBe(true);
    await workbench.screenshot('problems');
    await workbench.runCommand('View: Toggle Maximized Panel');
    await workbench.runCommand('View: Toggle Panel Visibility');
  });

  it('shows a conversation appended to a log without a reload', async () => {
    appendConversation('model-b', 'sample-math/appended-live', true);
    const row = await workbench.treeRow('sample-math/appended-live');
    expect(await row.innerText()).toMatch(/no record.*model-b ✓1 ✗0/s);
    await workbench.screenshot('appended-source');
  });

  it('a second start of the window takes the logs from the index cache: the same counts, and a line appended while it was closed', async () => {
    const status = () =>
      workbench.page.locator('.part.statusbar .statusbar-item', {
        hasText: /\d+ records · \d+ conversations · \d+% correct/,
      });
    const conversations = async () => Number(/(\d+) conversations/.exec(await status().innerText())![1]);
    await status().waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    const before = await conversations();
    // The first load scanned every log and stored it in the cache (this window's workspace storage).
    const firstLoad = outputChannelLines(server.runDir).find((l) => l.includes('run-log index:'));
    expect(firstLoad).toMatch(/run-log index: 0 of \d+ files from the cache \(0 appended to since, \d+ scanned\)/);
    const scanned = Number(/(\d+) scanned/.exec(firstLoad!)![1]);
    expect(scanned).toBeGreaterThan(2);

    await workbench.close();
    appendConversation('model-a', 'sample-math/appended-while-closed', false);
    server = await server.restart();
    workbench = await openWorkbench(server, { suite: 'tree', timeoutMs: 150_000 });
    await workbench.openView('Intent Lens');
    await workbench.extensionsActivated();
    // model-b.jsonl grew in the test before (after its entry was stored) and model-a.jsonl while closed.
    await expect
      .poll(() => outputChannelLines(server.runDir).find((l) => l.includes('run-log index:')), {
        timeout: workbench.timeoutMs,
      })
      .toBe(
        `[data] run-log index: ${scanned - 2} of ${/of (\d+) files/.exec(firstLoad!)![1]} files from the cache (2 appended to since, 0 scanned)`,
      );
    await status().waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    await expect.poll(conversations, { timeout: workbench.timeoutMs }).toBe(before + 1);
    const row = await workbench.treeRow('sample-math/appended-while-closed');
    expect(await row.innerText()).toMatch(/no record.*model-a ✓0 ✗1/s);
    await workbench.screenshot('second-start-from-cache');
  }, 420_000);
});
