// Results dashboard in a real VS Code (code-server) on a copy of samples/: the grid shows the same
// numbers as the core (the CLI's computeStats), a click on a cell lands on a quick pick of exactly
// its conversations and Enter opens one; appending a run to a log updates the cell live. One run is
// re-scored (a verdict sidecar written before start): every number counts its re-scored verdict,
// and a logged-vs-re-scored run diff shows it flipped and opens it. One run has a fork (a log line
// with forked_from): a parent-vs-fork-batch diff shows it and opens the pair.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FrameLocator } from 'playwright-core';
import {
  missingE2eTools,
  openWorkbench,
  sampleWorkspace,
  screenshotOnFailure,
  startCodeServer,
  type CodeServer,
  type Workbench,
} from './harness';
import { Workspace } from '../../src/core/workspace/workspace';
import { computeStats } from '../../src/core/stats/computeStats';
import type { StatsReport } from '../../src/core/stats/statsTypes';
import { statsDetectors } from '../../src/core/stats/statsDetectors';
import type { EvolvingStats } from '../../src/core/stats/evolving';
import { wilsonInterval } from '../../src/core/stats/intervals';
import { diffRuns } from '../../src/core/stats/runDiff';
import { forkBatches, loggedVsRescored, parentVsForks } from '../../src/core/stats/diffSides';
import { VERIFIER_VERSION, readVerdictSidecar, writeVerdictSidecar } from '../../src/core/workspace/verdicts';
import type { ConversationRef } from '../../src/core/load/runLogIndex';
import { existsSync } from 'node:fs';
import { screenshotInThemes } from './colorThemes';

const missing = missingE2eTools();

function findFiles(dir: string, re: RegExp): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...findFiles(p, re));
    else if (re.test(e.name)) out.push(p);
  }
  return out;
}

/** The core workspace with the re-scores of the sidecar, as the extension restores them. */
async function coreWorkspace(dir: string, paths: string[], records: string[] = []): Promise<Workspace> {
  const ws = await Workspace.open(paths, records);
  await readVerdictSidecar(dir, ws.verdicts);
  return ws;
}

/** The conversations with their current verdicts: what the dashboard counts and diffs. */
async function coreRefs(dir: string) {
  return (await coreWorkspace(dir, [join(dir, 'logs')])).conversationsWithCurrentVerdicts();
}

/** Re-scores one logged-correct multi-turn run as incorrect, in the workspace's verdict sidecar. */
async function rescoreOneRun(dir: string): Promise<ConversationRef> {
  const ws = await Workspace.open([join(dir, 'logs')]);
  const run = ws
    .conversations()
    .filter((r) => r.mode === 'multi' && r.path === undefined && r.verdict === 'correct')
    .sort((a, b) => a.conv_id.localeCompare(b.conv_id))[0]!;
  ws.verdicts.set([
    {
      conv_id: run.conv_id,
      task_id: run.task_id,
      file: run.file,
      is_correct: false,
      previous: true,
      extracted: null,
      inactive: [],
      message: 'e2e re-score',
      verifier: VERIFIER_VERSION,
      scoredAt: Date.now(),
    },
  ]);
  await writeVerdictSidecar(dir, ws.verdicts);
  return run;
}

/** A model with runs in Original only (as plain LiC logs have): the grid can hide it. Named to sort last. */
const ORIGINAL_ONLY_MODEL = 'zz-original-only';
function addOriginalOnlyModel(dir: string): void {
  const log = findFiles(join(dir, 'logs'), /\.jsonl$/).find(
    (f) => !/[\\/]bad[\\/]/.test(f) && /"mode":\s*"single"/.test(readFileSync(f, 'utf8')),
  )!;
  const line = readFileSync(log, 'utf8')
    .split('\n')
    .find((l) => /"mode":\s*"single"/.test(l) && /"condition":\s*"original"/.test(l))!;
  const run = {
    ...(JSON.parse(line) as Record<string, unknown>),
    conv_id: 'original-only-1',
    assistant_model: ORIGINAL_ONLY_MODEL,
  };
  mkdirSync(join(dir, 'logs', 'original-only'), { recursive: true });
  writeFileSync(join(dir, 'logs', 'original-only', 'runs.jsonl'), JSON.stringify(run) + '\n');
}

