// `intent-lens fork` against the local server: one fork by --conv-id, and a batch of 20 forks
// whose recovery rate per model must be what the scripted server implies; a re-run forks nothing
// new and reports the same table; the response cache answers a repeated batch without calls.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forkCommand from '../../../src/cli/forkCommand';
import runCommand from '../../../src/cli/runCommand';
import type { BenchmarkRecord } from '../../../src/core/schema/records';
import { startFakeServer, eligibleShardsInPrompt, type FakeHandler, type FakeServer } from '../runner/fakeOpenAIServer';
import { mathRecord } from '../runner/runnerFixtures';
import { readLines } from './forkFixtures';

const TASKS = 10;
/** Task i of the batch: the baker number is in shard 1 so the scripted models can tell tasks apart. */
const recordFor = (i: number): BenchmarkRecord => ({
  ...mathRecord,
  task_id: `test-math/baker-${i}`,
  shards: mathRecord.shards.map((s) =>
    s.shard_id === 1 ? { ...s, shard_text: `work out what baker #${i} spent on flour` } : s,
  ),
});

/**
 * The script: both models answer the rejected value (60) whenever a proposal was made without an
 * accept, except that model-b holds on to 120 for even tasks. Without a proposal model-a answers
 * right except on tasks divisible by 5, model-b always.
 */
function answer(model: string, task: number, users: string[]): number {
  const it = mathRecord.intent!;
  if (users.includes(it.accept)) return 60;
  if (users.includes(it.proposal)) return model === 'model-b' && task % 2 === 0 ? 120 : 60;
  return model === 'model-a' && task % 5 === 0 ? 60 : 120;
}
const handler: FakeHandler = (req) => {
  if (req.body.model === 'sim') {
    const s = eligibleShardsInPrompt(req.body.messages[0]!.content)[0];
    return {
      kind: 'chat',
      text: JSON.stringify(
        s ? { response: `fyi ${s.shard}`, shard_id: s.shard_id } : { response: 'nothing else', shard_id: -1 },
      ),
    };
  }
  const users = req.body.messages.filter((m) => m.role === 'user').map((m) => m.content);
  const task = Number(/baker #(\d+)/.exec(users[0] ?? '')?.[1]);
  return {
    kind: 'chat',
    text: `Final answer: ${answer(req.body.model, task, users)}`,
    usage: { prompt_tokens: 1000, completion_tokens: 100 },
  };
};

let server: FakeServer;
let dir: string;
let records: string;
let parents: string;
let stdout: string[];

async function cli(cmd: { run(a: string[]): Promise<number> }, args: string[]): Promise<number> {
  stdout = [];
  const w = vi
    .spyOn(process.stdout, 'write')
    .mockImplementation((c: string | Uint8Array) => (stdout.push(String(c)), true));
  const e = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return await cmd.run(args);
  } finally {
    w.mockRestore();
    e.mockRestore();
  }
}

