// The Sources tree with re-score results: re-scored verdicts replace logged ones everywhere (icons,
// counts, new errors, filters), and "new errors with inactive content" keeps only erring runs whose
// re-scored answer has inactive content.
import { describe, expect, it } from 'vitest';
import {
  SourceTreeModel,
  describeFilters,
  describeRescore,
  describeRun,
  emptyFilterMessage,
  type RescoredRun,
  type TreeInput,
  type TreeRecord,
} from '../../../src/extension/tree/sourceTreeModel';
import type { ConversationRef, Verdict } from '../../../src/core/load/runLogIndex';
import type { BenchmarkRecord } from '../../../src/core/schema/records';
import type { Condition } from '../../../src/core/schema/runlog';
import type { InstanceNode, RunNode, SourceNode, SourceTreeNode } from '../../../src/extension/tree/treeItems';

function record(taskId: string): TreeRecord {
  const rec: BenchmarkRecord = {
    task_id: taskId,
    task: 'math',
    shards: [
      { shard_id: 1, shard_text: 'goal' },
      { shard_id: 2, shard_text: 'the chef bought 4 bags' },
    ],
    intent: {
      shard_id: 2,
      requirement: 'bags',
      original: '4 bags',
      revised: '2 bags',
      proposal: 'use 2 bags?',
      accept: 'yes',
      reject: 'no',
      neutral: ['q1', 'q2'],
      single_turn: { original: 'S', direct_revised: 'D' },
      reference: { original: 300, revised: 150 },
    },
  };
  return { record: rec, file: '/w/r.records.jsonl', line: 1 };
}

function conv(id: string, model: string, condition: Condition, verdict: Verdict): ConversationRef {
  return {
    file: '/w/logs/x.jsonl',
    line: Number(id.slice(1)),
    offset: 0,
    length: 1,
    conv_id: id,
    task: 'math',
    task_id: 'm/1',
    model,
    mode: 'multi',
    condition,
    verdict,
    turns: 4,
  };
}

const conversations = [
  conv('c1', 'org/A', 'original', 'correct'),
  conv('c2', 'org/A', 'retained', 'incorrect'), // new error, no inactive content
  conv('c3', 'org/A', 'revised', 'correct'), // inactive content, but not an error
  conv('c4', 'org/B', 'original', 'correct'),
  conv('c5', 'org/B', 'revised', 'correct'), // re-scored ✗ with inactive content: a new error
  conv('c6', 'org/B', 'retained', 'incorrect'), // re-score could not decide: stays ✗
];

const rescores: Record<string, RescoredRun> = {
  c3: {
    is_correct: true,
    extracted: '150',
    inactive: [{ value: '4 bags' }],
    message: 'final answer 150 equals the reference 150',
  },
  c5: {
    is_correct: false,
    extracted: '300',
    inactive: [{ value: '4 bags' }, { value: '4 bags' }, { value: '300' }],
    message: 'final answer 300 differs from the reference 150',
  },
  c6: { is_correct: null, extracted: null, inactive: [], message: 'no databases folder configured' },
};

function input(withRescore = true): TreeInput {
  const base: TreeInput = { records: new Map([['m/1', record('m/1')]]), conversations };
  if (!withRescore) return base;
  return { ...base, rescored: (id) => rescores[id], hasInactive: (id) => (rescores[id]?.inactive.length ?? 0) > 0 };
}

const kids = (m: SourceTreeModel, node?: SourceTreeNode) => m.children(node);
function source(m: SourceTreeModel): SourceNode | undefined {
  const [domain] = m.roots();
  return domain ? (kids(m, domain)[0] as SourceNode | undefined) : undefined;
}
function runs(m: SourceTreeModel): RunNode[] {
  const src = source(m);
  return src ? (kids(m, src) as InstanceNode[]).flatMap((i) => kids(m, i) as RunNode[]) : [];
}

