// In Effect view in a real VS Code (code-server): the samples' evolving-intent conversation
// sample-evolving-math/reading (recap none, model-a answers with the superseded state) shows the
// timeline rail: a transition tag per turn, changes marked, superseded values and functions struck
// through, the final inactive content; clicking a turn opens the conversation view at that turn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  missingE2eTools,
  openWorkbench,
  sampleWorkspace,
  screenshotOnFailure,
  startCodeServer,
  type CodeServer,
  type SampleWorkspace,
  type Workbench,
} from './harness';

const missing = missingE2eTools();

describe.skipIf(missing.length > 0)('In Effect view: evolving-intent conversation', () => {
  let fixture: SampleWorkspace;
  let server: CodeServer;
  let wb: Workbench;
  screenshotOnFailure(() => wb);

  beforeAll(async () => {
    fixture = sampleWorkspace();
    server = await startCodeServer({ workspace: fixture.path });
    wb = await openWorkbench(server, { suite: 'ineffect' });
    await wb.extensionsActivated();
  });

  afterAll(async () => {
    await wb?.close();
    await server?.stop();
    fixture?.dispose();
  });

  it('shows the state after each turn with changes marked and superseded content struck through', async () => {
    await wb.runCommand('Intent Lens: Show What Is in Effect');
    const input = wb.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    const choice = 'sample-evolving-math/reading · evolving · recap none';
    await input.fill(choice);
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: choice })
      .first()
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.page.keyboard.press('Enter');

    const frame = wb.webviewFrame();
    await frame.locator('body[data-rendered="true"]').waitFor({ state: 'attached', timeout: wb.timeoutMs });
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
    await wb.screenshot('in-effect-rail');

    // Clicking a turn reveals it: the conversation view (every "open turn" action's target) opens
    // at that turn, the user's message marked current.
    await revise.locator('.il-turn-head').click();
    await wb.page
      .locator('.tab.active', { hasText: /sample-evolving-math\/reading · evolving · recap none/i })
      .first()
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    const conversation = wb.webviewFrame();
    const current = conversation.locator('.il-turn-current');
    await current.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    expect(await current.innerText()).toMatch(/I got her pace wrong/);
    expect(await current.locator('[data-tag]').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringMatching(/revise/)]),
    );
  });
});
