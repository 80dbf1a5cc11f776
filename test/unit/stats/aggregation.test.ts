import { describe, it, expect } from 'vitest';
import { computeStats } from '../../../src/core/stats/computeStats';
import { selectConversations } from '../../../src/core/stats/selectConversations';
import { GRID_COLUMNS } from '../../../src/core/stats/statsTypes';
import type { ConversationRef } from '../../../src/core/load/runLogIndex';
import { ref, runs } from './fixtures';

const cell = (
  r: Awaited<ReturnType<typeof computeStats>>,
  model: string,
  domain: string,
  mode: string,
  condition: string,
) => r.cells.find((c) => c.model === model && c.domain === domain && c.mode === mode && c.condition === condition);
const overall = (r: Awaited<ReturnType<typeof computeStats>>, mode: string, condition: string) =>
  r.overall.find((o) => o.mode === mode && o.condition === condition)!;

// Paper Table 1 (eight models × four domains, percentages) with the domain sizes of Fig. 2.
const PAPER_N: Record<string, number> = { math: 103, code: 100, database: 107, actions: 104 };
const PAPER_TABLE1: Record<string, Record<string, number[]>> = {
  '3.6-27B': {
    math: [98.06, 97.09, 87.38, 93.2, 73.79, 71.84, 66.99, 61.17],
    code: [95, 93, 90, 88, 81, 76, 80, 72],
    database: [92.52, 91.59, 91.59, 87.85, 42.99, 43.93, 42.06, 38.32],
    actions: [96.15, 95.19, 96.15, 85.58, 49.04, 44.23, 47.12, 48.08],
  },
  '3-8B': {
    math: [92.23, 90.29, 75.73, 67.96, 64.08, 64.08, 54.37, 37.86],
    code: [73, 75, 42, 71, 41, 43, 43, 26],
    database: [85.98, 85.05, 74.77, 50.47, 38.32, 26.17, 32.71, 17.76],
    actions: [97.12, 96.15, 83.65, 85.58, 51.92, 50, 46.15, 39.42],
  },
  '3.1-8B': {
    math: [75.73, 72.82, 62.14, 64.08, 33.98, 29.13, 22.33, 17.48],
    code: [45, 47, 43, 24, 25, 21, 16, 10],
    database: [79.44, 78.5, 76.64, 43.93, 22.43, 24.3, 16.82, 19.63],
    actions: [93.27, 93.27, 72.12, 80.77, 55.77, 52.88, 48.08, 48.08],
  },
  '4-26B-A4B': {
    math: [97.09, 98.06, 87.38, 92.23, 69.9, 65.05, 66.02, 58.25],
    code: [92, 91, 71, 89, 76, 54, 68, 59],
    database: [93.46, 90.65, 88.79, 91.59, 42.06, 44.86, 42.06, 35.51],
    actions: [98.08, 98.08, 92.31, 92.31, 40.38, 31.73, 36.54, 28.85],
  },
  '5.6-Luna': {
    math: [95.15, 96.12, 90.29, 84.47, 76.7, 73.79, 64.08, 62.14],
    code: [96, 92, 93, 83, 93, 92, 93, 85],
    database: [94.39, 93.46, 93.46, 90.65, 42.99, 39.25, 48.6, 36.45],
    actions: [86.54, 86.54, 91.35, 88.46, 41.35, 40.38, 34.62, 33.65],
  },
  '3.7-Flash': {
    math: [97.09, 99.03, 92.23, 95.15, 72.82, 66.99, 61.17, 67.96],
    code: [99, 95, 83, 99, 99, 68, 44, 94],
    database: [99.07, 99.07, 95.33, 98.13, 42.06, 43.93, 38.32, 36.45],
    actions: [98.08, 98.08, 99.04, 98.08, 37.5, 32.69, 39.42, 41.35],
  },
  'V4-Flash-0731': {
    math: [98.06, 97.09, 94.17, 93.2, 56.31, 57.28, 54.37, 54.37],
    code: [98, 99, 100, 97, 95, 90, 86, 93],
    database: [92.52, 93.46, 86.92, 92.52, 36.45, 41.12, 31.78, 35.51],
    actions: [94.23, 93.27, 94.23, 94.23, 37.5, 34.62, 30.77, 33.65],
  },
  'Sonnet-5': {
    math: [95.15, 92.23, 87.38, 89.32, 65.05, 67.96, 68.93, 65.05],
    code: [97, 92, 97, 96, 88, 58, 88, 81],
    database: [94.39, 93.46, 93.46, 92.52, 42.06, 45.79, 41.12, 34.58],
    actions: [95.19, 93.27, 95.19, 95.19, 50.96, 45.19, 51.92, 53.85],
  },
};
const PAPER_OVERALL = [91.73, 90.85, 85.11, 84.21, 55.43, 51.0, 49.88, 47.37];

