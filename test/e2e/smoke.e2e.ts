// Smoke: the built extension installs into a real VS Code, its activity-bar entry and Sources view
// show for the samples workspace, the view fills with rows, and an Intent Lens command run from the
// palette changes what the tree and the status bar show. Also the template for new e2e suites (see README.md).
// The In Effect view's test shares this window (one window less to start: ~20 s of the CI's e2e time):
// the samples' evolving-intent conversation sample-evolving-math/reading (recap none, model-a answers
// with the superseded state) shows the timeline rail: a transition tag per turn, changes marked,
// superseded values and functions struck through, the final inactive content; clicking a turn opens
// the conversation view at that turn.
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

  describe('In Effect view: evolving-intent conversation', () => {
    it('shows the state after each turn with changes marked and superseded content struck through', async () => {
      await workbench.runCommand('Intent Lens: Show What Is in Effect');
      const input = workbench.page.locator('.quick-input-widget input');
      await input.waitFor({ state: 'visible', timeout: workbench.timeoutMs });
      const choice = 'sample-evolving-math/reading · evolving · recap none';
      await input.fill(choice);
      await workbench.page
        .locator('.quick-input-list .monaco-list-row', { hasText: choice })
        .first()
        .waitFor({ state: 'visible', timeout: workbench.timeoutMs });
      await workbench.page.keyboard.press('Enter');

      const frame = workbench.webviewFrame();
      await frame.locator('body[data-rendered="true"]').waitFor({ state: 'attached', timeout: workbench.timeoutMs });
      const turns = frame.locator('.il-turn');
      expect(await turns.evaluateAll((els) => els.map((e) => e.getAttribute('data-label')))).toEqual([
        'initial',
        'switch',
        'revise',
        'reveal',
        'switch',
      ]);
      expect(await frame.locator('.il-verdict').innerText()).toMatch(/incorrect/);

      // Turn 2 switches: the old function is struck through, `days` stops applying (changed).
      const sw = turns.nth(1);
      expect(await sw.locator('.il-functions').getAttribute('data-changed')).toBe('true');
      expect(await sw.locator('.il-functions .il-superseded s').innerText()).toBe('total_pages_read');
      const days = sw.locator('[data-requirement="days"]');
      expect(await days.getAttribute('data-changed')).toBe('true');
      expect(await days.locator('[data-status="superseded"] s').innerText()).toBe('8');

      // Turn 3 revises the carried-over pace: 25 superseded, 30 in effect, nothing else changed.
      const revise = turns.nth(2);
      const pace = revise.locator('[data-requirement="pages_per_day"]');
      expect(await pace.getAttribute('data-changed')).toBe('true');
      expect(await pace.locator('[data-status="superseded"] s').innerText()).toBe('25');
      expect(await pace.locator('[data-status="in-effect"]').innerText()).toBe('30');
      expect(await revise.locator('[data-changed="true"]').count()).toBe(1);

      // The final inactive content lists both superseded functions.
      const inactive = await frame.locator('.il-inactive li').allInnerTexts();
      expect(inactive.some((t) => /days_to_finish/.test(t) && /superseded function/.test(t))).toBe(true);
      await workbench.screenshot('in-effect-rail');

      // Clicking a turn reveals it: the conversation view (every "open turn" action's target) opens
      // at that turn, the user's message marked current.
      await revise.locator('.il-turn-head').click();
      await workbench.page
        .locator('.tab.active', { hasText: /sample-evolving-math\/reading · evolving · recap none/i })
        .first()
        .waitFor({ state: 'visible', timeout: workbench.timeoutMs });
      const conversation = workbench.webviewFrame();
      const current = conversation.locator('.il-turn-current');
      await current.waitFor({ state: 'visible', timeout: workbench.timeoutMs });
      expect(await current.innerText()).toMatch(/I got her pace wrong/);
      expect(await current.locator('[data-tag]').allInnerTexts()).toEqual(
        expect.arrayContaining([expect.stringMatching(/revise/)]),
      );
    });
  });
});
