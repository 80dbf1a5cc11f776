// Conversations made for the compare tests and the compare benchmark: an Intent-Eval math record
// (the paper's onion example, written here) rendered into Retained / Revised / Original runs, with
// scripted assistant replies. `shardCount` grows the record to make long conversations.
import { BenchmarkRecordSchema, type BenchmarkRecord } from '../../../src/core/schema/records';
import { RunLogEntrySchema, type RunLogEntry, type TraceMessage } from '../../../src/core/schema/runlog';
import { renderInstance, type InstanceSpec } from '../../../src/core/render/instances';

export function onionRecord(extraShards = 0): BenchmarkRecord {
  const shards = [
    { shard_id: 1, shard_text: 'calculate how much the chef spent on onions' },
    { shard_id: 2, shard_text: 'the chef bought 4 bags of onions' },
    { shard_id: 3, shard_text: 'each bag weighs 50 pounds' },
    { shard_id: 4, shard_text: 'each pound of onions costs $1.50' },
  ];
  for (let i = 0; i < extraShards; i++)
    shards.push({
      shard_id: 5 + i,
      shard_text: `side note ${i + 1}: the onions were bought on day ${i + 1} of the week-long market`,
    });
  return BenchmarkRecordSchema.parse({
    task_id: 'sample-math/onions',
    task: 'math',
    shards,
    question:
      'A chef bought 4 bags of onions. Each bag weighs 50 pounds. A pound of onions cost $1.50. How much did the chef spend?',
    answer: '#### 300',
    intent: {
      shard_id: 2,
      requirement: 'number of bags',
      original: '4 bags',
      revised: '2 bags',
      proposal: 'Hmm, actually I think the chef only bought 2 bags of onions. Can we go with 2 bags instead?',
      accept: "Yes, let's go with that change.",
      reject: 'On second thought, no. Keep the number of bags the way I first said it.',
      neutral: [
        'Does the number of bags matter for the total?',
        'You are using the number of bags I mentioned, right?',
      ],
      single_turn: { original: 'A chef bought 4 bags of onions…', direct_revised: 'A chef bought 2 bags of onions…' },
      reference: { original: 300, revised: 150 },
    },
  });
}

export interface ConversationOptions {
  convId: string;
  model?: string;
  spec: InstanceSpec;
  /** The assistant's reply to user turn `turn` (0-based) carrying `message`. */
  reply: (turn: number, message: string, isLast: boolean) => string;
  isCorrect?: boolean | null;
  exactAnswer?: string;
}

export function conversation(record: BenchmarkRecord, opts: ConversationOptions): RunLogEntry {
  const inst = renderInstance(record, opts.spec);
  const trace: TraceMessage[] = [];
  if (inst.system) trace.push({ role: 'system', content: inst.system });
  inst.messages.forEach((m, i) => {
    trace.push({ role: 'user', content: m.content });
    if (m.shard_id !== undefined)
      trace.push({ role: 'log', content: { type: 'shard_revealed', shard_id: m.shard_id } });
    if (m.event) trace.push({ role: 'log', content: { type: 'event', event: m.event, block: m.block ?? 1 } });
    trace.push({ role: 'assistant', content: opts.reply(i, m.content, i === inst.messages.length - 1) });
  });
  trace.push({
    role: 'log',
    content: {
      type: 'answer-evaluation',
      exact_answer: opts.exactAnswer ?? null,
      is_correct: opts.isCorrect ?? null,
      score: null,
    },
  });
  return RunLogEntrySchema.parse({
    conv_id: opts.convId,
    task: record.task,
    task_id: record.task_id,
    assistant_model: opts.model ?? 'model-a',
    mode: opts.spec.mode,
    condition: opts.spec.condition,
    ...(opts.spec.path ? { path: opts.spec.path, k: opts.spec.k ?? 0 } : {}),
    trace,
    is_correct: opts.isCorrect ?? null,
    score: null,
  });
}

/** The scripted pair: Retained answers with the rejected 2 bags (wrong), Revised answers right. */
export function retainedRevisedPair(extraShards = 0): {
  record: BenchmarkRecord;
  retained: RunLogEntry;
  revised: RunLogEntry;
} {
  const record = onionRecord(extraShards);
  const shared = (turn: number, message: string) => `Noted (${turn + 1}): "${message.slice(0, 40)}". Please go on.`;
  const retained = conversation(record, {
    convId: 'onions-retained',
    spec: { mode: 'multi', condition: 'retained' },
    reply: (turn, message, isLast) =>
      isLast
        ? 'With 2 bags of 50 pounds at $1.50 a pound, the chef spent 2 × 50 × 1.50 = $150.'
        : shared(turn, message),
    isCorrect: false,
    exactAnswer: '150',
  });
  const revised = conversation(record, {
    convId: 'onions-revised',
    spec: { mode: 'multi', condition: 'revised' },
    reply: (turn, message, isLast) =>
      isLast
        ? 'With 2 bags of 50 pounds at $1.50 a pound, the chef spent 2 × 50 × 1.50 = $150.'
        : shared(turn, message),
    isCorrect: true,
    exactAnswer: '150',
  });
  return { record, retained, revised };
}
