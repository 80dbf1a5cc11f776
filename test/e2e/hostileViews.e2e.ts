// Hostile content in every view but compare (compare.e2e.ts has its own): a workspace generated
// here whose record fields, model names, task ids and messages carry script tags, <img onerror>,
// javascript: links, raw HTML in Markdown and a `</script>` meant to break out of the inlined
// state. Each view must show the payloads as text, create no element from them, run nothing (no
// dialog, no console message from a payload, the canary global unset) and report no CSP violation.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FrameLocator } from 'playwright-core';
import {
  missingE2eTools,
  openWorkbench,
  screenshotOnFailure,
  startCodeServer,
  type CodeServer,
  type Workbench,
} from './harness';

const missing = missingE2eTools();

const BREAKOUT = '</script><script>window.__ilPwned="breakout";console.error("IL-PWNED breakout")</script>';
const IMG = "<img src=x onerror=\"window.__ilPwned='img';console.error('IL-PWNED img')\">";
const LINK = '<a href="javascript:window.__ilPwned=\'link\'">run</a>';
const MARKDOWN = '[click me](javascript:window.__ilPwned=1) <b>bold?</b> ![x](https://example.com/x.png)';
const SCRIPT = '<script>window.__ilPwned="script";console.error("IL-PWNED script")</script>';
const TASK_ID = `hostile/${BREAKOUT}`;
const MODEL = `model ${IMG}`;

function hostileWorkspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'intent-lens-hostile-views-'));
  mkdirSync(join(dir, 'logs', 'math'), { recursive: true });
  const record = {
    task_id: TASK_ID,
    task: 'math',
    shards: [
      { shard_id: 1, shard_text: `how much did it cost? ${SCRIPT}` },
      { shard_id: 2, shard_text: `the chef bought 4 bags ${IMG}` },
    ],
    question: 'A chef bought 4 bags at $2. How much?',
    answer: '#### 8',
    intent: {
      shard_id: 2,
      requirement: `bags ${LINK}`,
      original: '4 bags',
      revised: `2 bags ${IMG}`,
      proposal: `Can we make it 2 bags ${IMG}? ${MARKDOWN}`,
      accept: `Yes. ${SCRIPT}`,
      reject: `No, keep it. ${BREAKOUT}`,
      neutral: [`Does it matter? ${LINK}`, `Right? ${MARKDOWN}`],
      single_turn: { original: `A chef bought 4 bags. ${SCRIPT}`, direct_revised: `A chef bought 2 bags. ${IMG}` },
      reference: { original: 8, revised: 4 },
      review: { status: 'pending', note: `check ${IMG}`, by: SCRIPT, at: '2026-11-29' },
    },
  };
  writeFileSync(join(dir, 'hostile.records.jsonl'), JSON.stringify(record) + '\n');
  const trace = (condition: string) => [
    { role: 'system', content: `You are ${SCRIPT}` },
    { role: 'user', content: `how much did it cost? ${SCRIPT}` },
    { role: 'log', content: { type: 'shard_revealed', shard_id: 1 } },
    { role: 'assistant', content: `${IMG}\n${MARKDOWN}` },
    { role: 'user', content: `the chef bought 4 bags ${IMG}` },
    { role: 'log', content: { type: 'shard_revealed', shard_id: 2 } },
    { role: 'assistant', content: `${LINK} ${BREAKOUT}` },
    { role: 'user', content: record.intent.proposal },
    { role: 'log', content: { type: 'event', event: 'proposal', block: 1 } },
    { role: 'assistant', content: 'Sure.' },
    { role: 'user', content: condition === 'retained' ? record.intent.reject : record.intent.accept },
    { role: 'log', content: { type: 'event', event: condition === 'retained' ? 'reject' : 'accept', block: 1 } },
    { role: 'assistant', content: `The answer is 8 ${SCRIPT}` },
    {
      role: 'log',
      content: {
        type: 'answer-evaluation',
        exact_answer: IMG,
        is_correct: condition === 'original',
        score: condition === 'original' ? 1 : 0,
      },
    },
  ];
  const lines = ['original', 'retained', 'revised'].map((condition) =>
    JSON.stringify({
      conv_id: `hostile-${condition}`,
      task: 'math',
      task_id: TASK_ID,
      assistant_model: MODEL,
      mode: 'multi',
      condition,
      trace: trace(condition),
      is_correct: condition === 'original',
      score: null,
    }),
  );
  writeFileSync(join(dir, 'logs', 'math', 'hostile.jsonl'), lines.join('\n') + '\n');
  return dir;
}

/** Elements the payloads would create if any view parsed them as HTML. */
const INJECTED = 'img[src="x"], img[src*="example.com"], a[href^="javascript:"], script:not([nonce]), b';

