import { describe, expect, test } from 'vitest';
import { verifyCode } from '../../../src/core/verify/code/codeVerifier';
import { extractPython, topLevelNames } from '../../../src/core/verify/code/pythonSource';
import { runPython } from '../../../src/core/verify/code/pythonSandbox';
import { readdirSync, readFileSync } from 'node:fs';

/** Pids in a process group that are not zombies (from /proc/<pid>/stat: state and pgrp). */
function runningInGroup(pgid: number): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') out.push(Number(d));
    } catch {
      /* gone */
    }
  }
  return out;
}

const TEST = `
def check(candidate):
    assert candidate([], 7) == []
    assert candidate([5, 6, 3, 2], 8) == [5, 8, 6, 8, 3, 8, 2]
`;
const withHelper = (name: string) => `Here is my solution. It uses a helper to interleave.

\`\`\`python
from typing import List


def _pairs(numbers):
    # helper: yields each number with a flag for "not last"
    for i, n in enumerate(numbers):
        yield n, i < len(numbers) - 1


def ${name}(numbers: List[int], delimeter: int) -> List[int]:
    out = []
    for n, more in _pairs(numbers):
        out.append(n)
        if more:
            out.append(delimeter)
    return out
\`\`\`

Example:
\`\`\`python
print(${name}([1, 2, 3], 4))
\`\`\``;

describe('topLevelNames / extractPython', () => {
  test('only module-level bindings count; names in strings and nested defs do not', () => {
    const names = topLevelNames('import os as operating\n@cache\ndef a():\n    def inner(): pass\n    return "def fake(): pass"\nclass B: pass\nc = a\nasync def d(): pass\n').map((n) => n.name);
    expect(names.sort()).toEqual(['B', 'a', 'c', 'd', 'operating']);
  });
  test('the block that defines the wanted name, not the usage example', () => {
    const p = extractPython(withHelper('insert_delimiter'), ['insert_delimiter'])!;
    expect(p.code).toContain('def _pairs');
  });
});

describe('verifyCode', () => {
  const task = { entryPoint: 'insert_delimiter', forbiddenNames: ['intersperse'], test: TEST };
  test('helper functions and prose around the code: passes under the active name', async () => {
    const r = await verifyCode(withHelper('insert_delimiter'), task, { trusted: true });
    expect(r.details.message).toBe('all tests passed');
    expect(r.is_correct).toBe(true);
  });
  test('the inactive name fails without running', async () => {
    const r = await verifyCode(withHelper('intersperse'), task, { trusted: true });
    expect(r.is_correct).toBe(false);
    expect(r.details.message).toMatch(/inactive name `intersperse`/);
  });
  test('defining both names fails (an alias counts)', async () => {
    const both = withHelper('insert_delimiter').replace('```\n\nExample', 'intersperse = insert_delimiter\n```\n\nExample');
    const r = await verifyCode(both, task, { trusted: true });
    expect(r.is_correct).toBe(false);
    expect(r.details.message).toMatch(/defines both/);
  });
  test('wrong behaviour fails the tests', async () => {
    const r = await verifyCode('```python\ndef insert_delimiter(numbers, d):\n    return numbers\n```', task, { trusted: true });
    expect(r.is_correct).toBe(false);
    expect(r.details.message).toMatch(/tests failed/);
  });
  test('untrusted: not executed, null verdict with a clear message', async () => {
    const r = await verifyCode(withHelper('insert_delimiter'), task, { trusted: false });
    expect(r.is_correct).toBeNull();
    expect(r.details.message).toMatch(/trusted workspace/);
  });
  test('an infinite loop is killed at the time limit', async () => {
    const t0 = Date.now();
    const r = await verifyCode('```python\ndef insert_delimiter(numbers, d):\n    while True:\n        pass\n```', task, { trusted: true, python: { timeoutMs: 1500 } });
    expect(r.is_correct).toBe(false);
    expect(r.details.info?.timedOut).toBe(true);
    expect(Date.now() - t0).toBeLessThan(6000);
  });
  test('a program cannot fake a pass by printing and exiting', async () => {
    const r = await verifyCode('```python\nimport sys, os\ndef insert_delimiter(numbers, d):\n    return []\nprint("passed")\nos._exit(0)\n```', task, { trusted: true });
    expect(r.is_correct).toBe(false);
  });
});

describe('python sandbox', () => {
  test('no inherited secrets in the environment', async () => {
    process.env.INTENT_LENS_TEST_SECRET = 'sk-do-not-leak';
    try {
      const r = await runPython({ 'main.py': 'import os, json\nprint(json.dumps(dict(os.environ)))' }, 'main.py');
      expect(r.exitCode).toBe(0);
      expect(r.stdout).not.toContain('sk-do-not-leak');
      const env = JSON.parse(r.stdout) as Record<string, string>;
      expect(Object.keys(env).some((k) => /KEY|TOKEN|SECRET/i.test(k))).toBe(false);
    } finally {
      delete process.env.INTENT_LENS_TEST_SECRET;
    }
  });
  test('the whole process group dies on timeout (a forked child too)', async () => {
    const r = await runPython({ 'main.py': 'import os, time\nif os.fork() == 0:\n    time.sleep(60)\nelse:\n    print(os.getpgid(0), flush=True)\n    time.sleep(60)\n' }, 'main.py', { timeoutMs: 1000 });
    expect(r.timedOut).toBe(true);
    const pgid = Number(r.stdout.trim());
    expect(pgid).toBeGreaterThan(0);
    // Killed processes may linger as zombies until reaped; none may still be running.
    await new Promise((r) => setTimeout(r, 300));
    expect(runningInGroup(pgid)).toEqual([]);
  });
  test('memory limit stops a huge allocation', async () => {
    const r = await runPython({ 'main.py': 'x = bytearray(4 * 1024 * 1024 * 1024)\nprint("allocated")' }, 'main.py', { memoryMb: 256 });
    expect(r.stdout).not.toContain('allocated');
    expect(r.stderr).toMatch(/MemoryError/);
  });
});
