// Intervals and paired tests against textbook values, the bootstrap's reproducibility, coverage notes
// and the run diff.
import { describe, it, expect } from 'vitest';
import { bootstrapPooled, percentileInterval, wilsonInterval } from '../../../src/core/stats/intervals';
import { holmSignificant, mcnemarExact } from '../../../src/core/stats/pairedTests';
import { computeStats } from '../../../src/core/stats/computeStats';
import { diffRuns } from '../../../src/core/stats/runDiff';
import type { ConversationRef, Verdict } from '../../../src/core/load/runLogIndex';
import { ref } from './fixtures';
import { statsToHtml } from '../../../src/core/stats/report/htmlReport';
import { gridToLatex } from '../../../src/core/stats/report/latexTable';

/** One run per source for each model's column, from a string of ✓/✗ (source i = character i). */
function outcomes(
  model: string,
  mode: 'single' | 'multi',
  condition: ConversationRef['condition'],
  pattern: string,
  task = 'math',
): ConversationRef[] {
  return [...pattern].map((ch, i) =>
    ref({
      model,
      task,
      task_id: `${task}/${i}`,
      mode,
      condition,
      verdict: (ch === '1' ? 'correct' : ch === '0' ? 'incorrect' : 'unscored') as Verdict,
      conv_id: `${model}-${mode}-${condition}-${task}-${i}`,
    }),
  );
}

