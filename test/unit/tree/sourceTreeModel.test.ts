import { describe, it, expect } from 'vitest';
import {
  SourceTreeModel,
  newErrorsOf,
  describeSource,
  describeFilters,
  type TreeRecord,
} from '../../../src/extension/tree/sourceTreeModel';
import type { ConversationRef, Verdict } from '../../../src/core/load/runLogIndex';
import type { BenchmarkRecord } from '../../../src/core/schema/records';
import type { InstanceNode, RunNode, SourceNode, SourceTreeNode } from '../../../src/extension/tree/treeItems';
import type { Condition, ExtendedPath, Mode } from '../../../src/core/schema/runlog';

const intent = {
  shard_id: 2,
  requirement: 'bags',
  original: '4 bags',
  revised: '2 bags',
  proposal: 'use 2 bags?',
  accept: 'yes',
  reject: 'no',
  neutral: ['q1', 'q2'] as [string, string],
  single_turn: { original: 'S', direct_revised: 'D' },
  reference: { original: 300, revised: 150 },
  extra_proposals: [{ revised: '3 bags', proposal: 'p2', reject: 'r2' }],
};

function record(taskId: string, task: BenchmarkRecord['task'], review?: 'pending' | 'approved'): TreeRecord {
  const rec: BenchmarkRecord = {
    task_id: taskId,
    task,
    shards: [
      { shard_id: 1, shard_text: `goal of ${taskId}` },
      { shard_id: 2, shard_text: 'the chef bought 4 bags' },
    ],
    intent: { ...intent, ...(review ? { review: { status: review } } : {}) },
  };
  return { record: rec, file: '/w/r.records.jsonl', line: 1 };
}

let n = 0;
function conv(
  taskId: string,
  model: string,
  mode: Mode,
  condition: Condition,
  verdict: Verdict,
  task = 'math',
  extra: { path?: ExtendedPath; k?: number } = {},
): ConversationRef {
  n++;
  return {
    file: '/w/logs/x.jsonl',
    line: n,
    offset: 0,
    length: 1,
    conv_id: `c${n}`,
    task,
    task_id: taskId,
    model,
    mode,
    condition,
    verdict,
    turns: 4,
    ...extra,
  };
}

function input() {
  n = 0;
  const records = new Map<string, TreeRecord>([
    ['m/1', record('m/1', 'math', 'pending')],
    ['d/1', record('d/1', 'database', 'approved')],
  ]);
  const conversations = [
    conv('m/1', 'org/A', 'multi', 'original', 'correct'),
    conv('m/1', 'org/A', 'multi', 'retained', 'incorrect'), // new error for A
    conv('m/1', 'org/A', 'multi', 'revised', 'correct'),
    conv('m/1', 'org/B', 'multi', 'original', 'incorrect'),
    conv('m/1', 'org/B', 'multi', 'retained', 'incorrect'), // not new: B's original is wrong
    conv('m/1', 'org/B', 'multi', 'retained', 'correct', 'math', { path: 'accumulation-retained', k: 2 }),
    conv('d/1', 'org/A', 'single', 'original', 'correct', 'database'),
    conv('d/1', 'org/A', 'single', 'direct', 'unscored', 'database'),
    conv('lic/9', 'org/A', 'multi', 'original', 'correct', 'actions'), // no record
  ];
  return { records, conversations };
}

const kids = (m: SourceTreeModel, node?: SourceTreeNode) => m.children(node);
const find = <T extends SourceTreeNode>(nodes: SourceTreeNode[], pred: (x: SourceTreeNode) => boolean) =>
  nodes.find(pred) as T;

