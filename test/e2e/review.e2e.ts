// Review workflow in a real VS Code (code-server): open the revision editor on a record, break the
// proposal (the check fires live in the editor and in the Problems panel), fix it, approve (the
// loop moves on to the next pending record), save, check that only the edited line changed on
// disk, then undo the approval in the text editor. Also: a record changed on disk is never
// overwritten, closing the editor with pending edits asks first, and Apply Templates goes through
// the refactor preview, where one record is accepted and the other stays byte for byte on disk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  missingE2eTools,
  openWorkbench,
  screenshotOnFailure,
  startCodeServer,
  type CodeServer,
  type Workbench,
} from './harness';
import { screenshotInThemes } from './colorThemes';

const missing = missingE2eTools();

function record(taskId: string, extra: Record<string, unknown> = {}) {
  return {
    task_id: taskId,
    task: 'math',
    shards: [
      { shard_id: 1, shard_text: 'calculate how much the chef spent on onions' },
      { shard_id: 2, shard_text: 'the chef bought 4 bags of onions' },
      { shard_id: 3, shard_text: 'each bag weighs 50 pounds' },
    ],
    question: 'A chef bought 4 bags of onions. Each bag weighs 50 pounds. How much?',
    answer: '#### 300',
    intent: {
      shard_id: 2,
      requirement: 'number of bags',
      original: '4 bags',
      revised: '2 bags',
      proposal: 'Hmm, actually I think the chef only bought 2 bags. Can we go with 2 bags instead?',
      accept: "Yes, let's go with that change.",
      reject: 'On second thought, no. Keep the number of bags the way I first said it.',
      neutral: [
        'Does the number of bags make a big difference here?',
        "You're multiplying by the number of bags I mentioned, right?",
      ],
      connector: 'Before you go, I have one quick last minute thought:',
      single_turn: {
        original: 'A chef bought 4 bags of onions. Each bag weighs 50 pounds. How much?',
        direct_revised: 'A chef bought 2 bags of onions. Each bag weighs 50 pounds. How much?',
      },
      reference: { original: 300, revised: 150 },
      review: { status: 'pending', note: 'awaiting', by: 'data-build', at: '2026-11-29' },
      unknown_intent_field: [1, { keep: true }],
    },
    provenance: 'made for this test',
    ...extra,
  };
}

// Python-style separators, as real data is written: the untouched line must survive byte for byte.
const pyJson = (v: unknown): string => {
  if (Array.isArray(v)) return `[${v.map(pyJson).join(', ')}]`;
  if (v && typeof v === 'object')
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}: ${pyJson(x)}`)
      .join(', ')}}`;
  return JSON.stringify(v);
};

