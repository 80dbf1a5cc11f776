// Compare view in a real VS Code (code-server): the samples' Retained/Revised pair of
// muffin-trays (model-a answers with the rejected 10 trays), the branch point, verdicts, highlighted
// inactive values, keyboard navigation, native diff, light/dark screenshots; then a hostile
// conversation (HTML, script and markdown links in model output) proves nothing executes and
// nothing loads from outside.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame, FrameLocator, Request } from 'playwright-core';
import {
  expectPushKeepsPalette,
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

/** Answers the compare command's quick picks by typing each value and pressing Enter. */
async function answerQuickPicks(wb: Workbench, values: string[]): Promise<void> {
  const input = wb.page.locator('.quick-input-widget input');
  for (const value of values) {
    await input.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await input.fill(value);
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: value })
      .first()
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.page.keyboard.press('Enter');
    // The command's next step takes over the same pick and clears what was typed (or the pick closed):
    // only then is the next value typed, so it cannot be cleared after it was typed.
    await wb.page.waitForFunction(
      (typed) => {
        const widget = document.querySelector<HTMLElement>('.quick-input-widget');
        const el = widget?.querySelector('input');
        return !el || !widget || widget.style.display === 'none' || el.value !== typed;
      },
      value,
      { timeout: wb.timeoutMs },
    );
  }
}

/**
 * Records, in the workbench page, whether the quick input closed (the widget hidden) since the call,
 * and where the focus is: a pick that a webview's focus closed shows as `closed`.
 */
async function watchQuickInput(wb: Workbench): Promise<() => Promise<{ closed: boolean; focusInPick: boolean }>> {
  await wb.page.evaluate(() => {
    const w = window as unknown as { ilPickClosed?: boolean; ilPickObserver?: MutationObserver };
    const widget = document.querySelector<HTMLElement>('.quick-input-widget')!;
    w.ilPickClosed = false;
    w.ilPickObserver?.disconnect();
    // Hidden, or inert while VS Code animates its close (a pick shown meanwhile cuts the animation short).
    w.ilPickObserver = new MutationObserver(() => {
      if (widget.style.display === 'none' || widget.inert) w.ilPickClosed = true;
    });
    w.ilPickObserver.observe(widget, { attributes: true, attributeFilter: ['style', 'inert', 'class'] });
  });
  // The focus may be on the pick's input or on its list (VS Code's focus command, which the pick
  // runs as its items arrive, takes either).
  return () =>
    wb.page.evaluate(() => ({
      closed: (window as unknown as { ilPickClosed?: boolean }).ilPickClosed === true,
      focusInPick: document.activeElement?.closest('.quick-input-widget') !== null,
    }));
}

async function renderedCompare(wb: Workbench): Promise<FrameLocator> {
  const frame = wb.webviewFrame();
  await frame.locator('body[data-rendered="true"]').waitFor({ state: 'attached', timeout: wb.timeoutMs });
  // A fresh page hydrates the host's prerender of its first content; it must match (else React renders afresh and says so).
  expect(await frame.locator('body').getAttribute('data-hydration')).not.toBe('recovered');
  return frame;
}

/** The compare webview's content frame as a Playwright Frame (for evaluate). */
function compareFrame(wb: Workbench): Frame | undefined {
  return wb.page
    .frames()
    .find((f) => f.url().includes('fake.html') || (f.parentFrame() && f.name() === 'active-frame'));
}

async function bodyData(frame: FrameLocator): Promise<Record<string, string>> {
  return frame.locator('body').evaluate((b) => ({ ...(b as HTMLElement).dataset }) as Record<string, string>);
}

