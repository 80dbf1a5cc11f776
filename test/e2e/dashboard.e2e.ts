// Results dashboard in a real VS Code (code-server) on a copy of samples/: the grid shows the same
// numbers as the core (the CLI's computeStats), a click on a cell lands on a quick pick of exactly
// its conversations and Enter opens one; appending a run to a log updates the cell live.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FrameLocator } from 'playwright-core';
import { missingE2eTools, openWorkbench, sampleWorkspace, startCodeServer, type CodeServer, type Workbench } from './harness';
import { loadResults } from '../../src/core/stats/loadResults';
import { computeStats } from '../../src/core/stats/computeStats';
import type { StatsReport } from '../../src/core/stats/statsTypes';
import { statsDetectors } from '../../src/core/stats/statsDetectors';
import type { EvolvingStats } from '../../src/core/stats/evolving';

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

async function coreReport(dir: string): Promise<StatsReport> {
  const loaded = await loadResults(findFiles(dir, /\.records\.jsonl?$/), [join(dir, 'logs'), join(dir, 'evolving')]);
  // The evolving analysis wired as the CLI and the dashboard wire it.
  const { evolving, close } = statsDetectors((id) => loaded.records.get(id), loaded.plans);
  const report = await computeStats(loaded.index.conversations(), { evolving });
  await close();
  return report;
}

describe.skipIf(missing.length > 0)('results dashboard', () => {
  let dir: string;
  let server: CodeServer;
  let wb: Workbench;
  let report: StatsReport;
  let frame: FrameLocator;

  beforeAll(async () => {
    // A private copy: the live-update test appends to a log.
    const samples = sampleWorkspace();
    dir = mkdtempSync(join(tmpdir(), 'intent-lens-dashboard-'));
    cpSync(samples.path, dir, { recursive: true });
    samples.dispose();
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
    await wb.runCommand('Intent Lens: Open Dashboard');
    frame = wb.webviewFrame();
    await frame.locator('[data-testid="accuracy-grid"]').waitFor({ state: 'visible', timeout: wb.timeoutMs });
    expect(report.cells.length).toBeGreaterThan(0);
    for (const c of report.cells) {
      const el = frame.locator(`[data-cell="${c.model}|${c.domain}|${c.mode}|${c.condition}"]`);
      expect(await el.getAttribute('data-accuracy')).toBe(c.accuracy === null ? '' : c.accuracy.toFixed(2));
      expect(await el.getAttribute('data-n')).toBe(String(c.n));
    }
    const overall = report.overall.find((o) => o.mode === 'multi' && o.condition === 'retained')!;
    expect(await frame.locator('[data-cell="*|*|multi|retained"]').getAttribute('data-accuracy')).toBe(overall.accuracy!.toFixed(2));
    await wb.screenshot('dashboard-grid');
  });

  it('clicking a cell lists exactly its conversations and opens the chosen one', async () => {
    // The lowest-accuracy multi-turn cell: the interesting one to drill into.
    const target = report.cells.filter((c) => c.mode === 'multi' && c.accuracy !== null).sort((a, b) => a.accuracy! - b.accuracy!)[0]!;
    await frame.locator(`[data-cell="${target.model}|${target.domain}|${target.mode}|${target.condition}"] button`).click();
    const rows = wb.page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
    await rows.first().waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await expect.poll(() => wb.page.locator('.quick-input-widget .quick-input-title').innerText()).toContain(`${target.n + target.unscored} conversation`);
    expect(await rows.count()).toBe(target.n + target.unscored);
    const first = await rows.first().innerText();
    expect(first).toContain(target.model);
    const convId = /·\s*(\S+)\s*$/.exec(first)?.[1];
    expect(convId).toMatch(/\S+/);
    for (const text of await rows.allInnerTexts()) expect(text).toContain(target.model);
    await wb.screenshot('dashboard-cell-conversations');
    await wb.page.keyboard.press('Enter');
    // The chosen conversation opens as its turn document (intent-lens:/conv/<conv_id>.md).
    await wb.page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: wb.timeoutMs });
    await wb.page.locator('.tabs-container .tab', { hasText: `${convId}.md` }).waitFor({ state: 'visible', timeout: wb.timeoutMs });
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
    await expect.poll(() => wb.page.locator('.quick-input-widget .quick-input-title').innerText(), { timeout: wb.timeoutMs }).toContain(`${pooled.new_errors} conversation`);
    await wb.page.keyboard.press('Escape');
    const point = report.depth.find((d) => d.model === '*' && d.k > 0);
    if (point) {
      const cell = frame.locator(`[data-depth="*|${point.path}|${point.k}"]`);
      await cell.scrollIntoViewIfNeeded();
      expect(await cell.getAttribute('data-accuracy')).toBe(point.accuracy === null ? '' : point.accuracy.toFixed(2));
      await wb.screenshot('dashboard-fig5');
      await cell.locator('button').click();
      await expect.poll(() => wb.page.locator('.quick-input-widget .quick-input-title').innerText(), { timeout: wb.timeoutMs }).toContain(`${point.n + point.unscored} conversation`);
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
    await expect.poll(() => wb.page.locator('.quick-input-widget .quick-input-title').innerText(), { timeout: wb.timeoutMs }).toContain(`${target.n + target.unscored} conversation`);
    await wb.page.keyboard.press('Escape');
  });

  it('updates a cell when a run is appended to a log', async () => {
    const log = findFiles(join(dir, 'logs'), /\.jsonl$/).find((f) => readFileSync(f, 'utf8').includes('"condition": "original"') || readFileSync(f, 'utf8').includes('"condition":"original"'))!;
    const line = readFileSync(log, 'utf8').split('\n').find((l) => l.trim() && /"mode":\s*"single"/.test(l) && /"condition":\s*"original"/.test(l))!;
    const entry = JSON.parse(line) as { conv_id: string; assistant_model: string; task: string; is_correct: boolean | null };
    const before = report.cells.find((c) => c.model === entry.assistant_model && c.domain === entry.task && c.mode === 'single' && c.condition === 'original')!;
    appendFileSync(log, JSON.stringify({ ...entry, conv_id: `${entry.conv_id}-appended`, is_correct: false }) + '\n');
    // Back to the dashboard (the opened conversation covers it), then watch the cell.
    await wb.runCommand('Intent Lens: Open Dashboard');
    frame = wb.webviewFrame();
    const cell = frame.locator(`[data-cell="${before.model}|${before.domain}|single|original"]`);
    await expect.poll(() => cell.getAttribute('data-n'), { timeout: wb.timeoutMs }).toBe(String(before.n + 1));
    expect(await cell.getAttribute('data-accuracy')).toBe(((100 * before.correct) / (before.n + 1)).toFixed(2));
  });
});
