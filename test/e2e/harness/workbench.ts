// Drives the VS Code workbench that code-server serves, in Debian's Chromium via playwright-core.
// Every helper waits on a visible condition (an element, a text, an attribute), never on time.
import { chromium, type BrowserContext, type FrameLocator, type Locator, type Page } from 'playwright-core';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { CodeServer } from './codeServer';
import { escapeRegExp, runPaletteCommand } from './commandPalette';
import { chromiumPath, testResultsDir } from './toolPaths';
import { readNotification, readProblems, type ProblemEntry } from './workbenchPanels';

export type { ProblemEntry } from './workbenchPanels';

/** Flags measured to work headless on this machine kind (see shared/recipes/code-server). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface OpenWorkbenchOptions {
  /** Folder under test-results/ for screenshots and the browser log; defaults to the test file's name. */
  suite?: string;
  /** Wait until the Intent Lens activity-bar entry shows (the extension's contributions loaded). Default true. */
  waitForExtension?: boolean;
  viewport?: { width: number; height: number };
  /** Default wait for every helper, in ms. */
  timeoutMs?: number;
  /**
   * The browser profile folder to use and keep after close (a user's browser keeps its profile,
   * service workers included, between sessions). Default: a fresh temp profile, removed on close.
   */
  userDataDir?: string;
}

/** The vitest file that is running, as a suite name ("smoke" for test/e2e/smoke.e2e.ts). */
function currentSuiteName(): string {
  const fromVitest = process.env.VITEST_TEST_FILE ?? globalThis.__vitest_worker__?.filepath;
  return fromVitest ? basename(fromVitest).replace(/\.(e2e|test)\.[cm]?[jt]s$/, '') : 'e2e';
}

declare global {
  // Set by vitest inside its worker; read only to name the results folder.
  var __vitest_worker__: { filepath?: string } | undefined;
}

export class Workbench {
  /** Milliseconds from navigation to `.monaco-workbench`, and to the extension's activity-bar entry. */
  readonly timings: { workbenchMs: number; extensionMs?: number };

  constructor(
    readonly page: Page,
    private readonly context: BrowserContext,
    /** Removed on close unless the caller owns it (`OpenWorkbenchOptions.userDataDir`). */
    private readonly userDataDir: string | undefined,
    readonly resultsDir: string,
    readonly timeoutMs: number,
    timings: { workbenchMs: number; extensionMs?: number },
    /** The code-server run folder (its extension host logs: a failed test saves Intent Lens's output). */
    readonly serverRunDir?: string,
  ) {
    this.timings = timings;
  }

  /** Runs a command by its exact palette label (e.g. "Intent Lens: Refresh") through F1. */
  async runCommand(label: string): Promise<void> {
    await runPaletteCommand(this.page, label, this.timeoutMs);
  }

  /**
   * Runs a command that opens its own quick pick and types `text` into it. A webview that takes the
   * focus back a moment later (one just opened, or re-rendered under the pick on a loaded machine)
   * closes the pick or leaves it inert before it is typed in: close what is left and run the command
   * again, up to three times, rather than wait out the timeout on a closed pick.
   */
  async commandWithQuickPick(label: string, text: string): Promise<Locator> {
    const input = this.page.locator('.quick-input-widget input');
    for (let attempt = 1; ; attempt++) {
      await this.runCommand(label);
      await input.waitFor({ state: 'visible', timeout: this.timeoutMs });
      try {
        await input.fill(text, { timeout: attempt < 3 ? 10_000 : this.timeoutMs });
        return input;
      } catch (e) {
        if (attempt >= 3) throw e;
        if (await input.isVisible()) {
          await this.page.keyboard.press('Escape');
          await input.waitFor({ state: 'hidden', timeout: this.timeoutMs });
        }
      }
    }
  }

