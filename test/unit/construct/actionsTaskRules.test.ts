// Actions targets and replacements found in the task itself, not in world knowledge: the values a
// tool schema lists in its description, a new file name for a path, numbers in a comma list written
// without spaces, and numbers glued to a cased unit (`300K`). Each test fails when its rule is removed.
import { describe, expect, test } from 'vitest';
import { actionsConstructor } from '../../../src/core/construct/actions/actionsConstructor';
import { describedOptions, pathReplacements } from '../../../src/core/construct/actions/schemaOptions';
import { numberTokens } from '../../../src/core/construct/actions/statedValues';
import type { Candidate, ConstructContext } from '../../../src/core/construct/constructTypes';
import { BenchmarkRecordSchema, type BenchmarkRecord } from '../../../src/core/schema/records';

const ctx: ConstructContext = { verify: { trusted: false } };
const byTarget = (cs: Candidate[], target: string) => cs.find((c) => c.target === target);

function source(question: string, functions: unknown[], reference: unknown[]): BenchmarkRecord {
  return BenchmarkRecordSchema.parse({
    task_id: 'fixture/actions-task-rules',
    task: 'actions',
    shards: [{ shard_id: 1, shard_text: question }],
    fully_specified_question: [[{ role: 'user', content: question }]],
    function: functions,
    reference_answer: reference,
    language: 'Python',
    test_category: reference.length > 1 ? 'parallel_multiple' : 'simple_python',
  });
}

const tool = (name: string, properties: Record<string, unknown>) => ({ name, parameters: { properties } });

describe('values the tool schema lists in its description', () => {
  test('`Can be X or Y` and `e.g. A, B, etc.` give the other listed values; a list without the value gives none', () => {
    expect(describedOptions("The operation to carry out. Can be 'delete' or 'add'.", 'delete')).toEqual(['add']);
    expect(describedOptions('Type of neuron. For instance, GABA, Glutamate, etc.', 'GABA')).toEqual(['Glutamate']);
    expect(describedOptions('Preference of user between thinking and feeling.', 'feeling')).toEqual(['thinking']);
    expect(describedOptions("Format, e.g. 'YYYY' or 'MM'.", 'delete')).toEqual([]);
    expect(describedOptions(undefined, 'delete')).toEqual([]);
  });

  test('a free-text argument with no built-in list is revised to a value its schema lists', async () => {
    const op = (description?: string) =>
      tool('modify', {
        table: { type: 'string' },
        operation: { type: 'string', ...(description ? { description } : {}) },
      });
    const ref = [{ modify: { table: ['personal_data'], operation: ['delete'] } }];
    const q = 'Delete some columns of the personal_data table.';
    const cs = await actionsConstructor.enumerate(source(q, [op("Can be 'delete' or 'add'.")], ref), ctx);
    const c = byTarget(cs, 'modify[0].operation')!;
    expect([c.discarded, c.original, c.revised]).toEqual([undefined, 'Delete', 'add']);
    expect(c.reference.revised).toEqual([{ modify: { table: ['personal_data'], operation: ['add'] } }]);
    const bare = await actionsConstructor.enumerate(source(q, [op()], ref), ctx);
    expect(byTarget(bare, 'modify[0].operation')!.discarded).toBe('no-replacement-rule');
  });
});

describe('file paths', () => {
  test('a data file gets another file name of its type; a web address is no file', async () => {
    expect(pathReplacements('C:/data/cars.csv')).toEqual(['C:/data/cars_v2.csv']);
    expect(pathReplacements('/user/home/datasets/finance.csv')).toEqual(['/user/home/datasets/finance_v2.csv']);
    expect(pathReplacements('Foodnetwork.com')).toEqual([]);
    const load = tool('load', { path: { type: 'string' } });
    const cs = await actionsConstructor.enumerate(
      source('Load the data in C:/data/cars.csv please.', [load], [{ load: { path: ['C:/data/cars.csv'] } }]),
      ctx,
    );
    expect(byTarget(cs, 'load[0].path')).toMatchObject({ revised: 'C:/data/cars_v2.csv' });
    expect(byTarget(cs, 'load[0].path')!.discarded).toBeUndefined();
  });
});

