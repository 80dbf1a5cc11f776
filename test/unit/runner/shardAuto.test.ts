// Sweeps past one machine: `run --all --shard auto` in four real processes with the job-array
// variables of a Kubernetes Indexed Job; the concatenated logs hold every conversation exactly once.
// A shard killed mid-sweep (SIGKILL) resumes: the re-run adds only what is missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { resolveShard } from '../../../src/core/simulator/runPlan';
import { eligibleShardsInPrompt, startFakeServer, type FakeServer } from './fakeOpenAIServer';
import { mathRecord } from './runnerFixtures';

const ROOT = resolve(__dirname, '../../..');
let server: FakeServer;
let dir: string;
let cli: string;
let records: string;
let hangAt: number | undefined;
let killModelCalls = 0;
let onHang: (() => void) | undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'intent-lens-shards-'));
  cli = join(dir, 'cli.js');
  await build({
    entryPoints: [join(ROOT, 'src/cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: cli,
    external: ['vscode'],
    mainFields: ['module', 'main'],
    logLevel: 'silent',
  });
  records = join(dir, 'r.records.jsonl');
  await writeFile(
    records,
    [1, 2, 3].map((i) => JSON.stringify({ ...mathRecord, task_id: `test-math/shard-${i}` })).join('\n') + '\n',
  );
  server = await startFakeServer((req) => {
    if (req.body.model === 'sim') {
      const s = eligibleShardsInPrompt(req.body.messages[0]!.content)[0];
      return {
        kind: 'chat',
        text: JSON.stringify(
          s ? { response: `fyi ${s.shard}`, shard_id: s.shard_id } : { response: 'nothing else', shard_id: -1 },
        ),
      };
    }
    if (req.body.model === 'kill-model' && ++killModelCalls === hangAt) {
      onHang?.();
      return { kind: 'hang' };
    }
    return { kind: 'chat', text: 'Final answer: 120' };
  });
}, 60_000);
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

function runCli(args: string[], env: Record<string, string>): { child: ChildProcess; exit: Promise<number | null> } {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(JOB_COMPLETION|SLURM_ARRAY)/.test(k)),
  );
  const child = spawn(process.execPath, [cli, 'run', ...args], {
    env: { ...clean, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return { child, exit: new Promise((res) => child.on('exit', (code) => res(code))) };
}

async function lines(file: string): Promise<Array<{ task_id: string; mode: string; condition: string }>> {
  return (await readFile(file, 'utf8').catch(() => ''))
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { task_id: string; mode: string; condition: string });
}
const key = (l: { task_id: string; mode: string; condition: string }) => `${l.task_id} ${l.mode} ${l.condition}`;

describe('--shard auto', () => {
  it('reads Kubernetes and Slurm job arrays, and says what is missing', () => {
    expect(resolveShard('auto', { JOB_COMPLETION_INDEX: '0', JOB_COMPLETIONS: '4' })).toEqual({ index: 1, count: 4 });
    expect(
      resolveShard('auto', { SLURM_ARRAY_TASK_ID: '7', SLURM_ARRAY_TASK_MIN: '5', SLURM_ARRAY_TASK_COUNT: '3' }),
    ).toEqual({ index: 3, count: 3 });
    expect(resolveShard('2/5', {})).toEqual({ index: 2, count: 5 });
    expect(() => resolveShard('auto', { JOB_COMPLETION_INDEX: '1' })).toThrow(/JOB_COMPLETIONS/);
    expect(() => resolveShard('auto', { SLURM_ARRAY_TASK_ID: '4', SLURM_ARRAY_TASK_COUNT: '4' })).toThrow(
      /outside the array/,
    );
    expect(() => resolveShard('auto', {})).toThrow(/no job array/);
  });

  it('four processes with different indices: the union of their logs holds each conversation exactly once', async () => {
    const outs = [0, 1, 2, 3].map((i) => join(dir, `shard-${i}.jsonl`));
    const runs = outs.map((out, i) =>
      runCli(
        [
          '--records',
          records,
          '--all',
          '--shard',
          'auto',
          '--base-url',
          server.baseUrl,
          '--model',
          'asst',
          '--user-model',
          'sim',
          '--out',
          out,
        ],
        { JOB_COMPLETION_INDEX: String(i), JOB_COMPLETIONS: '4' },
      ),
    );
    expect(await Promise.all(runs.map((r) => r.exit))).toEqual([0, 0, 0, 0]);
    const perShard = await Promise.all(outs.map(lines));
    expect(perShard.map((l) => l.length)).toEqual([6, 6, 6, 6]);
    const union = perShard.flat().map(key);
    expect(new Set(union).size).toBe(24);
    expect(union).toHaveLength(24);
  }, 120_000);

  it('a shard killed mid-sweep resumes: the re-run adds only the missing conversations', async () => {
    const out = join(dir, 'killed.jsonl');
    const args = [
      '--records',
      records,
      '--all',
      '--shard',
      'auto',
      '--base-url',
      server.baseUrl,
      '--model',
      'kill-model',
      '--user-model',
      'sim',
      '--out',
      out,
    ];
    const env = { SLURM_ARRAY_TASK_ID: '3', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_COUNT: '4' };
    // Shard 3 of 4 runs a multi-turn Retained (6 assistant calls) and a single-turn control first: hang on the 8th call.
    hangAt = 8;
    const hung = new Promise<void>((res) => (onHang = res));
    const first = runCli(args, env);
    await hung;
    expect(await lines(out)).toHaveLength(2);
    first.child.kill('SIGKILL');
    await first.exit;
    hangAt = undefined;
    expect(await runCli(args, env).exit).toBe(0);
    const all = (await lines(out)).map(key);
    expect(all).toHaveLength(6);
    expect(new Set(all).size).toBe(6);
    const again = await runCli(
      [
        '--records',
        records,
        '--all',
        '--shard',
        '3/4',
        '--base-url',
        server.baseUrl,
        '--model',
        'kill-model',
        '--user-model',
        'sim',
        '--out',
        out,
      ],
      {},
    ).exit;
    expect(again).toBe(0);
    expect(await lines(out)).toHaveLength(6);
  }, 120_000);
});