describe('SourceTreeModel', () => {
  it('groups domain → source → instances (8 + extended paths present in logs) → runs', () => {
    const m = new SourceTreeModel(input());
    const roots = m.roots();
    expect(roots.map((r) => r.id)).toEqual(['domain:math', 'domain:database', 'domain:actions']);
    const [src] = kids(m, roots[0]) as SourceNode[];
    expect(src!.taskId).toBe('m/1');
    expect(src!.review).toBe('pending');
    expect(src!.perModel).toEqual([
      { model: 'org/A', counts: { correct: 2, incorrect: 1, unscored: 0 } },
      { model: 'org/B', counts: { correct: 1, incorrect: 2, unscored: 0 } },
    ]);
    expect(describeSource(src!)).toBe('[pending] · A ✓2 ✗1 · B ✓1 ✗2');
    const instances = kids(m, src) as InstanceNode[];
    expect(instances.map((i) => i.label)).toEqual([
      'Original',
      'Neutral',
      'Retained',
      'Revised',
      'S_Orig',
      'S_Dir',
      'S_Rev',
      'S_Ret',
      'accumulation-retained k=2',
    ]);
    expect(instances.find((i) => i.label === 'Revised')!.active).toBe('revised');
    const retained = instances.find((i) => i.label === 'Retained')!;
    expect(retained.args).toEqual({ taskId: 'm/1', mode: 'multi', condition: 'retained' });
    const runs = kids(m, retained) as RunNode[];
    expect(runs.map((r) => [r.model, r.verdict, r.newError])).toEqual([
      ['org/A', 'incorrect', true],
      ['org/B', 'incorrect', false],
    ]);
    expect(runs[0]!.args).toMatchObject({
      taskId: 'm/1',
      mode: 'multi',
      condition: 'retained',
      convId: runs[0]!.convId,
      model: 'org/A',
    });
    expect(m.parent(runs[0]!)).toBe(retained);
    expect(m.parent(retained)).toBe(src);
    expect(m.parent(src!)).toBe(roots[0]);
  });

  it("gives an earlier model's instance node its runs before its source was expanded in this model", () => {
    // VS Code asks for an expanded node's children with the node it has; a refresh may have
    // replaced the model in between. An empty answer here was cached and the runs never showed.
    const old = new SourceTreeModel(input());
    const [src] = kids(old, old.roots()[0]) as SourceNode[];
    const retained = (kids(old, src) as InstanceNode[]).find((i) => i.label === 'Retained')!;
    const next = new SourceTreeModel(input());
    expect((kids(next, retained) as RunNode[]).map((r) => r.model)).toEqual(['org/A', 'org/B']);
    expect((kids(next, retained) as RunNode[]).length).toBe(2);
  });

  it('shows sources without a record, from their logs only', () => {
    const m = new SourceTreeModel(input());
    const actions = m.roots().find((r) => r.id === 'domain:actions')!;
    const [src] = kids(m, actions) as SourceNode[];
    expect(src!.hasRecord).toBe(false);
    expect(describeSource(src!)).toContain('no record');
    expect((kids(m, src) as InstanceNode[]).map((i) => i.label)).toEqual(['Original']);
  });

  it('finds new errors per model and mode (correct in Original, wrong in Retained or Revised)', () => {
    const errors = newErrorsOf(input().conversations.filter((c) => c.task_id === 'm/1'));
    expect([...errors.keys()]).toEqual(['org/A']);
    const single = [conv('x', 'M', 'single', 'original', 'correct'), conv('x', 'M', 'multi', 'revised', 'incorrect')];
    expect(newErrorsOf(single).size).toBe(0); // different modes do not pair up
  });

  it('filters by new errors: only erring models, their runs and the Original they diverge from', () => {
    const m = new SourceTreeModel(input(), { newErrors: true });
    expect(m.roots().map((r) => r.id)).toEqual(['domain:math']);
    const src = kids(m, m.roots()[0]) as SourceNode[];
    expect(src.map((s) => s.taskId)).toEqual(['m/1']);
    const instances = kids(m, src[0]) as InstanceNode[];
    expect(instances.map((i) => i.label)).toEqual(['Original', 'Retained']);
    for (const i of instances) expect((kids(m, i) as RunNode[]).every((r) => r.model === 'org/A')).toBe(true);
  });

  it('filters by domain, model, verdict and review, and says which filters are active', () => {
    expect(new SourceTreeModel(input(), { domains: ['database'] }).roots().map((r) => r.id)).toEqual([
      'domain:database',
    ]);
    expect(new SourceTreeModel(input(), { reviews: ['none'] }).roots().map((r) => r.id)).toEqual(['domain:actions']);
    const byVerdict = new SourceTreeModel(input(), { verdicts: ['unscored'] });
    const [db] = kids(byVerdict, byVerdict.roots()[0]) as SourceNode[];
    expect(db!.taskId).toBe('d/1');
    expect((kids(byVerdict, db) as InstanceNode[]).map((i) => i.label)).toEqual(['S_Dir']);
    const byModel = new SourceTreeModel(input(), { models: ['org/B'] });
    expect(byModel.roots().map((r) => r.id)).toEqual(['domain:math']);
    const empty = new SourceTreeModel(input(), { models: ['nobody'] });
    expect(empty.isFilteredEmpty()).toBe(true);
    expect(describeFilters({ models: ['org/B'], verdicts: ['incorrect'], newErrors: true })).toBe(
      'model: B · verdict: ✗ incorrect · new errors',
    );
  });

  it('keeps ids stable across rebuilds and finds runs and sources by key', () => {
    const a = new SourceTreeModel(input());
    const b = new SourceTreeModel(input());
    const ids = (m: SourceTreeModel) =>
      m.roots().flatMap((d) => kids(m, d).flatMap((s) => [s.id, ...kids(m, s).map((i) => i.id)]));
    expect(ids(a)).toEqual(ids(b));
    const run = a.runNode('c2')!;
    expect(run.id).toBe('run:c2');
    expect(a.parent(run)!.id).toBe('instance:m/1|multi|retained||');
    expect(a.sourceNode('lic/9')!.id).toBe('source:lic/9');
    expect(a.summary()).toMatchObject({
      records: 2,
      sources: 3,
      conversations: 9,
      correct: 5,
      incorrect: 3,
      unscored: 1,
    });
    const found = find<SourceNode>(kids(a, a.roots()[0]), (x) => x.id === 'source:m/1');
    expect(found.newErrorModels).toEqual(['org/A']);
  });

  it("shows a fork under its parent and keeps it out of the summary's counts and accuracy", () => {
    const base = input();
    const fork: ConversationRef = {
      ...conv('m/1', 'org/A', 'multi', 'retained', 'correct'),
      forkedFrom: { conv_id: 'c2', turn: 3, edit: 'drop-proposal' },
    };
    const m = new SourceTreeModel({ ...base, conversations: [...base.conversations, fork] });
    expect(m.forksOf('c2').map((r) => r.convId)).toEqual([fork.conv_id]);
    expect(m.summary()).toMatchObject({ conversations: 9, forks: 1, correct: 5, incorrect: 3, unscored: 1 });
  });

  it('joins evolving runs to their plan and splits them by recap mode', () => {
    const base = input();
    const evolving = (model: string, recap: 'none' | 'oracle', verdict: Verdict): ConversationRef => ({
      ...conv('ev/1', model, 'evolving', 'original', verdict),
      recap,
    });
    const m = new SourceTreeModel({
      ...base,
      plans: new Map([['ev/1', { task: 'math', file: '/w/p.evolving.jsonl', line: 3 }]]),
      conversations: [
        ...base.conversations,
        evolving('org/A', 'none', 'incorrect'),
        evolving('org/A', 'oracle', 'correct'),
      ],
    });
    const src = m.sourceNode('ev/1')!;
    expect(src.hasRecord).toBe(false);
    expect(describeSource(src)).toBe('[plan] · A ✓1 ✗1');
    expect(src.args).toMatchObject({ file: '/w/p.evolving.jsonl', line: 3 });
    const instances = kids(m, src) as InstanceNode[];
    expect(instances.map((i) => i.label)).toEqual(['evolving · recap none', 'evolving · recap oracle']);
    expect(instances[1]!.args).toEqual({ taskId: 'ev/1', mode: 'evolving', condition: 'original', recap: 'oracle' });
  });

  it('lists data files under a files group only when no filter is active', () => {
    const files = [
      { path: '/w/logs/x.jsonl', kind: 'logs' as const, displayPath: 'logs/x.jsonl', items: 9, problems: 2 },
    ];
    const m = new SourceTreeModel({ ...input(), files });
    const group = m.roots().at(-1)!;
    expect(group.kind).toBe('files');
    expect(kids(m, group).map((f) => f.id)).toEqual(['file:/w/logs/x.jsonl']);
    expect(
      new SourceTreeModel({ ...input(), files }, { domains: ['math'] }).roots().some((r) => r.kind === 'files'),
    ).toBe(false);
  });
});
