// The Intent-Eval timeline read back from logged traces (the path the views take), checked per
// user turn: a proposal is pending until its decision, reject leaves the proposal inactive, accept
// supersedes the original, and clarifications change nothing.
import { describe, it, expect } from 'vitest';
import { renderInstance, type InstanceSpec } from '../../../src/core/render/instances';
import { parseConversation } from '../../../src/core/conversation';
import type { IntentSnapshot } from '../../../src/core/state/intentTimeline';
import { BenchmarkRecordSchema, type BenchmarkRecord } from '../../../src/core/schema/records';
import { RunLogEntrySchema, type RunLogEntry, type TraceMessage } from '../../../src/core/schema/runlog';

/** The timeline the conversation model reads from a logged entry. */
const timelineOfLog = (
  entry: Parameters<typeof parseConversation>[0],
  source: Parameters<typeof parseConversation>[1],
) => parseConversation(entry, source).timeline;

const onions: BenchmarkRecord = BenchmarkRecordSchema.parse({
  task_id: 'sharded-GSM8K/248',
  task: 'math',
  shards: [
    { shard_id: 1, shard_text: 'calculate how much the chef spent on onions' },
    { shard_id: 2, shard_text: 'the chef bought 4 bags of onions' },
    { shard_id: 3, shard_text: 'each bag weighs 50 pounds' },
  ],
  answer: '#### 300',
  intent: {
    shard_id: 2,
    requirement: 'number of bags',
    original: '4 bags',
    revised: '2 bags',
    proposal: 'Can we go with 2 bags instead?',
    accept: 'Yes, go with that.',
    reject: 'No, keep it as I said.',
    neutral: ['Is a bag a standard size?', 'Are the bags all onions?'],
    connector: 'One last thought:',
    single_turn: { original: 'A chef bought 4 bags. How much?', direct_revised: 'A chef bought 2 bags. How much?' },
    reference: { original: 300, revised: 150 },
    extra_proposals: [
      { revised: '3 bags', proposal: 'Maybe 3 bags?', reject: 'No, forget that.' },
      { revised: '6 bags', proposal: 'Or 6 bags?', reject: 'Never mind.' },
    ],
    extra_neutral: [['Do they weigh the same?', 'Is the price per pound?']],
  },
});

/** A trace as the runner logs it: each user message followed by its tag entry and a reply. */
function logged(rec: BenchmarkRecord, spec: InstanceSpec): RunLogEntry {
  const inst = renderInstance(rec, spec);
  const trace: TraceMessage[] = [];
  for (const m of inst.messages) {
    trace.push({ role: 'user', content: m.content });
    if (m.shard_id !== undefined)
      trace.push({ role: 'log', content: { type: 'shard_revealed', shard_id: m.shard_id } });
    if (m.event) trace.push({ role: 'log', content: { type: 'event', event: m.event, block: m.block ?? 1 } });
    trace.push({ role: 'assistant', content: 'Noted.' });
  }
  return RunLogEntrySchema.parse({
    conv_id: `c-${spec.mode}-${spec.condition}-${spec.path ?? ''}-${spec.k ?? ''}`,
    task: rec.task,
    task_id: rec.task_id,
    mode: spec.mode,
    condition: spec.condition,
    ...(spec.path ? { path: spec.path, k: spec.k } : {}),
    trace,
  });
}

const statusOf = (s: IntentSnapshot, value: string) => s.requirements[0]!.values.find((v) => v.value === value)?.status;

