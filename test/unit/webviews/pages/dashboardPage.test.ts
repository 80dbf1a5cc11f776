// @vitest-environment happy-dom
// The dashboard page (webview/dashboard/main.tsx) in a DOM, over the report the host computes for
// the samples: what the grid shows, what the page posts for an export and for a click on a number,
// the export's outcome in words, and the arrow keys moving between the grid's cells.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { join, resolve } from 'node:path';
import { Workspace } from '../../../../src/core/workspace/workspace';
import { DashboardStats } from '../../../../src/extension/dashboard/dashboardReport';
import type { WorkspaceData } from '../../../../src/extension/data/workspaceData';
import type { DashboardReport, DashboardState } from '../../../../src/shared/protocol/dashboard';
import { loadPage, settle, type LoadedPage } from './pageHarness';

// The figures (Observable Plot, a lazy module) are not under test here: they draw nothing.
vi.mock('../../../../webview/dashboard/PlotFigure', async (original) => ({
  ...(await original<typeof import('../../../../webview/dashboard/PlotFigure')>()),
  PlotFigure: () => null,
}));

const samples = resolve(__dirname, '../../../../samples');
let report: DashboardReport;
beforeAll(async () => {
  const ws = await Workspace.open([join(samples, 'logs')], [join(samples, 'intent.records.jsonl')]);
  const stats = new DashboardStats(
    Object.assign(ws, { ensureLoaded: async () => undefined }) as unknown as WorkspaceData,
  );
  // As the panel sends it (dashboardPanel.ts): the webview's shape of the complete report.
  report = DashboardStats.forWebview(await stats.complete(), stats.detectorName, stats.plans());
  stats.dispose();
});

let page: LoadedPage;
beforeEach(async () => {
  const state: DashboardState = { view: 'dashboard', report, computedAt: 1 };
  page = await loadPage(() => import('../../../../webview/dashboard/main'), state);
});
afterEach(() => {
  expect(page.errors()).toEqual([]);
  page.close();
});

const cell = (key: string) => document.querySelector<HTMLElement>(`[data-cell="${key}"]`);

describe('dashboard page', () => {
  it('shows the totals and one grid cell per model, domain and condition, with its accuracy and n', async () => {
    const summary = await page.find('[data-testid="summary"]');
    expect(summary.textContent).toContain(`${report.totals.conversations} conversations`);
    const c = report.cells.find((x) => x.n > 0)!;
    const shown = cell(`${c.model}|${c.domain}|${c.mode}|${c.condition}`)!;
    expect(shown.dataset.accuracy).toBe(c.accuracy!.toFixed(2));
    expect(shown.dataset.n).toBe(String(c.n));
  });

  it('asks the host for an export and says where it was saved', async () => {
    (await page.find('[data-testid="export-csv"]')).click();
    const [request] = page.requests('exportGrid');
    expect(request).toMatchObject({ method: 'exportGrid', params: { format: 'csv' } });
    await page.respond(request!, { saved: '/ws/grid.csv' });
    await page.until(
      () => document.querySelector('.il-message')?.textContent === 'Grid CSV saved to /ws/grid.csv',
      'the message',
    );
    // The Intent-OPSD export carries the admit option as ticked.
    (await page.find<HTMLInputElement>('[data-testid="opsd-admit"]')).click();
    await settle();
    (await page.find('[data-testid="export-opsd"]')).click();
    expect(page.requests('exportOpsd').at(-1)).toMatchObject({ params: { admitSingleCorrect: false } });
  });

  it('posts showConversations for a clicked number, with the cell’s selector', async () => {
    const c = report.cells.find((x) => x.n > 0)!;
    const button = cell(`${c.model}|${c.domain}|${c.mode}|${c.condition}`)!.querySelector<HTMLButtonElement>(
      'button.il-num',
    )!;
    button.click();
    expect(page.commands()).toEqual([
      {
        kind: 'command',
        command: 'showConversations',
        params: {
          selector: { model: c.model, domain: c.domain, mode: c.mode, condition: c.condition, basePathOnly: true },
          title: expect.stringContaining(c.model),
        },
      },
    ]);
  });

  it('moves the focus and the one tab stop between cells with the arrow keys', async () => {
    const grid = await page.find('[data-testid="accuracy-grid"]');
    const first = grid.querySelector<HTMLElement>('td.il-cell')!;
    const tabStops = () => [...grid.querySelectorAll<HTMLElement>('[tabindex="0"]')];
    expect(tabStops()).toHaveLength(1);
    const start = tabStops()[0]!;
    start.focus();
    start.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
    await page.until(() => tabStops()[0] !== start, 'the tab stop to move');
    const moved = tabStops()[0]!.closest('td')!;
    expect(moved.previousElementSibling).toBe(first);
    expect(document.activeElement?.closest('td')).toBe(moved);
  });
});
