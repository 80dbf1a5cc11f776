// Annotations and verdict overrides (issue #39) in a real VS Code: open a failed conversation,
// label turn 3 `leaked-inactive` (on its highlighted span when it has one), override the verdict
// with a reason; the tree, samples table, dashboard cell, status bar and conversation header show
// the adjudicated verdict with its provenance, a reloaded window too (the sidecar under
// .intent-lens/), and "Review Next Unannotated" opens the next unannotated failure. A second
// annotator's sidecar: the dashboard shows the agreement (kappa with n) and the disagreement, which
// opens the conversation; its machine-verdicts switch puts the overridden cell back. The label is
// put on a selected span of turn 3 (shown inline there), the Samples table's Annotations column and
// filter show it, and Retract Annotation… removes it from every view.
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
import { ANNOTATION_SIDECAR } from '../../src/core/annotations/annotationTypes';
import { addEvent, appendAnnotationEvents } from '../../src/core/annotations/annotationWriter';
import { readSidecars } from '../../src/core/annotations/annotationLog';
import { labelAgreement } from '../../src/core/annotations/agreement';

const missing = missingE2eTools();
// Both logged ✗ (failures): the first is annotated, the second is where the queue goes next.

describe.skipIf(missing.length > 0 || !haveData)('annotations and verdict overrides', () => {
  let session: MathPairSession;
  let dir: string;
  let wb: Workbench;
  screenshotOnFailure(() => wb);
  const gemini = RUNS[0]!;
  const cellSelector = `[data-cell="${gemini.model}|math|multi|original"]`;
  const sidecarText = () =>
    existsSync(join(dir, ANNOTATION_SIDECAR)) ? readFileSync(join(dir, ANNOTATION_SIDECAR), 'utf8') : '';

  beforeAll(async () => {
    session = await openMathPairWorkspace('annotations', { INTENT_LENS_REVIEWER: 'tester' });
    ({ dir, wb } = session);
  }, 600_000);

  afterAll(async () => {
    await session?.close();
  });

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

  async function command(label: string) {
    await wb.page
      .locator('.part.sidebar .composite.title')
      .first()
      .click({ position: { x: 4, y: 4 } });
    await wb.runCommand(label);
  }

  const widget = () => wb.page.locator('.quick-input-widget');
  async function pickRow(row: string | RegExp, title?: RegExp) {
    if (title)
      await widget()
        .locator('.quick-input-title', { hasText: title })
        .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await widget()
      .locator('.quick-input-list .monaco-list-row', { hasText: row })
      .first()
      .click({ timeout: wb.timeoutMs });
  }

  async function openGemini() {
    await command('Intent Lens: Open Conversation');
    await widget().locator('input').fill(TASK, { timeout: wb.timeoutMs });
    await pickRow(new RegExp(`sharded-GSM8K/248.*${gemini.model.split('/').pop()!}`));
    return webviewShowing('[data-testid="provenance"]');
  }

  async function runRow() {
    await wb.openView('Intent Lens');
    await wb.expandTreeRow(TASK);
    await wb.expandTreeRow(/^\s*Original\s*multi/);
    return wb.treeRow(new RegExp(`^\\s*[✓✗–] ${gemini.model.split('/').pop()!}`));
  }

  async function expectAdjudicatedEverywhere(when: string) {
    const row = await runRow();
    await expect.poll(() => row.innerText(), { timeout: wb.timeoutMs }).toMatch(/adjudicated: ✗→✓ · ✎2/);
    expect(await row.locator('.label-name').innerText()).toMatch(/^\s*✓ /);
    await wb.screenshot(`${when}-tree`);

    await command('Intent Lens: Open Samples Table');
    const sel = `[data-testid="grid"] [data-conv-id="${gemini.convId}"] .il-cell-verdict`;
    const cell = (await webviewShowing(sel)).locator(sel);
    await expect.poll(() => cell.innerText(), { timeout: wb.timeoutMs }).toMatch(/^✓ correct/);
    const notes = (await webviewShowing(sel)).locator(
      `[data-testid="grid"] [data-conv-id="${gemini.convId}"] .il-cell-annotations`,
    );
    await expect.poll(() => notes.innerText(), { timeout: wb.timeoutMs }).toBe('⚖✓ · leaked-inactive');
    await wb.screenshot(`${when}-samples`);

    await command('Intent Lens: Open Dashboard');
    const dash = (await webviewShowing(cellSelector)).locator(cellSelector);
    await expect.poll(() => dash.getAttribute('data-accuracy'), { timeout: wb.timeoutMs }).toBe('100.00');
    await wb.screenshot(`${when}-dashboard`);

    const frame = await openGemini();
    await expect
      .poll(() => frame.locator('[data-testid="provenance"]').innerText(), { timeout: wb.timeoutMs })
      .toMatch(
        /adjudicated \(logged incorrect\): overridden by tester on \d{4}-\d\d-\d\d: leaked-inactive, comma grouped answer/,
      );
    expect(await frame.locator('[data-testid="annotations"]').innerText()).toMatch(/U3.*leaked-inactive/);
    await wb.page
      .locator('.part.statusbar .statusbar-item', { hasText: /✓ adjudicated · ✎2/ })
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.screenshot(`${when}-conversation`);
  }

  it('labels turn 3, overrides the verdict, and every view shows the adjudicated verdict', async () => {
    const frame = await openGemini();
    expect(await frame.locator('[data-testid="provenance"]').innerText()).toMatch(/^logged/);
    // Turn 3's highlighted inactive span (else the first words of its reply), selected in the page.
    await frame.locator('[data-testid="transcript"]').focus();
    await frame.locator('[data-testid="transcript"]').press('j');
    await frame.locator('[data-testid="transcript"]').press('j');
    const turn3 = frame.locator('[data-testid="turn"][data-turn="2"]');
    await turn3.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    const target = (await turn3.locator('[data-testid="reply"] mark[data-inactive]').count())
      ? turn3.locator('[data-testid="reply"] mark[data-inactive]').first()
      : turn3.locator('[data-testid="reply"] p').first();
    const selected = await target.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      window.getSelection()!.removeAllRanges();
      window.getSelection()!.addRange(range);
      return window.getSelection()!.toString().trim();
    });
    expect(selected.length).toBeGreaterThan(0);
    // The view's key A annotates the selection on its turn (the header's "Annotate…" does the same).
    await frame.locator('[data-testid="transcript"]').press('a');
    await pickRow('leaked-inactive', /a label, or a note/);
    await expect
      .poll(sidecarText, { timeout: wb.timeoutMs })
      .toMatch(/"turn":3,"span":\{"start":\d+,"end":\d+,"text":".+"\}.*"value":"leaked-inactive"/);
    const span = (JSON.parse(sidecarText().trim()) as { annotation: { span: { text: string } } }).annotation.span;
    expect(span.text).toBe(selected);
    // Inline, under turn 3, with the span's text.
    await expect
      .poll(() => frame.locator('[data-testid="turn-annotations"][data-turn="3"]').innerText(), {
        timeout: wb.timeoutMs,
      })
      .toContain(`leaked-inactive on “${selected}”`);
    await wb.screenshot('span-inline');

    await command('Intent Lens: Override Verdict…');
    await pickRow('✓ correct', /Override Verdict/);
    const input = widget().locator('input');
    await widget()
      .locator('.quick-input-title', { hasText: /why\? \(required\)/ })
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await input.press('Enter');
    // An empty reason is refused: the box stays with its message.
    await expect.poll(() => widget().innerText(), { timeout: wb.timeoutMs }).toMatch(/needs a reason/);
    await input.fill('comma grouped answer');
    await input.press('Enter');
    await expect
      .poll(() => readFileSync(join(dir, ANNOTATION_SIDECAR), 'utf8').trim().split('\n').length, {
        timeout: wb.timeoutMs,
      })
      .toBe(2);
    await expectAdjudicatedEverywhere('overridden');
  }, 600_000);

  it('a reloaded window still shows the adjudicated verdict', async () => {
    // A built-in view container restores at once after the reload (Intent Lens's registers with its extension).
    await wb.openView('Explorer');
    const reloaded = wb.page.waitForEvent('load', { timeout: wb.timeoutMs });
    await wb.runCommand('Developer: Reload Window').catch(() => undefined);
    await reloaded;
    await wb.page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.extensionsActivated();
    await wb.page
      .locator('.part.statusbar .statusbar-item', { hasText: /\d+ records · \d+ conversations/ })
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await expectAdjudicatedEverywhere('reloaded');
  }, 600_000);

  it('the Samples table filters on annotations: a label, then unannotated, then none', async () => {
    await command('Intent Lens: Open Samples Table');
    const grid = await webviewShowing('[data-column="annotations"] .il-filter-button');
    const rows = grid.locator('[data-testid="grid"] [role="row"]');
    const choose = async (value: string) => {
      await grid.locator('[data-column="annotations"] .il-filter-button').click();
      await grid.locator(`[data-column="annotations"] .il-filter-option[data-value="${value}"] input`).click();
      await grid.locator('[data-column="annotations"] .il-filter-button').press('Escape');
    };
    await choose('label:leaked-inactive');
    await expect
      .poll(() => grid.locator('[data-testid="row-count"]').innerText(), { timeout: wb.timeoutMs })
      .toBe('1 of 2 conversations');
    await expect.poll(() => rows.first().getAttribute('data-conv-id'), { timeout: wb.timeoutMs }).toBe(gemini.convId);
    await wb.screenshot('samples-filter-label');
    // Both chosen: any of them (the annotated run and the unannotated one).
    await choose('unannotated');
    await expect
      .poll(() => grid.locator('[data-testid="row-count"]').innerText(), { timeout: wb.timeoutMs })
      .toBe('2 conversations');
    await choose('label:leaked-inactive');
    await expect.poll(() => rows.first().getAttribute('data-conv-id'), { timeout: wb.timeoutMs }).toBe(RUNS[1].convId);
    expect(await grid.locator('[data-testid="filter-description"]').innerText()).toBe(
      'filtered: annotations: unannotated',
    );
    // The tree follows the table's filter (one model); cleared for the queue, which walks the tree's filter.
    await grid.getByRole('button', { name: 'Clear Filters' }).click();
    await expect
      .poll(() => grid.locator('[data-testid="row-count"]').innerText(), { timeout: wb.timeoutMs })
      .toBe('2 conversations');
  }, 300_000);

  it('Review Next Unannotated opens the next failure without annotations', async () => {
    await command('Intent Lens: Review Next Unannotated');
    await wb.page
      .locator('.tab', { hasText: /llama-4-scout/ })
      .first()
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.screenshot('queue-next');
  }, 300_000);

  it('a second annotator: the dashboard shows kappa with n and the disagreement opens the conversation', async () => {
    // reviewer2 labels the overridden conversation verifier-wrong but not leaked-inactive (tester's label).
    const second = join(dir, '.intent-lens', 'annotations-reviewer2.jsonl');
    await appendAnnotationEvents(second, [
      addEvent({
        conv_id: gemini.convId,
        kind: 'label',
        value: 'verifier-wrong',
        by: 'reviewer2',
        basis: { verdict_source: 'logged', log_file: join(dir, 'logs', gemini.log), log_line: 1 },
      }),
    ]);
    const expected = labelAgreement((await readSidecars([join(dir, ANNOTATION_SIDECAR), second])).annotations).find(
      (r) => r.label === 'leaked-inactive',
    )!;
    expect(expected).toMatchObject({ annotators: ['reviewer2', 'tester'], n: 1 });

    await command('Intent Lens: Open Dashboard');
    const rowSel = '[data-agreement="leaked-inactive|reviewer2|tester"]';
    const dash = await webviewShowing(rowSel);
    await expect
      .poll(() => dash.locator(`${rowSel} [data-testid="kappa"]`).innerText(), { timeout: wb.timeoutMs })
      .toBe(expected.kappa === null ? '–' : expected.kappa.toFixed(2));
    expect(await dash.locator(`${rowSel} [data-testid="kappa-n"]`).innerText()).toBe('1');
    // The override's note and its switch: the machine verdict puts the cell back at 0%.
    expect(await dash.locator('[data-testid="override-text"]').innerText()).toMatch(
      /1 human override changed 1 conversation verdict and 1 Table 1 cell/,
    );
    await dash.locator('[data-testid="machine-verdicts"]').click();
    await expect
      .poll(() => dash.locator(cellSelector).getAttribute('data-accuracy'), { timeout: wb.timeoutMs })
      .toBe('0.00');
    await dash.locator('[data-testid="machine-verdicts"]').click();
    await expect
      .poll(() => dash.locator(cellSelector).getAttribute('data-accuracy'), { timeout: wb.timeoutMs })
      .toBe('100.00');
    await wb.screenshot('agreement');

    const disagreement = dash.locator('[data-testid="disagreement"]', { hasText: 'leaked-inactive: tester yes' });
    expect(await disagreement.getAttribute('data-conv-id')).toBe(gemini.convId);
    await disagreement.focus();
    await disagreement.press('Enter');
    await wb.page
      .locator('.tab.active', { hasText: /gemini-2\.5-flash/ })
      .first()
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.screenshot('disagreement-opened');
  }, 300_000);

  it('Retract Annotation… asks, then every view drops the label; the override and the other annotator’s label stay', async () => {
    const frame = await openGemini();
    await command('Intent Lens: Retract Annotation…');
    await pickRow(/leaked-inactive/, /Retract Annotation: which one\?/);
    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    expect(await dialog.innerText()).toMatch(/Retract the annotation U3/);
    await dialog.locator('.monaco-button', { hasText: /^Retract$/ }).click();
    await expect
      .poll(() => sidecarText().trim().split('\n').at(-1), { timeout: wb.timeoutMs })
      .toMatch(/"event":"retract"/);
    await expect
      .poll(() => frame.locator('[data-testid="annotations"]').innerText(), { timeout: wb.timeoutMs })
      .not.toMatch(/leaked-inactive/);
    expect(await frame.locator('[data-testid="turn-annotations"]').count()).toBe(0);
    expect(await frame.locator('[data-testid="provenance"]').innerText()).toMatch(/^adjudicated/);
    await wb.page
      .locator('.part.statusbar .statusbar-item', { hasText: /✓ adjudicated · ✎2/ })
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await command('Intent Lens: Open Samples Table');
    const sel = `[data-testid="grid"] [data-conv-id="${gemini.convId}"] .il-cell-annotations`;
    const cell = (await webviewShowing(sel)).locator(sel);
    await expect.poll(() => cell.innerText(), { timeout: wb.timeoutMs }).toBe('⚖✓ · verifier-wrong');
    await wb.screenshot('retracted');
  }, 300_000);
});