describe('numbers written in a comma list or glued to a cased unit', () => {
  test('`3,4,5,2,8` states each number; `3,400` is one number', () => {
    expect(numberTokens('points 3,4,5,2,8.').map((t) => t.text)).toEqual(['3', '4', '5', '2', '8']);
    expect(numberTokens('at 46.603354,1.8883340 on').map((t) => t.text)).toEqual(['46.603354', '1.8883340']);
    expect(numberTokens('a total of 3,400 and 1,000,5').map((t) => t.text)).toEqual(['3,400']);
  });

  test('an element of a list stated without spaces is a target (in every call sharing the list)', async () => {
    const stats = (name: string) => tool(name, { data: { type: 'array', items: { type: 'integer' } } });
    const list = [3, 4, 5, 2, 8, 5];
    const cs = await actionsConstructor.enumerate(
      source(
        'Determine the median and mode of the data points 3,4,5,2,8,5.',
        [stats('median'), stats('mode')],
        [{ median: { data: [list] } }, { mode: { data: [list] } }],
      ),
      ctx,
    );
    const c = byTarget(cs, 'median[0].data[0]+mode[1].data[0]')!;
    // 4 and 5 are stated already: the first free value is 6.
    expect([c.discarded, c.original, c.revised]).toEqual([undefined, '3', '6']);
  });

  test('`300K` states 300 (kelvin), `5k` does not', async () => {
    expect(numberTokens('from 300K to 400K, 5J/K').map((t) => t.text)).toEqual(['300', '400', '5']);
    expect(numberTokens('earns 5k a year')).toEqual([]);
    const entropy = tool('entropy', { initial_temp: { type: 'integer' }, final_temp: { type: 'integer' } });
    const cs = await actionsConstructor.enumerate(
      source('Entropy change from 300K to 400K.', [entropy], [{ entropy: { initial_temp: [300], final_temp: [400] } }]),
      ctx,
    );
    expect(byTarget(cs, 'entropy[0].initial_temp')).toMatchObject({ original: '300K', revised: '500K' });
  });
});

describe('a name stated once per call that uses it', () => {
  const drive = tool('drive', { origin: { type: 'string' }, destination: { type: 'string' } });
  const ref = [
    { drive: { origin: ['New York City'], destination: ['Miami'] } },
    { drive: { origin: ['Miami'], destination: ['New York City'] } },
  ];
  test('every mention changes together, in the single-turn question and in each call', async () => {
    const q = 'Drive from New York City to Miami, then back to New York City.';
    const cs = await actionsConstructor.enumerate(source(q, [drive], ref), ctx);
    const c = byTarget(cs, 'drive[0].origin+drive[1].destination')!;
    expect(c.discarded).toBeUndefined();
    expect(c.singleTurn.direct_revised).toBe(`Drive from ${c.revised} to Miami, then back to ${c.revised}.`);
    expect(c.reference.revised).toEqual([
      { drive: { origin: [c.revised], destination: ['Miami'] } },
      { drive: { origin: ['Miami'], destination: [c.revised] } },
    ]);
    // Miami is stated twice as well; New York City comes first. Both rank after any value stated once.
    expect(c.rank.priority).toBe(3);
  });
  test('not when the mentions outnumber the calls, or lie in different shards', async () => {
    const more = await actionsConstructor.enumerate(
      source('Drive from New York City to Miami, back to New York City, as New York City asks.', [drive], ref),
      ctx,
    );
    expect(byTarget(more, 'drive[0].origin+drive[1].destination')!.discarded).toBe('value-not-unique');
    const rec = BenchmarkRecordSchema.parse({
      ...source('Drive from New York City to Miami, then back to New York City.', [drive], ref),
      shards: [
        { shard_id: 1, shard_text: 'Drive from New York City to Miami.' },
        { shard_id: 2, shard_text: 'Then back to New York City.' },
      ],
    });
    const split = await actionsConstructor.enumerate(rec, ctx);
    expect(byTarget(split, 'drive[0].origin+drive[1].destination')!.discarded).toBe('value-not-unique');
  });
});
