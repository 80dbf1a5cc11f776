// Verdicts with provenance (issue #11) in a real VS Code: a workspace with real shared-data
// conversations whose logged verdict (✗) the math verifier overturns (✓). After "Re-score" the tree,
// the status bar, the dashboard cell, the compare view, the conversation view, the In Effect view, the
// Samples table and the Test Explorer all show the re-scored verdict and say it was re-scored (the views opened before
// the re-score update in place); after "Developer: Reload Window" (the sidecar under .intent-lens/)
// they still do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator } from 'playwright-core';
import {
  haveMathPairData as haveData,
  MATH_PAIR_RUNS as RUNS,
  MATH_PAIR_TASK as TASK,
  missingE2eTools,
  openMathPairWorkspace,
  screenshotOnFailure,
  type MathPairSession,
  type Workbench,
} from './harness';
import { VERDICT_SIDECAR } from '../../src/core/workspace/verdicts';

const missing = missingE2eTools();

describe.skipIf(missing.length > 0 || !haveData)('verdicts with provenance', () => {
  let session: MathPairSession;
  let dir: string;
  let wb: Workbench;
  screenshotOnFailure(() => wb);

  beforeAll(async () => {
    // A private workspace holding just the two runs (both logged ✗, re-scored ✓) and their record.
    session = await openMathPairWorkspace('verdicts');
    ({ dir, wb } = session);
  }, 600_000);

  afterAll(async () => {
    await session?.close();
  });

  const statusBar = (text: RegExp) =>
    wb.page.locator('.part.statusbar', { hasText: text }).waitFor({ state: 'visible', timeout: wb.timeoutMs });
  const gemini = RUNS[0]!;
  const cellSelector = `[data-cell="${gemini.model}|math|multi|original"]`;

  /** The run row of a model in the Sources tree: source, then the instance the snowball logs run. */
  async function runRow(model: string) {
    await wb.openView('Intent Lens');
    await wb.expandTreeRow(TASK);
    await wb.expandTreeRow(/^\s*Original\s*multi/);
    // The run row's label is `<mark> <model>` (the source row names the models too, after its id).
    return wb.treeRow(new RegExp(`^\\s*[✓✗–] ${model.split('/').pop()!}`));
  }

  /**
   * The content frame of the visible webview that shows `selector`. In Effect opens beside the
   * active editor, so two webviews show at once and "the first visible one" is not the one asked for.
   */
  async function webviewShowing(selector: string): Promise<FrameLocator> {
    const outer = 'iframe.webview.ready:visible';
    let found: FrameLocator | undefined;
    await expect
      .poll(
        async () => {
          const n = await wb.page.locator(outer).count();
          for (let i = 0; i < n && !found; i++) {
            const frame = wb.page.frameLocator(outer).nth(i).frameLocator('iframe#active-frame');
            if (await frame.locator(selector).count()) found = frame;
          }
          return !!found;
        },
        { timeout: wb.timeoutMs },
      )
      .toBe(true);
    return found!;
  }

  async function dashboardCell() {
    await command('Intent Lens: Open Dashboard');
    const frame = await webviewShowing(cellSelector);
    const cell = frame.locator(cellSelector);
    await cell.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    return { frame, cell };
  }

  /**
   * Focus back in the workbench (a webview keeps the keys otherwise), then a palette command. Not by
   * clicking the editor's tab: for a webview that hands focus to its frame a moment later, which
   * closes the quick pick the command just opened. The side bar's title takes focus and does nothing.
   */
  async function command(label: string) {
    await wb.page
      .locator('.part.sidebar .composite.title')
      .first()
      .click({ position: { x: 4, y: 4 } });
    await wb.runCommand(label);
  }

  interface PickStep {
    /** Typed into the quick pick's input before picking. */
    filter?: string;
    /** Text of the row to click. */
    row: string | RegExp;
    /** Wait for this title first (the previous step's rows may still show until the next list does). */
    title?: RegExp;
  }

  /**
   * Runs a palette command and clicks through its quick picks. A webview that takes focus a moment
   * after it opened or updated closes a quick pick (focus out): when it closed midway, start over.
   */
  async function commandWithPicks(label: string, steps: PickStep[]) {
    const widget = wb.page.locator('.quick-input-widget');
    const deadline = Date.now() + wb.timeoutMs;
    attempts: for (let attempt = 1; ; attempt++) {
      await command(label);
      for (const step of steps) {
        for (;;) {
          try {
            if (step.title)
              await widget
                .locator('.quick-input-title', { hasText: step.title })
                .waitFor({ state: 'visible', timeout: 10_000 });
            if (step.filter !== undefined) await widget.locator('input').fill(step.filter, { timeout: 10_000 });
            await widget
              .locator('.quick-input-list .monaco-list-row', { hasText: step.row })
              .first()
              .click({ timeout: 10_000 });
            break;
          } catch (e) {
            if (Date.now() > deadline || attempt >= 4) throw e;
            if (!(await widget.isVisible())) continue attempts;
          }
        }
      }
      return;
    }
  }

  // The views below may already be open (opened before the re-score): each helper returns a
  // reader to poll, so the assertion waits for the view to update in place.

  /** The conversation view of the gemini run: its verdict badge and provenance line. */
  async function conversationView() {
    await commandWithPicks('Intent Lens: Open Conversation', [
      { filter: TASK, row: new RegExp(`sharded-GSM8K/248.*${gemini.model.split('/').pop()!}`) },
    ]);
    const frame = await webviewShowing('[data-testid="provenance"]');
    const provenance = frame.locator('[data-testid="provenance"]');
    await provenance.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    const badge = frame.locator('[data-testid="header"] [data-verdict]').first();
    return async () => ({
      verdict: await badge.getAttribute('data-verdict'),
      source: await badge.getAttribute('data-verdict-source'),
      provenance: await provenance.innerText(),
    });
  }

  /** The In Effect view of the gemini run: its verdict line. */
  async function inEffectVerdict() {
    await commandWithPicks('Intent Lens: Show What Is in Effect', [{ filter: gemini.convId, row: new RegExp(TASK) }]);
    const selector = 'main.il-ineffect [data-testid="verdict"]';
    const verdict = (await webviewShowing(selector)).locator(selector);
    await verdict.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    return () => verdict.innerText();
  }

  /** The Samples table's verdict cell of the gemini run. */
  async function samplesVerdict() {
    await command('Intent Lens: Open Samples Table');
    const selector = `[data-testid="grid"] [data-conv-id="${gemini.convId}"] .il-cell-verdict`;
    const cell = (await webviewShowing(selector)).locator(selector);
    await cell.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    return () => cell.innerText();
  }

  /** The Test Explorer's item of the gemini run under its instance (source, then Original (multi)): its text. */
  async function testExplorerRun() {
    await command('Testing: Focus on Test Explorer View');
    await wb.page.locator('.test-explorer').waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.expandTreeRow(TASK);
    await wb.expandTreeRow(/^\s*Original \(multi\)/);
    const row = await wb.treeRow(gemini.model);
    return () => row.innerText();
  }

  /** The compare view of the gemini (left) and llama (right) runs: each side's verdict and its note. */
  async function compareView() {
    // Compare With…: the source, then the gemini run, then (in the second list, "… with…") the llama run.
    await commandWithPicks('Intent Lens: Compare With…', [
      { row: TASK },
      { row: 'gemini-2.5-flash' },
      { title: /with…/, row: 'llama-4-scout' },
    ]);
    const frame = await webviewShowing('[data-testid="side-left"]');
    const side = async (which: string) => {
      const note = frame.locator(`[data-testid="verdict-note-${which}"]`);
      return {
        verdict: await frame.locator(`[data-testid="verdict-${which}"]`).getAttribute('data-verdict'),
        note: (await note.count()) ? await note.innerText() : '',
      };
    };
    return async () => [await side('left'), await side('right')];
  }

  /** Every view shows ✓ re-scored for the gemini run; the counts say 2 re-scored, 2 changed. */
  async function expectRescoredEverywhere(when: string) {
    await statusBar(/100% correct \(2 re-scored\)/);
    const row = await runRow(gemini.model);
    await expect.poll(() => row.innerText(), { timeout: wb.timeoutMs }).toMatch(/re-scored: ✗→✓/);
    expect(await row.locator('.label-name').innerText()).toMatch(/^\s*✓ /);
    expect(await row.locator('.label-description').innerText()).toMatch(/^\s*correct ·/);
    await wb.screenshot(`${when}-tree`);

    const { frame, cell } = await dashboardCell();
    await expect.poll(() => cell.getAttribute('data-accuracy'), { timeout: wb.timeoutMs }).toBe('100.00');
    expect(await cell.getAttribute('data-n')).toBe('1');
    expect(await frame.locator('[data-testid="verdict-note"]').innerText()).toContain('2 re-scored, 2 changed');
    await wb.screenshot(`${when}-dashboard`);

    await expect
      .poll(await compareView(), { timeout: wb.timeoutMs })
      .toEqual(['left', 'right'].map(() => ({ verdict: 'correct', note: 're-scored, logged ✗' })));
    await wb.screenshot(`${when}-compare`);

    await expect.poll(await conversationView(), { timeout: wb.timeoutMs }).toMatchObject({
      verdict: 'correct',
      source: 're-scored',
      provenance: expect.stringContaining('re-scored (logged incorrect)'),
    });
    await wb.screenshot(`${when}-conversation`);

    await expect.poll(await inEffectVerdict(), { timeout: wb.timeoutMs }).toBe('✓ correct · re-scored, logged ✗');
    await wb.screenshot(`${when}-in-effect`);

    await expect.poll(await samplesVerdict(), { timeout: wb.timeoutMs }).toBe('✓ correct (re-scored)');
    await wb.screenshot(`${when}-samples`);

    await expect.poll(await testExplorerRun(), { timeout: wb.timeoutMs }).toContain('✓ re-scored, logged ✗');
    await wb.screenshot(`${when}-test-explorer`);
  }

  // Each test walks seven views, each wait up to wb.timeoutMs: the file's default per-test limit
  // (180 s) is too short for one slow step on a loaded machine, so each test says its own.
  const VIEWS_MS = 600_000;

  it(
    'shows the logged verdicts before a re-score, and says so',
    async () => {
      await statusBar(/0% correct/);
      expect(await wb.page.locator('.part.statusbar').innerText()).not.toMatch(/re-scored/);
      const row = await runRow(gemini.model);
      expect(await row.locator('.label-name').innerText()).toMatch(/^\s*✗ /);
      expect(await row.locator('.label-description').innerText()).toMatch(/^\s*incorrect ·/);
      expect(await row.innerText()).not.toMatch(/re-scored/);
      const { frame, cell } = await dashboardCell();
      expect(await cell.getAttribute('data-accuracy')).toBe('0.00');
      expect(await frame.locator('[data-testid="verdict-note"]').innerText()).toContain('verdicts as logged');
      expect(await (await compareView())()).toEqual([
        { verdict: 'incorrect', note: '' },
        { verdict: 'incorrect', note: '' },
      ]);
      expect(await (await conversationView())()).toMatchObject({ verdict: 'incorrect', source: 'logged' });
      expect(await (await inEffectVerdict())()).toBe('✗ incorrect');
      expect(await (await samplesVerdict())()).toBe('✗ incorrect');
      const run = await (await testExplorerRun())();
      expect(run).toMatch(/✗/);
      expect(run).not.toMatch(/re-scored/);
      // The dashboard, compare, conversation, In Effect and Samples views and the expanded Test Explorer item stay open: the re-score must update them in place.
    },
    VIEWS_MS,
  );

  it(
    're-scores and every view shows the same re-scored verdict',
    async () => {
      await commandWithPicks('Intent Lens: Re-score', [{ row: 'All run logs' }]);
      await wb.notification(/2 re-scored, 2 correct, 2 verdicts changed/);
      // The sidecar is what a reload reads: it holds both verdicts, changed from the logged ✗.
      await expect.poll(() => existsSync(join(dir, VERDICT_SIDECAR)), { timeout: wb.timeoutMs }).toBe(true);
      await expect
        .poll(
          () =>
            (
              JSON.parse(readFileSync(join(dir, VERDICT_SIDECAR), 'utf8')) as {
                verdicts: Array<{ conv_id: string; is_correct: boolean | null; previous: boolean | null }>;
              }
            ).verdicts
              .filter((v) => v.is_correct === true && v.previous === false)
              .map((v) => v.conv_id)
              .sort(),
          { timeout: wb.timeoutMs },
        )
        .toEqual(RUNS.map((r) => r.convId).sort());
      await expectRescoredEverywhere('rescored');
    },
    VIEWS_MS,
  );

  // Depends on the re-score above (the sidecar it wrote is what the reloaded window reads).
  it(
    'after "Developer: Reload Window" every view still shows the re-scored verdict',
    async () => {
      const reloaded = wb.page.waitForEvent('load', { timeout: wb.timeoutMs });
      // The palette's wait ends with the page it ran in: the reload replaces that page.
      await wb.runCommand('Developer: Reload Window').catch(() => undefined);
      await reloaded;
      await wb.page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: wb.timeoutMs });
      await wb.extensionsActivated();
      await expectRescoredEverywhere('reloaded');
    },
    VIEWS_MS,
  );
});