function paperRefs(): ConversationRef[] {
  const out: ConversationRef[] = [];
  for (const [model, byDomain] of Object.entries(PAPER_TABLE1)) {
    for (const [domain, accs] of Object.entries(byDomain)) {
      const n = PAPER_N[domain]!;
      GRID_COLUMNS.forEach((c, i) => {
        const correct = Math.round((accs[i]! * n) / 100);
        out.push(
          ...runs({ correct, wrong: n - correct }, { model, task: domain, mode: c.mode, condition: c.condition }),
        );
      });
    }
  }
  return out;
}

describe('Table 1 overall: sources pooled within a model, models averaged with equal weight', () => {
  it("reproduces the paper's eight-model overall row from its per-cell accuracies", async () => {
    const r = await computeStats(paperRefs());
    expect(r.models).toHaveLength(8);
    expect(r.domains).toEqual(['math', 'code', 'database', 'actions']);
    r.overall.forEach((o, i) => expect(o.accuracy!.toFixed(2)).toBe(PAPER_OVERALL[i]!.toFixed(2)));
    // and the paper's derived gaps
    // the paper subtracts its rounded overall values, so allow the last digit
    const gap = (id: string) => r.gaps.find((g) => g.scope === 'overall' && g.id === id)!.drop!;
    expect(Math.abs(gap('dispersed-disclosure') - 36.3)).toBeLessThan(0.011);
    expect(Math.abs(gap('conversational-overhead') - 4.43)).toBeLessThan(0.011);
    expect(Math.abs(gap('multi-revised-vs-original') - 5.55)).toBeLessThan(0.011);
    expect(Math.abs(gap('multi-retained-vs-original') - 8.06)).toBeLessThan(0.011);
    expect(Math.abs(gap('multi-revised-vs-neutral') - 1.12)).toBeLessThan(0.011);
    expect(Math.abs(gap('multi-retained-vs-neutral') - 3.63)).toBeLessThan(0.011);
    expect(Math.abs(gap('single-revised-vs-direct') - 5.74)).toBeLessThan(0.011);
    expect(Math.abs(gap('single-retained-vs-original') - 7.52)).toBeLessThan(0.011);
  });

  it('weights models equally, not conversations or cells', async () => {
    const refs = [
      ...runs({ correct: 9, wrong: 1 }, { model: 'A', task: 'math', mode: 'single' }),
      ...runs({ correct: 5, wrong: 5 }, { model: 'A', task: 'code', mode: 'single' }),
      ...runs({ correct: 0, wrong: 2 }, { model: 'B', task: 'math', mode: 'single' }),
    ];
    const r = await computeStats(refs);
    // A pooled 14/20 = 70 %, B 0/2 = 0 % → 35 % (conversation pooling would give 63.6, cell mean 46.7)
    expect(overall(r, 'single', 'original').accuracy).toBeCloseTo(35, 10);
    expect(overall(r, 'single', 'original').models).toBe(2);
    expect(
      r.modelOverall.find((m) => m.model === 'A' && m.mode === 'single' && m.condition === 'original'),
    ).toMatchObject({ n: 20, correct: 14, accuracy: 70 });
  });
});