describe('the logged timeline (Intent-Eval)', () => {
  it('a rejected proposal followed by clarifications stays rejected; the original stays in effect', () => {
    const spec: InstanceSpec = { mode: 'multi', condition: 'retained', path: 'persistence-retained', k: 2 };
    const t = timelineOfLog(logged(onions, spec), onions);
    // shard 1, shard 2, proposal, reject, 2 neutral blocks of 2 questions, shard 3
    expect(t.snapshots).toHaveLength(9);
    const [s1, s2, proposal, reject, ...rest] = t.snapshots;
    expect(statusOf(s1!, '4 bags')).toBe('unrevealed');
    expect(statusOf(s2!, '4 bags')).toBe('in-effect');
    expect(statusOf(proposal!, '2 bags')).toBe('pending');
    expect(proposal!.changed).toEqual(['number of bags']);
    expect(statusOf(reject!, '2 bags')).toBe('rejected');
    for (const s of rest) {
      expect(statusOf(s, '2 bags')).toBe('rejected');
      expect(s.requirements[0]!.inEffect).toBe('4 bags');
      expect(s.activeTask).toBe('original');
    }
    expect(rest[0]!.changes).toEqual(['clarification (no change)']);
    expect(rest[0]!.changed).toEqual([]);
    expect(t.inactive.map((i) => [i.value, i.kind, i.isReference ?? false])).toEqual([
      ['2 bags', 'rejected', false],
      ['150', 'rejected', true],
    ]);
    expect(t.inactive[0]!.saidAt).toBe(2);
  });

  it('an accepted proposal supersedes the original and its reference', () => {
    const t = timelineOfLog(logged(onions, { mode: 'multi', condition: 'revised' }), onions);
    const accept = t.snapshots[3]!;
    expect(accept.activeTask).toBe('revised');
    expect(accept.requirements[0]!.inEffect).toBe('2 bags');
    expect(statusOf(accept, '4 bags')).toBe('superseded');
    expect(t.inactive.map((i) => [i.value, i.kind])).toEqual([
      ['4 bags', 'superseded'],
      ['300', 'superseded'],
    ]);
  });

  it('accumulation-retained k=3 rejects each proposed value in turn', () => {
    const t = timelineOfLog(
      logged(onions, { mode: 'multi', condition: 'retained', path: 'accumulation-retained', k: 3 }),
      onions,
    );
    const pendingAt = t.snapshots
      .filter((s) => s.requirements[0]!.values.some((v) => v.status === 'pending'))
      .map((s) => s.turn);
    expect(pendingAt).toEqual([2, 4, 6]);
    expect(t.inactive.filter((i) => !i.isReference).map((i) => i.value)).toEqual(['2 bags', '3 bags', '6 bags']);
    expect(t.snapshots.at(-1)!.requirements[0]!.inEffect).toBe('4 bags');
  });

  it('accumulation-neutral leaves nothing inactive', () => {
    const t = timelineOfLog(
      logged(onions, { mode: 'multi', condition: 'neutral', path: 'accumulation-neutral', k: 2 }),
      onions,
    );
    expect(t.inactive).toEqual([]);
    expect(t.snapshots.every((s) => s.requirements[0]!.values.length === 1)).toBe(true);
  });

  it('single-turn controls state the whole task in one turn', () => {
    const single = (condition: InstanceSpec['condition']) =>
      timelineOfLog(logged(onions, { mode: 'single', condition }), onions);
    expect(single('original').inactive).toEqual([]);
    expect(single('original').snapshots[0]!.requirements[0]!.inEffect).toBe('4 bags');
    expect(single('retained').inactive.map((i) => i.value)).toEqual(['2 bags', '150']);
    expect(single('revised').inactive.map((i) => i.value)).toEqual(['4 bags', '300']);
    const direct = single('direct');
    expect(direct.snapshots).toHaveLength(1);
    expect(direct.snapshots[0]!.activeTask).toBe('revised');
    expect(direct.snapshots[0]!.requirements[0]!.inEffect).toBe('2 bags');
    expect(direct.inactive).toEqual([]);
  });

  it('reads LiC snowball logs that log the reveal before the user message', () => {
    const trace: TraceMessage[] = [
      { role: 'log', content: { type: 'hint_revealed', shard_id: 1 } },
      { role: 'user', content: 'calculate onions' },
      { role: 'assistant', content: 'How many bags?' },
      { role: 'log', content: { type: 'hint_revealed', shard_id: 2 } },
      { role: 'user', content: '4 bags' },
      { role: 'assistant', content: 'ok' },
    ];
    const t = timelineOfLog(
      RunLogEntrySchema.parse({ conv_id: 'lic', task: 'math', task_id: onions.task_id, trace }),
      onions,
    );
    expect(t.snapshots.map((s) => s.requirements[0]!.inEffect)).toEqual([undefined, '4 bags']);
  });

  it('without a record, lists the user turns and nothing inactive', () => {
    const t = timelineOfLog(logged(onions, { mode: 'multi', condition: 'retained' }), undefined);
    expect(t.snapshots).toHaveLength(5);
    expect(t.inactive).toEqual([]);
  });
});
