// Conversation view in a real VS Code (code-server): a turn opened from the Sources tree lands in
// the rendered transcript (verdict with provenance, tags, response types, the rejected 10 trays
// highlighted in model A's answer, J/N keys); a real shared-data LiC conversation opens from the
// palette with its shard tags and logged score; "Open Log Line" and "Compare With…" work from its
// header; a 200-turn conversation mounts only the turns on screen; a hostile conversation stays inert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FrameLocator } from 'playwright-core';
import {
  expectPushKeepsPalette,
  missingE2eTools,
  openWorkbench,
  outputChannelLines,
  repoRoot,
  screenshotOnFailure,
  sharedDataDir,
  startCodeServer,
  type CodeServer,
  type Workbench,
} from './harness';

const missing = missingE2eTools();
const SHARED_LOG = 'logs/math/snowball-stateful/snowball-stateful_math_anthropic_claude-3-haiku.jsonl';
const hasShared = existsSync(join(sharedDataDir, SHARED_LOG));

const HOSTILE = [
  '<script>window.__ilPwned = "script"</script>',
  '<img src=x onerror="window.__ilPwned = \'img\'">',
  "[run me](javascript:window.__ilPwned='md-link')",
  '<a href="javascript:window.__ilPwned=\'link\'">run</a>',
  '<div onclick="window.__ilPwned=\'div\'"><b>raw html</b></div>',
  '```python\nprint("<script>x</script>")\n```',
].join('\n\n');

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'intent-lens-conversation-'));
  cpSync(join(repoRoot, 'samples'), dir, { recursive: true });
  if (hasShared) {
    mkdirSync(join(dir, 'logs/math/snowball-stateful'), { recursive: true });
    copyFileSync(join(sharedDataDir, SHARED_LOG), join(dir, SHARED_LOG));
    copyFileSync(join(sharedDataDir, 'intent-sample.records.jsonl'), join(dir, 'intent-sample.records.jsonl'));
  }
  mkdirSync(join(dir, 'logs/hostile'), { recursive: true });
  const hostile = {
    conv_id: 'hostile-conversation',
    task: 'math',
    task_id: 'hostile/probe',
    assistant_model: 'probe-model',
    trace: [
      { role: 'user', content: '<img src=x onerror="window.__ilPwned=\'user\'"> how much?' },
      { role: 'log', content: { type: 'shard_revealed', shard_id: 1 } },
      { role: 'assistant', content: HOSTILE },
      {
        role: 'log',
        content: {
          type: 'answer-evaluation',
          exact_answer: '<script>window.__ilPwned="answer"</script>',
          is_correct: false,
          score: 0,
        },
      },
    ],
    is_correct: false,
  };
  writeFileSync(join(dir, 'logs/hostile/hostile.jsonl'), JSON.stringify(hostile) + '\n');
  mkdirSync(join(dir, 'logs/long'), { recursive: true });
  writeFileSync(join(dir, 'logs/long/long.jsonl'), JSON.stringify(longConversation()) + '\n');
  mkdirSync(join(dir, 'logs/tall'), { recursive: true });
  writeFileSync(join(dir, 'logs/tall/tall.jsonl'), JSON.stringify(tallConversation()) + '\n');
  return dir;
}

/** Six turns: a short first reply, then replies each far taller than the view (made up here). */
function tallConversation() {
  const trace: unknown[] = [];
  for (let i = 1; i <= 6; i++) {
    trace.push({ role: 'user', content: `Tall question ${i}: list the steps.` });
    trace.push({
      role: 'assistant',
      content: Array.from({ length: i === 1 ? 3 : 150 }, (_, n) => `${n + 1}. step ${n + 1} of reply ${i}`).join('\n'),
    });
  }
  return {
    conv_id: 'tall-conversation',
    task: 'math',
    task_id: 'tall/six-long-replies',
    assistant_model: 'tall-model',
    mode: 'multi',
    condition: 'original',
    trace,
    is_correct: false,
  };
}

const LONG_TURNS = 200;