describe.skipIf(missing.length > 0)('compare view: Retained ↔ Revised', () => {
  let fixture: SampleWorkspace;
  let server: CodeServer;
  let wb: Workbench;
  screenshotOnFailure(() => wb);

  beforeAll(async () => {
    fixture = sampleWorkspace();
    server = await startCodeServer({ workspace: fixture.path });
    wb = await openWorkbench(server, { suite: 'compare' });
    await wb.extensionsActivated();
  });

  afterAll(async () => {
    await wb?.close();
    await server?.stop();
    fixture?.dispose();
  });

  it('opens the sample pair at its branch point with verdicts and inactive content', async () => {
    await wb.runCommand('Intent Lens: Compare Retained ↔ Revised');
    await answerQuickPicks(wb, ['sample-math/muffin-trays', 'illustrative/model-a']);
    const frame = await renderedCompare(wb);
    // The page came with the comparison prerendered on the host, hydrated it, and ran its script once it was on screen.
    expect(await frame.locator('#root[data-prerendered]').count()).toBe(1);
    expect(await frame.locator('body').getAttribute('data-hydration')).toBe('hydrated');
    const pageLoad = JSON.parse((await frame.locator('body').getAttribute('data-page-load')) ?? '{}') as Record<
      string,
      number
    >;
    expect(pageLoad.contentShown).toBeLessThan(pageLoad.scriptStart!);

    const branch = frame.locator('[data-branch-point="true"]');
    await expect.poll(() => branch.count()).toBe(1);
    expect(await branch.innerText()).toMatch(/BRANCH POINT[\s\S]*Retained rejects · Revised accepts/);
    // The shared prefix (3 user turns up to the proposal) is collapsed and marked identical.
    const prefix = frame.locator('[data-testid="shared-prefix"]');
    expect(await prefix.getAttribute('data-collapsed')).toBe('true');
    expect(await prefix.getAttribute('data-identical')).toBe('true');
    expect(await prefix.innerText()).toMatch(/3 user turns · identical/);

    expect(await frame.locator('[data-testid="side-left"] [data-verdict]').getAttribute('data-verdict')).toBe(
      'incorrect',
    );
    expect(await frame.locator('[data-testid="side-right"] [data-verdict]').getAttribute('data-verdict')).toBe(
      'correct',
    );
    expect(await frame.locator('[data-testid="active-value-left"]').innerText()).toBe('12 trays');
    expect(await frame.locator('[data-testid="active-value-right"]').innerText()).toBe('10 trays');
    expect(await frame.locator('[data-testid="reference-left"]').innerText()).toBe('144');
    expect(await frame.locator('[data-testid="reference-right"]').innerText()).toBe('120');

    // model-a's Retained answer uses the rejected 10 trays and the rejected reference 120.
    const values = await frame
      .locator('[data-side="left"] [data-inactive]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-inactive')));
    expect(values).toContain('10 trays');
    expect(values).toContain('120');
    const title = await frame.locator('[data-side="left"] [data-inactive="10 trays"]').first().getAttribute('title');
    expect(title).toMatch(/rejected proposal value/);
    // Revised answers the same text correctly: nothing inactive on its side.
    expect(await frame.locator('[data-side="right"] [data-inactive]').count()).toBe(0);

    // The rail: 12 trays in effect on the left after the reject, 10 trays on the right after the accept.
    const rails = async (side: string) =>
      frame
        .locator(`.il-cell[data-side="${side}"] [data-testid="rail"]`)
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-in-effect')));
    expect((await rails('left'))[0]).toBe('12 trays');
    expect((await rails('right'))[0]).toBe('10 trays');

    // Monaco diff of the final responses, computed in the blob worker, with inactive decorations;
    // it replaces the text diff the view painted with the rows.
    await frame.locator('body[data-diff-computed="true"]').waitFor({ state: 'attached', timeout: wb.timeoutMs });
    expect(await frame.locator('[data-testid="final-diff-text"]').count()).toBe(0);
    const data = await bodyData(frame);
    await frame.locator('[data-testid="final-diff"] .monaco-diff-editor').waitFor({ state: 'visible' });
    await expect.poll(() => frame.locator('[data-testid="final-diff"] .il-monaco-inactive').count()).toBeGreaterThan(0);
    console.log(
      `[compare] script→rendered ${data.renderedMs} ms, panel created→rendered ${data.sincePanelCreatedMs} ms, command→rendered ${data.sinceCommandMs} ms`,
    );
    writeFileSync(join(wb.resultsDir, 'timings-sample.json'), JSON.stringify(data, null, 2));
  });

  it('moves with the keyboard: differences, inactive spans, shared prefix', async () => {
    const frame = wb.webviewFrame();
    await frame.locator('.il-title').click();
    await wb.page.keyboard.press('F7');
    await expect
      .poll(() => frame.locator('[data-testid="status"]').innerText())
      .toMatch(/^Difference 1\/\d+ \(branch point\)/);
    expect(await frame.locator('.il-current-difference').getAttribute('data-branch-point')).toBe('true');
    await wb.page.keyboard.press('F7');
    await expect.poll(() => frame.locator('[data-testid="status"]').innerText()).toMatch(/^Difference 2\//);
    await wb.page.keyboard.press('Shift+F7');
    await expect.poll(() => frame.locator('[data-testid="status"]').innerText()).toMatch(/^Difference 1\//);

    await wb.page.keyboard.press('F8');
    await expect
      .poll(() => frame.locator('[data-testid="status"]').innerText())
      .toMatch(/^Inactive 1\/\d+: rejected proposal value/);
    const first = await frame.locator('.il-current-inactive').getAttribute('data-inactive');
    await wb.page.keyboard.press('F8');
    await expect.poll(() => frame.locator('[data-testid="status"]').innerText()).toMatch(/^Inactive 2\//);
    await wb.page.keyboard.press('Shift+F8');
    await expect.poll(() => frame.locator('.il-current-inactive').getAttribute('data-inactive')).toBe(first);

    const prefix = frame.locator('[data-testid="shared-prefix"]');
    await wb.page.keyboard.press('Alt+P');
    await expect.poll(() => prefix.getAttribute('data-collapsed')).toBe('false');
    expect(await prefix.locator('.il-row-merged').count()).toBe(3);
    await wb.page.keyboard.press('Alt+P');
    await expect.poll(() => prefix.getAttribute('data-collapsed')).toBe('true');
  });

  it('keeps the palette open and focused while a log change refreshes the open view, without reloading the page', async () => {
    const frame = wb.webviewFrame();
    await frame.locator('body[data-rendered="true"]').waitFor({ state: 'attached', timeout: wb.timeoutMs });
    // The user was in the view, then opened the palette.
    await frame.locator('.il-title').click();
    await expectPushKeepsPalette(
      wb,
      frame,
      join(fixture.path, 'logs', 'math', 'model-a.jsonl'),
      'sample-math/muffin-trays',
    );
  });

  it('follows the theme (screenshots in light, dark and high contrast) and opens the native diff', async () => {
    const frame = wb.webviewFrame();
    const themeClass = async () => (await frame.locator('body').getAttribute('class')) ?? '';
    const editorBackground = () =>
      frame
        .locator('.il-final-diff .monaco-editor-background')
        .first()
        .evaluate((e) => getComputedStyle(e).backgroundColor);
    const switchTheme = async (name: string) => {
      await wb.page.locator('.monaco-workbench').focus();
      await wb.page.keyboard.press('Control+K');
      await wb.page.keyboard.press('Control+T');
      const input = wb.page.locator('.quick-input-widget input');
      await input.waitFor({ state: 'visible' });
      await input.fill(name);
      await wb.page
        .locator('.quick-input-list .monaco-list-row', { hasText: name })
        .first()
        .waitFor({ state: 'visible' });
      await wb.page.keyboard.press('Enter');
      await input.waitFor({ state: 'hidden' });
    };
    const startsLight = /vscode-light/.test(await themeClass());
    await wb.screenshot(startsLight ? 'compare-light' : 'compare-dark');
    const bgBefore = await editorBackground();

    await switchTheme(startsLight ? 'Dark Modern' : 'Light Modern');
    await expect.poll(themeClass).toMatch(startsLight ? /vscode-dark/ : /vscode-light/);
    // Monaco re-themed from the --vscode-* variables (its background follows the editor's).
    await expect.poll(editorBackground).not.toBe(bgBefore);
    await wb.screenshot(startsLight ? 'compare-dark' : 'compare-light');

    await switchTheme('Dark High Contrast');
    await expect.poll(themeClass).toMatch(/vscode-high-contrast/);
    await wb.screenshot('compare-high-contrast');

    await frame.locator('[data-testid="native-diff"]').click();
    await wb.page
      .locator('.tab', { hasText: /Final responses/ })
      .first()
      .waitFor({ state: 'visible' });
    await wb.page.locator('.editor-group-container.active .monaco-diff-editor').first().waitFor({ state: 'visible' });
    await wb.screenshot('native-diff');
  });

  it('shows another pair in the open view (preview semantics), and a pinned view is kept', async () => {
    const tabs = wb.page.locator('.tabs-container .tab', { hasText: 'sample-math/muffin-trays' });
    // A compare view behind another editor is not reused: the native diff closed, it is on screen again.
    await wb.runCommand('View: Close Editor');
    await wb.page
      .locator('.tabs-container .tab.active', { hasText: 'sample-math/muffin-trays' })
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    // Another model's pair: the compare view on screen shows it, in the same page, as its second content.
    await wb.runCommand('Intent Lens: Compare Retained ↔ Revised');
    await answerQuickPicks(wb, ['sample-math/muffin-trays', 'illustrative/model-b']);
    const reused = await wb.webviewFrameOf('compare');
    await reused
      .locator('body[data-rendered="true"][data-view-generation="2"]')
      .waitFor({ state: 'attached', timeout: wb.timeoutMs });
    expect(await reused.locator('[data-testid="side-left"]').innerText()).toContain('illustrative/model-b');
    expect(await reused.locator('body').evaluate(() => (window as unknown as { ilMark?: string }).ilMark)).toBe('kept');
    expect(await tabs.count()).toBe(1);
    // Pinned, it is kept: the next pair opens in a new view.
    await wb.runCommand('View: Pin Editor');
    await wb.page
      .locator('.tabs-container .tab.sticky', { hasText: 'sample-math/muffin-trays' })
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.runCommand('Intent Lens: Compare Retained ↔ Revised');
    await answerQuickPicks(wb, ['sample-math/muffin-trays', 'illustrative/model-a']);
    await expect.poll(() => tabs.count(), { timeout: wb.timeoutMs }).toBe(2);
    // The new view comes on screen (its first content) over the pinned one: the frame is looked up
    // again until it is the new one.
    const generationOnScreen = async () =>
      (await wb.webviewFrameOf('compare'))
        .locator('body[data-rendered="true"]')
        .getAttribute('data-view-generation', { timeout: 5000 })
        .catch(() => null);
    await expect.poll(generationOnScreen, { timeout: wb.timeoutMs }).toBe('1');
    const fresh = await wb.webviewFrameOf('compare');
    expect(await fresh.locator('[data-testid="side-left"]').innerText()).toContain('illustrative/model-a');
    await wb.runCommand('View: Close All Editors');
  });

  it('never takes the focus from a quick pick: the steps of a command stay in one pick, a reused view leaves the focus where it was', async () => {
    const input = wb.page.locator('.quick-input-widget input');
    const title = (t: RegExp) => wb.page.locator('.quick-input-widget .quick-input-title', { hasText: t });
    // The view the test before pinned outlives Close All Editors: unpinned and closed, it cannot be
    // the one a pair below opens in.
    const sticky = wb.page.locator('.tabs-container .tab.sticky');
    if (await sticky.count()) {
      await sticky.first().click();
      await wb.runCommand('View: Unpin Editor');
      await wb.runCommand('View: Close All Editors');
      await sticky.first().waitFor({ state: 'detached', timeout: wb.timeoutMs });
    }
    await wb.runCommand('Intent Lens: Compare Retained ↔ Revised');
    await answerQuickPicks(wb, ['sample-math/muffin-trays', 'illustrative/model-a']);
    const frame = await wb.webviewFrameOf('compare');
    await frame
      .locator('body[data-rendered="true"][data-view-generation="1"]')
      .waitFor({ state: 'attached', timeout: wb.timeoutMs });
    // The user is in the view, and runs the command again: as the palette closes VS Code gives the
    // focus back to the view, which reaches its page a moment later. The source pick, then the model
    // pick, must keep it: one pick that never closes between its steps.
    await frame.locator('.il-title').click();
    await wb.runCommand('Intent Lens: Compare Retained ↔ Revised');
    await title(/^\s*Compare Retained ↔ Revised\s*$/).waitFor({ state: 'visible', timeout: wb.timeoutMs });
    const pickState = await watchQuickInput(wb);
    await input.fill('sample-math/muffin-trays');
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'sample-math/muffin-trays' })
      .first()
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.page.keyboard.press('Enter');
    await title(/^\s*Compare Retained ↔ Revised: sample-math\/muffin-trays/).waitFor({
      state: 'visible',
      timeout: wb.timeoutMs,
    });
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'illustrative/model-b' })
      .first()
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    expect(await pickState()).toEqual({ closed: false, focusInPick: true });
    await input.fill('illustrative/model-b');
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'illustrative/model-b' })
      .first()
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.page.keyboard.press('Enter');
    await frame
      .locator('body[data-rendered="true"][data-view-generation="2"]')
      .waitFor({ state: 'attached', timeout: wb.timeoutMs });

    // From the Explorer: the view on screen shows the next pair without taking the focus (a reveal
    // that focused it would close a pick the user opened while the pair was read).
    // The palette is opened from there with its key (runCommand would focus the workbench first).
    await wb.page.locator('.part.sidebar .monaco-list').first().focus();
    await wb.page.keyboard.press('F1');
    await input.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await input.fill('>Intent Lens: Compare Retained ↔ Revised');
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'Intent Lens: Compare Retained ↔ Revised' })
      .first()
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.page.keyboard.press('Enter');
    await title(/^\s*Compare Retained ↔ Revised\s*$/).waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await answerQuickPicks(wb, ['sample-math/muffin-trays', 'illustrative/model-a']);
    await frame
      .locator('body[data-rendered="true"][data-view-generation="3"]')
      .waitFor({ state: 'attached', timeout: wb.timeoutMs });
    // Two frames after the render: a focus the reveal sent has reached the page by then.
    await frame
      .locator('body')
      .evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await wb.page.evaluate(() => document.activeElement?.closest('.part.sidebar') !== null)).toBe(true);
    await wb.runCommand('View: Close All Editors');
  });
});

