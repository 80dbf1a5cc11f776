import { describe, it, expect } from 'vitest';
import {
  renderInstance,
  baseInstances,
  extendedInstances,
  maxDepth,
  RenderError,
  mathAnswerOf,
} from '../../../src/core/render/instances';
import { intentEvalTimeline, tagsFromRendered } from '../../../src/core/state/intentTimeline';
import { parseConversation, turnTags } from '../../../src/core/conversation';
import { BenchmarkRecordSchema, type BenchmarkRecord } from '../../../src/core/schema/records';
import type { TraceMessage } from '../../../src/core/schema/runlog';

const onions: BenchmarkRecord = BenchmarkRecordSchema.parse({
  task_id: 'sharded-GSM8K/248',
  task: 'math',
  shards: [
    { shard_id: 1, shard_text: 'calculate how much the chef spent on onions' },
    { shard_id: 2, shard_text: 'the chef bought 4 bags of onions' },
    { shard_id: 3, shard_text: 'each bag weighs 50 pounds' },
    { shard_id: 4, shard_text: 'each pound of onions costs $1.50' },
  ],
  answer: '... #### 300',
  intent: {
    shard_id: 2,
    requirement: 'number of bags',
    original: '4 bags',
    revised: '2 bags',
    proposal: 'Can we go with 2 bags instead?',
    accept: 'Yes, go with that.',
    reject: 'No, keep it as I said.',
    neutral: ['N1?', 'N2?'],
    connector: 'Before you go, I have one quick last minute thought:',
    single_turn: { original: 'A chef bought 4 bags. How much?', direct_revised: 'A chef bought 2 bags. How much?' },
    reference: { original: 300, revised: 150 },
    extra_proposals: [
      { revised: '3 bags', proposal: 'Maybe 3 bags?', reject: 'No, forget that.' },
      { revised: '6 bags', proposal: 'Or 6 bags?', reject: 'Never mind.' },
    ],
    extra_neutral: [['N3?', 'N4?']],
  },
});

const summary = (inst: ReturnType<typeof renderInstance>) =>
  inst.messages.map((m) =>
    m.kind === 'shard' ? `s${m.shard_id}` : m.kind === 'event' ? `${m.event}${m.block}` : 'prompt',
  );

describe('renderInstance', () => {
  it('multi-turn conditions insert events right after the target shard', () => {
    expect(summary(renderInstance(onions, { mode: 'multi', condition: 'original' }))).toEqual(['s1', 's2', 's3', 's4']);
    expect(summary(renderInstance(onions, { mode: 'multi', condition: 'neutral' }))).toEqual([
      's1',
      's2',
      'neutral1',
      'neutral1',
      's3',
      's4',
    ]);
    const ret = renderInstance(onions, { mode: 'multi', condition: 'retained' });
    expect(summary(ret)).toEqual(['s1', 's2', 'proposal1', 'reject1', 's3', 's4']);
    expect([ret.active, ret.reference, ret.activeValue]).toEqual(['original', 300, '4 bags']);
    const rev = renderInstance(onions, { mode: 'multi', condition: 'revised' });
    expect(summary(rev)).toEqual(['s1', 's2', 'proposal1', 'accept1', 's3', 's4']);
    expect([rev.active, rev.reference, rev.activeValue]).toEqual(['revised', 150, '2 bags']);
  });

  it('single-turn controls are one message; S_Rev/S_Ret join prompt, connector, proposal and decision', () => {
    const srev = renderInstance(onions, { mode: 'single', condition: 'revised' });
    expect(srev.messages).toEqual([
      {
        role: 'user',
        kind: 'prompt',
        content:
          'A chef bought 4 bags. How much? Before you go, I have one quick last minute thought: Can we go with 2 bags instead? Yes, go with that.',
      },
    ]);
    expect(srev.active).toBe('revised');
    expect(
      renderInstance(onions, { mode: 'single', condition: 'retained' }).messages[0]!.content.endsWith(
        'No, keep it as I said.',
      ),
    ).toBe(true);
    const dir = renderInstance(onions, { mode: 'single', condition: 'direct' });
    expect([dir.messages[0]!.content, dir.active, dir.reference]).toEqual([
      'A chef bought 2 bags. How much?',
      'revised',
      150,
    ]);
    expect(renderInstance(onions, { mode: 'single', condition: 'original' }).reference).toBe(300);
    expect(() => renderInstance(onions, { mode: 'single', condition: 'neutral' })).toThrow(RenderError);
  });

  it('extended paths: accumulation blocks and persistence after the decision', () => {
    expect(
      summary(renderInstance(onions, { mode: 'multi', condition: 'retained', path: 'accumulation-retained', k: 3 })),
    ).toEqual(['s1', 's2', 'proposal1', 'reject1', 'proposal2', 'reject2', 'proposal3', 'reject3', 's3', 's4']);
    expect(
      summary(renderInstance(onions, { mode: 'multi', condition: 'neutral', path: 'accumulation-neutral', k: 2 })),
    ).toEqual(['s1', 's2', 'neutral1', 'neutral1', 'neutral2', 'neutral2', 's3', 's4']);
    const pr = renderInstance(onions, { mode: 'multi', condition: 'revised', path: 'persistence-revised', k: 2 });
    expect(summary(pr)).toEqual([
      's1',
      's2',
      'proposal0',
      'accept0',
      'neutral1',
      'neutral1',
      'neutral2',
      'neutral2',
      's3',
      's4',
    ]);
    expect(pr.active).toBe('revised');
    expect(
      summary(renderInstance(onions, { mode: 'multi', condition: 'original', path: 'accumulation-retained', k: 0 })),
    ).toEqual(['s1', 's2', 's3', 's4']);
    expect(maxDepth(onions, 'accumulation-retained')).toBe(3);
    expect(maxDepth(onions, 'persistence-retained')).toBe(2);
    expect(() =>
      renderInstance(onions, { mode: 'multi', condition: 'retained', path: 'persistence-retained', k: 3 }),
    ).toThrow(/not available/);
    expect(baseInstances(onions)).toHaveLength(8);
    expect(extendedInstances(onions)).toHaveLength(4 + 3 + 3 + 3);
  });

  it('plain LiC records have only the original instances', () => {
    const lic = BenchmarkRecordSchema.parse({
      task_id: 'x',
      task: 'math',
      shards: [{ shard_id: 1, shard: 'goal' }],
      question: 'Q?',
      answer: 'blah\n#### 1,200',
    });
    expect(baseInstances(lic)).toHaveLength(2);
    expect(renderInstance(lic, { mode: 'single', condition: 'original' })).toMatchObject({
      reference: 1200,
      messages: [{ content: 'Q?' }],
    });
    expect(() => renderInstance(lic, { mode: 'multi', condition: 'retained' })).toThrow(RenderError);
    expect(mathAnswerOf('#### $3.50')).toBe(3.5);
  });
});