/** A 200-turn conversation (multi-line replies, bookkeeping entries between turns), made up here. */
function longConversation() {
  const trace: unknown[] = [];
  for (let i = 1; i <= LONG_TURNS; i++) {
    trace.push({ role: 'user', content: `Question ${i}: and what is ${i} times 7?` });
    trace.push({
      role: 'assistant',
      content: `Reply ${i}.\n\n- step one: take ${i}\n- step two: multiply by 7\n\nSo the result is **${i * 7}**.`,
    });
    if (i % 50 === 0)
      trace.push({ role: 'log', content: { type: 'state_transition', from: `s${i}`, to: `s${i + 1}` } });
  }
  trace.push({ role: 'log', content: { type: 'conversation-completed' } });
  return {
    conv_id: 'long-conversation',
    task: 'math',
    task_id: 'long/two-hundred-turns',
    assistant_model: 'long-model',
    mode: 'multi',
    condition: 'original',
    trace,
    is_correct: false,
  };
}

async function renderedConversation(wb: Workbench, title: string | RegExp): Promise<FrameLocator> {
  await wb.page.locator('.tab.active', { hasText: title }).first().waitFor({ state: 'visible', timeout: wb.timeoutMs });
  const frame = wb.webviewFrame();
  await frame.locator('body[data-rendered="true"]').waitFor({ state: 'attached', timeout: wb.timeoutMs });
  // A fresh page hydrates the host's prerender of its first content; it must match (else React renders afresh and says so).
  expect(await frame.locator('body').getAttribute('data-hydration')).not.toBe('recovered');
  return frame;
}

/** Runs "Open Conversation" from the palette with the focus back in the workbench (a webview keeps keys otherwise). */
async function openFromPalette(wb: Workbench): Promise<void> {
  // A conversation view left open can take focus back a moment later and close the quick pick:
  // close the editors first (the tests open what they check afresh).
  await wb.runCommand('View: Close All Editors');
}

/** "Open Conversation", picking a conversation by typing its task id (or conv_id). */
async function pickConversation(wb: Workbench, text: string, row: RegExp): Promise<void> {
  await wb.commandWithQuickPick('Intent Lens: Open Conversation', text);
  await wb.page.locator('.quick-input-list .monaco-list-row', { hasText: row }).first().click();
}