describe('Wilson interval', () => {
  it('matches the textbook value for 7 of 10', () => {
    const [lo, hi] = wilsonInterval(7, 10)!;
    expect(lo).toBeCloseTo(0.3968, 4);
    expect(hi).toBeCloseTo(0.8922, 4);
  });
  it('stays inside [0, 1] at the edges and is null without runs', () => {
    const [lo, hi] = wilsonInterval(0, 5)!;
    expect(lo).toBe(0);
    expect(hi).toBeCloseTo(0.4345, 4); // Wilson 0/5 upper bound
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

describe('exact McNemar', () => {
  it('is the two-sided binomial test on the discordant pairs', () => {
    // b = 2, c = 8: 2 × P(X ≤ 2 | 10, ½) = 2 × 56 / 1024 (R: binom.test(2, 10)$p.value = 0.1094)
    expect(mcnemarExact(2, 8)).toBeCloseTo(112 / 1024, 12);
    expect(mcnemarExact(8, 2)).toBeCloseTo(112 / 1024, 12);
    expect(mcnemarExact(0, 5)).toBeCloseTo(0.0625, 12);
    expect(mcnemarExact(5, 5)).toBe(1);
    expect(mcnemarExact(0, 0)).toBe(1);
  });
  it('does not underflow with thousands of discordant pairs', () => {
    const p = mcnemarExact(1000, 1200);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1e-4);
    expect(mcnemarExact(1500, 1500)).toBeCloseTo(1, 10);
  });
});

describe('Holm', () => {
  it('steps down from the smallest p and stops at the first that fails', () => {
    // m = 4: 0.01 ≤ 0.0125 ✓, 0.015 ≤ 0.0167 ✓, 0.03 > 0.025 ✗ (and so 0.04 too)
    expect(holmSignificant([0.04, 0.01, 0.03, 0.015])).toEqual([false, true, false, true]);
    expect(holmSignificant([null, 0.001])).toEqual([false, true]);
  });
});

describe('bootstrap over sources', () => {
  const sources = Array.from({ length: 40 }, (_, i) => ({ correct: i % 3 === 0 ? 0 : 2, n: 2 }));
  it('is reproducible with a seed and changes with another seed', () => {
    const a = bootstrapPooled(sources, 'x', { seed: 7, resamples: 500 });
    const b = bootstrapPooled(sources, 'x', { seed: 7, resamples: 500 });
    const c = bootstrapPooled(sources, 'x', { seed: 8, resamples: 500 });
    expect([...a]).toEqual([...b]);
    expect([...a]).not.toEqual([...c]);
  });
  it('brackets the pooled accuracy', () => {
    const [lo, hi] = percentileInterval(bootstrapPooled(sources, 'x', { seed: 1, resamples: 2000 }))!;
    const pooled = sources.reduce((s, x) => s + x.correct, 0) / sources.reduce((s, x) => s + x.n, 0);
    expect(lo).toBeLessThan(pooled);
    expect(hi).toBeGreaterThan(pooled);
    expect(hi - lo).toBeGreaterThan(0.1);
    expect(hi - lo).toBeLessThan(0.4);
  });
});

describe('computeStats inference', () => {
  // Model A: 10 sources, Single Original 9/10, Multi Original 3/10 (6 lost, 0 gained); B: actions only.
  const refs = [
    ...outcomes('A', 'single', 'original', '1111111110'),
    ...outcomes('A', 'multi', 'original', '1110000000'),
    ...outcomes('B', 'single', 'original', '110', 'actions'),
  ];

  it('puts a Wilson interval on each cell and bootstrap intervals on pooled and overall values', async () => {
    const r = await computeStats(refs, { bootstrap: { seed: 3, resamples: 400 } });
    const cell = r.cells.find((c) => c.model === 'A' && c.mode === 'single' && c.condition === 'original')!;
    const w = wilsonInterval(9, 10)!;
    expect(cell.ci).toEqual([100 * w[0], 100 * w[1]]);
    for (const o of r.overall.filter((x) => x.accuracy !== null)) {
      expect(o.ci![0]).toBeLessThanOrEqual(o.accuracy! + 1e-9);
      expect(o.ci![1]).toBeGreaterThanOrEqual(o.accuracy! - 1e-9);
    }
    const again = await computeStats(refs, { bootstrap: { seed: 3, resamples: 400 } });
    expect(again.overall.map((o) => o.ci)).toEqual(r.overall.map((o) => o.ci));
    expect(again.modelOverall.map((o) => o.ci)).toEqual(r.modelOverall.map((o) => o.ci));
  });

  it('tests the dispersed-disclosure gap on paired sources', async () => {
    const r = await computeStats(refs);
    const g = r.pairedGaps.find((x) => x.id === 'dispersed-disclosure' && x.model === 'A')!;
    expect(g).toMatchObject({ n: 10, both: 3, only_from: 6, only_to: 0, neither: 1 });
    expect(g.delta_pp).toBeCloseTo(-60, 10);
    expect(g.p_mcnemar).toBeCloseTo(2 / 64, 12);
    // B has no multi runs: an empty table, no test
    expect(r.pairedGaps.find((x) => x.id === 'dispersed-disclosure' && x.model === 'B')).toMatchObject({
      n: 0,
      p_mcnemar: null,
      holm_significant: false,
    });
    const overall = r.pairedGaps.find((x) => x.id === 'dispersed-disclosure' && x.model === 'overall')!;
    expect(overall.n).toBe(10);
  });

  it('flags the overall over unequal domains and explains missing cells', async () => {
    const r = await computeStats(refs);
    const so = r.coverage.overall.find((o) => o.mode === 'single' && o.condition === 'original')!;
    expect(so.unequal).toBe(true);
    expect(so.note).toContain('A: math only');
    expect(so.note).toContain('B: actions only');
    const mo = r.coverage.overall.find((o) => o.mode === 'multi' && o.condition === 'original')!;
    expect(mo.note).toContain('not in the average (no scored Multi Original runs): B');
    const missing = r.coverage.missing.find(
      (m) => m.model === 'A' && m.domain === 'math' && m.mode === 'single' && m.condition === 'direct',
    )!;
    expect(missing.reason).toBe(
      'No Single Direct Rev. runs of A in math; its math logs have Single Original, Multi Original.',
    );
  });

  it('writes the coverage flags, missing-cell reasons and intervals into the HTML report and the LaTeX caption', async () => {
    const r = await computeStats(refs);
    const html = statsToHtml(r);
    expect(html).toContain('⚠ unequal coverage');
    expect(html).toContain(
      'No Single Direct Rev. runs of A in math; its math logs have Single Original, Multi Original.',
    );
    const cell = r.cells.find((c) => c.model === 'A' && c.mode === 'single' && c.condition === 'original')!;
    expect(html).toContain(`[${cell.ci![0].toFixed(1)}, ${cell.ci![1].toFixed(1)}]`);
    expect(gridToLatex(r)).toContain('B: actions only');
  });

  it('links each flipped conversation of the run diff in the HTML report, escaped, when given a link', async () => {
    const pair = [...outcomes('X', 'multi', 'original', '10'), ...outcomes('Y', 'multi', 'original', '01')];
    const r = await computeStats(pair);
    const result = diffRuns(
      pair.filter((c) => c.model === 'X'),
      pair.filter((c) => c.model === 'Y'),
      false,
    );
    const link = (id: string) => `vscode://intent-lens.intent-lens/conversation?conv=${encodeURIComponent(id)}&x="<b>`;
    const html = statsToHtml(r, { diff: { a: 'X', b: 'Y', result }, conversationLink: link });
    expect(html).toContain(
      `<a href="vscode://intent-lens.intent-lens/conversation?conv=X-multi-original-math-0&amp;x=&quot;&lt;b&gt;"><code>X-multi-original-math-0</code></a>`,
    );
    expect(html).toContain('conv=Y-multi-original-math-1');
    expect(statsToHtml(r, { diff: { a: 'X', b: 'Y', result } })).not.toContain('<a href=');
  });

  it('compares two models on the same sources', async () => {
    const pair = [
      ...outcomes('X', 'multi', 'original', '1111100000'),
      ...outcomes('Y', 'multi', 'original', '0000111111'),
    ];
    const r = await computeStats(pair);
    const t = r.modelPairs.find((p) => p.model_a === 'X' && p.model_b === 'Y' && p.mode === 'multi')!;
    expect(t).toMatchObject({ n: 10, both: 1, only_from: 4, only_to: 5, neither: 0 });
    expect(t.p_mcnemar).toBeCloseTo(1, 12);
  });
});

describe('run diff', () => {
  it('lists the sources that flipped per instance, with one conversation per side', () => {
    const a = [...outcomes('M', 'multi', 'retained', '1101'), ...outcomes('M', 'single', 'original', '11')];
    const b = [...outcomes('N', 'multi', 'retained', '0111'), ...outcomes('N', 'single', 'original', '1')];
    const d = diffRuns(a, b, false);
    const retained = d.instances.find((i) => i.condition === 'retained')!;
    expect(retained).toMatchObject({ n: 4, both: 2, only_from: 1, only_to: 1, neither: 0 });
    expect(retained.lost).toEqual([
      { task_id: 'math/0', model: '', conv_a: 'M-multi-retained-math-0', conv_b: 'N-multi-retained-math-0' },
    ]);
    expect(retained.gained.map((f) => f.task_id)).toEqual(['math/2']);
    expect(d.unpaired).toEqual({ a: 1, b: 0 });
    // paired by model, two different models never pair
    expect(diffRuns(a, b, true).paired).toBe(0);
  });
});
