// Finding the data, searching it and linking to it, in a real VS Code: a run log outside the globs
// is reported and included with one click; a word only one log holds is found by "Search
// Conversations…" (and again after the log grows) and opens the conversation view at its turn;
// "Copy Link" on a turn gives a link that, opened through the URI handler in a reloaded (fresh)
// window, lands on the same turn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FrameLocator } from 'playwright-core';
import {
  openWorkbench,
  repoRoot,
  screenshotOnFailure,
  startCodeServer,
  type CodeServer,
  type Workbench,
} from './harness';

const outsideEntry = (convId: string, word: string) => ({
  conv_id: convId,
  task: 'math',
  task_id: `outside/${convId}`,
  assistant_model: 'illustrative/model-c',
  trace: [
    { role: 'system', content: 'Solve it.' },
    { role: 'user', content: 'How many muffins fit on the trays?' },
    { role: 'assistant', content: 'Which trays do you mean?' },
    { role: 'user', content: `The ${word} trays, twelve each.` },
    { role: 'assistant', content: 'Then 24 muffins.' },
  ],
  is_correct: true,
});

const INITIAL_LOGS_GLOB = '{**/logs/**/*.jsonl,**/logs/**/*.json,**/runs/*.jsonl}';

/** The conversation view shown in the active tab, once its transcript has rendered. */
async function conversationView(wb: Workbench, title: RegExp): Promise<FrameLocator> {
  await wb.page.locator('.tab.active', { hasText: title }).first().waitFor({ state: 'visible', timeout: wb.timeoutMs });
  const frame = wb.webviewFrame();
  await frame.locator('body[data-rendered="true"]').waitFor({ state: 'attached', timeout: wb.timeoutMs });
  return frame;
}

