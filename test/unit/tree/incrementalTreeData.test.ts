// The Sources tree's data grows by appends while the first load indexes logs: whatever the batches
// and however files interleave, the result must be the data built from all conversations at once.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { SourceTreeData, type RescoredRun, type TreeRecord } from '../../../src/extension/tree/sourceTreeData';
import { SourceTreeModel, type TreeFilters } from '../../../src/extension/tree/sourceTreeModel';
import { SlicedTreeBuild } from '../../../src/extension/tree/sourceTreeBuild';
import type { ConversationRef, Verdict } from '../../../src/core/load/runLogIndex';
import type { BenchmarkRecord } from '../../../src/core/schema/records';
import type { Condition, Mode } from '../../../src/core/schema/runlog';
import type { SourceTreeNode } from '../../../src/extension/tree/treeItems';

const TASKS = ['math/1', 'math/2', 'math/10', 'code/1', 'lic/9'];
const FILES = ['/w/logs/b.jsonl', '/w/logs/a.jsonl', '/w/logs/c.jsonl'];
const SPECS: Array<[Mode, Condition]> = [
  ['multi', 'original'],
  ['multi', 'retained'],
  ['multi', 'revised'],
  ['single', 'original'],
  ['single', 'revised'],
  ['single', 'direct'],
];
const VERDICTS: Verdict[] = ['correct', 'incorrect', 'unscored'];

function record(taskId: string): TreeRecord {
  const rec: BenchmarkRecord = {
    task_id: taskId,
    task: taskId.startsWith('code') ? 'code' : 'math',
    shards: [{ shard_id: 1, shard_text: `goal of ${taskId}` }],
  };
  return { record: rec, file: '/w/r.records.jsonl', line: 1 };
}
const records = new Map(['math/1', 'math/10', 'code/1'].map((t) => [t, record(t)]));

interface ConvSpec {
  task: number;
  model: number;
  spec: number;
  verdict: number;
  file: number;
  extended: boolean;
  /** A fork of the conversation at this index (mod the count), when set. */
  forkOf: number | undefined;
}

const convSpec: fc.Arbitrary<ConvSpec> = fc.record({
  task: fc.nat(TASKS.length - 1),
  model: fc.nat(2),
  spec: fc.nat(SPECS.length - 1),
  verdict: fc.nat(2),
  file: fc.nat(FILES.length - 1),
  extended: fc.boolean(),
  forkOf: fc.option(fc.nat(40), { nil: undefined, freq: 5 }),
});

/** Conversations in file order (each file's lines ascending), as the index lists them. */
function conversationsOf(specs: ConvSpec[]): ConversationRef[] {
  const lines = FILES.map(() => 0);
  const out = specs.map((s, i): ConversationRef => {
    const [mode, condition] = SPECS[s.spec]!;
    const taskId = TASKS[s.task]!;
    return {
      file: FILES[s.file]!,
      line: ++lines[s.file]!,
      offset: 0,
      length: 1,
      conv_id: `c${i}`,
      task: taskId.startsWith('code') ? 'code' : taskId.startsWith('lic') ? 'actions' : 'math',
      task_id: taskId,
      model: `org/m${s.model}`,
      mode,
      condition,
      verdict: VERDICTS[s.verdict]!,
      turns: 3,
      ...(s.extended && mode === 'multi' && condition !== 'original'
        ? { path: 'accumulation-retained' as const, k: 2 }
        : {}),
    };
  });
  specs.forEach((s, i) => {
    if (s.forkOf !== undefined && s.forkOf % specs.length !== i)
      out[i] = { ...out[i]!, forkedFrom: { conv_id: `c${s.forkOf % specs.length}`, turn: 1, edit: 'replace-user' } };
  });
  return FILES.flatMap((f) => out.filter((c) => c.file === f));
}

const rescored = (id: string): RescoredRun | undefined =>
  Number(id.slice(1)) % 4 === 1
    ? { is_correct: Number(id.slice(1)) % 8 === 1, extracted: '7', inactive: [], message: 'ok' }
    : undefined;

