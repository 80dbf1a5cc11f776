// `intent-lens fork` on a machine without bubblewrap (simulated: PATH without bwrap, in this file's
// own process), as `run` and `score`: the fork's code answer is not run unless --allow-unisolated
// says so. The scripted model's program leaves a marker file, so "not run" is checked, not assumed.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forkCommand from '../../../src/cli/forkCommand';
import { closeCodeSandboxes } from '../../../src/core/verify/code/codeSandbox';
import { startFakeServer, type FakeServer } from '../runner/fakeOpenAIServer';

const dir = mkdtempSync(join(tmpdir(), 'intent-lens-fork-nobwrap-'));
const marker = join(dir, 'ran.txt');
const savedPath = process.env.PATH;
let server: FakeServer;

beforeAll(async () => {
  const python = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
  const bin = join(dir, 'bin');
  execFileSync('mkdir', ['-p', bin]);
  symlinkSync(python, join(bin, 'python3'));
  const answer =
    '```python\nopen(' + JSON.stringify(marker) + ', "w").write("ran")\ndef sort_list(xs):\n    return sorted(xs)\n```';
  server = await startFakeServer(() => ({ kind: 'chat', text: answer }));
  process.env.PATH = bin;
  const record = {
    task_id: 'code/1',
    task: 'code',
    prompt: 'Write sort_list(xs): the list sorted.',
    shards: [{ shard_id: 1, shard_text: 'Sort a list.' }],
    metadata: { func_name: 'sort_list' },
    test: 'def check(candidate):\n    assert candidate([2, 1]) == [1, 2]\n',
  };
  writeFileSync(join(dir, 'code.records.jsonl'), JSON.stringify(record) + '\n');
  const parent = {
    conv_id: 'p1',
    task: 'code',
    task_id: 'code/1',
    assistant_model: 'asst',
    mode: 'single',
    condition: 'original',
    trace: [
      { role: 'user', content: 'Sort a list.' },
      { role: 'assistant', content: 'no code' },
    ],
    is_correct: false,
  };
  writeFileSync(join(dir, 'parents.jsonl'), JSON.stringify(parent) + '\n');
});
afterAll(async () => {
  process.env.PATH = savedPath;
  closeCodeSandboxes();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function fork(
  out: string,
  extra: string[],
): Promise<{ code: number; err: string; line: { is_correct: boolean | null } }> {
  let err = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const e = vi
    .spyOn(process.stderr, 'write')
    .mockImplementation((c: string | Uint8Array) => ((err += String(c)), true));
  let code: number;
  try {
    code = await forkCommand.run([
      '--records',
      join(dir, 'code.records.jsonl'),
      '--logs',
      join(dir, 'parents.jsonl'),
      '--conv-id',
      'p1',
      '--turn',
      '1',
      '--replace-user',
      'Sort a list of numbers, ascending.',
      '--base-url',
      server.baseUrl,
      '--out',
      join(dir, out),
      ...extra,
    ]);
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
  return { code, err, line: JSON.parse(readFileSync(join(dir, out), 'utf8').trim()) as { is_correct: boolean | null } };
}

describe('fork without bubblewrap', () => {
  test('the fork is written unscored and its code answer is not run', async () => {
    const { code, line } = await fork('plain.jsonl', []);
    expect(code).toBe(0);
    expect(line.is_correct).toBeNull();
    expect(existsSync(marker)).toBe(false);
  });
  test('--allow-unisolated runs the code answer and scores the fork', async () => {
    expect((await fork('unisolated.jsonl', ['--allow-unisolated'])).line.is_correct).toBe(true);
    expect(existsSync(marker)).toBe(true);
  });
});