describe('finding, searching and linking conversations', () => {
  let workspace: string;
  let server: CodeServer;
  let workbench: Workbench;
  screenshotOnFailure(() => workbench);

  beforeAll(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'intent-lens-search-'));
    cpSync(join(repoRoot, 'samples'), workspace, { recursive: true });
    // `runs/` and `experiments/` match none of the default globs (`**/logs/**`). The search and
    // link tests use runs/, included up front so they do not depend on the discovery test;
    // experiments/ is left for discovery to report.
    mkdirSync(join(workspace, 'runs'));
    writeFileSync(
      join(workspace, 'runs/outside.jsonl'),
      JSON.stringify(outsideEntry('found-me', 'zanzibarquux')) + '\n',
    );
    mkdirSync(join(workspace, 'experiments'));
    writeFileSync(
      join(workspace, 'experiments/undiscovered.jsonl'),
      JSON.stringify(outsideEntry('discovered', 'plumbago')) + '\n',
    );
    mkdirSync(join(workspace, '.vscode'));
    writeFileSync(
      join(workspace, '.vscode/settings.json'),
      JSON.stringify({ 'intentLens.logsGlob': INITIAL_LOGS_GLOB }),
    );
    server = await startCodeServer({ workspace });
    workbench = await openWorkbench(server, { suite: 'searchLinks', timeoutMs: 150_000 });
    await workbench.openView('Intent Lens');
    await workbench.extensionsActivated();
    // The data has loaded (runs/ included): commands gated on `intentLens.hasData` are in the palette.
    await workbench.treeRow('outside/found-me');
    await workbench.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  }, 420_000);

  afterAll(async () => {
    await workbench?.close();
    await server?.stop();
    if (workspace) rmSync(workspace, { recursive: true, force: true });
  });

  it('reports a run log outside the globs and includes it on request', async () => {
    const message = await workbench.notification(/match none of the data globs/, { action: 'Include These Files' });
    expect(message).toContain('1 run log (experiments/undiscovered.jsonl)');
    await workbench.treeRow('outside/discovered');
    const settings = JSON.parse(readFileSync(join(workspace, '.vscode/settings.json'), 'utf8')) as Record<
      string,
      string
    >;
    expect(settings['intentLens.logsGlob']).toBe(`${INITIAL_LOGS_GLOB.slice(0, -1)},**/experiments/*.jsonl}`);
    await workbench.screenshot('included-outside-log');
  });

  const searchFor = async (text: string, row: RegExp) => {
    await workbench.runCommand('Intent Lens: Search Conversations…');
    const input = workbench.page.locator('.quick-input-widget input');
    await input.fill(text);
    const hit = workbench.page.locator('.quick-input-list .monaco-list-row', { hasText: row }).first();
    await hit.waitFor({ timeout: workbench.timeoutMs });
    return { input, hit };
  };

  it('finds a message by a word only it holds, shows turn and context, and opens the turn', async () => {
    const { input, hit } = await searchFor('zanzibarquux', /U2 user · outside\/found-me/);
    expect(await hit.innerText()).toContain('The zanzibarquux trays, twelve each.');
    await workbench.screenshot('search-results');
    await input.press('Enter');
    // The hit opens the conversation view at its turn (U2), not a Markdown document.
    const frame = await conversationView(workbench, /outside\/found-me · .* · illustrative\/model-c/);
    const current = frame.locator('.il-turn-current');
    await current.waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    expect(await current.getAttribute('data-turn')).toBe('1');
    expect(await current.innerText()).toContain('The zanzibarquux trays, twelve each.');
  });

  it("searches only the Sources tree's filtered conversations, and all of them through the labelled scope row", async () => {
    // No webview left open to take focus back from the quick pick (that would close it).
    await workbench.runCommand('View: Close All Editors');
    // found-me is correct in its only run: the new-errors filter leaves it out.
    await workbench.runCommand('Intent Lens: Show Only New Errors (Original ✓, Retained/Revised ✗)');
    await workbench.page
      .locator('.part.statusbar', { hasText: /conversations \(filtered\)/ })
      .waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    try {
      await searchInFilter();
    } finally {
      await workbench.runCommand('Intent Lens: Clear Filters');
    }
  });

  const searchInFilter = async () => {
    await workbench.runCommand('Intent Lens: Search Conversations…');
    const widget = workbench.page.locator('.quick-input-widget');
    // The scope is a labelled row: "Scope: Filtered (N) · All (M)", the filtered one searched by default.
    await widget
      .locator('.quick-input-title', { hasText: /— Filtered \(\d+\)/ })
      .waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    const scopeRow = widget.locator('.monaco-list-row', { hasText: /Scope: Filtered \(\d+\) · All \(\d+\)/ });
    await expect
      .poll(() => scopeRow.innerText(), { timeout: workbench.timeoutMs })
      .toMatch(/searching Filtered \(\d+\): select to search All/);
    expect(await widget.locator('input').getAttribute('placeholder')).toMatch(
      /in the \d+ filtered conversations \(new errors\), not all \d+/,
    );
    await widget.locator('input').fill('zanzibarquux');
    await widget
      .locator('.monaco-list-row', { hasText: 'No message matches "zanzibarquux" in the filtered conversations' })
      .waitFor({ timeout: workbench.timeoutMs });
    await workbench.screenshot('search-in-filter');
    // The scope row switches to All: the hit appears, with its condition and verdict.
    await scopeRow.click();
    const hit = widget.locator('.monaco-list-row', { hasText: /U2 user · outside\/found-me/ });
    await hit.waitFor({ timeout: workbench.timeoutMs });
    expect(await hit.innerText()).toMatch(/Original · ✓ correct/);
    expect(await widget.locator('.quick-input-title').innerText()).toMatch(/— All \(\d+\)/);
    await expect
      .poll(() => scopeRow.innerText(), { timeout: workbench.timeoutMs })
      .toMatch(/searching All \(\d+\): select to search Filtered/);
    await widget.locator('input').press('Escape');
  };

  it('finds a conversation appended to the log afterwards', async () => {
    appendFileSync(
      join(workspace, 'runs/outside.jsonl'),
      JSON.stringify(outsideEntry('appended-later', 'qwertyplum')) + '\n',
    );
    await workbench.treeRow('outside/appended-later');
    const { input } = await searchFor('qwertyplum', /U2 user · outside\/appended-later/);
    await input.press('Escape');
  });

  it('copies a link to a turn and opens exactly that turn from the link in a fresh window', async () => {
    await workbench.runCommand('View: Close All Editors');
    await workbench.expandTreeRow('outside/found-me');
    await workbench.expandTreeRow(/^\s*Original\s*multi/);
    await workbench.expandTreeRow(/✓ model-c/);
    // The row's label ("user") and description (the message's first line) are separate spans. The
    // tree may redraw under the menu (the append above reloads it): contextMenuAction retries, and
    // the status-bar message says the turn's link (not the conversation's) was copied.
    await workbench.contextMenuAction(() => workbench.treeRow(/user\s*The zanzibarquux trays/), /^Copy Link$/);
    await workbench.page
      .locator('.part.statusbar', { hasText: 'Copied a link to this turn' })
      .first()
      .waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    // Reading the clipboard needs a focused document.
    await workbench.page.bringToFront();
    // waitForFunction would take an async predicate's Promise as truthy at once: poll the clipboard.
    const clipboard = () => workbench.page.evaluate(() => navigator.clipboard.readText().catch(() => ''));
    await expect.poll(clipboard, { timeout: workbench.timeoutMs }).toContain('://intent-lens.intent-lens/turn');
    const uri = await clipboard();
    expect(uri).toMatch(/^[a-z-]+:\/\/intent-lens\.intent-lens\/turn\?conv=found-me&turn=3$/);

    // A fresh window: the workbench and its extension host start over, nothing is open.
    await workbench.runCommand('View: Close All Editors');
    await workbench.page.reload({ waitUntil: 'commit' });
    await workbench.page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    await workbench.activityBarItem('Intent Lens').waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    await workbench.runCommand('Developer: Open URL');
    const input = workbench.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    await input.fill(uri);
    await input.press('Enter');
    // VS Code may ask before an extension handles a URI: allow it when it does.
    const tab = workbench.page.locator('.tab.active', { hasText: /outside\/found-me/ }).first();
    const allow = workbench.page.locator('.monaco-dialog-box .monaco-button', { hasText: /^Open$/ }).first();
    await tab.or(allow).first().waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    if (await allow.isVisible()) await allow.click();
    const frame = await conversationView(workbench, /outside\/found-me · .* · illustrative\/model-c/);
    const current = frame.locator('.il-turn-current');
    await current.waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    expect(await current.getAttribute('data-turn')).toBe('1');
    expect(await current.innerText()).toContain('The zanzibarquux trays, twelve each.');
    await workbench.screenshot('opened-from-link');
  });
});