describe('grid cells', () => {
  it('leaves missing cells out and averages a column over the models that have it', async () => {
    const refs = [
      ...runs({ correct: 3, wrong: 1 }, { model: 'A', task: 'math', mode: 'single', condition: 'original' }),
      ...runs({ correct: 1, wrong: 3 }, { model: 'A', task: 'math', mode: 'single', condition: 'direct' }),
      ...runs({ correct: 2, wrong: 2 }, { model: 'B', task: 'math', mode: 'single', condition: 'original' }),
      ...runs({ correct: 1, wrong: 0 }, { model: 'B', task: 'code', mode: 'multi', condition: 'neutral' }),
    ];
    const r = await computeStats(refs);
    expect(cell(r, 'B', 'math', 'single', 'direct')).toBeUndefined();
    expect(cell(r, 'A', 'code', 'multi', 'neutral')).toBeUndefined();
    expect(r.cells).toHaveLength(4);
    expect(overall(r, 'single', 'direct')).toMatchObject({ accuracy: 25, models: 1 });
    expect(overall(r, 'single', 'original')).toMatchObject({ accuracy: 62.5, models: 2 });
    expect(overall(r, 'multi', 'retained')).toMatchObject({ accuracy: null, models: 0 });
    // change from Single Original, per row and overall
    expect(cell(r, 'A', 'math', 'single', 'direct')!.deltaFromSingleOriginal).toBeCloseTo(-50, 10);
    expect(cell(r, 'B', 'code', 'multi', 'neutral')!.deltaFromSingleOriginal).toBeNull(); // its row has no Single Original
    expect(overall(r, 'single', 'direct').deltaFromSingleOriginal).toBeCloseTo(-37.5, 10);
  });

  it('excludes null verdicts from n and counts them separately', async () => {
    const refs = [
      ...runs(
        { correct: 2, wrong: 1, unscored: 3 },
        { model: 'A', task: 'math', mode: 'multi', condition: 'original' },
      ),
      ...runs({ correct: 0, wrong: 0, unscored: 2 }, { model: 'A', task: 'math', mode: 'multi', condition: 'neutral' }),
    ];
    const r = await computeStats(refs);
    expect(cell(r, 'A', 'math', 'multi', 'original')).toMatchObject({ n: 3, correct: 2, unscored: 3 });
    expect(cell(r, 'A', 'math', 'multi', 'original')!.accuracy).toBeCloseTo(200 / 3, 10);
    expect(cell(r, 'A', 'math', 'multi', 'neutral')).toMatchObject({ n: 0, correct: 0, unscored: 2, accuracy: null });
    expect(overall(r, 'multi', 'neutral')).toMatchObject({ accuracy: null, models: 0, unscored: 2 });
    expect(r.totals).toMatchObject({ conversations: 8, scored: 3, unscored: 5 });
  });

  it('keeps extended-path and evolving runs out of the grid', async () => {
    const refs = [
      ref({ model: 'A', task_id: 't1', verdict: 'correct' }),
      ref({
        model: 'A',
        task_id: 't1',
        verdict: 'incorrect',
        path: 'accumulation-neutral',
        k: 2,
        condition: 'neutral',
      }),
      ref({ model: 'A', task_id: 't1', verdict: 'incorrect', mode: 'evolving' }),
    ];
    const r = await computeStats(refs);
    expect(cell(r, 'A', 'math', 'multi', 'original')).toMatchObject({ n: 1, correct: 1 });
    expect(r.totals).toMatchObject({ gridConversations: 1, pathConversations: 1, ignored: 1 });
    // a model with only evolving runs is not a term of the overall
    const r2 = await computeStats([...refs, ref({ model: 'E', task_id: 'e1', verdict: 'correct', mode: 'evolving' })]);
    expect(r2.models).toEqual(['A']);
  });

  it('restricts to the given models', async () => {
    const refs = [...runs({ correct: 1, wrong: 0 }, { model: 'A' }), ...runs({ correct: 0, wrong: 1 }, { model: 'B' })];
    const r = await computeStats(refs, { models: ['B'] });
    expect(r.models).toEqual(['B']);
    expect(overall(r, 'multi', 'original').accuracy).toBe(0);
  });
});

