// Small records in FORMAT.md §1 shape for the inactive-content tests (written for these tests).
import type { BenchmarkRecord } from '../../../src/core/schema/records';

const common = (shardId: number) => ({
  accept: 'Yes, go with that.',
  reject: 'No, keep it as I said.',
  neutral: ['Does that value matter?', 'Are you using the value I gave?'] as [string, string],
  connector: 'Before you go, I have one quick last minute thought:',
  shard_id: shardId,
});

export const mathRecord: BenchmarkRecord = {
  task_id: 'test-math/1',
  task: 'math',
  shards: [
    { shard_id: 1, shard_text: 'How much did the chef spend on onions?' },
    { shard_id: 2, shard_text: 'The chef bought 4 bags of onions.' },
    { shard_id: 3, shard_text: 'Each bag weighs 50 pounds and a pound costs $1.50.' },
  ],
  question:
    'A chef bought 4 bags of onions. Each bag weighs 50 pounds. A pound costs $1.50. How much did the chef spend?',
  answer: '#### 300',
  intent: {
    ...common(2),
    requirement: 'number of bags',
    original: '4 bags',
    revised: '24 bags',
    proposal: 'Maybe it was 24 bags instead?',
    single_turn: { original: 'A chef bought 4 bags…', direct_revised: 'A chef bought 24 bags…' },
    reference: { original: 300, revised: 1800 },
    extra_proposals: [{ revised: '6 bags', proposal: 'Or 6 bags?', reject: 'No.' }],
  },
};

export const codeRecord: BenchmarkRecord = {
  task_id: 'test-code/1',
  task: 'code',
  shards: [
    { shard_id: 1, shard_text: 'Write a function that counts vowels.' },
    { shard_id: 2, shard_text: 'Name the function `count`.' },
  ],
  test: 'def check(candidate):\n    assert candidate("banana") == 3\n',
  metadata: { func_name: 'count' },
  intent: {
    ...common(2),
    requirement: 'entry-point function name',
    original: 'count',
    revised: 'count_vowels',
    proposal: 'Could you call it `count_vowels` instead?',
    single_turn: { original: 'Write count…', direct_revised: 'Write count_vowels…' },
    reference: { original: 'count', revised: 'count_vowels' },
  },
};

export const databaseRecord: BenchmarkRecord = {
  task_id: 'test-db/1',
  task: 'database',
  db_id: 'shop',
  shards: [
    { shard_id: 1, shard_text: 'Which cities have more than one young customer?' },
    { shard_id: 2, shard_text: 'Young means under age 30.' },
  ],
  reference_sql: 'SELECT city FROM customer WHERE age < 30 GROUP BY city HAVING count(*) > 1',
  intent: {
    ...common(2),
    requirement: 'age limit',
    original: 'under age 30',
    revised: 'under age 32',
    proposal: 'Can we include customers under age 32?',
    single_turn: { original: '…under 30…', direct_revised: '…under 32…' },
    reference: {
      original: 'SELECT city FROM customer WHERE age  <  30 GROUP BY city HAVING count(*)  >  1',
      revised: 'SELECT city FROM customer WHERE age  <  32 GROUP BY city HAVING count(*)  >  1',
    },
  },
};

export const columnRecord: BenchmarkRecord = {
  ...databaseRecord,
  task_id: 'test-db/2',
  intent: {
    ...databaseRecord.intent!,
    requirement: 'name field',
    original: 'first name',
    revised: 'last name',
    reference: {
      original: 'SELECT T2.first_name, T1.amount FROM orders AS T1 JOIN customer AS T2 ON T1.customer_id = T2.id',
      revised: 'SELECT T2.last_name, T1.amount FROM orders AS T1 JOIN customer AS T2 ON T1.customer_id = T2.id',
    },
  },
};

export const actionsRecord: BenchmarkRecord = {
  task_id: 'test-actions/1',
  task: 'actions',
  shards: [
    { shard_id: 1, shard_text: 'Total area of three triangular gardens?' },
    { shard_id: 2, shard_text: 'First: base 10 m, height 5 m.' },
    { shard_id: 3, shard_text: 'Second: base 15 m, height 7 m; third: base 20, height 10.' },
  ],
  function: [
    {
      name: 'calc_area_triangle',
      parameters: {
        type: 'dict',
        properties: { base: { type: 'integer' }, height: { type: 'integer' } },
        required: ['base', 'height'],
      },
    },
  ],
  language: 'Python',
  test_category: 'parallel',
  intent: {
    ...common(2),
    requirement: 'height of the first garden',
    original: '5 meters',
    revised: '6 meters',
    proposal: "Actually the first garden's height should be 6 meters.",
    single_turn: { original: '…', direct_revised: '…' },
    reference: {
      original: [
        { calc_area_triangle: { base: [10], height: [5] } },
        { calc_area_triangle: { base: [15], height: [7] } },
        { calc_area_triangle: { base: [20], height: [10] } },
      ],
      revised: [
        { calc_area_triangle: { base: [10], height: [6] } },
        { calc_area_triangle: { base: [15], height: [7] } },
        { calc_area_triangle: { base: [20], height: [10] } },
      ],
    },
  },
};
