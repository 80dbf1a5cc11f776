// A small Intent-Eval math record written for these tests (not copied data), with extra blocks so
// every extended path reaches k = 3, and a scorer that checks the final number.
import type { BenchmarkRecord } from '../../../src/core/schema/records';
import type { ScoreFinal } from '../../../src/core/simulator/runTypes';
import { renderInstance } from '../../../src/core/render/instances';

export const mathRecord: BenchmarkRecord = {
  task_id: 'test-math/onions',
  task: 'math',
  system: 'Solve the math problem step by step.',
  shards: [
    { shard_id: 1, shard_text: 'work out what the baker spent on flour' },
    { shard_id: 2, shard_text: 'the baker bought 6 sacks of flour' },
    { shard_id: 3, shard_text: 'every sack holds 10 kilograms' },
    { shard_id: 4, shard_text: 'flour costs $2 per kilogram' },
  ],
  question:
    'A baker bought 6 sacks of flour. Every sack holds 10 kilograms. Flour costs $2 per kilogram. What did the baker spend?',
  answer: '6*10*2 = 120\n#### 120',
  intent: {
    shard_id: 2,
    requirement: 'number of sacks',
    original: '6 sacks',
    revised: '3 sacks',
    proposal: 'Wait, maybe it was 3 sacks of flour. Should we use 3 sacks?',
    accept: 'Yes, go with that.',
    reject: 'No, keep the count I gave first.',
    neutral: ['Does the number of sacks matter a lot here?', 'You are using the sack count I told you, right?'],
    extra_neutral: [
      ['Is the sack count the main driver of cost?', 'Just confirming the sack count is part of it.'],
      ['Would the total change much with the sacks?', 'The sacks figure goes into the product, yes?'],
    ],
    extra_proposals: [
      { revised: '4 sacks', proposal: 'Hmm, or was it 4 sacks?', reject: 'No, not that either; same count as before.' },
      { revised: '8 sacks', proposal: 'Could it be 8 sacks?', reject: 'Scratch that, the count stays.' },
    ],
    connector: 'Before you go, I have one quick last minute thought:',
    single_turn: {
      original:
        'A baker bought 6 sacks of flour. Every sack holds 10 kilograms. Flour costs $2 per kilogram. What did the baker spend?',
      direct_revised:
        'A baker bought 3 sacks of flour. Every sack holds 10 kilograms. Flour costs $2 per kilogram. What did the baker spend?',
    },
    reference: { original: 120, revised: 60 },
  },
};

/** Scores like the math verifier would: the last number in the text against the active reference. */
export const lastNumberScorer: ScoreFinal = async (record, spec, text) => {
  const reference = renderInstance(record, spec).reference;
  const nums = text.match(/-?\d+(?:\.\d+)?/g);
  const extracted = nums ? nums[nums.length - 1]! : null;
  return {
    is_correct: extracted !== null && Number(extracted) === Number(reference),
    extracted,
    details: { reference },
  };
};
