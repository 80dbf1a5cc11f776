// A valid math record modelled on the paper's worked example (sharded-GSM8K/248): every check passes
// on it, and each failing fixture breaks exactly one thing.
import type { BenchmarkRecord } from '../../../src/core/schema/records';
import { BenchmarkRecordSchema } from '../../../src/core/schema/records';

export function goodMathRecord(): BenchmarkRecord {
  return BenchmarkRecordSchema.parse({
    task_id: 'sharded-GSM8K/248',
    task: 'math',
    shards: [
      { shard_id: 1, shard_text: 'calculate how much the chef spent on onions' },
      { shard_id: 2, shard_text: 'the chef bought 4 bags of onions' },
      { shard_id: 3, shard_text: 'each bag weighs 50 pounds' },
    ],
    question: 'A chef bought 4 bags of onions. Each bag weighs 50 pounds. How much?',
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
        'Does the number of bags make a big difference here?',
        "You're multiplying by the number of bags I mentioned, right?",
      ],
      connector: 'Before you go, I have one quick last minute thought:',
      single_turn: {
        original: 'A chef bought 4 bags of onions. Each bag weighs 50 pounds. How much?',
        direct_revised: 'A chef bought 2 bags of onions. Each bag weighs 50 pounds. How much?',
      },
      reference: { original: 300, revised: 150 },
      extra_proposals: [
        { revised: '3 bags', proposal: 'Wait, maybe it was 3 bags? Should we use 3 bags?', reject: 'No, forget that.' },
      ],
      extra_neutral: [['Is the bag count something to confirm first?', 'Would the total change in proportion?']],
      review: { status: 'pending' },
    },
  });
}

/** A copy of the good record with its intent block changed by `patch`. */
export function withIntent(
  patch: (it: NonNullable<BenchmarkRecord['intent']>) => void,
  base = goodMathRecord(),
): BenchmarkRecord {
  const rec = structuredClone(base);
  patch(rec.intent!);
  return rec;
}
