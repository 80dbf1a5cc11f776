// The `run` CLI command against the local server: one instance, a sharded concurrent sweep that
// resumes, providers files, and the key read from the environment but never written.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import runCommand from '../../../src/cli/runCommand';
import { CliError } from '../../../src/cli/cliTypes';
import { startFakeServer, eligibleShardsInPrompt, type FakeServer } from './fakeOpenAIServer';
import { mathRecord } from './runnerFixtures';

let server: FakeServer;
let dir: string;
let records: string;
let stdout: string[];

beforeAll(async () => {
  server = await startFakeServer((req) => {
    if (req.body.model === 'sim') {
      const s = eligibleShardsInPrompt(req.body.messages[0]!.content)[0];
      return {
        kind: 'chat',
        text: JSON.stringify({ response: `so, ${s?.shard ?? 'nothing'}`, shard_id: s?.shard_id ?? -1 }),
      };
    }
    return { kind: 'chat', text: 'The baker spent 6 * 10 * 2 = 120 dollars. Final answer: 120' };
  });
  dir = await mkdtemp(join(tmpdir(), 'intent-lens-cli-'));
  records = join(dir, 'test.records.jsonl');
  await writeFile(records, JSON.stringify(mathRecord) + '\n');
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.OPENAI_API_KEY;
  delete process.env.MY_TEST_KEY;
});

function captureOutput() {
  stdout = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout.push(String(chunk));
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
}

async function lines(file: string): Promise<Array<Record<string, unknown>>> {
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('intent-lens run', () => {
  it('runs one instance against --base-url, scores it, and keeps OPENAI_API_KEY out of the log', async () => {
    captureOutput();
    process.env.OPENAI_API_KEY = 'sk-cli-secret-777';
    const out = join(dir, 'one.jsonl');
    const code = await runCommand.run([
      '--records',
      records,
      '--task-id',
      mathRecord.task_id,
      '--mode',
      'multi',
      '--condition',
      'retained',
      '--base-url',
      server.baseUrl,
      '--model',
      'asst',
      '--user-model',
      'sim',
      '--out',
      out,
      '--json',
    ]);
    expect(code).toBe(0);
    const [line] = await lines(out);
    expect(line).toMatchObject({
      task_id: mathRecord.task_id,
      mode: 'multi',
      condition: 'retained',
      assistant_model: 'asst',
      user_model: 'sim',
      is_correct: true,
      score: 1,
    });
    expect(await readFile(out, 'utf8')).not.toContain('sk-cli-secret');
    expect(server.requests.at(-1)!.headers.authorization).toBe('Bearer sk-cli-secret-777');
    const summary = JSON.parse(stdout.join('')) as { conv_id: string; is_correct: boolean };
    expect(summary).toMatchObject({ conv_id: line!.conv_id, is_correct: true });
  });

  it('splits a sweep with --shard, runs it concurrently, and resumes without duplicates', async () => {
    captureOutput();
    const out = join(dir, 'sweep.jsonl');
    const common = [
      '--records',
      records,
      '--all',
      '--base-url',
      server.baseUrl,
      '--model',
      'asst',
      '--user-model',
      'sim',
      '--out',
      out,
      '--concurrency',
      '3',
    ];
    expect(await runCommand.run([...common, '--shard', '1/2'])).toBe(0);
    expect(await lines(out)).toHaveLength(4);
    expect(await runCommand.run([...common, '--shard', '2/2'])).toBe(0);
    const all = await lines(out);
    expect(all).toHaveLength(8);
    const keys = all.map((l) => `${l.mode} ${l.condition}`).sort();
    expect(keys).toEqual([
      'multi neutral',
      'multi original',
      'multi retained',
      'multi revised',
      'single direct',
      'single original',
      'single retained',
      'single revised',
    ]);
    // Single direct/revised are scored against the revised reference (60): the canned 120 is wrong.
    expect(
      all
        .filter((l) => l.is_correct === false)
        .map((l) => `${l.mode} ${l.condition}`)
        .sort(),
    ).toEqual(['multi revised', 'single direct', 'single revised']);
    const requestsBefore = server.requests.length;
    expect(await runCommand.run(common)).toBe(0);
    expect(await lines(out)).toHaveLength(8);
    expect(server.requests.length).toBe(requestsBefore);
  });

  it('reads --provider from a providers file, with the key from its apiKeyEnv', async () => {
    captureOutput();
    await mkdir(join(dir, 'cfg'), { recursive: true });
    const providersFile = join(dir, 'cfg', 'providers.json');
    await writeFile(
      providersFile,
      JSON.stringify([
        {
          id: 'local',
          kind: 'openai',
          baseUrl: server.baseUrl,
          model: 'asst',
          apiKeyEnv: 'MY_TEST_KEY',
          temperature: 0.5,
          stream: true,
        },
      ]),
    );
    process.env.MY_TEST_KEY = 'sk-from-env-var';
    const out = join(dir, 'prov.jsonl');
    const code = await runCommand.run([
      '--records',
      records,
      '--task-id',
      mathRecord.task_id,
      '--mode',
      'single',
      '--condition',
      'original',
      '--provider',
      'local',
      '--providers-file',
      providersFile,
      '--out',
      out,
    ]);
    expect(code).toBe(0);
    const last = server.requests.at(-1)!;
    expect(last.headers.authorization).toBe('Bearer sk-from-env-var');
    expect(last.body).toMatchObject({ model: 'asst', temperature: 0.5, stream: true, max_tokens: 1000 });
    expect(await readFile(out, 'utf8')).not.toContain('sk-from-env-var');
  });

  it('fails clearly on bad arguments and an unreachable server, writing nothing', async () => {
    captureOutput();
    await expect(
      runCommand.run(['--records', records, '--task-id', 'x', '--mode', 'multi', '--out', join(dir, 'x.jsonl')]),
    ).rejects.toThrow(/--provider ID or --base-url/);
    await expect(
      runCommand.run([
        '--records',
        records,
        '--all',
        '--shard',
        '3/2',
        '--base-url',
        server.baseUrl,
        '--model',
        'm',
        '--out',
        join(dir, 'x.jsonl'),
      ]),
    ).rejects.toThrow(/--shard/);
    const out = join(dir, 'dead.jsonl');
    const err = await runCommand
      .run([
        '--records',
        records,
        '--task-id',
        mathRecord.task_id,
        '--mode',
        'single',
        '--condition',
        'original',
        '--base-url',
        'http://127.0.0.1:9/v1',
        '--model',
        'm',
        '--max-retries',
        '0',
        '--out',
        out,
      ])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CliError);
    expect((err as Error).message).toMatch(/refused|reach/);
    await expect(readFile(out, 'utf8')).rejects.toThrow();
  });
});