describe('depth curves', () => {
  const path = (model: string, p: ConversationRef['path'], k: number, correct: number, wrong: number, offset = 0) =>
    Array.from({ length: correct + wrong }, (_, i) =>
      ref({
        model,
        task_id: `t${i + offset}`,
        verdict: i < correct ? 'correct' : 'incorrect',
        path: p,
        k,
        condition: k === 0 ? 'original' : 'neutral',
      }),
    );

  it('tallies each path and depth, taking k = 0 from the base condition over the path cohort', async () => {
    const refs = [
      // base Original runs: t0..t3 are in the cohort (3/4 correct); t9 is not
      ...['t0', 't1', 't2', 't3'].map((t, i) =>
        ref({ model: 'A', task_id: t, verdict: i < 3 ? 'correct' : 'incorrect' }),
      ),
      ref({ model: 'A', task_id: 't9', verdict: 'incorrect' }),
      ...path('A', 'accumulation-neutral', 1, 2, 2),
      ...path('A', 'accumulation-neutral', 2, 1, 3),
      ...path('A', 'accumulation-neutral', 4, 0, 4),
    ];
    const r = await computeStats(refs);
    const pts = r.depth.filter((d) => d.model === 'A' && d.path === 'accumulation-neutral');
    expect(pts.map((d) => [d.k, d.n, d.correct, d.source])).toEqual([
      [0, 4, 3, 'base-condition'],
      [1, 4, 2, 'path'],
      [2, 4, 1, 'path'],
      [4, 4, 0, 'path'],
    ]);
    expect(pts.map((d) => d.accuracy)).toEqual([75, 50, 25, 0]);
  });

  it("uses a path's own k = 0 runs when present, and pools counts over models", async () => {
    const refs = [
      ...path('A', 'persistence-retained', 0, 1, 1),
      ...path('B', 'persistence-retained', 0, 4, 0),
      ...path('A', 'persistence-retained', 1, 0, 2),
      ref({ model: 'A', task_id: 't0', verdict: 'incorrect', condition: 'retained' }),
    ];
    const r = await computeStats(refs);
    const a0 = r.depth.find((d) => d.model === 'A' && d.path === 'persistence-retained' && d.k === 0)!;
    expect(a0).toMatchObject({ n: 2, correct: 1, source: 'path' });
    const pooled0 = r.depth.find((d) => d.model === '*' && d.path === 'persistence-retained' && d.k === 0)!;
    expect(pooled0).toMatchObject({ n: 6, correct: 5 }); // pooled counts: 5/6, not the mean of 50 % and 100 %
    expect(r.depth.find((d) => d.model === 'B' && d.k === 1)).toBeUndefined();
  });
});

