// `fork --all` and `run --all` above the threshold (10 conversations, or an estimated cost over the
// limit) print the estimate and exit non-zero before any provider call unless the user gave --yes or
// a cap; the local OpenAI-compatible server counts what reaches it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forkCommand from '../../../src/cli/forkCommand';
import runCommand from '../../../src/cli/runCommand';
import { CliError } from '../../../src/cli/cliTypes';
import type { BenchmarkRecord } from '../../../src/core/schema/records';
import { startFakeServer, eligibleShardsInPrompt, type FakeServer } from '../runner/fakeOpenAIServer';
import { mathRecord } from '../runner/runnerFixtures';

const TASKS = 12;
const recordFor = (i: number): BenchmarkRecord => ({ ...mathRecord, task_id: `test-math/spend-${i}` });

let server: FakeServer;
let dir: string;
let records: string;
let logs: string;
let stderr: string;

async function cli(cmd: { run(a: string[]): Promise<number> }, args: string[]): Promise<number | CliError> {
  stderr = '';
  const w = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const e = vi
    .spyOn(process.stderr, 'write')
    .mockImplementation((c: string | Uint8Array) => ((stderr += String(c)), true));
  try {
    return await cmd.run(args);
  } catch (err) {
    if (err instanceof CliError) return err;
    throw err;
  } finally {
    w.mockRestore();
    e.mockRestore();
  }
}

const lines = async (f: string) => (await readFile(f, 'utf8').catch(() => '')).split('\n').filter(Boolean);

beforeAll(async () => {
  server = await startFakeServer((req) => {
    if (req.body.model !== 'sim')
      return { kind: 'chat', text: 'Final answer: 120', usage: { prompt_tokens: 1000, completion_tokens: 100 } };
    const s = eligibleShardsInPrompt(req.body.messages[0]!.content)[0];
    return {
      kind: 'chat',
      text: JSON.stringify(
        s ? { response: `fyi ${s.shard}`, shard_id: s.shard_id } : { response: 'nothing else', shard_id: -1 },
      ),
    };
  });
  dir = await mkdtemp(join(tmpdir(), 'intent-lens-spend-'));
  records = join(dir, 'spend.records.jsonl');
  await writeFile(records, Array.from({ length: TASKS }, (_, i) => JSON.stringify(recordFor(i + 1))).join('\n') + '\n');
  logs = join(dir, 'logs');
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('spending needs consent above the threshold', () => {
  it('run --all of 12 conversations: refused with the estimate and no request, then run with --yes', async () => {
    const out = join(logs, 'parents.jsonl');
    const args = [
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
      'm',
      '--user-model',
      'sim',
      '--out',
      out,
      '--concurrency',
      '4',
    ];
    const refused = await cli(runCommand, args);
    expect(refused).toBeInstanceOf(CliError);
    expect((refused as CliError).exitCode).not.toBe(0);
    expect((refused as CliError).message).toMatch(
      /^12 conversations: 12 conversation\(s\), about \d+ calls.*more than 10 conversations: nothing was sent.*--yes.*--max-runs/s,
    );
    expect(server.requests).toHaveLength(0);
    expect(await lines(out)).toHaveLength(0);
    expect(await cli(runCommand, [...args, '--yes'])).toBe(0);
    expect(await lines(out)).toHaveLength(TASKS);
  }, 60_000);

  it('fork --all of 12: zero requests without --yes; --max-forks 3 forks three; the nine left need no --yes', async () => {
    const out = join(dir, 'forks.jsonl');
    const args = [
      '--records',
      records,
      '--logs',
      logs,
      '--all',
      '--drop-proposal',
      '--base-url',
      server.baseUrl,
      '--user-model',
      'sim',
      '--out',
      out,
    ];
    const before = server.requests.length;
    const refused = await cli(forkCommand, args);
    expect(refused).toBeInstanceOf(CliError);
    expect((refused as CliError).message).toMatch(/^12 forks: .*more than 10 forks: nothing was sent.*--max-forks N/s);
    expect(server.requests.length).toBe(before);
    expect(await lines(out)).toHaveLength(0);

    expect(await cli(forkCommand, [...args, '--max-forks', '3'])).toBe(0);
    expect(await lines(out)).toHaveLength(3);
    expect(server.requests.length).toBeGreaterThan(before);
    // The three already in --out are not counted again: nine remain, under the threshold.
    expect(await cli(forkCommand, args)).toBe(0);
    expect(await lines(out)).toHaveLength(TASKS);
  }, 60_000);

  it('a small batch whose estimated cost is over the limit is refused too, before any request', async () => {
    const prices = join(dir, 'dear.json');
    await writeFile(prices, JSON.stringify({ '*': { input: 100000, output: 100000 } }));
    const before = server.requests.length;
    const refused = await cli(forkCommand, [
      '--records',
      records,
      '--logs',
      join(logs, 'parents.jsonl'),
      '--all',
      '--filter',
      'task_id=test-math/spend-1,test-math/spend-2',
      '--flip-decision',
      '--base-url',
      server.baseUrl,
      '--user-model',
      'sim',
      '--prices',
      prices,
      '--out',
      join(dir, 'dear.jsonl'),
    ]);
    expect(refused, stderr).toBeInstanceOf(CliError);
    expect((refused as CliError).message).toMatch(/^2 forks: .*~\$\d+\.\d\d\.\nThat is an estimated cost over \$5/s);
    expect(server.requests.length).toBe(before);
  });

  it('caps --concurrency', async () => {
    const r = await cli(forkCommand, [
      '--records',
      records,
      '--logs',
      logs,
      '--all',
      '--drop-proposal',
      '--base-url',
      server.baseUrl,
      '--concurrency',
      '64',
      '--out',
      join(dir, 'x.jsonl'),
    ]);
    expect(r).toBeInstanceOf(CliError);
    expect((r as CliError).message).toMatch(/--concurrency must be an integer 1\.\.16/);
  });
});
