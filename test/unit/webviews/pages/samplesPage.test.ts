// @vitest-environment happy-dom
// The Samples table page (webview/samples/main.tsx) over a state the host builds from annotated
// runs: the Annotations column shows the override mark, the labels and the notes (as text, never
// markup), its filter posts the chosen values as one `changeFilters`, and the visible set the host
// answers with (the tree's filter model) is what the grid shows.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SourceTreeModel, type TreeInput } from '../../../../src/extension/tree/sourceTreeModel';
import { buildSamplesTable, convIdsOf, visibleOf } from '../../../../src/extension/samples/buildSamplesState';
import { runAnnotations } from '../../../../src/extension/filters/annotationFilter';
import type { CurrentAnnotation } from '../../../../src/core/annotations/annotationTypes';
import type { ConversationRef } from '../../../../src/core/load/runLogIndex';
import { loadPage, type LoadedPage, type PostedRequest } from './pageHarness';

const conv = (n: number, extra: Partial<ConversationRef> = {}): ConversationRef => ({
  file: '/ws/logs/a.jsonl',
  line: n,
  offset: 0,
  length: 1,
  conv_id: `c${n}`,
  task: 'math',
  task_id: `math/${n}`,
  model: 'model-a',
  mode: 'multi',
  condition: 'original',
  verdict: 'incorrect',
  turns: 4,
  ...extra,
});
const convs = [conv(1), conv(2), conv(3), conv(4)];

const annotation = (conv_id: string, kind: CurrentAnnotation['kind'], value: string): CurrentAnnotation => ({
  id: `${conv_id}-${kind}-${value}`,
  conv_id,
  kind,
  value,
  ...(kind === 'verdict' ? { reason: 'comma grouped' } : {}),
  by: 'ann',
  at: '2026-12-04T10:00:00Z',
  updated_at: '2026-12-04T10:00:00Z',
  basis: { verdict_source: 'logged', log_file: '/ws/logs/a.jsonl', log_line: 1 },
  source: { file: '/ws/.intent-lens/annotations.jsonl', line: 1 },
});
const HOSTILE = '<img src=x onerror="alert(1)">';
const byConv: Record<string, CurrentAnnotation[]> = {
  c1: [annotation('c1', 'label', 'leaked-inactive'), annotation('c1', 'verdict', 'correct')],
  c2: [annotation('c2', 'note', HOSTILE), annotation('c2', 'label', 'verifier-wrong')],
};
const input: TreeInput = {
  records: new Map(),
  conversations: convs,
  fileLabel: (f) => f.replace('/ws/', ''),
  annotationsOf: (id) =>
    runAnnotations(byConv[id] ?? [], byConv[id]?.find((a) => a.kind === 'verdict')?.value as 'correct' | undefined),
};
const all = new SourceTreeModel(input);
const table = buildSamplesTable(all, all);

let page: LoadedPage;
beforeEach(async () => {
  // happy-dom lays nothing out: the grid gets a window's size, so its virtualiser shows rows.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });
  page = await loadPage(() => import('../../../../webview/samples/main'), table.state);
});
afterEach(() => {
  expect(page.errors()).toEqual([]);
  page.close();
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
});

/** Answers the page's `convIds` requests as the host does, so rows carry their ids. */
async function answerIds(): Promise<void> {
  await page.until(() => page.requests('convIds').length > 0, 'a convIds request');
  for (const r of page.requests('convIds')) {
    const { version, rows } = r.params as { version: number; rows: number[] };
    await page.respond(r as PostedRequest, { ids: convIdsOf(table, version, rows) });
  }
}

const cellOf = (convId: string) =>
  document.querySelector<HTMLElement>(`[data-conv-id="${convId}"] .il-cell-annotations`);

describe('samples page: the Annotations column and filter', () => {
  it('shows each run’s override mark, labels and notes as text', async () => {
    await answerIds();
    await page.until(() => cellOf('c1') !== null && cellOf('c2') !== null, 'the annotated rows');
    expect(cellOf('c1')!.textContent).toBe('⚖✓ · leaked-inactive');
    expect(cellOf('c2')!.textContent).toBe('verifier-wrong · ✎1');
    expect(cellOf('c3')!.textContent).toBe('');
    // The note's text never becomes markup.
    expect(document.querySelector('img')).toBeNull();
    const head = document.querySelector('[data-column="annotations"]')!;
    expect(head.textContent).toContain('Annotations');
  });

  it('posts the chosen annotation values and shows the rows the host lets through', async () => {
    await answerIds();
    const head = await page.find('[data-column="annotations"]');
    head.querySelector<HTMLButtonElement>('.il-filter-button')!.click();
    const popup = await page.find('[data-column="annotations"] [data-testid="filter-popup"]');
    const options = [...popup.querySelectorAll<HTMLElement>('.il-filter-option')];
    expect(options.map((o) => o.textContent?.trim())).toEqual(
      expect.arrayContaining([
        'any annotation',
        'unannotated',
        'verdict overridden',
        'has a note',
        'label leaked-inactive',
      ]),
    );
    options
      .find((o) => o.dataset.value === 'label:leaked-inactive')!
      .querySelector('input')!
      .click();
    await page.until(() => page.commands().some((c) => c.command === 'changeFilters'), 'changeFilters');
    const sent = page.commands().find((c) => c.command === 'changeFilters')!;
    expect(sent.params).toEqual({ changes: { annotations: ['label:leaked-inactive'] } });

    // The host applies it with the tree's model and answers with the visible rows.
    const filtered = all.withFilters((sent.params as { changes: { annotations: string[] } }).changes);
    await page.notify('visible', visibleOf(filtered, table));
    await page.until(() => document.querySelectorAll('[role="row"][data-conv-id]').length === 1, 'one row');
    expect(document.querySelector('[data-testid="row-count"]')!.textContent).toBe('1 of 4 conversations');
    expect(document.querySelector('[data-testid="filter-description"]')!.textContent).toBe(
      'filtered: annotations: label leaked-inactive',
    );
    expect(cellOf('c1')).not.toBeNull();
  });
});