describe('inactive content in new errors', () => {
  const build = () => [
    // s1: Original correct, Retained wrong, Revised wrong → 2 new errors
    ref({ model: 'A', task_id: 's1', verdict: 'correct', conv_id: 's1-orig' }),
    ref({ model: 'A', task_id: 's1', verdict: 'incorrect', condition: 'retained', conv_id: 's1-ret' }),
    ref({ model: 'A', task_id: 's1', verdict: 'incorrect', condition: 'revised', conv_id: 's1-rev' }),
    // s2: Original correct, Retained wrong (no record → undetermined), Revised right
    ref({ model: 'A', task_id: 's2', verdict: 'correct' }),
    ref({ model: 'A', task_id: 's2', verdict: 'incorrect', condition: 'retained', conv_id: 's2-ret' }),
    ref({ model: 'A', task_id: 's2', verdict: 'correct', condition: 'revised' }),
    // s3: Original wrong → not a new error
    ref({ model: 'A', task_id: 's3', verdict: 'incorrect' }),
    ref({ model: 'A', task_id: 's3', verdict: 'incorrect', condition: 'retained', conv_id: 's3-ret' }),
    // s4: Original unscored → not Original-correct
    ref({ model: 'A', task_id: 's4', verdict: 'unscored' }),
    ref({ model: 'A', task_id: 's4', verdict: 'incorrect', condition: 'retained', conv_id: 's4-ret' }),
    // s5: other model, single-turn runs never count
    ref({ model: 'B', task_id: 's5', verdict: 'correct', task: 'code' }),
    ref({ model: 'B', task_id: 's5', verdict: 'incorrect', condition: 'retained', task: 'code', conv_id: 's5-ret' }),
    ref({
      model: 'B',
      task_id: 's5',
      verdict: 'incorrect',
      condition: 'retained',
      task: 'code',
      mode: 'single',
      conv_id: 's5-single',
    }),
  ];

  it('counts Original-correct sources that turn wrong, and asks the detector only about those', async () => {
    const asked: string[] = [];
    const r = await computeStats(build(), {
      hasInactive: async (x) => {
        asked.push(x.conv_id);
        if (x.conv_id === 's2-ret') throw new Error('no record');
        return x.conv_id !== 's1-rev';
      },
    });
    expect(asked.sort()).toEqual(['s1-ret', 's1-rev', 's2-ret', 's5-ret']);
    const row = (model: string, domain: string, condition: string) =>
      r.inactive.find((x) => x.model === model && x.domain === domain && x.condition === condition)!;
    expect(row('A', 'math', 'retained')).toMatchObject({
      new_errors: 2,
      with_inactive: 1,
      undetermined: 1,
      share: 100,
    });
    expect(row('A', 'math', 'revised')).toMatchObject({ new_errors: 1, with_inactive: 0, share: 0 });
    expect(row('B', 'code', 'retained')).toMatchObject({ new_errors: 1, with_inactive: 1, conv_ids: ['s5-ret'] });
    expect(row('B', 'code', 'revised')).toMatchObject({ new_errors: 0, with_inactive: 0, share: null });
    expect(row('*', '*', 'retained')).toMatchObject({ new_errors: 3, with_inactive: 2, undetermined: 1 });
    expect(row('*', 'math', 'retained').inactive_conv_ids).toEqual(['s1-ret']);
  });

  it('reports with_inactive as null without a detector', async () => {
    const r = await computeStats(build());
    expect(r.inactive.find((x) => x.model === 'A' && x.condition === 'retained')).toMatchObject({
      new_errors: 2,
      with_inactive: null,
      share: null,
    });
  });
});

describe('selectConversations', () => {
  it('resolves a cell to exactly its conversations', async () => {
    const refs = [
      ...runs({ correct: 2, wrong: 1 }, { model: 'A', task: 'math', mode: 'single', condition: 'direct' }),
      ...runs({ correct: 1, wrong: 1 }, { model: 'A', task: 'code', mode: 'single', condition: 'direct' }),
      ref({
        model: 'A',
        task_id: 'x',
        verdict: 'correct',
        mode: 'multi',
        condition: 'neutral',
        path: 'accumulation-neutral',
        k: 1,
      }),
      ref({ model: 'A', task_id: 'x', verdict: 'correct', mode: 'multi', condition: 'neutral' }),
    ];
    const r = await computeStats(refs);
    const c = cell(r, 'A', 'math', 'single', 'direct')!;
    expect(
      selectConversations(refs, {
        model: 'A',
        domain: 'math',
        mode: 'single',
        condition: 'direct',
        basePathOnly: true,
      }),
    ).toHaveLength(c.n + c.unscored);
    expect(
      selectConversations(refs, { model: 'A', mode: 'multi', condition: 'neutral', basePathOnly: true }),
    ).toHaveLength(1);
    expect(selectConversations(refs, { path: 'accumulation-neutral', k: 1 })).toHaveLength(1);
    expect(selectConversations(refs, { convIds: [refs[0]!.conv_id] })).toEqual([refs[0]]);
  });
});
