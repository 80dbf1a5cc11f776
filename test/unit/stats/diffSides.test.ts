// Run diff sides beyond models and folders (issue #16): logged vs re-scored verdicts, and a fork
// batch vs its parents; each flip names the very pair to open.
import { describe, expect, it } from 'vitest';
import { diffRuns } from '../../../src/core/stats/runDiff';
import {
  describeForkBatch,
  forkBatchId,
  forkBatches,
  loggedVsRescored,
  parentVsForks,
} from '../../../src/core/stats/diffSides';
import type { ConversationRef } from '../../../src/core/load/runLogIndex';
import { ref } from './fixtures';

const rescore = (m: Record<string, boolean | null>) => (id: string) => (id in m ? { is_correct: m[id]! } : undefined);

describe('logged vs re-scored', () => {
  const refs = [
    ref({ conv_id: 'r0', model: 'M', task_id: 't/0', condition: 'retained', verdict: 'correct' }),
    ref({ conv_id: 'r1', model: 'M', task_id: 't/1', condition: 'retained', verdict: 'incorrect' }),
    ref({ conv_id: 'r2', model: 'M', task_id: 't/2', condition: 'retained', verdict: 'correct' }),
    ref({ conv_id: 'r3', model: 'M', task_id: 't/3', condition: 'retained', verdict: 'incorrect' }),
    ref({ conv_id: 'u4', model: 'M', task_id: 't/4', condition: 'retained', verdict: 'unscored' }),
    ref({ conv_id: 'n5', model: 'N', task_id: 't/0', condition: 'retained', verdict: 'correct' }),
  ];

  it('compares only the runs a re-score decided, and opens one conversation for a flip', () => {
    // r0 ✓→✗, r1 ✗→✓, r2 unchanged, r3 undecided (kept logged: not compared), u4 had no logged verdict, n5 not re-scored
    const d = loggedVsRescored(refs, rescore({ r0: false, r1: true, r2: true, r3: null, u4: true }));
    expect(d.a.map((o) => o.conv_id)).toEqual(['r0', 'r1', 'r2', 'u4']);
    const diff = diffRuns(d.a, d.b, d.pairByModel);
    expect(diff.paired).toBe(3);
    expect(diff.unpaired).toEqual({ a: 0, b: 1 });
    const [inst] = diff.instances;
    expect(inst).toMatchObject({ condition: 'retained', n: 3, both: 1, only_from: 1, only_to: 1, neither: 0 });
    expect(inst!.lost).toEqual([{ task_id: 't/0', model: 'M', conv_a: 'r0', conv_b: 'r0' }]);
    expect(inst!.gained).toEqual([{ task_id: 't/1', model: 'M', conv_a: 'r1', conv_b: 'r1' }]);
  });

  it('opens the run whose verdict changed when a source has several runs', () => {
    // t/9 has three runs logged ✓✓✗ (source ✓); the re-score turns the second ✗ (source ✗)
    const runs = ['a', 'b', 'c'].map((s, i) =>
      ref({ conv_id: `k${s}`, model: 'M', task_id: 't/9', verdict: i < 2 ? 'correct' : 'incorrect' }),
    );
    const d = loggedVsRescored(runs, rescore({ ka: true, kb: false, kc: false }));
    const flip = diffRuns(d.a, d.b, true).instances[0]!.lost[0]!;
    expect(flip).toEqual({ task_id: 't/9', model: 'M', conv_a: 'kb', conv_b: 'kb' });
  });
});