/** A conversation whose model output (and model name) is hostile: HTML, script, markdown links. */
const PAYLOADS = [
  '<script>window.__ilPwned = "script"</script>',
  '<img src=x onerror="window.__ilPwned = \'img\'">',
  '<img src="https://example.com/pixel.png">',
  '[click me](https://example.com/track) and ![logo](https://example.com/logo.png)',
  '<a href="javascript:window.__ilPwned=\'link\'">run</a>',
  '<iframe src="https://example.com/frame"></iframe><style>@import url("https://example.com/x.css");</style>',
  '<svg onload="window.__ilPwned=\'svg\'"></svg>',
];

function hostileWorkspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'intent-lens-hostile-'));
  mkdirSync(join(dir, 'logs', 'math'), { recursive: true });
  const trace = (condition: 'retained' | 'revised') => [
    { role: 'user', content: 'how much did it cost?' },
    { role: 'log', content: { type: 'shard_revealed', shard_id: 1 } },
    { role: 'assistant', content: PAYLOADS.slice(0, 3).join('\n') },
    { role: 'user', content: 'Can we use 2 bags instead?' },
    { role: 'log', content: { type: 'event', event: 'proposal', block: 1 } },
    { role: 'assistant', content: PAYLOADS.slice(3, 5).join('\n') },
    { role: 'user', content: condition === 'retained' ? 'No, keep it.' : 'Yes, go with that.' },
    { role: 'log', content: { type: 'event', event: condition === 'retained' ? 'reject' : 'accept', block: 1 } },
    { role: 'assistant', content: `${PAYLOADS.join('\n')}\nFinal ${condition}` },
    {
      role: 'log',
      content: {
        type: 'answer-evaluation',
        exact_answer: '<img src=x onerror="window.__ilPwned=\'answer\'">',
        is_correct: false,
        score: 0,
      },
    },
  ];
  const model = '<img src=x onerror="window.__ilPwned=\'model\'">';
  const lines = (['retained', 'revised'] as const).map((condition) =>
    JSON.stringify({
      conv_id: `hostile-${condition}`,
      task: 'math',
      task_id: 'hostile/probe',
      assistant_model: model,
      mode: 'multi',
      condition,
      trace: trace(condition),
      is_correct: false,
      score: 0,
    }),
  );
  writeFileSync(join(dir, 'logs', 'math', 'hostile.jsonl'), lines.join('\n') + '\n');
  return dir;
}