describe.skipIf(missing.length > 0)('review workflow', () => {
  let dir: string;
  let file: string;
  let original: string;
  let server: CodeServer;
  let wb: Workbench;
  screenshotOnFailure(() => wb);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'intent-lens-review-'));
    file = join(dir, 'review.records.jsonl');
    original = `${pyJson(record('rev/1'))}\n${pyJson(record('rev/2'))}\n`;
    writeFileSync(file, original);
    server = await startCodeServer({ workspace: dir });
    // Generous waits: the shared 2-core machine is often loaded.
    wb = await openWorkbench(server, { suite: 'review', timeoutMs: 180_000 });
    await wb.extensionsActivated();
  }, 600_000);

  afterAll(async () => {
    await wb?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const statusBar = (text: RegExp) =>
    wb.page.locator('.part.statusbar', { hasText: text }).waitFor({ state: 'visible', timeout: wb.timeoutMs });

  it('edits a proposal, sees the check in Problems, fixes it, approves, saves and undoes', async () => {
    await statusBar(/0 of 2 reviewed/);
    await wb.runCommand('Intent Lens: Review Next Pending');
    const frame = wb.webviewFrame();
    await frame.locator('body[data-rendered="true"]').waitFor({ state: 'attached', timeout: wb.timeoutMs });
    await expect.poll(() => frame.locator('[data-testid="task-id"]').innerText()).toBe('rev/1');
    // All eight instances render in the preview, with the active value of each.
    await expect.poll(() => frame.locator('.il-instances').first().locator('.il-instance').count()).toBe(8);
    expect(await frame.locator('[data-testid="preview-multi-revised"] [data-testid="active-value"]').innerText()).toBe(
      '2 bags',
    );
    expect(await frame.locator('[data-testid="preview-multi-retained"] [data-testid="active-value"]').innerText()).toBe(
      '4 bags',
    );

    // Break the proposal: it no longer states the revised value.
    const proposal = frame.locator('[data-testid="proposal"] .view-lines');
    await proposal.click();
    await wb.page.keyboard.press('Control+A');
    await wb.page.keyboard.type('Can we change the number of bags?');
    await frame
      .locator('.il-issue[data-code="intent-proposal-missing-value"]')
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    // The check is listed as failed, and the header's counts are those of the listed findings.
    expect(
      await frame.locator('.il-check[data-code="intent-proposal-missing-value"]').getAttribute('data-outcome'),
    ).toBe('fail');
    const counts = frame.locator('[data-testid="check-counts"]');
    const listed = await frame.locator('.il-check-list .il-issue').count();
    const counted = ['data-errors', 'data-warnings', 'data-notes'].map(async (a) =>
      Number(await counts.getAttribute(a)),
    );
    expect((await Promise.all(counted)).reduce((x, y) => x + y, 0)).toBe(listed);
    expect(await counts.innerText()).toMatch(/1 warning/);
    await frame.locator('[data-testid="apply"]').click();
    await frame.locator('[data-testid="message"]', { hasText: /Applied/ }).waitFor({ timeout: wb.timeoutMs });
    // Applied but not saved: the editor says so in words, with the file's name and a Save button.
    await frame
      .locator('[data-testid="unsaved"]', { hasText: 'Unsaved: review.records.jsonl' })
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await expect
      .poll(
        async () => (await wb.problems()).filter((p) => /does not mention the revised value/.test(p.message)).length,
        { timeout: wb.timeoutMs },
      )
      .toBe(1);
    await wb.screenshot('check-fired');

    // Fix it.
    await proposal.click();
    await wb.page.keyboard.press('Control+A');
    await wb.page.keyboard.type('Can we go with 2 bags instead?');
    await expect.poll(() => frame.locator('.il-issue[data-code="intent-proposal-missing-value"]').count()).toBe(0);
    await frame.locator('[data-testid="apply"]').click();
    await expect
      .poll(
        async () => (await wb.problems()).filter((p) => /does not mention the revised value/.test(p.message)).length,
        { timeout: wb.timeoutMs },
      )
      .toBe(0);

    // Approve with a note: saved at once (with the applied proposal), then the next pending record.
    await frame.locator('[data-testid="review-note"] input').fill('clear and consistent');
    await frame.locator('[data-testid="approve"]').click();
    await expect
      .poll(() => frame.locator('[data-testid="task-id"]').innerText(), { timeout: wb.timeoutMs })
      .toBe('rev/2');
    await statusBar(/1 of 2 reviewed/);
    expect(await frame.locator('[data-testid="unsaved"]').count()).toBe(0);

    // Check the file: only line 1 changed, every other byte is the same.
    const saved = readFileSync(file, 'utf8').split('\n');
    const before = original.split('\n');
    expect(saved.length).toBe(before.length);
    expect(saved[1]).toBe(before[1]);
    expect(saved[2]).toBe(before[2]);
    const rec = JSON.parse(saved[0]!);
    expect(rec.intent.proposal).toBe('Can we go with 2 bags instead?');
    expect(rec.intent.review).toMatchObject({ status: 'approved', note: 'clear and consistent' });
    expect(rec.intent.unknown_intent_field).toEqual([1, { keep: true }]);
    expect(Object.keys(rec)).toEqual(Object.keys(JSON.parse(before[0]!)));
    await wb.screenshot('approved-saved');

    // Undo the approval in the text editor: the review goes back to pending (unsaved).
    await wb.page.locator('.monaco-workbench').focus();
    await wb.page.keyboard.press('Control+P');
    const input = wb.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await input.fill('review.records.jsonl');
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'review.records.jsonl' })
      .first()
      .waitFor({ timeout: wb.timeoutMs });
    await wb.page.keyboard.press('Enter');
    await wb.page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
    await wb.page.keyboard.press('Control+Z');
    await statusBar(/0 of 2 reviewed/);
    expect(
      await wb.page.locator('.tab.active.dirty, .tab.active .dirty, .tabs-container .tab.dirty').count(),
    ).toBeGreaterThan(0);
  }, 600_000);

  it('never overwrites a record changed on disk: the editor reports the conflict and writes nothing', async () => {
    // Start from a clean document equal to the file on disk.
    await wb.runCommand('File: Revert File');
    await statusBar(/1 of 2 reviewed/);
    await wb.runCommand('Intent Lens: Edit Revision');
    const input = wb.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await input.fill('rev/2');
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'rev/2' })
      .first()
      .waitFor({ timeout: wb.timeoutMs });
    await wb.page.keyboard.press('Enter');
    const frame = wb.webviewFrame();
    await expect
      .poll(() => frame.locator('[data-testid="task-id"]').innerText(), { timeout: wb.timeoutMs })
      .toBe('rev/2');

    // An unapplied edit in the editor…
    await frame.locator('[data-testid="proposal"] .view-lines').click();
    await wb.page.keyboard.press('Control+A');
    await wb.page.keyboard.type('Could it be 2 bags, then?');
    await frame.locator('[data-testid="modified"]').waitFor({ state: 'visible', timeout: wb.timeoutMs });
    // …while another tool rewrites the same record on disk.
    const lines = readFileSync(file, 'utf8').split('\n');
    const external = JSON.parse(lines[1]!);
    external.intent.reject = 'Changed by another tool.';
    lines[1] = pyJson(external);
    const externalText = lines.join('\n');
    writeFileSync(file, externalText);

    await frame.locator('[data-testid="apply"]').click();
    await frame.locator('[data-testid="conflict"]').waitFor({ state: 'visible', timeout: wb.timeoutMs });
    expect(await frame.locator('[data-testid="conflict"]').innerText()).toMatch(/changed/i);
    await wb.screenshot('conflict');
    // Nothing was written over the external change, on disk or in the document.
    expect(readFileSync(file, 'utf8')).toBe(externalText);
    await frame.locator('[data-testid="reload"]').click();
    await expect
      .poll(
        () =>
          frame.locator('[data-testid="reject-text"]').evaluate((el) => (el as HTMLElement & { value: string }).value),
        { timeout: wb.timeoutMs },
      )
      .toBe('Changed by another tool.');
  }, 600_000);

  it('closing the editor with unapplied edits asks first; Discard writes nothing', async () => {
    // The records document, not the revision editor, is the one to revert. With a webview active,
    // closing the palette hands focus back to the webview asynchronously, which could close the
    // record picker the next command opens.
    await wb.page.locator('.tabs-container .tab', { hasText: 'review.records.jsonl' }).first().click();
    await wb.page
      .locator('.tabs-container .tab.active', { hasText: 'review.records.jsonl' })
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.runCommand('File: Revert File');
    await wb.runCommand('Intent Lens: Edit Revision');
    const input = wb.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await input.fill('rev/1');
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'rev/1' })
      .first()
      .waitFor({ timeout: wb.timeoutMs });
    await wb.page.keyboard.press('Enter');
    const frame = wb.webviewFrame();
    await expect
      .poll(() => frame.locator('[data-testid="task-id"]').innerText(), { timeout: wb.timeoutMs })
      .toBe('rev/1');
    const onDisk = readFileSync(file, 'utf8');
    await frame.locator('[data-testid="proposal"] .view-lines').click();
    await wb.page.keyboard.press('Control+A');
    await wb.page.keyboard.type('Shall we take 2 bags after all?');
    await frame.locator('[data-testid="modified"]').waitFor({ state: 'visible', timeout: wb.timeoutMs });
    // Close the revision editor (the active editor).
    await wb.runCommand('View: Close Editor');
    const dialog = wb.page.locator('.monaco-dialog-box', { hasText: /closed with unapplied edits to rev\/1/ });
    await dialog.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.screenshot('close-with-pending-edits');
    await dialog.locator('.monaco-button', { hasText: 'Discard Edits' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: wb.timeoutMs });
    expect(readFileSync(file, 'utf8')).toBe(onDisk);
  }, 600_000);

  it('Apply Templates previews per record: accept one, leave out another, whose bytes stay untouched', async () => {
    const tplFile = join(dir, 'templates.records.jsonl');
    const tplOriginal = `${pyJson(record('tpl/1'))}\n${pyJson(record('tpl/2'))}\n`;
    writeFileSync(tplFile, tplOriginal);
    mkdirSync(join(dir, '.intent-lens'), { recursive: true });
    writeFileSync(
      join(dir, '.intent-lens', 'templates.json'),
      JSON.stringify({
        version: 1,
        sets: [{ id: 'terse', proposal: ['Use {revised}.'], accept: ['Yes.'], reject: ['No.'] }],
      }),
    );
    await wb.runCommand('Intent Lens: Refresh Data');
    await wb.runCommand('Intent Lens: Apply Templates');
    const input = wb.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    // Records: tpl/1 and tpl/2.
    for (const id of ['tpl/1', 'tpl/2'])
      await wb.page.locator('.quick-input-list .monaco-list-row', { hasText: id }).first().click();
    await wb.page
      .locator('.quick-input-widget', { hasText: '2 Selected' })
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.page.keyboard.press('Enter');
    // Hand-written fields: replace them too (the records' messages were written by a person).
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'Replace hand-written text too' })
      .first()
      .click();
    // The refactor preview: nothing is checked until the user accepts it (needsConfirmation).
    // Grouped by type, each record is one entry (its label) over its file and its field changes.
    const preview = wb.page.locator('.bulk-edit-panel');
    await preview.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.page.locator('.part.panel .action-label[aria-label*="Group Changes By Type"]').first().click();
    const entry = (id: string) => preview.locator('.monaco-list-row[aria-level="1"]', { hasText: id }).first();
    // The row under a record's entry: its file, whose checkbox accepts every change of that record.
    const fileRowOf = async (id: string) => {
      const index = Number(await entry(id).getAttribute('data-index'));
      return preview.locator(`.monaco-list-row[data-index="${index + 1}"][aria-level="2"]`, {
        hasText: 'templates.records.jsonl',
      });
    };
    for (const id of ['tpl/1', 'tpl/2']) await entry(id).waitFor({ state: 'visible', timeout: wb.timeoutMs });
    // Each change is one field, small enough to read: the old proposal struck out, the new one after it.
    await preview
      .locator('.monaco-list-row', { hasText: 'Use 2 bags.' })
      .first()
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.screenshot('templates-preview');
    const accept1 = (await fileRowOf('tpl/1')).locator('.edit-checkbox');
    const accept2 = (await fileRowOf('tpl/2')).locator('.edit-checkbox');
    expect(await accept1.getAttribute('aria-checked')).toBe('false');
    await accept1.click();
    await expect.poll(() => accept1.getAttribute('aria-checked'), { timeout: wb.timeoutMs }).toBe('true');
    expect(await accept2.getAttribute('aria-checked')).toBe('false');
    await wb.screenshot('templates-preview-accepted');
    await preview
      .locator('.monaco-button', { hasText: /^Apply$/ })
      .first()
      .click();
    await preview.waitFor({ state: 'hidden', timeout: wb.timeoutMs });
    // The accepted change is in the document, shown in an editor (unsaved), and the message names
    // what was accepted and what was left out; its Save button writes the file.
    await wb.page
      .locator('.tabs-container .tab.dirty', { hasText: 'templates.records.jsonl' })
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    expect(readFileSync(tplFile, 'utf8')).toBe(tplOriginal);
    const message = await wb.notification(/templates applied to tpl\/1/, { action: 'Save' });
    expect(message).toMatch(/left out tpl\/2/);
    await expect
      .poll(
        () => {
          const t = readFileSync(tplFile, 'utf8');
          return t !== tplOriginal && t.endsWith('\n') && t.split('\n').length === tplOriginal.split('\n').length;
        },
        { timeout: wb.timeoutMs },
      )
      .toBe(true);
    await wb.page
      .locator('.tabs-container .tab.dirty', { hasText: 'templates.records.jsonl' })
      .waitFor({ state: 'detached', timeout: wb.timeoutMs });
    const saved = readFileSync(tplFile, 'utf8').split('\n');
    const before = tplOriginal.split('\n');
    expect(saved.length).toBe(before.length);
    const rec1 = JSON.parse(saved[0]!);
    expect(rec1.intent).toMatchObject({ proposal: 'Use 2 bags.', accept: 'Yes.', reject: 'No.' });
    // Fields the set does not cover are untouched, and the record keeps its key order.
    expect(rec1.intent.neutral).toEqual(record('tpl/1').intent.neutral);
    expect(Object.keys(rec1)).toEqual(Object.keys(JSON.parse(before[0]!)));
    // The record left out of the preview: byte for byte as it was.
    expect(saved[1]).toBe(before[1]);
    await wb.screenshot('templates-applied');
  }, 600_000);
  it("Needs Work with a note is on disk before the next pending record shows; the records file shows each line's status", async () => {
    // q/1 and q/3 pending, q/2 without a review block (not queued), q/4 a plain record (no revision).
    const queueFile = join(dir, 'queue.records.jsonl');
    const noReview = record('q/2');
    delete (noReview.intent as { review?: unknown }).review;
    const plain: Record<string, unknown> = record('q/4');
    delete plain.intent;
    writeFileSync(queueFile, [record('q/1'), noReview, record('q/3'), plain].map(pyJson).join('\n') + '\n');
    await wb.runCommand('Intent Lens: Refresh Data');
    await wb.runCommand('Intent Lens: Edit Revision');
    const input = wb.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await input.fill('q/1');
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'q/1' })
      .first()
      .waitFor({ timeout: wb.timeoutMs });
    await wb.page.keyboard.press('Enter');
    const frame = wb.webviewFrame();
    await expect
      .poll(() => frame.locator('[data-testid="task-id"]').innerText(), { timeout: wb.timeoutMs })
      .toBe('q/1');
    // The rule in the button: only records whose review status is "pending" are next.
    await expect
      .poll(() => frame.locator('[data-testid="next"]').innerText(), { timeout: wb.timeoutMs })
      .toMatch(/^Next pending \(\d+ left\)$/);
    // The text boxes fit their text: no inner scrolling in the reject and clarification boxes.
    for (const id of ['reject-text', 'neutral-0', 'neutral-1']) {
      await expect
        .poll(
          () =>
            frame.locator(`[data-testid="${id}"]`).evaluate((el) => {
              const t = (el as HTMLElement & { wrappedElement?: HTMLTextAreaElement }).wrappedElement;
              return t ? t.scrollHeight - t.clientHeight : 99;
            }),
          { timeout: wb.timeoutMs },
        )
        .toBeLessThanOrEqual(1);
    }
    await screenshotInThemes(wb, 'revision-editor', () => wb.webviewFrame());

    // Needs Work with a note, by keyboard (Alt+W): on disk when the next record (q/3, not q/2) shows.
    await frame.locator('[data-testid="review-note"] input').fill('the neutral questions give the answer away');
    await frame.locator('[data-testid="review-note"] input').press('Alt+w');
    await expect
      .poll(() => frame.locator('[data-testid="task-id"]').innerText(), { timeout: wb.timeoutMs })
      .toBe('q/3');
    const onDisk = readFileSync(queueFile, 'utf8').split('\n');
    expect(JSON.parse(onDisk[0]!).intent.review).toMatchObject({
      status: 'needs-work',
      note: 'the neutral questions give the answer away',
    });
    expect(onDisk[1]).toBe(pyJson(noReview));
    expect(await frame.locator('[data-testid="notice"]').innerText()).toMatch(
      /needs work: q\/1 \(saved\)\. Now showing q\/3 \(next pending\)/i,
    );
    expect(await frame.locator('[data-testid="unsaved"]').count()).toBe(0);
    await wb.screenshot('needs-work-saved-next');

    // Approve the rest of the queue by keyboard until the editor says none is left.
    for (let i = 0; i < 12; i++) {
      const notice = await frame.locator('[data-testid="notice"]').innerText();
      if (/No record left pending review/.test(notice)) break;
      const shown = await frame.locator('[data-testid="task-id"]').innerText();
      await frame.locator('[data-testid="review-note"] input').press('Alt+a');
      await expect
        .poll(
          async () =>
            `${await frame.locator('[data-testid="task-id"]').innerText()}|${await frame.locator('[data-testid="notice"]').innerText()}`,
          { timeout: wb.timeoutMs },
        )
        .toMatch(new RegExp(`Approved ${shown.replace(/\//g, '\\/')} \\(saved\\)\\.`));
    }
    await expect
      .poll(() => frame.locator('[data-testid="notice"]').innerText(), { timeout: wb.timeoutMs })
      .toMatch(/No record left pending review/);
    expect(await frame.locator('[data-testid="next"]').innerText()).toBe('Next pending (none left)');
    // q/2 was never shown: it has no review block, so it is not pending.
    expect(JSON.parse(readFileSync(queueFile, 'utf8').split('\n')[1]!).intent.review).toBeUndefined();

    // The records file: each line says its status above it, and a hover lists its checks.
    // Quick Open's file index may not list a file written during the test yet ("No matching results"
    // was seen under load): ask again until it does, as a user would.
    const queueRow = wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'queue.records.jsonl' }).first();
    const quickOpenDeadline = Date.now() + wb.timeoutMs;
    for (;;) {
      await wb.page.locator('.monaco-workbench').focus();
      await wb.page.keyboard.press('Control+P');
      await input.waitFor({ state: 'visible', timeout: wb.timeoutMs });
      await input.fill('queue.records.jsonl');
      try {
        await queueRow.waitFor({ timeout: Math.max(1, Math.min(5_000, quickOpenDeadline - Date.now())) });
        break;
      } catch (e) {
        if (Date.now() >= quickOpenDeadline) throw e;
        await wb.page.keyboard.press('Escape');
        await input.waitFor({ state: 'hidden', timeout: wb.timeoutMs });
      }
    }
    await wb.page.keyboard.press('Enter');
    const editor = wb.page.locator('.editor-group-container.active .monaco-editor').first();
    const lens = (text: string) => editor.locator('.codelens-decoration', { hasText: text }).first();
    for (const text of [
      'Review: needs work: the neutral questions give the answer away',
      'Review: ✓ approved',
      'Review: no review',
      'Review: no revision',
    ]) {
      await lens(text).waitFor({ state: 'visible', timeout: wb.timeoutMs });
    }
    await lens(' passed, ').waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.screenshot('records-file-status');
    // Hover on line 2 (q/2, no review): its checks, the missing review among them.
    await editor.locator('.view-lines').click();
    await wb.page.keyboard.press('Control+Home');
    await wb.page.keyboard.press('ArrowDown');
    await wb.page.keyboard.press('Control+K');
    await wb.page.keyboard.press('Control+I');
    const hover = wb.page.locator('.monaco-hover', { hasText: 'q/2' }).first();
    await hover.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    const text = await hover.innerText();
    expect(text).toMatch(/review: no review/);
    expect(text).toMatch(/\d+ checks: \d+ passed, 1 failed · 0 errors, 0 warnings, 1 note/);
    expect(text).toMatch(/✗ the revision has a review block/);
    expect(text).toMatch(/✓ the proposal states the value it proposes — the proposal mentions "2 bags"/);
    await screenshotInThemes(wb, 'records-file-hover', undefined, async () => {
      if (!(await hover.isVisible())) {
        // The theme picker took the focus: back to line 2 of the records file.
        await editor.locator('.view-lines').click();
        await wb.page.keyboard.press('Control+Home');
        await wb.page.keyboard.press('ArrowDown');
        await wb.page.keyboard.press('Control+K');
        await wb.page.keyboard.press('Control+I');
        await hover.waitFor({ state: 'visible', timeout: wb.timeoutMs });
      }
    });
  }, 600_000);
});