/** Everything a view reads from the data, in the order it reads it. */
function snapshot(data: SourceTreeData) {
  const tree = (filters: TreeFilters) => {
    const model = new SourceTreeModel(data, filters);
    const walk = (n: SourceTreeNode): unknown => {
      const { args: _args, ...rest } = n as SourceTreeNode & { args: unknown };
      const kids = n.kind === 'run' ? model.forksOf(n.convId).map(walk) : model.children(n).map(walk);
      return { ...rest, kids };
    };
    return {
      roots: model.roots().map(walk),
      visible: model.visibleConversations().map((c) => `${c.conv_id}:${c.verdict}`),
    };
  };
  return {
    summary: data.summary(),
    models: data.models(),
    domains: data.domains(),
    conversations: data.conversations.map((c) => `${c.conv_id}:${c.verdict}`).sort(),
    sources: [...data.sources.values()]
      .sort((a, b) => (a.taskId < b.taskId ? -1 : 1))
      .map((s) => ({
        taskId: s.taskId,
        domain: s.domain,
        convs: s.convs.map((c) => c.conv_id),
        errors: [...data.errorsOf(s)].map(([m, ids]) => [m, [...ids].sort()]).sort(),
        counts: data.allCountsOf(s),
      })),
    forks: [...data.forks].map(([p, l]) => [p, l.map((c) => c.conv_id)]).sort(),
    rescores: [...data.rescores.keys()].sort(),
    byId: data.conversations.map((c) => `${c.conv_id}:${data.conversation(c.conv_id)?.verdict}`).sort(),
    unfiltered: tree({}),
    newErrors: tree({ newErrors: true }),
    oneModel: tree({ models: ['org/m1'], verdicts: ['incorrect', 'unscored'] }),
  };
}

/** An arrival order the pool can produce: files interleaved at random, each file's lines in order. */
function interleave(convs: ConversationRef[], picks: number[]): ConversationRef[] {
  const queues = FILES.map((f) => convs.filter((c) => c.file === f));
  const out: ConversationRef[] = [];
  let i = 0;
  while (out.length < convs.length) {
    const open = queues.filter((q) => q.length);
    out.push(open[(picks[i++ % Math.max(1, picks.length)] ?? 0) % open.length]!.shift()!);
  }
  return out;
}