describe.skipIf(missing.length > 0)('compare view: hostile model output', () => {
  let dir: string;
  let server: CodeServer;
  let wb: Workbench;
  const requests: Array<{ url: string; frame: string; request: Request }> = [];
  const dialogs: string[] = [];
  screenshotOnFailure(() => wb);

  beforeAll(async () => {
    dir = hostileWorkspace();
    server = await startCodeServer({ workspace: dir });
    wb = await openWorkbench(server, { suite: 'compare-hostile' });
    wb.page.on('request', (r: Request) => {
      let frame = '';
      try {
        frame = r.frame().url();
      } catch {
        // Service-worker requests have no frame.
      }
      requests.push({ url: r.url(), frame, request: r });
    });
    wb.page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await wb.extensionsActivated();
  });

  afterAll(async () => {
    await wb?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shows HTML, scripts and links as text, executes nothing and loads nothing from outside', async () => {
    const before = requests.length;
    await wb.runCommand('Intent Lens: Compare Retained ↔ Revised');
    await answerQuickPicks(wb, ['hostile/probe']);
    const frame = await renderedCompare(wb);
    // The payloads are on screen as literal text.
    const text = await frame.locator('.il-conversation').innerText();
    for (const p of [
      '<script>window.__ilPwned = "script"</script>',
      '[click me](https://example.com/track)',
      '<svg onload=',
    ])
      expect(text).toContain(p);
    expect(await frame.locator('[data-testid="side-left"]').innerText()).toContain('<img src=x onerror=');
    // No element was created from the payloads.
    const injected = ['script', 'img', 'iframe', 'svg', 'a[href]', 'style'];
    for (const scope of ['.il-header', '.il-sides', '.il-conversation', '.il-final-diff .view-lines']) {
      expect(await frame.locator(injected.map((t) => `${scope} ${t}`).join(', ')).count()).toBe(0);
    }
    // Nothing ran: the flag the payloads would set stays unset, in the webview and in the workbench.
    const content = compareFrame(wb);
    expect(content).toBeDefined();
    expect(await content!.evaluate(() => (window as unknown as { __ilPwned?: string }).__ilPwned)).toBeUndefined();
    expect(await wb.page.evaluate(() => (window as unknown as { __ilPwned?: string }).__ilPwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    // Let the diff editor and any lazily loaded resource settle, then check every request made
    // since the command: none to the payloads' host, none from a webview frame to a non-local origin.
    await frame.locator('[data-testid="final-diff"] .monaco-diff-editor').waitFor({ state: 'visible' });
    await wb.page.waitForTimeout(1000);
    const since = requests.slice(before);
    expect(since.filter((r) => r.url.includes('example.com'))).toEqual([]);
    // Webview resources (the view's lazy modules under dist/webview/lazy: Monaco, its CSS and font) use VS Code's resource
    // origin `*.vscode-resource.vscode-cdn.net`: the webview service worker answers them from the
    // extension folder, they never reach the network. Everything else must be this server or local.
    const ownResource = (u: string) =>
      /^https:\/\/[^/]+\.vscode-resource\.vscode-cdn\.net\/.*\/dist\/webview\/(lazy\/)?[\w.-]+$/.test(u);
    const local = (u: string) =>
      /^(blob:|data:|about:|vscode-webview:)/.test(u) ||
      /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(u) ||
      ownResource(u);
    const fromWebviews = since.filter((r) => /webview|fake\.html/.test(r.frame));
    expect(fromWebviews.length).toBeGreaterThan(0);
    expect(fromWebviews.filter((r) => !local(r.url)).map((r) => r.url)).toEqual([]);
    // The page came prerendered with its stylesheet inlined (pageAssets.ts): of dist/webview itself only
    // its script was fetched, once it was on screen (webviewPanelHost.ts); then the lazy modules
    // (Monaco's diff editor, its CSS and font), from dist/webview/lazy.
    expect(
      fromWebviews.filter((r) => /\/dist\/webview\/[\w.-]+$/.test(r.url)).map((r) => r.url.split('/').pop()),
    ).toEqual(['compare.js']);
    expect(fromWebviews.some((r) => /\/dist\/webview\/lazy\/finalDiffEditor\.js$/.test(r.url))).toBe(true);
    // …and the resource-origin ones were answered by the service worker, not the network.
    for (const r of fromWebviews.filter((x) => ownResource(x.url))) {
      const response = await r.request.response();
      expect({ url: r.url, fromServiceWorker: response?.fromServiceWorker() ?? false }).toEqual({
        url: r.url,
        fromServiceWorker: true,
      });
    }
    writeFileSync(
      join(wb.resultsDir, 'webview-requests.json'),
      JSON.stringify(
        since.map(({ url, frame }) => ({ url, frame })),
        null,
        2,
      ),
    );
    await wb.screenshot('hostile');
  });
});
