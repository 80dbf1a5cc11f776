// Smoke: the built extension installs into a real VS Code, its activity-bar entry and Sources view
// show for the samples workspace, and the view fills with rows. Also the template for new e2e suites (see README.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { openWorkbench, sampleWorkspace, screenshotOnFailure, startCodeServer, type CodeServer, type SampleWorkspace, type Workbench } from './harness';

describe('smoke: Intent Lens in code-server', () => {
  let fixture: SampleWorkspace;
  let server: CodeServer;
  let workbench: Workbench;
  screenshotOnFailure(() => workbench);

  beforeAll(async () => {
    fixture = sampleWorkspace();
    server = await startCodeServer({ workspace: fixture.path });
    workbench = await openWorkbench(server, { suite: 'smoke' });
    console.log(`[smoke] server ${server.startMs} ms, workbench ${workbench.timings.workbenchMs} ms, extension entry ${workbench.timings.extensionMs} ms`);
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

  it('runs a command from the palette', async () => {
    // A built-in command with a visible effect proves the F1 helper; feature suites run their own.
    await workbench.runCommand('View: Toggle Panel Visibility');
    await workbench.page.locator('.part.panel').waitFor({ state: 'visible' });
    await workbench.runCommand('View: Toggle Panel Visibility');
    await workbench.page.locator('.part.panel').waitFor({ state: 'hidden' });
  });
});
