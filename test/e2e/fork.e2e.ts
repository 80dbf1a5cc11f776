// Fork from a turn in a real VS Code (code-server): a logged Retained failure (the scripted model
// answers the rejected value) is forked from its proposal turn, once in the Sources tree with "drop
// the proposal and its decision" and once from the conversation view's "Fork from here…" (reached by
// keyboard) with the proposal replaced; each fork is correct, shows under its parent, and the
// parent ↔ fork compare view has the branch point at the edited turn. Webview frames are located by
// view kind (`webviewFrameOf`): a conversation view may show too, and the first visible webview
// would then be the wrong one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openWorkbench, screenshotOnFailure, startCodeServer, type CodeServer, type Workbench } from './harness';
import { missingE2eTools } from './harness/toolPaths';
import type { FakeServer } from '../unit/runner/fakeOpenAIServer';
import { mathRecord } from '../unit/runner/runnerFixtures';
import { localModelWorkspace } from './localModelWorkspace';

describe.skipIf(missingE2eTools().length > 0)('fork from a turn', () => {
  let workspace: string;
  let server: CodeServer;
  let workbench: Workbench;
  let model: FakeServer;
  let parentId: string;
  screenshotOnFailure(() => workbench);

  beforeAll(async () => {
    // The parent: a Retained run in which the model used the rejected 3 sacks (60 ≠ 120).
    const setup = await localModelWorkspace('fork', 'parents.jsonl', ['retained']);
    ({ model, workspace } = setup);
    const parent = setup.logged[0]!;
    expect(parent.is_correct).toBe(false);
    parentId = parent.conv_id;
    server = await startCodeServer({ workspace, settings: setup.settings });
    workbench = await openWorkbench(server, { suite: 'fork', timeoutMs: 120_000 });
    await workbench.openView('Intent Lens');
    await workbench.extensionsActivated();
  });

  afterAll(async () => {
    await workbench?.close();
    await server?.stop();
    await model?.close();
    if (workspace) rmSync(workspace, { recursive: true, force: true });
  });

  it('forks the failure at its proposal, shows the fork under its parent, and compares them at the branch point', async () => {
    const page = workbench.page;
    await workbench.expandTreeRow(mathRecord.task_id);
    await workbench.expandTreeRow(/^\s*Retained/);
    await workbench.expandTreeRow(/✗ asst/);
    await workbench.contextMenuAction(() => workbench.treeRow(/user · proposal/), 'Fork From Turn…');
    await page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'Drop the proposal and its decision' })
      .first()
      .click();
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    expect(await dialog.innerText()).toMatch(/proposal at U3 and its decision dropped[\s\S]*asst on local/);
    await dialog.locator('.monaco-button', { hasText: /^Fork$/ }).click();

    // The fork is correct and sits under its parent in the tree.
    expect(await workbench.notification(/Fork .* at U3: correct \(parent incorrect\)/)).toContain('correct');
    const forkRow = await workbench.treeRow(/fork · asst/);
    await expect
      .poll(async () => forkRow.innerText(), { timeout: 30_000 })
      .toMatch(/fork: proposal at U3 and its decision dropped/);
    await workbench.screenshot('tree-with-fork');
    const log = readFileSync(join(workspace, 'logs/runs/forks/drop-proposal.jsonl'), 'utf8');
    const fork = JSON.parse(log.trim()) as { forked_from: { conv_id: string; turn: number }; is_correct: boolean };
    expect(fork).toMatchObject({
      forked_from: { conv_id: parentId, turn: 3, edit: 'drop-proposal' },
      is_correct: true,
    });

    // Compare With Parent (the fork's context menu): the branch point is the edited turn.
    await workbench.contextMenuAction(() => workbench.treeRow(/fork · asst/), 'Compare With Parent');
    const frame = await workbench.webviewFrameOf('compare');
    const branch = frame.locator('[data-branch-point="true"]');
    await branch.waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    expect(await branch.innerText()).toMatch(/Fork at U3: proposal at U3 and its decision dropped/);
    expect(await frame.locator('[data-testid="side-left"] [data-verdict]').getAttribute('data-verdict')).toBe(
      'incorrect',
    );
    expect(await frame.locator('[data-testid="side-right"] [data-verdict]').getAttribute('data-verdict')).toBe(
      'correct',
    );
    await workbench.screenshot('compare-parent-fork');
  });

  it('forks the failure from the conversation view (keyboard), shows the fork under its parent, and compares them at the branch point', async () => {
    const page = workbench.page;
    // Start from no open editor: a compare view left by another test is not this test's.
    await workbench.runCommand('View: Close All Editors');
    await workbench.expandTreeRow(mathRecord.task_id);
    await workbench.expandTreeRow(/^\s*Retained/);
    await workbench.expandTreeRow(/✗ asst/);
    // A click on the proposal turn opens the parent in the conversation view, at that turn.
    await (await workbench.treeRow(/user · proposal/)).click();
    const conversation = await workbench.webviewFrameOf('conversation');
    await conversation
      .locator('body[data-rendered="true"]')
      .waitFor({ state: 'attached', timeout: workbench.timeoutMs });
    const proposal = conversation.locator('[data-testid="turn"][data-turn="2"]');
    await proposal.waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    expect(await proposal.innerText()).toContain(mathRecord.intent!.proposal);
    const forkButton = proposal.locator('[data-testid="fork-from-here"]');
    expect(await forkButton.getAttribute('aria-label')).toBe('Fork from here (U3)…');
    // Keyboard: the button takes focus and Enter runs it (a real <button>, in the tab order).
    await forkButton.focus();
    await page.keyboard.press('Enter');

    // The same command as the tree's: the edit, then the new wording, then the confirmation.
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Replace this message…' }).first().click();
    const input = page.locator('.quick-input-widget input');
    await expect
      .poll(async () => input.inputValue(), { timeout: workbench.timeoutMs })
      .toBe(mathRecord.intent!.proposal);
    const wording = 'Just to be sure: the count of sacks stays as I said, right?';
    await input.fill(wording);
    await input.press('Enter');
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    expect(await dialog.innerText()).toMatch(/U3 replaced[\s\S]*asst on local/);
    await dialog.locator('.monaco-button', { hasText: /^Fork$/ }).click();

    // The fork is correct, written with its edit, and sits under its parent in the tree.
    await workbench.notification(/Fork .* at U3: correct \(parent incorrect\)/, { action: 'Compare With Parent' });
    const log = readFileSync(join(workspace, 'logs/runs/forks/replace-user.jsonl'), 'utf8');
    const fork = JSON.parse(log.trim()) as { trace: Array<{ role: string; content: unknown }> };
    expect(fork).toMatchObject({
      forked_from: { conv_id: parentId, turn: 3, edit: 'replace-user', text: wording },
      is_correct: true,
    });
    expect(fork.trace.filter((m) => m.role === 'user')[2]?.content).toBe(wording);
    const forkRow = await workbench.treeRow(/fork: U3 replaced/);
    expect(await forkRow.innerText()).toMatch(/fork · asst/);
    // Under its parent: one level below the parent's run row.
    const parentRow = await workbench.treeRow(/✗ asst/);
    expect(Number(await forkRow.getAttribute('aria-level'))).toBe(
      Number(await parentRow.getAttribute('aria-level')) + 1,
    );

    // The notification's Compare With Parent opened the comparison: the branch point is U3, replaced.
    const frame = await workbench.webviewFrameOf('compare');
    const branch = frame.locator('[data-branch-point="true"]');
    await branch.waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    expect(await branch.innerText()).toMatch(/Fork at U3: U3 replaced: "Just to be sure/);
    expect(await frame.locator('[data-testid="side-left"] [data-verdict]').getAttribute('data-verdict')).toBe(
      'incorrect',
    );
    expect(await frame.locator('[data-testid="side-right"] [data-verdict]').getAttribute('data-verdict')).toBe(
      'correct',
    );
    // The fork's rail at U3 follows the replaced message's role (still the proposal) and says so; the parent's does not.
    const note = frame.locator('[data-testid="rail-note"]');
    await note.waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    expect(await note.count()).toBe(1);
    expect(await note.getAttribute('title')).toBe(
      'U3 replaced by hand: the rail follows its role as the proposal, not its new wording',
    );
    await workbench.screenshot('compare-parent-fork-from-conversation-view');
  });
});