  /**
   * Runs a command until what it does shows (`done` reaches `state`). A command picked in the palette
   * is lost when a webview takes the focus back as it is picked (the palette closes, nothing runs):
   * run it again, up to three times — but only while `done` still does not hold, so a command that
   * toggles is never run twice once it took.
   */
  async runCommandUntil(label: string, done: Locator, state: 'visible' | 'hidden'): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      await this.runCommand(label);
      try {
        await done.waitFor({ state, timeout: attempt < 3 ? 10_000 : this.timeoutMs });
        return;
      } catch (e) {
        if (attempt >= 3) throw e;
        if ((state === 'hidden') === (await done.isHidden())) return;
      }
    }
  }

  /** The activity-bar entry of a view container, by its title. */
  activityBarItem(title: string): Locator {
    return this.page
      .locator('.activitybar .action-item')
      .filter({ has: this.page.locator(`a.action-label[aria-label^="${title}"]`) });
  }

  /** Shows a view container (e.g. 'Intent Lens') in the side bar; a no-op when it already shows. */
  async openView(title: string): Promise<void> {
    const item = this.activityBarItem(title);
    await item.waitFor({ state: 'visible', timeout: this.timeoutMs });
    // Clicking the active entry would hide the side bar: only click when it is not selected.
    if ((await item.getAttribute('aria-selected')) !== 'true') await item.click();
    await this.page
      .locator(`.activitybar .action-item.checked a.action-label[aria-label^="${title}"]`)
      .waitFor({ timeout: this.timeoutMs });
    // With a single view VS Code merges the titles: "Intent Lens: Sources".
    await this.page
      .locator('.part.sidebar .composite.title h2', { hasText: new RegExp(`^${escapeRegExp(title)}(:|$)`, 'i') })
      .waitFor({ state: 'visible', timeout: this.timeoutMs });
  }

  /**
   * A view (pane) of the side bar by its name (e.g. 'Sources'). Its header is hidden while it is the
   * container's only view, so wait on `.pane-body` for visibility.
   */
  viewSection(name: string): Locator {
    return this.page
      .locator('.part.sidebar .pane')
      .filter({ has: this.page.locator(`.pane-header[aria-label="${name} Section"]`) });
  }

  /**
   * Runs a context-menu action of an element: right-click, click the item, and wait until the menu
   * closed (the action ran). A menu whose click did not take (the row was redrawn under it, or the
   * menu ignored a click right after opening) gets Enter on the hovered item, then is dismissed and
   * opened again, up to three times.
   */
  async contextMenuAction(target: () => Promise<Locator>, label: string | RegExp): Promise<void> {
    const menu = this.page.locator('.monaco-menu');
    for (let attempt = 1; ; attempt++) {
      await (await target()).click({ button: 'right' });
      const item = menu.locator('.action-item', { hasText: label }).first();
      await item.waitFor({ state: 'visible', timeout: this.timeoutMs });
      await item.click();
      try {
        await menu.first().waitFor({ state: 'hidden', timeout: 10_000 });
        return;
      } catch {
        // The click did not take (seen under load with the item highlighted): the keyboard runs the
        // highlighted item as a user would.
      }
      try {
        await item.hover();
        await this.page.keyboard.press('Enter');
        await menu.first().waitFor({ state: 'hidden', timeout: 10_000 });
        return;
      } catch (e) {
        if (attempt >= 3) throw e;
        await this.page.keyboard.press('Escape');
        await menu.first().waitFor({ state: 'hidden', timeout: this.timeoutMs });
      }
    }
  }

  /** A visible tree row in the side bar containing the text; waits for it. */
  async treeRow(text: string | RegExp): Promise<Locator> {
    const row = this.page.locator('.part.sidebar .pane-body .monaco-list-row', { hasText: text }).first();
    await row.waitFor({ state: 'visible', timeout: this.timeoutMs });
    return row;
  }

  /**
   * Expands a tree row (no-op when expanded) and waits until VS Code reports it expanded. The tree
   * may redraw meanwhile (a data load or re-score refreshes it, which can drop the expansion or the
   * click): every check queries the rows afresh, and the twistie is clicked again only while the
   * row is collapsed and not loading its children.
   */
  async expandTreeRow(text: string | RegExp): Promise<Locator> {
    const rows = this.page.locator('.part.sidebar .pane-body .monaco-list-row', { hasText: text });
    const expanded = this.page
      .locator('.part.sidebar .pane-body .monaco-list-row[aria-expanded="true"]', { hasText: text })
      .first();
    const deadline = Date.now() + this.timeoutMs;
    for (;;) {
      const row = await this.treeRow(text);
      if ((await row.getAttribute('aria-expanded')) === 'true') return row;
      const loading = await row.locator('.monaco-tl-twistie.codicon-tree-item-loading').count();
      if (!loading) await row.locator('.monaco-tl-twistie').click();
      try {
        await expanded.waitFor({ state: 'visible', timeout: Math.max(1, Math.min(15_000, deadline - Date.now())) });
        return rows.first();
      } catch (e) {
        if (Date.now() >= deadline) throw e;
      }
    }
  }

  /** See readNotification: waits for a notification with the text (and clicks `action`); returns its message. */
  notification(text: string | RegExp, options: { action?: string } = {}): Promise<string> {
    return readNotification(this, text, options);
  }

  /** See readProblems: the Problems panel's entries (at least `atLeast` of them). */
  problems(options: { atLeast?: number } = {}): Promise<ProblemEntry[]> {
    return readProblems(this, options);
  }

  /** The content frame of the visible webview (`iframe.webview` → `iframe#active-frame`). */
  webviewFrame(): FrameLocator {
    return this.page.frameLocator('iframe.webview.ready:visible').first().frameLocator('iframe#active-frame');
  }

  /**
   * The content frame of a visible webview of one kind (`compare`, `conversation`, … as its
   * `<body data-view>` says), pinned to that webview's iframe by its unique name. `webviewFrame()`
   * takes the first visible webview, which is another view's when two show (a conversation view
   * beside a compare view); a frame locator resolved to the wrong webview then waits there forever.
   * Waits until such a webview shows.
   */
  async webviewFrameOf(view: string, timeoutMs = this.timeoutMs): Promise<FrameLocator> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no visible "${view}" webview after ${timeoutMs} ms`);
      const names = await this.webviewNamesOf(view);
      if (names.length === 0) {
        // The webview's frames are not there (or not loaded) yet: wait for the next frame to load.
        await this.page.waitForEvent('framenavigated', { timeout: Math.min(left, 5000) }).catch(() => undefined);
        continue;
      }
      const visible = this.page
        .locator(names.map((n) => `iframe.webview.ready[name="${n}"]`).join(', '))
        .filter({ visible: true })
        .first();
      // Bounded, so that a webview of this kind created meanwhile is found on the next round.
      const shown = await visible.waitFor({ state: 'visible', timeout: Math.min(left, 5000) }).then(
        () => true,
        () => false,
      );
      const name = shown ? await visible.getAttribute('name') : null;
      if (name)
        return this.page.frameLocator(`iframe.webview.ready[name="${name}"]`).frameLocator('iframe#active-frame');
    }
  }

  /** Names of the webview iframes (`iframe.webview`, named by VS Code with the webview's id) whose content is this view. */
  private async webviewNamesOf(view: string): Promise<string[]> {
    const names: string[] = [];
    for (const frame of this.page.frames()) {
      const outer = frame.parentFrame();
      if (!outer?.name() || outer.parentFrame() !== this.page.mainFrame()) continue;
      const kind = await frame
        .locator('body[data-view]')
        .getAttribute('data-view', { timeout: 500 })
        .catch(() => null);
      if (kind === view) names.push(outer.name());
    }
    return names;
  }

  /**
   * Text of the active editor's rendered lines (Monaco renders only what is on screen), in line
   * order, with Monaco's non-breaking spaces turned back into spaces.
   */
  async editorText(): Promise<string> {
    const lines = this.page.locator('.editor-group-container.active .editor-instance .monaco-editor .view-lines');
    await lines.first().waitFor({ state: 'visible', timeout: this.timeoutMs });
    return lines.first().evaluate((el) =>
      [...el.querySelectorAll<HTMLElement>('.view-line')]
        .map((l) => ({ top: parseFloat(l.style.top || '0'), text: (l.textContent ?? '').replace(/\u00a0/g, ' ') }))
        .sort((a, b) => a.top - b.top)
        .map((l) => l.text)
        .join('\n'),
    );
  }

  /**
   * Waits until the status bar no longer shows "Activating Extensions…" (extension activation and
   * the first data load have finished), e.g. before a screenshot.
   */
  async extensionsActivated(): Promise<void> {
    await this.page
      .locator('.part.statusbar', { hasText: /Activating Extensions/ })
      .waitFor({ state: 'hidden', timeout: this.timeoutMs });
  }

  /** Saves a full-window screenshot as test-results/<suite>/<name>.png and returns its path. */
  async screenshot(name: string): Promise<string> {
    const path = join(this.resultsDir, `${name.replace(/[^\w.-]+/g, '_')}.png`);
    await this.page.screenshot({ path });
    return path;
  }

  async close(): Promise<void> {
    await this.context.close();
    if (this.userDataDir) rmSync(this.userDataDir, { recursive: true, force: true });
  }
}

/** Opens the server's workspace folder in a fresh headless Chromium and waits for the workbench. */
export async function openWorkbench(server: CodeServer, options: OpenWorkbenchOptions = {}): Promise<Workbench> {
  const resultsDir = join(testResultsDir, options.suite ?? currentSuiteName());
  mkdirSync(resultsDir, { recursive: true });
  const browserLog = join(resultsDir, 'browser.log');
  writeFileSync(browserLog, '');
  // Conditions are awaited, so a generous limit costs time only when something is broken; a loaded
  // 2-core machine needs it (INTENT_LENS_E2E_TIMEOUT_MS overrides).
  const timeoutMs = options.timeoutMs ?? (Number(process.env.INTENT_LENS_E2E_TIMEOUT_MS) || 60000);
  const userDataDir = options.userDataDir ?? mkdtempSync(join(tmpdir(), 'intent-lens-chromium-'));
  const ownedDataDir = options.userDataDir ? undefined : userDataDir;
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    viewport: options.viewport ?? { width: 1400, height: 900 },
    args: chromiumArgs,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(timeoutMs);
    page.setDefaultNavigationTimeout(timeoutMs);
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning')
        appendFileSync(browserLog, `[console.${m.type()}] ${m.text().slice(0, 2000)}\n`);
    });
    page.on('pageerror', (e) => appendFileSync(browserLog, `[pageerror] ${String(e).slice(0, 2000)}\n`));
    const t0 = Date.now();
    // Only wait for the response: the workbench's own readiness is the condition below, and the
    // page's "load" event can take long on a busy machine.
    await page.goto(`${server.url}?folder=${encodeURIComponent(server.workspace)}`, { waitUntil: 'commit' });
    await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: timeoutMs });
    const timings: { workbenchMs: number; extensionMs?: number } = { workbenchMs: Date.now() - t0 };
    const workbench = new Workbench(page, context, ownedDataDir, resultsDir, timeoutMs, timings, server.runDir);
    if (options.waitForExtension ?? true) {
      await workbench.activityBarItem('Intent Lens').waitFor({ state: 'visible', timeout: timeoutMs });
      timings.extensionMs = Date.now() - t0;
    }
    return workbench;
  } catch (e) {
    await context.close().catch(() => undefined);
    if (ownedDataDir) rmSync(ownedDataDir, { recursive: true, force: true });
    throw e;
  }
}