describe('intentEvalTimeline', () => {
  const timeline = (spec: Parameters<typeof renderInstance>[1]) =>
    intentEvalTimeline(onions, tagsFromRendered(renderInstance(onions, spec)), spec);

  it('retained: proposal pending, then rejected; the revised reference is inactive', () => {
    const t = timeline({ mode: 'multi', condition: 'retained' });
    const statusAt = (i: number) => t.snapshots[i]!.requirements[0]!.values.map((v) => `${v.value}:${v.status}`);
    expect(statusAt(0)).toEqual(['4 bags:unrevealed']);
    expect(statusAt(1)).toEqual(['4 bags:in-effect']);
    expect(statusAt(2)).toEqual(['4 bags:in-effect', '2 bags:pending']);
    expect(statusAt(3)).toEqual(['4 bags:in-effect', '2 bags:rejected']);
    expect(t.snapshots[5]!.requirements[0]!.inEffect).toBe('4 bags');
    expect(t.inactive.map((i) => [i.value, i.kind, !!i.isReference])).toEqual([
      ['2 bags', 'rejected', false],
      ['150', 'rejected', true],
    ]);
  });

  it('revised: the original is superseded after accept; clarifications change nothing', () => {
    const t = timeline({ mode: 'multi', condition: 'revised', path: 'persistence-revised', k: 1 });
    expect(t.snapshots.at(-1)!.activeTask).toBe('revised');
    expect(t.snapshots.at(-1)!.requirements[0]!.inEffect).toBe('2 bags');
    expect(t.inactive.map((i) => i.value)).toEqual(['4 bags', '300']);
    expect(t.snapshots[4]!.changes).toEqual(['clarification (no change)']);
  });

  it('accumulation rejects every extra proposal; neutral and original have nothing inactive', () => {
    expect(
      timeline({ mode: 'multi', condition: 'retained', path: 'accumulation-retained', k: 3 }).inactive.map(
        (i) => i.value,
      ),
    ).toEqual(['2 bags', '3 bags', '6 bags', '150']);
    expect(timeline({ mode: 'multi', condition: 'neutral' }).inactive).toEqual([]);
    expect(timeline({ mode: 'multi', condition: 'original' }).inactive).toEqual([]);
  });

  it('single-turn controls: S_Ret rejects, S_Rev supersedes, S_Dir states the revision with nothing inactive', () => {
    expect(timeline({ mode: 'single', condition: 'retained' }).inactive.map((i) => i.value)).toEqual(['2 bags', '150']);
    expect(timeline({ mode: 'single', condition: 'revised' }).inactive.map((i) => i.value)).toEqual(['4 bags', '300']);
    const dir = timeline({ mode: 'single', condition: 'direct' });
    expect(dir.inactive).toEqual([]);
    expect(dir.snapshots[0]!.requirements[0]!.inEffect).toBe('2 bags');
  });

  it('reads tags from a logged trace in either reveal order (FORMAT.md after, LiC snowball before)', () => {
    const trace: TraceMessage[] = [
      { role: 'log', content: { type: 'hint_revealed', shard_id: 1 } },
      { role: 'user', content: 'goal' },
      { role: 'assistant', content: '?' },
      { role: 'user', content: '4 bags' },
      { role: 'log', content: { type: 'shard_revealed', shard_id: 2 } },
      { role: 'assistant', content: 'ok' },
      { role: 'user', content: 'prop' },
      { role: 'log', content: { type: 'event', event: 'proposal', block: 1 } },
      { role: 'assistant', content: 'ok' },
      { role: 'user', content: 'no' },
      { role: 'log', content: { type: 'event', event: 'reject', block: 1 } },
    ];
    const tags = turnTags(parseConversation({ conv_id: 'c', task: 'math', task_id: onions.task_id, trace }).turns);
    expect(tags).toEqual([
      { shard_ids: [1] },
      { shard_ids: [2] },
      { shard_ids: [], event: 'proposal', block: 1 },
      { shard_ids: [], event: 'reject', block: 1 },
    ]);
    expect(intentEvalTimeline(onions, tags).inactive.map((i) => i.value)).toEqual(['2 bags', '150']);
  });
});