beforeAll(async () => {
  server = await startFakeServer(handler);
  dir = await mkdtemp(join(tmpdir(), 'intent-lens-forkcli-'));
  records = join(dir, 'bakers.records.jsonl');
  await writeFile(records, Array.from({ length: TASKS }, (_, i) => JSON.stringify(recordFor(i + 1))).join('\n') + '\n');
  parents = join(dir, 'logs', 'parents.jsonl');
  for (const model of ['model-a', 'model-b']) {
    expect(
      await cli(runCommand, [
        '--records',
        records,
        '--all',
        '--mode',
        'multi',
        '--condition',
        'retained',
        '--base-url',
        server.baseUrl,
        '--model',
        model,
        '--user-model',
        'sim',
        '--out',
        parents,
        '--concurrency',
        '4',
      ]),
    ).toBe(0);
  }
  expect(await readLines(parents)).toHaveLength(2 * TASKS);
}, 60_000);
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('intent-lens fork', () => {
  it('forks one conversation by --conv-id at --turn, with a JSON summary', async () => {
    const parent = JSON.parse((await readLines(parents))[0]!) as {
      conv_id: string;
      is_correct: boolean;
      assistant_model: string;
    };
    const out = join(dir, 'one.jsonl');
    expect(
      await cli(forkCommand, [
        '--records',
        records,
        '--logs',
        join(dir, 'logs'),
        '--conv-id',
        parent.conv_id,
        '--turn',
        '4',
        '--replace-user',
        'No. Keep 6 sacks.',
        '--base-url',
        server.baseUrl,
        '--out',
        out,
        '--json',
      ]),
    ).toBe(0);
    const [line] = await readLines(out);
    const fork = JSON.parse(line!) as Record<string, unknown>;
    expect(fork).toMatchObject({
      assistant_model: parent.assistant_model,
      user_model: 'sim',
      forked_from: { conv_id: parent.conv_id, turn: 4, edit: 'replace-user', text: 'No. Keep 6 sacks.' },
    });
    expect(JSON.parse(stdout.join(''))).toMatchObject({
      conv_id: fork.conv_id,
      parent_verdict: parent.is_correct ? 'correct' : 'incorrect',
    });
  });

  it('a batch of 20 forks reports the recovery rate the script implies, and resumes without new calls', async () => {
    const out = join(dir, 'batch.jsonl');
    const prices = join(dir, 'prices.json');
    await writeFile(prices, JSON.stringify({ 'model-a': { input: 1, output: 10 }, '*': { input: 0.5, output: 2 } }));
    const args = [
      '--records',
      records,
      '--logs',
      join(dir, 'logs'),
      '--all',
      '--filter',
      'condition=retained mode=multi',
      '--drop-proposal',
      '--base-url',
      server.baseUrl,
      '--concurrency',
      '4',
      '--prices',
      prices,
      '--out',
      out,
      '--json',
      '--yes',
    ];
    expect(await cli(forkCommand, args)).toBe(0);
    const forks = (await readLines(out)).map(
      (l) =>
        JSON.parse(l) as {
          forked_from: { conv_id: string };
          assistant_model: string;
          is_correct: boolean;
          cost_usd: number;
        },
    );
    expect(forks).toHaveLength(20);
    expect(new Set(forks.map((f) => f.forked_from.conv_id)).size).toBe(20);
    // Expected from the script alone: errors are Retained answers; recovered ones answer 120 without the proposal.
    const expected = ['model-a', 'model-b'].map((model) => {
      const tasks = Array.from({ length: TASKS }, (_, i) => i + 1);
      const errors = tasks.filter((t) => answer(model, t, [mathRecord.intent!.proposal]) !== 120);
      const recovered = errors.filter((t) => answer(model, t, []) === 120);
      return {
        model,
        domain: 'math',
        forks: TASKS,
        errors: errors.length,
        recovered: recovered.length,
        rate: recovered.length / errors.length,
      };
    });
    expect(expected.map((r) => r.rate)).toEqual([0.8, 1]);
    const recovery = JSON.parse(stdout.at(-1)!) as { type: string; rows: unknown[] };
    expect(recovery).toMatchObject({ type: 'recovery', rows: expected });
    // Costs from the price table: two assistant calls (1000/100 tokens) and two simulator calls
    // (the fake server's default 11/7 tokens, priced by the `*` entry) per fork.
    const a = forks.find((f) => f.assistant_model === 'model-a')!;
    expect(a.cost_usd).toBeCloseTo((2 * (1000 * 1 + 100 * 10) + 2 * (11 * 0.5 + 7 * 2)) / 1e6, 12);

    const calls = server.requests.length;
    expect(await cli(forkCommand, args)).toBe(0);
    expect(server.requests.length).toBe(calls);
    expect(await readLines(out)).toHaveLength(20);
    expect(JSON.parse(stdout.at(-1)!)).toMatchObject({ rows: expected });
  });

  it('--cache answers a repeated batch from disk: the second run makes no calls', async () => {
    const cache = join(dir, 'cache');
    const base = [
      '--records',
      records,
      '--logs',
      join(dir, 'logs'),
      '--all',
      '--filter',
      'model=model-b verdict=incorrect',
      '--flip-decision',
      '--base-url',
      server.baseUrl,
      '--cache',
      cache,
    ];
    expect(await cli(forkCommand, [...base, '--out', join(dir, 'c1.jsonl')])).toBe(0);
    const calls = server.requests.length;
    expect(await cli(forkCommand, [...base, '--out', join(dir, 'c2.jsonl')])).toBe(0);
    expect(server.requests.length).toBe(calls);
    // Five forks of three assistant turns (accept, shard 3, shard 4) and two simulator turns each.
    expect(stdout.join('')).toMatch(/5 fork\(s\) written .*cache 25 hit\(s\) \/ 0 miss\(es\)/);
    const verdicts = async (f: string) =>
      (await readLines(f)).map((l) => (JSON.parse(l) as { is_correct: boolean }).is_correct);
    expect(await verdicts(join(dir, 'c2.jsonl'))).toEqual(await verdicts(join(dir, 'c1.jsonl')));
  });

  it('--estimate counts calls and tokens and runs nothing; bad filters and edits fail clearly', async () => {
    const calls = server.requests.length;
    expect(
      await cli(forkCommand, [
        '--records',
        records,
        '--logs',
        parents,
        '--all',
        '--drop-proposal',
        '--base-url',
        server.baseUrl,
        '--model',
        'model-a',
        '--estimate',
        '--out',
        join(dir, 'none.jsonl'),
      ]),
    ).toBe(0);
    expect(stdout.join('')).toMatch(/^20 conversation\(s\), about \d+ calls/);
    expect(server.requests.length).toBe(calls);
    await expect(
      cli(forkCommand, [
        '--records',
        records,
        '--logs',
        parents,
        '--all',
        '--filter',
        'colour=red',
        '--drop-user',
        '--base-url',
        server.baseUrl,
        '--out',
        join(dir, 'x.jsonl'),
      ]),
    ).rejects.toThrow(/unknown field "colour"/);
    await expect(
      cli(forkCommand, [
        '--records',
        records,
        '--logs',
        parents,
        '--conv-id',
        'x',
        '--drop-user',
        '--flip-decision',
        '--base-url',
        server.baseUrl,
        '--out',
        join(dir, 'x.jsonl'),
      ]),
    ).rejects.toThrow(/exactly one edit/);
  });
});