describe('parent vs fork batch', () => {
  const fork = (
    id: string,
    parent: ConversationRef,
    p: Partial<ConversationRef> & { verdict: ConversationRef['verdict'] },
    edit = 'flip-decision',
    turn = 3,
  ): ConversationRef =>
    ref({
      conv_id: id,
      model: parent.model,
      task_id: parent.task_id,
      file: '/logs/forks.jsonl',
      mode: parent.mode,
      condition: parent.condition,
      forkedFrom: { conv_id: parent.conv_id, turn, edit },
      ...p,
    });
  const p0 = ref({ conv_id: 'p0', model: 'M', task_id: 't/0', condition: 'retained', verdict: 'incorrect' });
  const p1 = ref({ conv_id: 'p1', model: 'M', task_id: 't/1', condition: 'retained', verdict: 'correct' });
  const p2 = ref({ conv_id: 'p2', model: 'M', task_id: 't/2', condition: 'retained', verdict: 'correct' });
  const other = ref({ conv_id: 'x', model: 'M', task_id: 't/0', condition: 'retained', verdict: 'correct' });
  // A flipped decision runs Revised; f1 used another assistant: both still answer their parent's question.
  const f0 = fork('f0', p0, { condition: 'revised', verdict: 'correct' });
  const f1 = fork('f1', p1, { condition: 'revised', model: 'other-model', verdict: 'incorrect' });
  const f2 = fork('f2', p2, { condition: 'revised', verdict: 'correct' }, 'flip-decision', 4);
  const dropped = fork('g0', p0, { verdict: 'correct' }, 'drop-user', 2);
  const orphan = ref({
    conv_id: 'o',
    model: 'M',
    task_id: 't/5',
    file: '/logs/forks.jsonl',
    verdict: 'correct',
    forkedFrom: { conv_id: 'gone', turn: 3, edit: 'flip-decision' },
  });
  const refs = [p0, p1, p2, other, f0, f1, f2, dropped, orphan];

  it('groups forks into batches by log file and edit', () => {
    const batches = forkBatches(refs);
    expect(batches.map((b) => [b.edit, b.forks, b.parents, b.turns])).toEqual([
      ['drop-user', 1, 1, [2]],
      ['flip-decision', 4, 4, [3, 4]],
    ]);
    expect(forkBatchId(p0)).toBeUndefined();
    expect(describeForkBatch(batches[0]!, 'logs/forks.jsonl')).toBe(
      'U2 dropped · 1 fork(s) of 1 parent(s) in logs/forks.jsonl',
    );
    expect(describeForkBatch(batches[1]!, 'logs/forks.jsonl')).toBe(
      'flip-decision at U3, U4 · 4 fork(s) of 4 parent(s) in logs/forks.jsonl',
    );
    // A replacement text makes its own batch.
    const replaced = (text: string) => fork(`r-${text}`, p1, { verdict: 'correct' }, 'replace-user', 2);
    const withText = [replaced('a'), replaced('b')].map((r, i) => ({
      ...r,
      forkedFrom: { ...r.forkedFrom!, text: `text ${i}` },
    }));
    expect(new Set(withText.map(forkBatchId)).size).toBe(2);
  });

  it('pairs each fork with its parent under the parent instance and model', () => {
    const batch = forkBatches(refs).find((b) => b.edit === 'flip-decision')!;
    const d = parentVsForks(refs, batch.id);
    expect(d.a.map((r) => r.conv_id).sort()).toEqual(['p0', 'p1', 'p2']);
    const diff = diffRuns(d.a, d.b, d.pairByModel);
    // the orphan's parent is not loaded: it stays unpaired
    expect(diff.unpaired).toEqual({ a: 0, b: 1 });
    const retained = diff.instances.find((i) => i.condition === 'retained')!;
    expect(retained).toMatchObject({ n: 3, both: 1, only_from: 1, only_to: 1 });
    expect(retained.gained).toEqual([{ task_id: 't/0', model: 'M', conv_a: 'p0', conv_b: 'f0' }]);
    expect(retained.lost).toEqual([{ task_id: 't/1', model: 'M', conv_a: 'p1', conv_b: 'f1' }]);
    // the unrelated run of t/0 is not a parent: not on side A
    expect(d.a.some((r) => r.conv_id === 'x')).toBe(false);
  });
});
