// @vitest-environment happy-dom
// The dashboard page's annotation parts (issue #39) over the report the host computes for the
// samples with two annotators' sidecars (written by the annotation writer, read back as the
// extension reads them): the note on what the human override changed and its machine-verdicts
// switch, the agreement per label (the core's Cohen's kappa with n), the disagreements opening
// their conversation, and the empty states that say what to do.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Workspace } from '../../../../src/core/workspace/workspace';
import type { ConversationRef } from '../../../../src/core/load/runLogIndex';
import { DashboardStats } from '../../../../src/extension/dashboard/dashboardReport';
import type { WorkspaceData } from '../../../../src/extension/data/workspaceData';
import type { DashboardReport, DashboardState } from '../../../../src/shared/protocol/dashboard';
import { addEvent, appendAnnotationEvents } from '../../../../src/core/annotations/annotationWriter';
import { readSidecars } from '../../../../src/core/annotations/annotationLog';
import { labelAgreement } from '../../../../src/core/annotations/agreement';
import { loadPage, settle, type LoadedPage } from './pageHarness';

vi.mock('../../../../webview/dashboard/PlotFigure', async (original) => ({
  ...(await original<typeof import('../../../../webview/dashboard/PlotFigure')>()),
  PlotFigure: () => null,
}));

const samples = resolve(__dirname, '../../../../samples');
let ws: Workspace;
let stats: DashboardStats;
/** c[0] is logged incorrect and overridden to correct by ann; c[0..3] are annotated by both. */
let c: ConversationRef[];

/** The report as the panel sends it (dashboardPanel.ts `stateOf`), in the stats' current verdict mode. */
async function stateNow(): Promise<DashboardState> {
  const report = DashboardStats.forWebview(
    await stats.complete(),
    stats.detectorName,
    stats.plans(),
    undefined,
    stats.verdictNote(),
    [],
    stats.annotationSummary(),
  );
  return { view: 'dashboard', report, computedAt: 1 };
}

beforeAll(async () => {
  ws = await Workspace.open([join(samples, 'logs')], [join(samples, 'intent.records.jsonl')]);
  const grid = ws.conversations().filter((r) => r.mode === 'multi' && r.path === undefined && !r.forkedFrom);
  const wrong = grid.find((r) => r.verdict === 'incorrect' && r.condition === 'original')!;
  c = [wrong, ...grid.filter((r) => r !== wrong).slice(0, 3)];
  const dir = mkdtempSync(join(tmpdir(), 'il-dash-annotations-'));
  const basis = (r: ConversationRef) => ({ verdict_source: 'logged', log_file: r.file, log_line: r.line });
  const label = (by: string, r: ConversationRef, value: string) =>
    addEvent({ conv_id: r.conv_id, kind: 'label', value, by, basis: basis(r) });
  const note = (by: string, r: ConversationRef) =>
    addEvent({ conv_id: r.conv_id, kind: 'note', value: 'read', by, basis: basis(r) });
  // leaked-inactive: ann on c0 and c1, bob on c0 only; both annotated c0..c3 → κ = 0.5 over n = 4.
  await appendAnnotationEvents(join(dir, 'annotations.jsonl'), [
    label('ann', c[0]!, 'leaked-inactive'),
    label('ann', c[1]!, 'leaked-inactive'),
    note('ann', c[2]!),
    note('ann', c[3]!),
    addEvent({
      conv_id: c[0]!.conv_id,
      kind: 'verdict',
      value: 'correct',
      reason: 'comma grouped answer',
      by: 'ann',
      basis: basis(c[0]!),
    }),
  ]);
  await appendAnnotationEvents(join(dir, 'annotations-bob.jsonl'), [
    label('bob', c[0]!, 'leaked-inactive'),
    note('bob', c[1]!),
    note('bob', c[2]!),
    note('bob', c[3]!),
  ]);
  ws.annotations.set(await readSidecars([join(dir, 'annotations.jsonl'), join(dir, 'annotations-bob.jsonl')]));
  stats = new DashboardStats(Object.assign(ws, { ensureLoaded: async () => undefined }) as unknown as WorkspaceData);
});

let page: LoadedPage | undefined;
afterEach(() => {
  expect(page?.errors() ?? []).toEqual([]);
  page?.close();
  page = undefined;
  stats.setVerdictMode('adjudicated');
});

const open = async (state: DashboardState) =>
  (page = await loadPage(() => import('../../../../webview/dashboard/main'), state));