describe.skipIf(missing.length > 0)('conversation view', () => {
  let dir: string;
  let server: CodeServer;
  let wb: Workbench;
  screenshotOnFailure(() => wb);

  beforeAll(async () => {
    dir = workspace();
    server = await startCodeServer({ workspace: dir });
    wb = await openWorkbench(server, { suite: 'conversation', timeoutMs: 150_000 });
    await wb.openView('Intent Lens');
    await wb.extensionsActivated();
  }, 420_000);

  afterAll(async () => {
    await wb?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('opens a turn from the tree in the rendered transcript, with verdict, tags and the rejected value highlighted', async () => {
    await wb.expandTreeRow('sample-math/muffin-trays');
    await wb.expandTreeRow(/^\s*Retained\s*multi/);
    await wb.expandTreeRow(/✗ model-a/);
    const rejectTurn = await wb.treeRow(/user · reject · block 1/);
    await rejectTurn.click();
    const frame = await renderedConversation(wb, 'sample-math/muffin-trays · Retained · illustrative/model-a');
    // The page came with its first content, prerendered on the host at the reject turn, and hydrated it.
    expect(await frame.locator('#root[data-prerendered]').count()).toBe(1);
    expect(await frame.locator('body').getAttribute('data-hydration')).toBe('hydrated');
    expect(
      outputChannelLines(server.runDir).some((l) => /^\[conversation\] first content prerendered in [\d.]+ ms/.test(l)),
    ).toBe(true);
    // Its script ran only once that content was on screen (VS Code shows a new frame at its load event).
    const pageLoad = JSON.parse((await frame.locator('body').getAttribute('data-page-load')) ?? '{}') as Record<
      string,
      number
    >;
    expect(pageLoad.contentShown).toBeLessThan(pageLoad.scriptStart!);
    // That script was fetched while the page loaded and ran from its text, not added by its URL after.
    expect(await frame.locator('script[type="module"]:not([src])').count()).toBe(1);
    expect(await frame.locator('script[src]').count()).toBe(0);

    const badge = frame.locator('[data-verdict]').first();
    expect(await badge.getAttribute('data-verdict')).toBe('incorrect');
    expect(await badge.getAttribute('data-verdict-source')).toBe('logged');
    expect(await frame.locator('[data-testid="provenance"]').innerText()).toMatch(/logged: (is_correct|score)/);
    expect(await frame.locator('[data-testid="active-reference"]').innerText()).toBe('144');
    // Opened at the reject turn: it is mounted and marked current.
    const current = frame.locator('.il-turn-current');
    await current.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    expect(await current.locator('[data-tag]').allInnerTexts()).toContain('reject · block 1');
    // The final answer uses the rejected 10 trays: highlighted, reached with N.
    await frame.locator('[data-testid="transcript"]').focus();
    await wb.page.keyboard.press('n');
    const mark = frame.locator('mark.il-current-span[data-inactive]');
    await mark.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    expect(await mark.getAttribute('data-kind')).toMatch(/rejected|superseded/);
    expect(await frame.locator('mark[data-inactive]').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringMatching(/10/)]),
    );
    expect(await frame.locator('[data-response-type]').allInnerTexts()).toContain('answer attempt');
    await wb.screenshot('conversation-from-tree');
    // K moves to the previous turn.
    const before = await current.getAttribute('data-turn');
    await wb.page.keyboard.press('k');
    await expect.poll(() => frame.locator('.il-turn-current').getAttribute('data-turn')).not.toBe(before);
  });

  it.skipIf(!hasShared)(
    'opens a real shared-data LiC conversation with shard tags, response types and its logged score',
    async () => {
      await openFromPalette(wb);
      await pickConversation(wb, 'sharded-GSM8K/248', /sharded-GSM8K\/248.*claude-3-haiku/);
      const frame = await renderedConversation(wb, /sharded-GSM8K\/248 · Original · anthropic\/claude-3-haiku/);
      expect(await frame.locator('[data-verdict]').first().getAttribute('data-verdict')).toBe('correct');
      expect(await frame.locator('[data-testid="provenance"]').innerText()).toContain('score: 1 in the log');
      await expect.poll(() => frame.locator('[data-tag="shard 1"]').count()).toBeGreaterThan(0);
      expect((await frame.locator('[data-response-type]').allInnerTexts()).length).toBeGreaterThan(0);
      await wb.screenshot('conversation-shared-data');
    },
  );

  it.skipIf(!hasShared)(
    'opens the real shared-data conversation from the Sources tree at the clicked turn',
    async () => {
      // Narrowed through the Samples table's task-id filter (the tree's filter too), so its rows are the only ones.
      await wb.runCommand('View: Close All Editors');
      await wb.runCommand('Intent Lens: Open Samples Table');
      const table = await wb.webviewFrameOf('samples');
      await table.locator('[data-column="taskId"] input').fill('sharded-GSM8K/248');
      await wb.page
        .locator('.part.sidebar', { hasText: /filtered: task id contains "sharded-GSM8K\/248"/ })
        .first()
        .waitFor({ state: 'visible', timeout: wb.timeoutMs });
      await wb.runCommand('View: Close All Editors');
      await wb.expandTreeRow('sharded-GSM8K/248');
      await wb.expandTreeRow(/^\s*Original\s*multi/);
      await wb.expandTreeRow(/✓ claude-3-haiku/);
      await (await wb.treeRow(/user · shard 2/)).click();
      const frame = await renderedConversation(wb, /sharded-GSM8K\/248 · Original · anthropic\/claude-3-haiku/);
      expect(await frame.locator('[data-verdict]').first().getAttribute('data-verdict')).toBe('correct');
      const current = frame.locator('.il-turn-current');
      await current.waitFor({ state: 'visible', timeout: wb.timeoutMs });
      expect(await current.locator('[data-tag]').allInnerTexts()).toContain('shard 2');
      expect((await frame.locator('[data-response-type]').allInnerTexts()).length).toBeGreaterThan(0);
      await wb.screenshot('conversation-shared-data-from-tree');
      await wb.runCommand('Intent Lens: Clear Filters');
    },
  );

  it.skipIf(!hasShared)(
    'opens the same real conversation from a full-text search hit, at the turn of the hit',
    async () => {
      // No webview left to take focus from the quick pick.
      await wb.runCommand('View: Close All Editors');
      await wb.runCommand('Intent Lens: Search Conversations…');
      const widget = wb.page.locator('.quick-input-widget');
      // "spent on onions" is said only in this conversation of the real log (and in no sample log).
      await widget.locator('input').fill('spent on onions');
      const hit = widget.locator('.monaco-list-row', { hasText: /U1 user · sharded-GSM8K\/248/ }).first();
      await hit.waitFor({ timeout: wb.timeoutMs });
      expect(await hit.innerText()).toContain('calculate how much the chef spent on onions');
      await wb.screenshot('conversation-search-hit');
      await hit.click();
      const frame = await renderedConversation(wb, /sharded-GSM8K\/248 · Original · anthropic\/claude-3-haiku/);
      expect(await frame.locator('[data-verdict]').first().getAttribute('data-verdict')).toBe('correct');
      const current = frame.locator('.il-turn-current');
      await current.waitFor({ state: 'visible', timeout: wb.timeoutMs });
      expect(await current.innerText()).toContain('calculate how much the chef spent on onions');
      await expect.poll(() => frame.locator('[data-tag="shard 1"]').count()).toBeGreaterThan(0);
    },
  );

  it('opens the log line and compares with another run from the conversation header', async () => {
    await openFromPalette(wb);
    const log = join(dir, 'logs', 'math', 'model-a.jsonl');
    const lines = readFileSync(log, 'utf8').split('\n');
    const at = lines.findIndex(
      (l) =>
        l.includes('"sample-math/muffin-trays"') &&
        /"condition":\s*"retained"/.test(l) &&
        /"mode":\s*"multi"/.test(l) &&
        !/"path"/.test(l),
    );
    const convId = (JSON.parse(lines[at]!) as { conv_id: string }).conv_id;
    await pickConversation(wb, convId, new RegExp(convId));
    const frame = await renderedConversation(wb, 'sample-math/muffin-trays · Retained · illustrative/model-a');

    // "Open Log Line": the log file opens beside, the cursor on the conversation's line.
    await frame.locator('.il-actions button', { hasText: 'Open Log Line' }).click();
    await wb.page
      .locator('.tab', { hasText: 'model-a.jsonl' })
      .first()
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.page
      .locator('.part.statusbar .statusbar-item', { hasText: new RegExp(`^\\s*Ln ${at + 1}, Col 1`) })
      .first()
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });

    // "Compare With…": a pick of this source's other runs; the chosen pair opens in the compare view.
    await wb.page.locator('.tab', { hasText: 'sample-math/muffin-trays · Retained' }).first().click();
    const pick = wb.page.locator('.quick-input-widget', { hasText: /with…/ });
    for (let attempt = 1; ; attempt++) {
      await frame.locator('.il-actions button', { hasText: 'Compare With…' }).click();
      // The webview can take the focus back and close the pick at load: click again (bounded).
      const shown = await pick
        .locator('.quick-input-list .monaco-list-row')
        .first()
        .waitFor({ state: 'visible', timeout: attempt < 3 ? 15_000 : wb.timeoutMs })
        .then(
          () => true,
          () => false,
        );
      if (shown) break;
      if (attempt >= 3) throw new Error('the Compare With… pick did not show');
    }
    await pick.locator('input').fill('Revised');
    await pick
      .locator('.quick-input-list .monaco-list-row', { hasText: /Revised/ })
      .first()
      .click();
    const compare = await wb.webviewFrameOf('compare');
    await compare.locator('body[data-rendered="true"]').waitFor({ state: 'attached', timeout: wb.timeoutMs });
    await wb.screenshot('conversation-compare-with');
  });

  it('mounts only the turns on screen of a 200-turn conversation, scrolls to its end, moves with J and folds bookkeeping', async () => {
    await openFromPalette(wb);
    await pickConversation(wb, 'long/two-hundred-turns', /long\/two-hundred-turns/);
    const frame = await renderedConversation(wb, /long\/two-hundred-turns · Original · long-model/);
    expect(await frame.locator('.il-help').innerText()).toContain(`${LONG_TURNS} user turns`);
    // No record for its source, so nothing to replay: no fork is offered (a click would only fail).
    expect(await frame.locator('[data-testid="fork-from-here"]').count()).toBe(0);
    expect(await frame.locator('.il-help').innerText()).not.toContain('F fork');
    const mounted = () => frame.locator('[data-testid="turn"]').count();
    expect(await mounted()).toBeGreaterThan(0);
    expect(await mounted()).toBeLessThan(30);

    // Scrolled through in steps, as a reader would; the frames' gaps are reported (not asserted: timing).
    const transcript = frame.locator('[data-testid="transcript"]');
    const frames = await transcript.evaluate(async (el) => {
      const gaps: number[] = [];
      let last = performance.now();
      while (el.scrollTop + el.clientHeight < el.scrollHeight - 2) {
        el.scrollTop += 600;
        await new Promise((r) => requestAnimationFrame(r));
        const now = performance.now();
        gaps.push(now - last);
        last = now;
      }
      gaps.sort((a, b) => a - b);
      return {
        frames: gaps.length,
        median: gaps[Math.floor(gaps.length / 2)] ?? 0,
        p95: gaps[Math.floor(gaps.length * 0.95)] ?? 0,
        max: gaps.at(-1) ?? 0,
      };
    });
    console.log(`[conversation e2e] 200-turn scroll: ${JSON.stringify(frames)}`);
    // The heights measured on the way change the total: scroll until the last turn is mounted.
    await expect
      .poll(
        () =>
          transcript.evaluate(
            (el, last) => ((el.scrollTop = el.scrollHeight), el.querySelector(`[data-turn="${last}"]`) !== null),
            LONG_TURNS - 1,
          ),
        { timeout: wb.timeoutMs },
      )
      .toBe(true);
    expect(await frame.locator(`[data-turn="${LONG_TURNS - 1}"]`).innerText()).toContain(`Question ${LONG_TURNS}:`);
    expect(await mounted()).toBeLessThan(30);

    // Bookkeeping (state transitions, completion) is folded at the end.
    const bookkeeping = frame.locator('details[data-testid="bookkeeping"]');
    await bookkeeping.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    expect(await bookkeeping.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    expect(await bookkeeping.locator('summary').innerText()).toMatch(/bookkeeping \(5, folded\)/);
    await wb.screenshot('conversation-200-turns-end');

    // J / K from the first turn: the current turn moves one at a time and stays mounted.
    await transcript.evaluate((el) => (el.scrollTop = 0));
    await transcript.focus();
    await wb.page.keyboard.press('j');
    await expect.poll(() => frame.locator('.il-turn-current').getAttribute('data-turn')).toBe('1');
    await wb.page.keyboard.press('j');
    await expect.poll(() => frame.locator('.il-turn-current').getAttribute('data-turn')).toBe('2');
    await wb.page.keyboard.press('k');
    await expect.poll(() => frame.locator('.il-turn-current').getAttribute('data-turn')).toBe('1');
    expect(await frame.locator('.il-turn-current').innerText()).toContain('Question 2:');
  });

  it('parses before its first paint only the messages of the rows it hydrated when they fill the screen', async () => {
    await openFromPalette(wb);
    await pickConversation(wb, 'tall/six-long-replies', /tall\/six-long-replies/);
    const frame = await renderedConversation(wb, /tall\/six-long-replies · Original · tall-model/);
    expect(await frame.locator('body').getAttribute('data-hydration')).toBe('hydrated');
    // The first two turns (the hydrated rows) fill the transcript, the first alone does not: the rows
    // below the second are off screen, and the second is on it.
    const bottomOf = (index: number) =>
      frame.locator(`.il-row[data-index="${index}"]`).evaluate((el) => el.getBoundingClientRect().bottom);
    const transcriptBottom = await frame
      .locator('[data-testid="transcript"]')
      .evaluate((el) => el.getBoundingClientRect().bottom);
    expect(await bottomOf(0)).toBeLessThan(transcriptBottom);
    expect(await bottomOf(1)).toBeGreaterThan(transcriptBottom);
    const hydratedMessages = await frame
      .locator('.il-row[data-index="0"] .il-md, .il-row[data-index="1"] .il-md')
      .count();
    expect(hydratedMessages).toBe(4);
    // None below them is rendered before the first paint: before, rows estimated at 260 px each were
    // rendered, measured and dropped, and one more beyond the screen rendered (their Markdown parsed).
    expect(Number(await frame.locator('body').getAttribute('data-markdown-before-first-paint'))).toBe(hydratedMessages);
    // Rows beyond the screen come after the first paint, for scrolling.
    await expect.poll(() => frame.locator('.il-row[data-index="2"]').count(), { timeout: wb.timeoutMs }).toBe(1);
  });

  it('keeps a hostile conversation inert: HTML, scripts and javascript: links stay text', async () => {
    await openFromPalette(wb);
    await pickConversation(wb, 'hostile/probe', /hostile\/probe/);
    const frame = await renderedConversation(wb, /hostile\/probe/);
    const text = await frame.locator('[data-testid="transcript"]').innerText();
    for (const p of ['<script>window.__ilPwned = "script"</script>', '<img src=x onerror=', '<div onclick=', 'run me'])
      expect(text).toContain(p);
    expect(await frame.locator('[data-testid="extracted-answer"]').innerText()).toContain('<script>');
    for (const tag of ['script', 'img', 'iframe', 'a[href^="javascript"]', 'div[onclick]', 'b']) {
      expect({
        tag,
        n: await frame.locator(`[data-testid="transcript"] ${tag}, [data-testid="header"] ${tag}`).count(),
      }).toEqual({ tag, n: 0 });
    }
    // The code block is highlighted once the highlighter loads, its text unchanged.
    await frame.locator('code.hljs').first().waitFor({ state: 'attached', timeout: wb.timeoutMs });
    expect(await frame.locator('code.hljs').first().innerText()).toContain('print("<script>x</script>")');
    expect(await wb.page.evaluate(() => (window as unknown as { __ilPwned?: string }).__ilPwned)).toBeUndefined();
    for (const f of wb.page.frames())
      expect(
        await f.evaluate(() => (window as unknown as { __ilPwned?: string }).__ilPwned).catch(() => undefined),
      ).toBeUndefined();
    await wb.screenshot('conversation-hostile');
  });

  it('shows another conversation in the open view (preview semantics) and keeps the palette and the page through a log append', async () => {
    // Picked by conv_id (the pick's rows are sorted by model: model-b's may be below the visible rows).
    const retained = (model: string) => {
      const lines = readFileSync(join(dir, 'logs', 'math', `${model}.jsonl`), 'utf8')
        .split('\n')
        .filter(Boolean);
      const entries = lines.map(
        (l) => JSON.parse(l) as { conv_id: string; task_id: string; mode: string; condition: string; path?: string },
      );
      return entries.find(
        (e) => e.task_id === 'sample-math/muffin-trays' && e.mode === 'multi' && e.condition === 'retained' && !e.path,
      )!.conv_id;
    };
    await openFromPalette(wb);
    await pickConversation(wb, retained('model-a'), new RegExp(retained('model-a')));
    const first = await renderedConversation(wb, 'sample-math/muffin-trays · Retained · illustrative/model-a');
    // A mark on the page's window: a reloaded frame loses it.
    await first.locator('body').evaluate(() => void ((window as unknown as { ilMark?: string }).ilMark = 'first'));
    // Another conversation with the view open: the same page shows it, as its second content.
    await pickConversation(wb, retained('model-b'), new RegExp(retained('model-b')));
    const frame = await renderedConversation(wb, 'sample-math/muffin-trays · Retained · illustrative/model-b');
    expect(await frame.locator('body').getAttribute('data-view-generation')).toBe('2');
    expect(await frame.locator('.il-title').innerText()).toContain('illustrative/model-b');
    expect(await frame.locator('body').evaluate(() => (window as unknown as { ilMark?: string }).ilMark)).toBe('first');
    expect(await wb.page.locator('.tabs-container .tab', { hasText: 'sample-math/muffin-trays' }).count()).toBe(1);

    // A log change with the palette open: one state pushed, re-rendered without taking the focus or reloading.
    await expectPushKeepsPalette(wb, frame, join(dir, 'logs', 'math', 'model-b.jsonl'), 'sample-math/muffin-trays');
  });
});
