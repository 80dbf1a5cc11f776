// Smoke: the built extension installs into a real VS Code, its activity-bar entry and Sources view
// show for the samples workspace, the view fills with rows, and an Intent Lens command run from the
// palette changes what the tree and the status bar show. Also the template for new e2e suites (see README.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import {
  openWorkbench,
  sampleWorkspace,
  screenshotOnFailure,
  startCodeServer,
  type CodeServer,
  type SampleWorkspace,
  type Workbench,
} from './harness';

describe('smoke: Intent Lens in code-server', () => {
  let fixture: SampleWorkspace;
  let server: CodeServer;
  let workbench: Workbench;
  screenshotOnFailure(() => workbench);

  beforeAll(async () => {
    fixture = sampleWorkspace();
    server = await startCodeServer({ workspace: fixture.path });
    workbench = await openWorkbench(server, { suite: 'smoke' });
    console.log(
      `[smoke] server ${server.startMs} ms, workbench ${workbench.timings.workbenchMs} ms, extension entry ${workbench.timings.extensionMs} ms`,
    );
  });

  afterAll(async () => {
    await workbench?.close();
    // stop() throws when the extension host crashed during the suite.
    await server?.stop();
    fixture?.dispose();
  });

  it('shows the Intent Lens activity-bar entry and its Sources view', async () => {
    await workbench.openView('Intent Lens');
    const sources = workbench.viewSection('Sources');
    await sources.locator('.pane-body').waitFor({ state: 'visible' });
    expect(await sources.locator('.pane-header').getAttribute('aria-expanded')).toBe('true');
    await workbench.extensionsActivated();
    // The data loaded: the tree shows rows instead of its welcome or loading message.
    await sources.locator('.monaco-list-row').first().waitFor({ state: 'visible' });
    // Park the mouse so the activity-bar hover does not cover the view in the screenshot.
    await workbench.page.mouse.move(700, 450);
    const shot = await workbench.screenshot('intent-lens-view');
    expect(existsSync(shot)).toBe(true);
  });

  it('runs an Intent Lens command from the palette: the Sources view and the status bar show its filter, then clear it', async () => {
    // The count once the first load has ended ("… conversations so far · indexing logs" while it runs:
    // the tree shows its first rows before the logs are indexed).
    const status = workbench.page
      .locator('.part.statusbar .statusbar-item', { hasText: /\d+ conversations(?! so far)/ })
      .first();
    await status.waitFor({ state: 'visible' });
    const total = Number((await status.innerText()).match(/(\d+) conversations/)![1]);
    expect(total).toBeGreaterThan(0);

    await workbench.runCommand('Intent Lens: Show Only New Errors (Original ✓, Retained/Revised ✗)');
    await workbench.page.locator('.part.sidebar', { hasText: 'Filtered by new errors' }).waitFor({ state: 'visible' });
    await expect
      .poll(() => status.innerText(), { timeout: workbench.timeoutMs })
      .toMatch(/\d+ of \d+ conversations \(filtered\)/);
    const [, shown, of] = (await status.innerText()).match(/(\d+) of (\d+) conversations/)!.map(Number);
    expect(of).toBe(total);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(total);

    await workbench.runCommand('Intent Lens: Clear Filters');
    await expect.poll(() => status.innerText(), { timeout: workbench.timeoutMs }).not.toMatch(/filtered/);
    expect(await status.innerText()).toContain(`${total} conversations`);
    await workbench.page.locator('.part.sidebar', { hasText: 'Filtered by new errors' }).waitFor({ state: 'hidden' });
  });
});
