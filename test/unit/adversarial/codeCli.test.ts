// `intent-lens score` on a machine without bubblewrap (simulated: PATH without bwrap, in this
// file's own process): code answers are not run and the output says why; --allow-unisolated runs
// them and says so. The answer's program leaves a marker file, so "not run" is checked, not assumed.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import command from '../../../src/cli/scoreCommand';
import { closeCodeSandboxes } from '../../../src/core/verify/code/codeSandbox';

const dir = mkdtempSync(join(tmpdir(), 'intent-lens-cli-nobwrap-'));
const marker = join(dir, 'ran.txt');
const savedPath = process.env.PATH;

beforeAll(() => {
  const python = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
  const bin = join(dir, 'bin');
  execFileSync('mkdir', ['-p', bin]);
  symlinkSync(python, join(bin, 'python3'));
  process.env.PATH = bin;
  const record = {
    task_id: 'code/1',
    task: 'code',
    shards: [{ shard_id: 1, shard_text: 'Sort a list.' }],
    metadata: { func_name: 'sort_list' },
    test: 'def check(candidate):\n    assert candidate([2, 1]) == [1, 2]\n',
  };
  writeFileSync(join(dir, 'code.records.jsonl'), JSON.stringify(record) + '\n');
  const answer =
    '```python\nopen(' + JSON.stringify(marker) + ', "w").write("ran")\ndef sort_list(xs):\n    return sorted(xs)\n```';
  const entry = {
    conv_id: 'k1',
    task: 'code',
    task_id: 'code/1',
    assistant_model: 'm',
    mode: 'multi',
    condition: 'original',
    trace: [
      { role: 'user', content: 'q' },
      { role: 'assistant', content: answer },
    ],
    is_correct: null,
  };
  writeFileSync(join(dir, 'run.jsonl'), JSON.stringify(entry) + '\n');
});
afterAll(() => {
  process.env.PATH = savedPath;
  closeCodeSandboxes();
  rmSync(dir, { recursive: true, force: true });
});

async function score(extra: string[]): Promise<{ out: string; err: string }> {
  let out = '';
  let err = '';
  const o = vi
    .spyOn(process.stdout, 'write')
    .mockImplementation((c: string | Uint8Array) => ((out += String(c)), true));
  const e = vi
    .spyOn(process.stderr, 'write')
    .mockImplementation((c: string | Uint8Array) => ((err += String(c)), true));
  try {
    expect(
      await command.run(['--records', join(dir, 'code.records.jsonl'), '--logs', join(dir, 'run.jsonl'), ...extra]),
    ).toBe(0);
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
  return { out, err };
}

describe('score without bubblewrap', () => {
  test('code answers are not run, and the output says so', async () => {
    const { out, err } = await score([]);
    expect(out).toContain('– k1 code/1 multi/original');
    expect(out).toContain('not run: no isolation available (bubblewrap (bwrap) is not installed)');
    expect(err).toMatch(/1 code answer not run: no isolation available .*install bubblewrap/);
    expect(existsSync(marker)).toBe(false);
  });
  test('--allow-unisolated runs them and says "ran unisolated"', async () => {
    const { out, err } = await score(['--allow-unisolated']);
    expect(out).toContain('✓ k1 code/1 multi/original');
    expect(out).toContain('all tests passed (ran unisolated)');
    expect(err).toMatch(/1 code answer ran unisolated/);
    expect(existsSync(marker)).toBe(true);
  });
});
