// Annotations and verdict overrides (issue #39) in a real VS Code: open a failed conversation,
// label turn 3 `leaked-inactive` (on its highlighted span when it has one), override the verdict
// with a reason; the tree, samples table, dashboard cell, status bar and conversation header show
// the adjudicated verdict with its provenance, a reloaded window too (the sidecar under
// .intent-lens/), and "Review Next Unannotated" opens the next unannotated failure. A second
// annotator's sidecar: the dashboard shows the agreement (kappa with n) and the disagreement, which
// opens the conversation; its machine-verdicts switch puts the overridden cell back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FrameLocator } from 'playwright-core';
import {
  missingE2eTools,
  openWorkbench,
  screenshotOnFailure,
  sharedDataDir,
  startCodeServer,
  type CodeServer,
  type Workbench,
} from './harness';
import { ANNOTATION_SIDECAR } from '../../src/core/annotations/annotationTypes';
import { addEvent, appendAnnotationEvents } from '../../src/core/annotations/annotationWriter';
import { readSidecars } from '../../src/core/annotations/annotationLog';
import { labelAgreement } from '../../src/core/annotations/agreement';

const missing = missingE2eTools();
const TASK = 'sharded-GSM8K/248';
// Both logged ✗ (failures): the first is annotated, the second is where the queue goes next.
const RUNS = [
  {
    convId: '6a33dd2b642cb1563bb94701',
    model: 'google/gemini-2.5-flash',
    log: 'snowball-stateful_math_google_gemini-2.5-flash.jsonl',
  },
  {
    convId: '6a34d0cba325b32d812ae088',
    model: 'meta-llama/llama-4-scout',
    log: 'snowball-stateful_math_meta-llama_llama-4-scout.jsonl',
  },
];
const mathLogs = join(sharedDataDir, 'logs/math/snowball-stateful');
const recordsFile = join(sharedDataDir, 'intent-sample.records.jsonl');
const haveData = existsSync(recordsFile) && RUNS.every((r) => existsSync(join(mathLogs, r.log)));

function lineWith(file: string, key: string, value: string): string {
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.includes(value) && (JSON.parse(l) as Record<string, unknown>)[key] === value);
  if (!line) throw new Error(`no line with ${key}=${value} in ${file}`);
  return line;
}

describe.skipIf(missing.length > 0 || !haveData)('annotations and verdict overrides', () => {
  let dir: string;
  let server: CodeServer;
  let wb: Workbench;
  screenshotOnFailure(() => wb);
  const gemini = RUNS[0]!;
  const cellSelector = `[data-cell="${gemini.model}|math|multi|original"]`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'intent-lens-annotations-'));
    writeFileSync(join(dir, 'gsm8k.records.jsonl'), lineWith(recordsFile, 'task_id', TASK) + '\n');
    mkdirSync(join(dir, 'logs'));
    for (const r of RUNS)
      writeFileSync(join(dir, 'logs', r.log), lineWith(join(mathLogs, r.log), 'conv_id', r.convId) + '\n');
    server = await startCodeServer({ workspace: dir, env: { INTENT_LENS_REVIEWER: 'tester' } });
    wb = await openWorkbench(server, { suite: 'annotations', timeoutMs: 180_000 });
    await wb.openView('Intent Lens');
    await wb.extensionsActivated();
    await wb.page
      .locator('.part.statusbar .statusbar-item', { hasText: /\d+ records · \d+ conversations/ })
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
  }, 600_000);

  afterAll(async () => {
    await wb?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
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
    await command('Intent Lens: Annotate Turn…');
    await pickRow('U3', /which turn/);
    // Turn 3's highlighted span, when the detector found one there; else the label applies to the turn.
    const spanTitle = widget().locator('.quick-input-title', { hasText: /highlighted span|a label, or a note/ });
    await spanTitle.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    if (/highlighted span/.test(await spanTitle.innerText()))
      await wb.page.locator('.quick-input-list .monaco-list-row').nth(1).click({ timeout: wb.timeoutMs });
    await pickRow('leaked-inactive', /a label, or a note/);
    await expect
      .poll(
        () => (existsSync(join(dir, ANNOTATION_SIDECAR)) ? readFileSync(join(dir, ANNOTATION_SIDECAR), 'utf8') : ''),
        { timeout: wb.timeoutMs },
      )
      .toMatch(/"turn":3.*"value":"leaked-inactive"/);

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
});