/** Forks one logged-incorrect Retained run with a flipped decision that ran Revised and was correct. */
function forkOneRun(
  dir: string,
  refs: readonly ConversationRef[],
  not: string,
): { parent: ConversationRef; forkId: string } {
  const parent = refs
    .filter((r) => r.mode === 'multi' && r.condition === 'retained' && r.verdict === 'incorrect' && r.conv_id !== not)
    .sort((a, b) => a.conv_id.localeCompare(b.conv_id))[0]!;
  const line = readFileSync(parent.file, 'utf8').split('\n')[parent.line - 1]!;
  const forkId = `${parent.conv_id}-fork`;
  const fork = {
    ...(JSON.parse(line) as Record<string, unknown>),
    conv_id: forkId,
    condition: 'revised',
    is_correct: true,
    score: null,
    forked_from: { conv_id: parent.conv_id, turn: 2, edit: 'flip-decision' },
  };
  mkdirSync(join(dir, 'logs', 'forks'), { recursive: true });
  writeFileSync(join(dir, 'logs', 'forks', 'flip-decision.jsonl'), JSON.stringify(fork) + '\n');
  return { parent, forkId };
}

async function coreReport(dir: string): Promise<StatsReport> {
  const loaded = await coreWorkspace(
    dir,
    [join(dir, 'logs'), join(dir, 'evolving')],
    findFiles(dir, /\.records\.jsonl?$/),
  );
  // The evolving analysis wired as the CLI and the dashboard wire it.
  const { evolving, close } = statsDetectors(
    (id) => loaded.record(id)?.record,
    [...loaded.plans().values()].map((p) => p.plan),
  );
  const report = await computeStats(loaded.conversationsWithCurrentVerdicts(), { evolving });
  await close();
  return report;
}