describe('re-scored verdicts in the Sources tree', () => {
  it('uses the new verdict for a changed run and marks it', () => {
    const m = new SourceTreeModel(input());
    const c5 = m.runNode('c5')!;
    expect(c5.verdict).toBe('incorrect');
    expect(c5.rescore).toMatchObject({
      logged: 'correct',
      changed: true,
      extracted: '300',
      inactive: ['4 bags', '300'],
    });
    expect(describeRun(c5)).toContain('re-scored: ✓→✗');
    expect(describeRun(c5)).toContain('inactive: 4 bags, 300');
    const tooltip = describeRescore(c5).join('\n');
    expect(tooltip).toContain('extracted answer: 300');
    expect(tooltip).toContain('inactive content: 4 bags, 300');
    // Without re-score results the logged verdict stands and nothing is marked.
    const plain = new SourceTreeModel(input(false)).runNode('c5')!;
    expect(plain.verdict).toBe('correct');
    expect(plain.rescore).toBeUndefined();
    expect(describeRun(plain)).not.toContain('re-scored');
  });

  it('keeps the logged verdict when the re-score could not decide, and does not mark unchanged runs as changed', () => {
    const m = new SourceTreeModel(input());
    const c6 = m.runNode('c6')!;
    expect(c6.verdict).toBe('incorrect');
    expect(c6.rescore?.changed).toBe(false);
    const c3 = m.runNode('c3')!;
    expect(c3.rescore?.changed).toBe(false);
    expect(describeRun(c3)).not.toContain('re-scored:');
  });

  it('counts re-scored verdicts on sources and in the summary, and finds the new errors they make', () => {
    const m = new SourceTreeModel(input());
    const src = source(m)!;
    expect(src.perModel).toEqual([
      { model: 'org/A', counts: { correct: 2, incorrect: 1, unscored: 0 } },
      { model: 'org/B', counts: { correct: 1, incorrect: 2, unscored: 0 } },
    ]);
    expect(src.newErrorModels).toEqual(['org/A', 'org/B']);
    expect(m.summary()).toMatchObject({ correct: 3, incorrect: 3 });
    expect(new SourceTreeModel(input(false)).summary()).toMatchObject({ correct: 4, incorrect: 2 });
    // The verdict filter reads the re-scored verdict too.
    expect(
      runs(new SourceTreeModel(input(), { verdicts: ['incorrect'] }))
        .map((r) => r.convId)
        .sort(),
    ).toEqual(['c2', 'c5', 'c6']);
  });
});

describe('"new errors with inactive content" filter', () => {
  it('keeps a new error with inactive content and drops new errors without it and non-errors with it', () => {
    const m = new SourceTreeModel(input(), { newErrorsWithInactive: true });
    expect(runs(m).map((r) => r.convId)).toEqual(['c5']);
    expect(source(m)!.perModel.map((p) => p.model)).toEqual(['org/B']);
    // The plain new-errors filter still shows c2 (and the Originals it diverges from).
    expect(
      runs(new SourceTreeModel(input(), { newErrors: true }))
        .map((r) => r.convId)
        .sort(),
    ).toEqual(['c1', 'c2', 'c4', 'c5', 'c6']);
  });

  it('hides everything when nothing was re-scored, and says so in the filter summary', () => {
    const m = new SourceTreeModel(input(false), { newErrorsWithInactive: true });
    expect(m.roots().filter((r) => r.kind === 'domain')).toEqual([]);
    expect(m.isFilteredEmpty()).toBe(true);
    expect(describeFilters({ newErrorsWithInactive: true })).toBe('new errors with inactive content');
  });

  it('when empty, points to Re-score (not Clear Filters) while nothing is re-scored or nothing re-scored has inactive content', () => {
    const f = { newErrorsWithInactive: true };
    const none = emptyFilterMessage(f, { rescored: 0, withInactive: 0 });
    expect(none).toContain('no run is re-scored yet');
    expect(none).toContain('"Intent Lens: Re-score"');
    expect(none).not.toContain('Clear Filters');
    const clean = emptyFilterMessage(f, { rescored: 3, withInactive: 0 });
    expect(clean).toContain('None of the 3 re-scored runs uses inactive content');
    expect(clean).toContain('"Intent Lens: Re-score"');
    // Inactive content is known but other filters hide it: clearing them is the way out.
    expect(emptyFilterMessage({ ...f, models: ['org/C'] }, { rescored: 3, withInactive: 1 })).toBe(
      'No sources match: model: C · new errors with inactive content. Run "Clear Filters" to see everything.',
    );
    expect(emptyFilterMessage({ verdicts: ['unscored'] }, { rescored: 0, withInactive: 0 })).toContain(
      'Run "Clear Filters"',
    );
  });
});

describe('run row description', () => {
  it('names the verdict once: the label carries the mark, the description the word', () => {
    const m = new SourceTreeModel(input());
    const c2 = m.runNode('c2')!;
    expect(describeRun(c2)).toBe('incorrect · 4 turns · new error');
    expect(describeRun(m.runNode('c1')!)).toBe('correct · 4 turns');
    expect(describeRun(c2)).not.toMatch(/[✓✗–] (in)?correct/);
  });
});