describe('SourceTreeData appends', () => {
  it('equal the data built from all conversations at once, for any batches and file interleaving', () => {
    fc.assert(
      fc.property(
        fc.array(convSpec, { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(5), { maxLength: 20 }),
        fc.array(fc.nat(8), { maxLength: 12 }),
        fc.boolean(),
        (specs, picks, cuts, look) => {
          const all = conversationsOf(specs);
          const input = {
            records,
            plans: new Map([['math/2', { task: 'math', file: '/w/p.evolving.jsonl', line: 3 }]]),
            rescored,
            hasInactive: () => false,
          };
          const whole = new SourceTreeData({ ...input, conversations: all });
          const grown = new SourceTreeData({ ...input, conversations: [] });
          const arrival = interleave(all, picks);
          let at = 0;
          for (const cut of [...cuts, arrival.length]) {
            const end = Math.min(arrival.length, at + cut + 1);
            // The index lists what it has so far; an append takes the new ones (the old are skipped).
            expect(grown.append(arrival.slice(0, end))).toBe(true);
            at = end;
            // What views derive between batches (new errors, counts, nodes) must not go stale.
            if (look) snapshot(grown);
            if (at >= arrival.length) break;
          }
          expect(snapshot(grown)).toEqual(snapshot(whole));
          // The sliced build from scratch is the same data too.
          const sliced = SlicedTreeBuild.fresh({ ...input, conversations: all });
          sliced.step(0);
          expect(snapshot(sliced.finish())).toEqual(snapshot(whole));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('equal the data built at once when a running append takes the next batch (extend), at any step', () => {
    fc.assert(
      fc.property(
        fc.array(convSpec, { minLength: 1, maxLength: 40 }),
        fc.nat(40),
        fc.nat(60),
        (specs, cut, stepsFirst) => {
          const all = conversationsOf(specs);
          const input = { records, rescored, hasInactive: () => false };
          const whole = new SourceTreeData({ ...input, conversations: all });
          const at = Math.min(cut, all.length);
          const build = new SlicedTreeBuild(new SourceTreeData({ ...input, conversations: [] }), all.slice(0, at));
          // Part of the first batch added, or all of it and some sources summarised, or done.
          for (let i = 0; i < stepsFirst && !build.done; i++) build.step(0);
          build.extend(all.slice(at));
          // Not done while it has refs to add: the views are told once, at the end.
          if (at < all.length) expect(build.done).toBe(false);
          while (!build.step(0));
          expect(build.clean).toBe(true);
          for (const src of build.data.sources.values()) expect(src.allCounts).toBeDefined();
          expect(snapshot(build.data)).toEqual(snapshot(whole));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('counts what each append adds: summary, per-model counts, new errors', () => {
    const ref = (id: number, condition: Condition, verdict: Verdict, model = 'org/A'): ConversationRef => ({
      file: '/w/logs/a.jsonl',
      line: id,
      offset: 0,
      length: 1,
      conv_id: `c${id}`,
      task: 'math',
      task_id: 'math/1',
      model,
      mode: 'multi',
      condition,
      verdict,
      turns: 4,
    });
    const data = new SourceTreeData({ records, conversations: [ref(1, 'retained', 'incorrect')] });
    const source = data.sources.get('math/1')!;
    expect(data.summary()).toMatchObject({ records: 3, sources: 3, conversations: 1, correct: 0, incorrect: 1 });
    expect(data.errorsOf(source).size).toBe(0);
    // Its Original comes later, correct: now the Retained run is a new error.
    const original = ref(2, 'original', 'correct');
    expect(data.append([original, ref(3, 'revised', 'correct', 'org/B')])).toBe(true);
    expect(data.summary()).toMatchObject({ conversations: 3, correct: 2, incorrect: 1, models: ['org/A', 'org/B'] });
    expect([...(data.errorsOf(source).get('org/A') ?? [])]).toEqual(['c1']);
    expect(data.allCountsOf(source)).toEqual([
      { model: 'org/A', counts: { correct: 1, incorrect: 1, unscored: 0 } },
      { model: 'org/B', counts: { correct: 1, incorrect: 0, unscored: 0 } },
    ]);
    const node = new SourceTreeModel(data).sourceNode('math/1')!;
    expect(node.newErrorModels).toEqual(['org/A']);
    // The same refs again add nothing; another ref with a taken conv_id asks for a build from scratch.
    expect(data.append([original])).toBe(true);
    expect(data.size).toBe(3);
    expect(data.append([{ ...ref(2, 'original', 'correct'), line: 9 }])).toBe(false);
    expect(data.size).toBe(3);
  });

  it('moves a fork that came before its parent under the parent, dropping a source only it made', () => {
    const parent: ConversationRef = {
      file: '/w/logs/a.jsonl',
      line: 1,
      offset: 0,
      length: 1,
      conv_id: 'p',
      task: 'math',
      task_id: 'math/1',
      model: 'org/A',
      mode: 'multi',
      condition: 'original',
      verdict: 'correct',
      turns: 4,
    };
    const fork: ConversationRef = {
      ...parent,
      file: '/w/logs/z.jsonl',
      conv_id: 'f',
      task_id: 'x/only-forks',
      forkedFrom: { conv_id: 'p', turn: 1, edit: 'replace-user' },
    };
    const data = new SourceTreeData({ records, conversations: [fork] });
    expect(data.sources.has('x/only-forks')).toBe(true);
    expect(data.summary().forks).toBe(1);
    data.append([parent]);
    expect(data.sources.has('x/only-forks')).toBe(false);
    expect(data.forks.get('p')?.map((c) => c.conv_id)).toEqual(['f']);
    expect(data.summary()).toMatchObject({ forks: 1, conversations: 1 });
  });
  it("derives every source's counts and new errors in the sliced build, before it is done", () => {
    const ref = (id: number, task: string, condition: Condition, verdict: Verdict): ConversationRef => ({
      file: '/w/logs/a.jsonl',
      line: id,
      offset: 0,
      length: 1,
      conv_id: `c${id}`,
      task: 'math',
      task_id: task,
      model: 'org/A',
      mode: 'multi',
      condition,
      verdict,
      turns: 4,
    });
    const refs = ['math/1', 'math/10'].flatMap((t, i) => [
      ref(i * 2, t, 'original', 'correct'),
      ref(i * 2 + 1, t, 'retained', 'incorrect'),
    ]);
    const build = SlicedTreeBuild.fresh({ records, conversations: refs });
    let steps = 0;
    // A zero budget: one chunk of conversations, or one source, a step.
    while (!build.step(0)) steps++;
    expect(steps).toBeGreaterThanOrEqual(build.data.sources.size);
    for (const s of build.data.sources.values()) {
      // The tree's refresh then reads what is already there instead of deriving it for all sources in one task.
      expect(s.allCounts).toBeDefined();
      expect(s.errorModels).toBeDefined();
    }
    expect(build.data.sources.get('math/10')!.errorModels).toEqual(['org/A']);
  });
});