describe.skipIf(missing.length > 0)('results dashboard', () => {
  let dir: string;
  let server: CodeServer;
  let wb: Workbench;
  let report: StatsReport;
  let frame: FrameLocator;
  let rescored: ConversationRef;
  let forked: { parent: ConversationRef; forkId: string };
  screenshotOnFailure(() => wb);

  beforeAll(async () => {
    // A private copy: the live-update test appends to a log.
    const samples = sampleWorkspace();
    dir = mkdtempSync(join(tmpdir(), 'intent-lens-dashboard-'));
    cpSync(samples.path, dir, { recursive: true });
    samples.dispose();
    rescored = await rescoreOneRun(dir);
    forked = forkOneRun(dir, (await Workspace.open([join(dir, 'logs')])).conversations(), rescored.conv_id);
    addOriginalOnlyModel(dir);
    report = await coreReport(dir);
    server = await startCodeServer({ workspace: dir });
    wb = await openWorkbench(server, { suite: 'dashboard' });
    await wb.extensionsActivated();
  });

  afterAll(async () => {
    await wb?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('opens the grid with the core numbers and n per cell', async () => {
    // The sidecar is restored once the data is loaded: the status bar counts the re-score then.
    await wb.page
      .locator('.part.statusbar', { hasText: /\(1 re-scored\)/ })
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.runCommand('Intent Lens: Open Dashboard');
    frame = wb.webviewFrame();
    await frame.locator('[data-testid="accuracy-grid"]').waitFor({ state: 'visible', timeout: wb.timeoutMs });
    // The grid is shown first; the intervals, tests and Fig. 4 stream in (the later tests assert them).
    await frame
      .locator('[data-testid="dashboard"][data-pending=""]')
      .waitFor({ state: 'attached', timeout: wb.timeoutMs });
    expect(report.cells.length).toBeGreaterThan(0);
    for (const c of report.cells) {
      const el = frame.locator(`[data-cell="${c.model}|${c.domain}|${c.mode}|${c.condition}"]`);
      expect(await el.getAttribute('data-accuracy')).toBe(c.accuracy === null ? '' : c.accuracy.toFixed(2));
      expect(await el.getAttribute('data-n')).toBe(String(c.n));
    }
    const overall = report.overall.find((o) => o.mode === 'multi' && o.condition === 'retained')!;
    expect(await frame.locator('[data-cell="*|*|multi|retained"]').getAttribute('data-accuracy')).toBe(
      overall.accuracy!.toFixed(2),
    );
    await wb.screenshot('dashboard-grid');
  });

  it('clicking a cell lists exactly its conversations and opens the chosen one', async () => {
    // The lowest-accuracy multi-turn cell: the interesting one to drill into.
    const target = report.cells
      .filter((c) => c.mode === 'multi' && c.accuracy !== null)
      .sort((a, b) => a.accuracy! - b.accuracy!)[0]!;
    await frame
      .locator(`[data-cell="${target.model}|${target.domain}|${target.mode}|${target.condition}"] button`)
      .click();
    const rows = wb.page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
    await rows.first().waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await expect
      .poll(() => wb.page.locator('.quick-input-widget .quick-input-title').innerText())
      .toContain(`${target.n + target.unscored} conversation`);
    expect(await rows.count()).toBe(target.n + target.unscored);
    const first = await rows.first().innerText();
    expect(first).toContain(target.model);
    const convId = /·\s*(\S+)\s*$/.exec(first)?.[1];
    expect(convId).toMatch(/\S+/);
    for (const text of await rows.allInnerTexts()) expect(text).toContain(target.model);
    await wb.screenshot('dashboard-cell-conversations');
    await wb.page.keyboard.press('Enter');
    // The chosen conversation opens in the conversation view, titled `task_id · instance · model`.
    await wb.page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: wb.timeoutMs });
    await wb.page
      .locator('.tabs-container .tab.active', { hasText: ` · ${target.model}` })
      .first()
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.webviewFrame().locator('body[data-rendered="true"]').waitFor({ state: 'attached', timeout: wb.timeoutMs });
    await wb.screenshot('dashboard-opened-conversation');
  });

  it('draws Fig. 4 and Fig. 5 with Plot, and their numbers click through too', async () => {
    // Back to the dashboard (the opened conversation covers it).
    await wb.runCommand('Intent Lens: Open Dashboard');
    frame = wb.webviewFrame();
    await frame.locator('[data-testid="inactive-table"]').scrollIntoViewIfNeeded();
    // Plot renders SVG inside the page under its strict CSP (no remote assets, no eval).
    await expect.poll(() => frame.locator('.il-plot svg').count(), { timeout: wb.timeoutMs }).toBeGreaterThan(0);
    await wb.screenshot('dashboard-fig4');
    const pooled = report.inactive.find((r) => r.model === '*' && r.domain === '*' && r.condition === 'retained')!;
    await frame.locator('[data-inactive="*|*|retained"] td:nth-child(4) button').click();
    await expect
      .poll(() => wb.page.locator('.quick-input-widget .quick-input-title').innerText(), { timeout: wb.timeoutMs })
      .toContain(`${pooled.new_errors} conversation`);
    await wb.page.keyboard.press('Escape');
    const point = report.depth.find((d) => d.model === '*' && d.k > 0);
    if (point) {
      const cell = frame.locator(`[data-depth="*|${point.path}|${point.k}"]`);
      await cell.scrollIntoViewIfNeeded();
      expect(await cell.getAttribute('data-accuracy')).toBe(point.accuracy === null ? '' : point.accuracy.toFixed(2));
      await wb.screenshot('dashboard-fig5');
      await cell.locator('button').click();
      await expect
        .poll(() => wb.page.locator('.quick-input-widget .quick-input-title').innerText(), { timeout: wb.timeoutMs })
        .toContain(`${point.n + point.unscored} conversation`);
      await wb.page.keyboard.press('Escape');
    }
  });

  it('shows the evolving-intent recap cells with the core numbers, and they click through', async () => {
    const evolving = report.evolving as EvolvingStats;
    const cells = evolving.byRecap.filter((b) => b.scenario === 'all');
    expect(cells.length).toBeGreaterThan(0);
    await wb.runCommand('Intent Lens: Open Dashboard');
    frame = wb.webviewFrame();
    await frame.locator('[data-testid="evolving-recap"]').scrollIntoViewIfNeeded({ timeout: wb.timeoutMs });
    for (const c of cells) {
      const el = frame.locator(`[data-evolving-cell="${c.model}|${c.recap}"]`);
      expect(await el.getAttribute('data-accuracy')).toBe(c.accuracy === null ? '' : c.accuracy.toFixed(2));
      expect(await el.getAttribute('data-n')).toBe(String(c.n));
    }
    await wb.screenshot('dashboard-evolving');
    const target = cells[0]!;
    await frame.locator(`[data-evolving-cell="${target.model}|${target.recap}"] button`).click();
    await expect
      .poll(() => wb.page.locator('.quick-input-widget .quick-input-title').innerText(), { timeout: wb.timeoutMs })
      .toContain(`${target.n + target.unscored} conversation`);
    await wb.page.keyboard.press('Escape');
  });

  it('hovers a cell for its 95% interval and marks small cells', async () => {
    await wb.runCommand('Intent Lens: Open Dashboard');
    frame = wb.webviewFrame();
    const target = report.cells.find((c) => c.mode === 'multi' && c.condition === 'original' && c.n > 0)!;
    const cell = frame.locator(`[data-cell="${target.model}|${target.domain}|multi|original"]`);
    await cell.scrollIntoViewIfNeeded();
    await cell.hover();
    const tip = frame.locator('[data-testid="cell-tip"]');
    await tip.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    const [lo, hi] = wilsonInterval(target.correct, target.n)!;
    const expected = `[${(100 * lo).toFixed(1)}, ${(100 * hi).toFixed(1)}]`;
    expect(await tip.innerText()).toContain(`95% interval ${expected} (Wilson)`);
    expect(await cell.getAttribute('data-ci')).toBe(expected);
    // The samples are small: every cell under 10 runs is marked, visibly.
    expect(target.n).toBeLessThan(10);
    expect(await cell.getAttribute('data-small')).toBe('true');
    expect(await cell.locator('.il-small-mark').innerText()).toContain('small');
    await wb.screenshot('dashboard-cell-interval');
    // The overall's tip names the bootstrap.
    await frame.locator('[data-cell="*|*|multi|original"]').hover();
    await expect.poll(() => tip.innerText(), { timeout: wb.timeoutMs }).toContain('bootstrap over sources');
  });

  it('keeps model names readable in a narrow editor (no letter-by-letter wrapping)', async () => {
    const before = wb.page.viewportSize() ?? { width: 1400, height: 900 };
    await wb.page.setViewportSize({ width: 640, height: before.height });
    try {
      const name = frame.locator('.il-grid th.il-model').first();
      await name.scrollIntoViewIfNeeded();
      // A name wrapped letter by letter is one character wide; min-width keeps a readable column.
      await expect
        .poll(async () => (await name.boundingBox())?.width ?? 0, { timeout: wb.timeoutMs })
        .toBeGreaterThan(60);
      await wb.screenshot('dashboard-narrow');
    } finally {
      await wb.page.setViewportSize(before);
    }
  });

  it("opens a gap's paired 2x2 table with the core counts and exact McNemar p", async () => {
    const test =
      report.pairedGaps.find((t) => t.model !== 'overall' && t.n > 0 && t.only_from + t.only_to > 0) ??
      report.pairedGaps.find((t) => t.n > 0)!;
    const gapCell = frame.locator(`[data-gap="${test.id}|${test.model}"]`);
    await gapCell.scrollIntoViewIfNeeded();
    await gapCell.locator('[data-testid="open-paired"]').click();
    const table = frame.locator('[data-testid="paired-table"]');
    await table.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    for (const k of ['both', 'only_from', 'only_to', 'neither'] as const)
      expect(await table.locator(`[data-paired="${k}"]`).innerText()).toBe(String(test[k]));
    const summary = await table.locator('[data-testid="paired-summary"]').innerText();
    expect(summary).toContain(`exact McNemar p = ${test.p_mcnemar!.toPrecision(3)}`);
    expect(summary).toContain(test.holm_significant ? 'survives Holm' : 'does not survive Holm');
    await wb.screenshot('dashboard-gap-paired-table');
  });

  it('shows every interval in its cell with Show intervals, one word for empty cells, and hides Original-only models', async () => {
    await wb.runCommand('Intent Lens: Open Dashboard');
    frame = wb.webviewFrame();
    await frame
      .locator('[data-testid="dashboard"][data-pending=""]')
      .waitFor({ state: 'attached', timeout: wb.timeoutMs });
    const cells = report.cells.filter((c) => c.n > 0).slice(0, 6);
    for (const c of cells)
      expect(
        await frame
          .locator(`[data-cell="${c.model}|${c.domain}|${c.mode}|${c.condition}"] [data-testid="cell-interval"]`)
          .count(),
      ).toBe(0);
    await frame.locator('[data-testid="show-intervals"]').check();
    for (const c of cells) {
      const cell = frame.locator(`[data-cell="${c.model}|${c.domain}|${c.mode}|${c.condition}"]`);
      const [lo, hi] = wilsonInterval(c.correct, c.n)!;
      await expect
        .poll(() => cell.locator('[data-testid="cell-interval"]').innerText(), { timeout: wb.timeoutMs })
        .toBe(`[${(100 * lo).toFixed(1)}, ${(100 * hi).toFixed(1)}]`);
    }
    // The overall row's bootstrap intervals show too.
    expect(await frame.locator('[data-cell="*|*|multi|original"] [data-testid="cell-interval"]').innerText()).toMatch(
      /^\[\d+\.\d, \d+\.\d\]$/,
    );
    // A cell without a number says "no runs" (or "unscored"), one wording everywhere.
    const empty = await frame.locator('.il-grid .il-missing').allInnerTexts();
    expect(empty.length).toBeGreaterThan(0);
    for (const t of empty) expect(['no runs', 'unscored']).toContain(t.trim());
    await screenshotInThemes(wb, 'dashboard-intervals', () => wb.webviewFrame());
    // The Original-only model has a row until it is hidden.
    const row = frame.locator(`[data-cell^="${ORIGINAL_ONLY_MODEL}|"]`);
    expect(await row.count()).toBeGreaterThan(0);
    await frame.locator('[data-testid="hide-non-intent-eval"]').check();
    await expect.poll(() => row.count(), { timeout: wb.timeoutMs }).toBe(0);
    expect(await frame.locator('[data-testid="hidden-models"]').innerText()).toContain(ORIGINAL_ONLY_MODEL);
    expect(await frame.locator(`[data-cell^="${report.models[0]}|"]`).count()).toBeGreaterThan(0);
    await frame.locator('[data-testid="hide-non-intent-eval"]').uncheck();
    await frame.locator('[data-testid="show-intervals"]').uncheck();
  });

  it('moves between grid cells with the arrow keys, one tab stop', async () => {
    const grid = frame.locator('[data-testid="accuracy-grid"]');
    // One tab stop in the grid: the first cell.
    expect(await grid.locator('[tabindex="0"]').count()).toBe(1);
    const focusedCell = () =>
      frame.locator(':focus').evaluate((el) => el.closest('td')?.getAttribute('data-cell') ?? '');
    await grid.locator('[tabindex="0"]').focus();
    const m = report.models[0]!;
    const [d1, d2] = report.domains.filter((d) => report.cells.some((c) => c.model === m && c.domain === d));
    expect(await focusedCell()).toBe(`${m}|${d1}|single|original`);
    await wb.page.keyboard.press('ArrowRight');
    expect(await focusedCell()).toBe(`${m}|${d1}|single|direct`);
    await wb.page.keyboard.press('ArrowDown');
    expect(await focusedCell()).toBe(d2 ? `${m}|${d2}|single|direct` : `${m}|*|single|direct`);
    await wb.page.keyboard.press('End');
    expect(await focusedCell()).toMatch(/\|multi\|retained$/);
    await wb.page.keyboard.press('Control+End');
    expect(await focusedCell()).toBe('*|*|multi|retained');
    // The tab stop moved with the focus.
    expect(await grid.locator('[tabindex="0"]').count()).toBe(1);
    expect(await grid.locator('[tabindex="0"]').evaluate((el) => el.closest('td')?.getAttribute('data-cell'))).toBe(
      '*|*|multi|retained',
    );
    await wb.screenshot('dashboard-keyboard');
  });

  it('opens the dashboard in a full-width group beside a split editor', async () => {
    // Close the dashboard, split the editor area, and open it again from the narrow group.
    await wb.page.locator('.tabs-container .tab', { hasText: 'Intent Lens Dashboard' }).first().click();
    await wb.runCommand('View: Close Editor');
    await wb.page
      .locator('.tabs-container .tab', { hasText: 'Intent Lens Dashboard' })
      .waitFor({ state: 'detached', timeout: wb.timeoutMs });
    // A text editor to split: the samples' README.
    await wb.page.keyboard.press('Control+P');
    const quickOpen = wb.page.locator('.quick-input-widget input');
    await quickOpen.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await quickOpen.fill('README.md');
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'README.md' })
      .first()
      .waitFor({ timeout: wb.timeoutMs });
    await wb.page.keyboard.press('Enter');
    await wb.page
      .locator('.tabs-container .tab.active', { hasText: 'README.md' })
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.runCommand('View: Split Editor Right');
    await expect
      .poll(() => wb.page.locator('.part.editor .editor-group-container').count(), { timeout: wb.timeoutMs })
      .toBeGreaterThan(1);
    await wb.runCommand('Intent Lens: Open Dashboard');
    await wb
      .webviewFrame()
      .locator('[data-testid="accuracy-grid"]')
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    const editorWidth = (await wb.page.locator('.part.editor').boundingBox())!.width;
    const webview = wb.page.locator('iframe.webview.ready:visible').first();
    await expect
      .poll(async () => ((await webview.boundingBox())?.width ?? 0) / editorWidth, { timeout: wb.timeoutMs })
      .toBeGreaterThan(0.95);
    // The other group is hidden (maximized group), not closed.
    expect(await wb.page.locator('.part.editor .editor-group-container').filter({ visible: true }).count()).toBe(1);
    expect(await wb.page.locator('.part.editor .editor-group-container').count()).toBeGreaterThan(1);
    await wb.screenshot('dashboard-wide-group');
    frame = wb.webviewFrame();
  });

  it('runs a run diff between the two models and opens one flipped pair in the compare view', async () => {
    const refs = await coreRefs(dir);
    const [ma, mb] = report.models as [string, string];
    const expected = diffRuns(
      refs.filter((r) => r.model === ma),
      refs.filter((r) => r.model === mb),
      false,
    );
    const withFlip = expected.instances.find((i) => i.lost.length + i.gained.length > 0)!;
    expect(withFlip).toBeDefined();
    const section = frame.locator('[data-testid="run-diff"]');
    await section.scrollIntoViewIfNeeded();
    await frame.locator('[data-testid="diff-A-model"]').selectOption(ma);
    await frame.locator('[data-testid="diff-B-model"]').selectOption(mb);
    await frame.locator('[data-testid="run-diff-go"]').click();
    const row = frame.locator(`[data-diff-instance="${withFlip.label}"]`);
    await row.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    expect(await frame.locator('[data-testid="run-diff-summary"]').innerText()).toContain(
      `${expected.paired} paired source(s)`,
    );
    expect(await row.locator('td').nth(1).innerText()).toBe(String(withFlip.lost.length));
    expect(await row.locator('td').nth(2).innerText()).toBe(String(withFlip.gained.length));
    await wb.screenshot('dashboard-run-diff');
    const flip = withFlip.lost[0] ?? withFlip.gained[0]!;
    await row.locator(`[data-flip$="|${flip.task_id}"]`).first().click();
    // The compare view opens on the pair: its tab names the source.
    await wb.page
      .locator('.tabs-container .tab', { hasText: flip.task_id })
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.webviewFrame().locator('body[data-rendered="true"]').waitFor({ state: 'attached', timeout: wb.timeoutMs });
    await wb.screenshot('dashboard-run-diff-compare');
  });

  it('exports the report as one HTML file that opens in Chromium without a network request', async () => {
    await wb.runCommand('Intent Lens: Open Dashboard');
    frame = wb.webviewFrame();
    const out = join(dir, 'intent-eval-report.html');
    await frame.locator('[data-testid="export-report"]').click();
    // VS Code's save dialog (the simple one in code-server) proposes the workspace file: accept it.
    const input = wb.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await expect.poll(() => input.inputValue(), { timeout: wb.timeoutMs }).toContain('intent-eval-report.html');
    await wb.page.keyboard.press('Enter');
    await expect.poll(() => existsSync(out), { timeout: wb.timeoutMs }).toBe(true);
    // Saved, said with its workspace-relative path (never absolute), with Open and Reveal in Explorer.
    await expect
      .poll(() => frame.locator('.il-message').innerText(), { timeout: wb.timeoutMs })
      .toContain('Report saved to intent-eval-report.html');
    expect(await frame.locator('.il-message').innerText()).not.toContain(dir);
    // The notification offers both actions (checked on its toast while it shows); Open opens the file.
    const toast = wb.page.locator('.notification-list-item', { hasText: 'Report saved' }).first();
    if (
      await toast.waitFor({ state: 'visible', timeout: 10_000 }).then(
        () => true,
        () => false,
      )
    ) {
      expect(await toast.locator('.monaco-button').allInnerTexts()).toEqual(
        expect.arrayContaining(['Open', 'Reveal in Explorer']),
      );
    }
    const saved = await wb.notification(/Report saved to intent-eval-report\.html/, { action: 'Open' });
    expect(saved).not.toContain(dir);
    await wb.page
      .locator('.tabs-container .tab.active', { hasText: 'intent-eval-report.html' })
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    const page = await wb.page.context().newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const url = `file://${out}`;
    await page.goto(url);
    await page.locator('#grid').waitFor({ state: 'visible' });
    expect(await page.locator('svg').count()).toBeGreaterThan(0);
    expect(await page.locator('script').count()).toBe(0);
    // The run diff of the previous test is in the report.
    expect(await page.locator('#run-diff').count()).toBe(1);
    // Its flipped conversations link to the conversation view through the URI handler.
    expect(
      await page.locator('#run-diff a[href*="://intent-lens.intent-lens/conversation?conv="]').count(),
    ).toBeGreaterThan(0);
    await page.screenshot({ path: join('test-results', 'dashboard-report-html.png'), fullPage: true });
    expect(requests.filter((u) => u !== url)).toEqual([]);
    await page.close();
  });

  it('runs a logged-vs-re-scored diff and opens the flipped run with both verdicts', async () => {
    const logged = (await Workspace.open([join(dir, 'logs')])).conversations();
    const d = loggedVsRescored(logged, (id) => (id === rescored.conv_id ? { is_correct: false } : undefined));
    const expected = diffRuns(d.a, d.b, d.pairByModel);
    const inst = expected.instances.find((i) => i.lost.length === 1)!;
    expect(inst.lost[0]).toMatchObject({
      task_id: rescored.task_id,
      conv_a: rescored.conv_id,
      conv_b: rescored.conv_id,
    });
    await wb.runCommand('Intent Lens: Open Dashboard');
    frame = wb.webviewFrame();
    await frame.locator('[data-testid="run-diff"]').scrollIntoViewIfNeeded({ timeout: wb.timeoutMs });
    await frame.locator('[data-testid="diff-kind"]').selectOption('rescored');
    await frame.locator('[data-testid="run-diff-go"]').click();
    // A previous diff may show a row for the same instance: wait for this diff's summary.
    await expect
      .poll(() => frame.locator('[data-testid="run-diff-summary"]').innerText(), { timeout: wb.timeoutMs })
      .toContain('as logged → all models, re-scored: 1 paired source(s)');
    const row = frame.locator(`[data-diff-instance="${inst.label}"]`);
    await row.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    expect(await row.locator('td').nth(1).innerText()).toBe('1');
    expect(await row.locator('td').nth(2).innerText()).toBe('0');
    await wb.screenshot('dashboard-run-diff-rescored');
    await row.locator(`[data-flip="✓→✗|${rescored.task_id}"]`).click();
    // One conversation, logged ✓ and re-scored ✗: its own view opens and shows both.
    await wb.page
      .locator('.tabs-container .tab.active', { hasText: rescored.task_id })
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    const view = wb.webviewFrame();
    await view.locator('body[data-rendered="true"]').waitFor({ state: 'attached', timeout: wb.timeoutMs });
    expect(await view.locator('.il-verdict-badge').getAttribute('data-verdict')).toBe('incorrect');
    expect(await view.locator('[data-testid="provenance"]').innerText()).toContain('re-scored (logged correct)');
    await wb.screenshot('dashboard-run-diff-rescored-opened');
  });

  it('runs a parent-vs-fork-batch diff and opens the parent and its fork side by side', async () => {
    const refs = await coreRefs(dir);
    const [batch] = forkBatches(refs);
    expect(batch).toMatchObject({ edit: 'flip-decision', forks: 1 });
    const d = parentVsForks(refs, batch!.id);
    const inst = diffRuns(d.a, d.b, d.pairByModel).instances.find((i) => i.gained.length === 1)!;
    expect(inst.gained[0]).toMatchObject({
      task_id: forked.parent.task_id,
      conv_a: forked.parent.conv_id,
      conv_b: forked.forkId,
    });
    await wb.runCommand('Intent Lens: Open Dashboard');
    frame = wb.webviewFrame();
    await frame.locator('[data-testid="run-diff"]').scrollIntoViewIfNeeded({ timeout: wb.timeoutMs });
    await frame.locator('[data-testid="diff-kind"]').selectOption('forks');
    expect(await frame.locator('[data-testid="diff-fork-batch"]').innerText()).toContain(
      'decision at U2 flipped · 1 fork(s) of 1 parent(s)',
    );
    await frame.locator('[data-testid="run-diff-go"]').click();
    // The previous test's diff may show a row for the same instance: wait for this diff's summary.
    await expect
      .poll(() => frame.locator('[data-testid="run-diff-summary"]').innerText(), { timeout: wb.timeoutMs })
      .toContain('parents → forks: ');
    // The fork ran Revised, yet it is diffed under its parent's instance.
    const row = frame.locator(`[data-diff-instance="${inst.label}"]`);
    await row.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    expect(await row.locator('td').nth(2).innerText()).toBe('1');
    await wb.screenshot('dashboard-run-diff-forks');
    await row.locator(`[data-flip="✗→✓|${forked.parent.task_id}"]`).click();
    await wb.page
      .locator('.tabs-container .tab.active', { hasText: forked.parent.task_id })
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    const compare = wb.webviewFrame();
    await compare.locator('body[data-rendered="true"]').waitFor({ state: 'attached', timeout: wb.timeoutMs });
    // Parent ✗ on the left, its fork ✓ on the right.
    expect(await compare.locator('[data-testid="verdict-left"]').getAttribute('data-verdict')).toBe('incorrect');
    expect(await compare.locator('[data-testid="verdict-right"]').getAttribute('data-verdict')).toBe('correct');
    await wb.screenshot('dashboard-run-diff-forks-compare');
  });

  it('updates a cell when a run is appended to a log', async () => {
    const log = findFiles(join(dir, 'logs'), /\.jsonl$/).find(
      (f) =>
        readFileSync(f, 'utf8').includes('"condition": "original"') ||
        readFileSync(f, 'utf8').includes('"condition":"original"'),
    )!;
    const line = readFileSync(log, 'utf8')
      .split('\n')
      .find((l) => l.trim() && /"mode":\s*"single"/.test(l) && /"condition":\s*"original"/.test(l))!;
    const entry = JSON.parse(line) as {
      conv_id: string;
      assistant_model: string;
      task: string;
      is_correct: boolean | null;
    };
    const before = report.cells.find(
      (c) =>
        c.model === entry.assistant_model &&
        c.domain === entry.task &&
        c.mode === 'single' &&
        c.condition === 'original',
    )!;
    const summary = wb.page.locator('.part.statusbar .statusbar-item', { hasText: / conversations/ }).first();
    const countBefore = Number(/(\d+) conversations/.exec(await summary.innerText())![1]);
    appendFileSync(log, JSON.stringify({ ...entry, conv_id: `${entry.conv_id}-appended`, is_correct: false }) + '\n');
    // The append is loaded (the status bar counts it) before the palette is used: the views that
    // show this log re-render meanwhile, and a palette opened during that can go inert.
    await wb.page
      .locator('.part.statusbar .statusbar-item', { hasText: new RegExp(`\\b${countBefore + 1} conversations`) })
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    // Back to the open dashboard by its tab (the compare view opened last covers it): the cell must
    // follow the append in the dashboard that is already open, not in a new one.
    const tab = wb.page.locator('.tabs-container .tab', { hasText: 'Intent Lens Dashboard' });
    await tab.click({ timeout: wb.timeoutMs });
    await wb.page
      .locator('.tabs-container .tab.active', { hasText: 'Intent Lens Dashboard' })
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    frame = wb.webviewFrame();
    const cell = frame.locator(`[data-cell="${before.model}|${before.domain}|single|original"]`);
    await expect.poll(() => cell.getAttribute('data-n'), { timeout: wb.timeoutMs }).toBe(String(before.n + 1));
    expect(await cell.getAttribute('data-accuracy')).toBe(((100 * before.correct) / (before.n + 1)).toFixed(2));
  });
});
