// The candidates view rendered in plain Node (react-dom/server): passing candidates as radio
// choices with the construction's choice picked and marked, checks with their marks and evidence,
// SQL tables, discarded candidates folded with their reason, hostile text inserted as text, and
// Write Revision disabled once the record has a revision.
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CandidatesApp, initialChoice, type CandidatesApi } from '../../../webview/candidates/CandidatesApp';
import type { CandidateView, CandidatesState } from '../../../src/shared/protocol/candidates';

const api: CandidatesApi = {
  recheck: async () => ({ candidate: null }),
  write: async () => ({ ok: true, message: '' }),
  onState: () => () => undefined,
  rendered: () => undefined,
};

function cand(index: number, over: Partial<CandidateView> = {}): CandidateView {
  return {
    index,
    target: `shard ${index + 2}: value ${index}`,
    requirement: `requirement ${index}`,
    shardId: index + 2,
    original: `${index + 4} bags`,
    revised: `${index + 2} bags`,
    reference: { original: '300', revised: '150' },
    checks: [
      { name: 'value-unique', ok: true, evidence: 'no other passage states it' },
      { name: 'references-differ', ok: true, evidence: '300 → 150' },
    ],
    selected: false,
    alternatives: ['3 bags'],
    ...over,
  };
}

function state(over: Partial<CandidatesState> = {}): CandidatesState {
  return {
    view: 'candidates',
    taskId: 'onion/1',
    domain: 'math',
    file: 'src.records.jsonl',
    candidates: [
      cand(1),
      cand(0, { selected: true, evidence: { kind: 'math-chain', original: '4*75=300', revised: '2*75=150' } }),
      cand(2, {
        discarded: 'value-not-unique',
        checks: [{ name: 'value-unique', ok: false, evidence: 'shard 3 also states 6' }],
      }),
    ],
    selected: 0,
    written: false,
    notes: [],
    ...over,
  };
}

const render = (s: CandidatesState) => renderToStaticMarkup(createElement(CandidatesApp, { initial: s, api }));

/** The markup of the candidate card with this index. */
function card(html: string, index: number): string {
  const start = html.indexOf(`data-index="${index}"`);
  const end = html.indexOf('</article>', start);
  return html.slice(start, end);
}

describe('candidates view', () => {
  it('offers passing candidates as radio choices, with the construction’s choice picked and marked', () => {
    const html = render(state());
    expect(initialChoice(state())).toBe(0);
    expect((html.match(/type="radio"/g) ?? []).length).toBe(2);
    expect(card(html, 0)).toMatch(/data-selected="true" data-chosen="true"/);
    expect(card(html, 0)).toMatch(/<input type="radio" id="candidate-0"[^>]*checked=""/);
    expect(card(html, 0)).toContain('>selected</vscode-badge>');
    expect(card(html, 1)).toMatch(/data-chosen="false"/);
    expect(card(html, 1)).not.toContain('checked');
    // Only the chosen card has the value field, with the revised value.
    expect(html.match(/data-testid="value"/g)).toHaveLength(1);
    expect(card(html, 0)).toContain('value="2 bags"');
  });

  it('shows each check with its mark and evidence, and the recomputed chain beside the original', () => {
    const html = card(render(state()), 0);
    expect(html).toContain('data-check="value-unique" data-ok="true"');
    expect(html).toContain('no other passage states it');
    expect(html).toContain('data-testid="evidence-math"');
    expect(html).toContain('4*75=300');
    expect(html).toContain('2*75=150');
    expect(html).toContain('reference 300 → 150');
  });

  it('opens the checks of the chosen card and folds the others to a count', () => {
    const html = render(state());
    expect(card(html, 0)).toContain('<details class="il-checks-fold" open="">');
    expect(card(html, 1)).toContain(
      '<details class="il-checks-fold"><summary data-testid="checks-summary">2 of 2 checks pass</summary>',
    );
    expect(card(html, 2)).toContain(
      '<details class="il-checks-fold" open=""><summary data-testid="checks-summary">0 of 1 checks pass</summary>',
    );
  });

  it('folds discarded candidates with their reason, without a radio', () => {
    const html = render(state());
    const folded = html.slice(html.indexOf('<vscode-collapsible'));
    expect(folded).toContain('title="Discarded candidates (1)"');
    expect(card(folded, 2)).toContain('data-discarded="value-not-unique"');
    expect(card(folded, 2)).toContain('discarded: value-not-unique');
    expect(card(folded, 2)).toContain('data-ok="false"');
    expect(card(folded, 2)).not.toContain('type="radio"');
    expect(html.indexOf('data-index="2"')).toBeGreaterThan(html.indexOf('<vscode-collapsible'));
  });

  it('draws both SQL result tables', () => {
    const t = (rows: string[][]) => ({ columns: ['city'], rows, rowCount: rows.length });
    const s = state({
      domain: 'database',
      candidates: [
        cand(0, {
          selected: true,
          evidence: { kind: 'sql', original: t([['Bath']]), revised: t([['Bath'], ['Bristol']]) },
        }),
      ],
    });
    const html = render(s);
    expect(html).toContain('data-testid="sql-original"');
    expect(html).toMatch(/data-testid="sql-revised"><figcaption>revised · 2 rows/);
    expect(html).toContain('<td>Bristol</td>');
  });

  it('inserts hostile values as text', () => {
    const html = render(state({ candidates: [cand(0, { selected: true, revised: '<img src=x onerror=alert(1)>' })] }));
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('says why nothing was selected, and disables Write Revision once the record has a revision', () => {
    const none = render(
      state({
        selected: null,
        reason: 'no-valid-candidate',
        message: 'every candidate failed',
        candidates: [cand(2, { discarded: 'value-not-unique' })],
      }),
    );
    expect(none).toContain('data-testid="no-selection"');
    expect(none).toMatch(/<vscode-button[^>]*disabled=""[^>]*data-testid="write"/);
    expect(initialChoice(state({ selected: null, candidates: [cand(2, { discarded: 'x' }), cand(1)] }))).toBe(1);
    expect(render(state())).not.toMatch(/<vscode-button[^>]*disabled/);
    const written = render(state({ written: true }));
    expect(written).toContain('data-testid="written"');
    expect(written).toMatch(/<vscode-button[^>]*disabled=""[^>]*data-testid="write"/);
  });
});