describe.skipIf(missing.length > 0)('hostile content in the dashboard, In Effect, revision editor and tree', () => {
  let dir: string;
  let server: CodeServer;
  let wb: Workbench;
  const dialogs: string[] = [];
  const consoleLines: string[] = [];
  const cspLines: string[] = [];
  screenshotOnFailure(() => wb);

  beforeAll(async () => {
    dir = hostileWorkspace();
    server = await startCodeServer({ workspace: dir });
    wb = await openWorkbench(server, { suite: 'hostile-views', timeoutMs: 180_000 });
    wb.page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    // Console messages of every frame, webviews included.
    wb.page.on('console', (m) => {
      consoleLines.push(m.text());
      if (/Content Security Policy/i.test(m.text()) && !/monaco|vs\/editor/i.test(m.text())) cspLines.push(m.text());
    });
    // Which element a CSP violation came from (the console line alone does not say).
    await wb.page.evaluate(() => {
      const w = window as unknown as { __ilCsp: string[] };
      w.__ilCsp = [];
      document.addEventListener(
        'securitypolicyviolation',
        (e) => {
          const t = e.target as Element | null;
          w.__ilCsp.push(
            `${e.violatedDirective} ${e.sample} ${t && 'outerHTML' in t ? t.outerHTML.slice(0, 300) : String(t)} parent=${t?.parentElement?.className ?? ''} ${t?.parentElement?.parentElement?.className ?? ''}`,
          );
        },
        true,
      );
    });
    await wb.openView('Intent Lens');
    await wb.extensionsActivated();
    await wb.treeRow('hostile/</script>');
    loadViolations = await takeViolations();
  }, 600_000);

  const takeViolations = async () => [
    ...(await wb.page.evaluate(() => (window as unknown as { __ilCsp: string[] }).__ilCsp.splice(0))),
    ...cspLines.splice(0),
  ];
  // Each view is judged by what happens while it is open; loading has its own test.
  let loadViolations: string[] = [];
  beforeEach(async () => {
    await takeViolations();
  });

  // A failed test must not leave its webview open: webviewFrame() takes the first visible one.
  afterEach(async () => {
    await wb.runCommand('View: Close All Editors');
  });

  afterAll(async () => {
    await wb?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const assertInert = async (frame: FrameLocator, name: string) => {
    const body = frame.locator('body');
    expect(
      await frame.locator(`#root ${INJECTED.split(', ').join(', #root ')}`).count(),
      `${name}: elements injected`,
    ).toBe(0);
    expect(
      await body.evaluate(() => (window as unknown as { __ilPwned?: unknown }).__ilPwned),
      `${name}: canary`,
    ).toBeUndefined();
    expect(await wb.page.evaluate(() => (window as unknown as { __ilPwned?: unknown }).__ilPwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(consoleLines.filter((l) => l.includes('IL-PWNED'))).toEqual([]);
    expect(await takeViolations(), `${name}: CSP violations`).toEqual([]);
  };

  it('loading: the Sources tree and status bar with hostile data cause no CSP violation', () => {
    expect(loadViolations).toEqual([]);
  });

  it('dashboard: model names and task ids (with a </script> in the inlined state) show as text', async () => {
    await wb.runCommand('Intent Lens: Open Dashboard');
    const frame = wb.webviewFrame();
    await frame.locator('[data-testid="accuracy-grid"]').waitFor({ state: 'visible', timeout: wb.timeoutMs });
    const text = await frame.locator('#root').innerText();
    expect(text).toContain('<img src=x onerror=');
    await assertInert(frame, 'dashboard');
    await wb.screenshot('dashboard');
  });

  it('In Effect: requirement values show as text', async () => {
    await wb.commandWithQuickPick('Intent Lens: Show What Is in Effect', 'retained');
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: /retained/i })
      .first()
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.page.keyboard.press('Enter');
    const frame = wb.webviewFrame();
    await frame.locator('body[data-rendered="true"]').waitFor({ state: 'attached', timeout: wb.timeoutMs });
    const text = await frame.locator('#root').innerText();
    expect(text).toContain('2 bags <img src=x onerror=');
    expect(text).toContain('</script><script>');
    await assertInert(frame, 'in effect');
    await wb.screenshot('in-effect');
  });

  it('revision editor: every field and the preview show the payloads as text', async () => {
    await wb.runCommand('Intent Lens: Review Next Pending');
    const frame = wb.webviewFrame();
    await frame.locator('body[data-rendered="true"]').waitFor({ state: 'attached', timeout: wb.timeoutMs });
    await expect
      .poll(() => frame.locator('[data-testid="task-id"]').innerText(), { timeout: wb.timeoutMs })
      .toBe(TASK_ID);
    await expect
      .poll(async () => (await frame.locator('#root').innerText()).includes('2 bags <img src=x onerror='), {
        timeout: wb.timeoutMs,
      })
      .toBe(true);
    await assertInert(frame, 'revision editor');
    await wb.screenshot('revision-editor');
  });

  it('tree: labels and tooltips show the payloads as text', async () => {
    await wb.openView('Intent Lens');
    const source = await wb.treeRow('hostile/</script>');
    await source.hover();
    const hover = wb.page
      .locator('.monaco-hover, .workbench-hover, .custom-hover')
      .filter({ hasText: /hostile/ })
      .first();
    await hover.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    expect(await hover.locator('img[src="x"], a[href^="javascript:"], script').count()).toBe(0);
    await wb.expandTreeRow('hostile/</script>');
    await wb.expandTreeRow(/^\s*Retained\s*multi/);
    const run = await wb.treeRow(/model <img src=x onerror=/);
    await run.hover();
    const runHover = wb.page
      .locator('.monaco-hover, .workbench-hover, .custom-hover')
      .filter({ hasText: /onerror/ })
      .first();
    await runHover.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    expect(await runHover.locator('img[src="x"], a[href^="javascript:"], script').count()).toBe(0);
    expect(await wb.page.evaluate(() => (window as unknown as { __ilPwned?: unknown }).__ilPwned)).toBeUndefined();
    expect(consoleLines.filter((l) => l.includes('IL-PWNED'))).toEqual([]);
    await wb.screenshot('tree-tooltip');
  });
});