const cellOf = (r: ConversationRef) =>
  document.querySelector<HTMLElement>(`[data-cell="${r.model}|${r.task}|${r.mode}|${r.condition}"]`)!;

describe('dashboard page: annotations', () => {
  it('says how many cells the human override changed, and the switch shows the machine verdicts', async () => {
    const adjudicated = await stateNow();
    expect(adjudicated.report!.adjudication).toEqual({
      mode: 'adjudicated',
      overrides: 1,
      changedConversations: 1,
      changedCells: 1,
    });
    const p = await open(adjudicated);
    const note = await p.find('[data-testid="override-text"]');
    expect(note.textContent).toBe(
      'Adjudicated verdicts: 1 human override changed 1 conversation verdict and 1 Table 1 cell.',
    );
    expect(document.querySelector('[data-testid="verdict-note"]')!.textContent).toContain(
      'verdicts as logged + 1 human override',
    );
    const adjudicatedAccuracy = cellOf(c[0]!).dataset.accuracy;

    const toggle = await p.find<HTMLInputElement>('[data-testid="machine-verdicts"]');
    expect(toggle.checked).toBe(false);
    toggle.click();
    await p.until(() => p.requests('setVerdictMode').length === 1, 'the setVerdictMode request');
    const [request] = p.requests('setVerdictMode');
    expect(request!.params).toEqual({ mode: 'machine' });
    stats.setVerdictMode('machine');
    await p.respond(request!, await stateNow());
    const noteText = () => document.querySelector('[data-testid="override-text"]')?.textContent ?? '';
    await p.until(() => /^Machine verdicts/.test(noteText()), 'the machine note');
    expect(document.querySelector<HTMLInputElement>('[data-testid="machine-verdicts"]')!.checked).toBe(true);
    expect(document.querySelector('[data-testid="verdict-note"]')!.textContent).not.toContain('override');
    // The overridden conversation's cell counts its machine verdict again.
    expect(cellOf(c[0]!).dataset.accuracy).not.toBe(adjudicatedAccuracy);
  });

  it('shows Cohen’s kappa with n per label, as the core computes it', async () => {
    const p = await open(await stateNow());
    const expected = labelAgreement(ws.annotations.all()).find((r) => r.label === 'leaked-inactive')!;
    expect(expected).toMatchObject({ annotators: ['ann', 'bob'], n: 4, kappa: 0.5 });
    const row = await p.find('[data-agreement="leaked-inactive|ann|bob"]');
    expect(row.querySelector('[data-testid="kappa"]')!.textContent).toBe(expected.kappa!.toFixed(2));
    expect(row.querySelector('[data-testid="kappa-n"]')!.textContent).toBe('4');
  });

  it('lists each disagreement as a button that opens its conversation', async () => {
    const p = await open(await stateNow());
    await p.find('[data-testid="disagreement"]');
    const shown = [...document.querySelectorAll<HTMLButtonElement>('[data-testid="disagreement"]')];
    expect(shown).toHaveLength(1);
    const button = shown[0]!;
    expect(button.dataset.convId).toBe(c[1]!.conv_id);
    expect(button.textContent).toContain('leaked-inactive: ann yes, bob no');
    // Keyboard reachable: a native, enabled button takes the focus.
    expect(button.disabled).toBe(false);
    button.focus();
    expect(document.activeElement).toBe(button);
    button.click();
    expect(p.commands()).toEqual([
      { kind: 'command', command: 'openPair', params: { left: c[1]!.conv_id, right: c[1]!.conv_id } },
    ]);
  });

  it('says what agreement needs when fewer than two annotators labelled the same conversations', async () => {
    const base = (await stateNow()).report!;
    const withAgreement = (agreement: DashboardReport['agreement']): DashboardState => ({
      view: 'dashboard',
      report: { ...base, agreement },
      computedAt: 1,
    });
    let p = await open(withAgreement({ annotators: ['ann'], labels: [], disagreements: [], disagreementsTotal: 0 }));
    expect((await p.find('[data-testid="agreement-empty"]')).textContent).toMatch(
      /^Agreement needs labels from two annotators on the same conversations: only ann has annotated/,
    );
    expect(document.querySelector('[data-testid="agreement-table"]')).toBeNull();
    p.close();
    p = await open(withAgreement({ annotators: [], labels: [], disagreements: [], disagreementsTotal: 0 }));
    expect((await p.find('[data-testid="agreement-empty"]')).textContent).toMatch(/there are no annotations yet/);
    await settle();
  });
});
