import { afterAll, describe, expect, test } from 'vitest';
import { verifyCode } from '../../../src/core/verify/code/codeVerifier';
import { extractPython, topLevelNames } from '../../../src/core/verify/code/pythonSource';
import { closeCodeSandboxes, runCodeJob } from '../../../src/core/verify/code/codeSandbox';
import { casesToRun, ioTestCases } from '../../../src/core/verify/code/ioTestCases';
import { verifyAnswer } from '../../../src/core/verify/verifyAnswer';
import { BenchmarkRecordSchema, type BenchmarkRecord } from '../../../src/core/schema/records';

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
    const names = topLevelNames(
      'import os as operating\n@cache\ndef a():\n    def inner(): pass\n    return "def fake(): pass"\nclass B: pass\nc = a\nasync def d(): pass\n',
    ).map((n) => n.name);
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
    const both = withHelper('insert_delimiter').replace(
      '```\n\nExample',
      'intersperse = insert_delimiter\n```\n\nExample',
    );
    const r = await verifyCode(both, task, { trusted: true });
    expect(r.is_correct).toBe(false);
    expect(r.details.message).toMatch(/defines both/);
  });
  test('wrong behaviour fails the tests', async () => {
    const r = await verifyCode('```python\ndef insert_delimiter(numbers, d):\n    return numbers\n```', task, {
      trusted: true,
    });
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
    const r = await verifyCode(
      '```python\ndef insert_delimiter(numbers, d):\n    while True:\n        pass\n```',
      task,
      { trusted: true, python: { timeoutMs: 1500 } },
    );
    expect(r.is_correct).toBe(false);
    expect(r.details.info?.timedOut).toBe(true);
    expect(Date.now() - t0).toBeLessThan(6000);
  });
  test('a program cannot fake a pass by printing and exiting', async () => {
    const r = await verifyCode(
      '```python\nimport sys, os\ndef insert_delimiter(numbers, d):\n    return []\nprint("passed")\nos._exit(0)\n```',
      task,
      { trusted: true },
    );
    expect(r.is_correct).toBe(false);
  });
});

describe('LiveCodeBench-style records', () => {
  const record: BenchmarkRecord = {
    task_id: 'lcb-sum',
    task: 'code',
    source: 'lcb_easy',
    shards: [{ shard_id: 1, shard_text: 'Read two integers and print their sum.' }],
    metadata: { func_name: 'solve' },
    public_test_cases: JSON.stringify([
      { input: '1 2\n', output: '3\n', testtype: 'stdin' },
      { input: '-5 5\n', output: '0\n', testtype: 'stdin' },
      { bad: true },
    ]),
  };
  const answer = (body: string) =>
    `\`\`\`python\ndef solve():\n    a, b = map(int, input().split())\n    print(${body})\n\nsolve()\n\`\`\``;
  test('public_test_cases are read (malformed entries skipped), stdin cases scored', async () => {
    expect(ioTestCases(record.public_test_cases)).toHaveLength(2);
    expect(BenchmarkRecordSchema.safeParse(record).success).toBe(true);
    const ok = await verifyAnswer(record, 'original', answer('a + b'), { trusted: true });
    expect(ok.details.message).toBe('all 2 test groups passed');
    expect(ok.is_correct).toBe(true);
    const wrong = await verifyAnswer(record, 'original', answer('abs(a) + abs(b)'), { trusted: true });
    expect(wrong.is_correct).toBe(false);
    expect(wrong.details.message).toMatch(/stdin case 2: expected '0\\n', got '10\\n'/);
  });
  test('with a check(candidate) test, functional cases (python-syntax arguments) are not run', () => {
    expect(
      casesToRun(
        'def check(candidate): pass',
        JSON.stringify([
          { input: '[], 7', output: '[]', testtype: 'functional' },
          { input: '1', output: '1', testtype: 'stdin' },
        ]),
      ),
    ).toEqual([{ kind: 'stdin', input: '1', output: '1' }]);
  });
});

describe('code sandbox', () => {
  afterAll(() => closeCodeSandboxes());
  test('stdin/stdout cases: whitespace-normalised lines, numbers compared as numbers', async () => {
    const cases = [
      { kind: 'stdin' as const, input: '1 2\n', output: '3\n' },
      { kind: 'stdin' as const, input: '5   7', output: '  12  \n\n' },
      { kind: 'stdin' as const, input: '1.5 1.5', output: '3.0' },
    ];
    const good = await runCodeJob({
      program:
        'a, b = input().split()\ns = float(a) + float(b)\nprint(int(s) if s == int(s) and "." not in a else s)\n',
      entry: 'main',
      cases,
    });
    expect(good).toMatchObject({ status: 'pass' });
    const wrong = await runCodeJob({
      program: 'a, b = map(float, input().split())\nprint(a * b)\n',
      entry: 'main',
      cases,
    });
    expect(wrong.status).toBe('fail');
    expect(wrong.message).toMatch(/stdin case 1: expected '3\\n', got '2.0\\n'/);
  });
  test('functional cases call the entry point (a Solution method too) with JSON arguments', async () => {
    const cases = [
      { kind: 'functional' as const, input: '[2, 7, 11, 15]\n9', output: '[0, 1]' },
      { kind: 'functional' as const, input: '[3, 2, 4]\n6', output: '[1, 2]' },
    ];
    const solution =
      'class Solution:\n    def twoSum(self, nums, target):\n        seen = {}\n        for i, x in enumerate(nums):\n            if target - x in seen:\n                return [seen[target - x], i]\n            seen[x] = i\n';
    expect(await runCodeJob({ program: solution, entry: 'twoSum', cases })).toMatchObject({ status: 'pass' });
    const r = await runCodeJob({
      program: solution.replace('[seen[target - x], i]', '(i, seen[target - x])'),
      entry: 'twoSum',
      cases,
    });
    expect(r.status).toBe('fail');
    expect(r.message).toMatch(/case 1: expected \[0, 1\], got \[1, 0\]/);
  });
  test('a program can import any module of the standard library (not only the warm ones)', async () => {
    const r = await runCodeJob({
      program: 'import textwrap, json, encodings.idna\ndef f(s):\n    return textwrap.dedent(s)\n',
      entry: 'f',
      test: 'def check(candidate):\n    assert candidate("  a\\n  b") == "a\\nb"\n',
    });
    expect(r.message).toBe('all tests passed');
  });
  test('a memory limit stops a huge allocation', async () => {
    const r = await runCodeJob(
      {
        program: 'def f():\n    return len(bytearray(4 * 1024 * 1024 * 1024))\n',
        entry: 'f',
        test: 'def check(candidate):\n    assert candidate() > 0\n',
      },
      { memoryMb: 256 },
    );
    expect(r.status).toBe('fail');
    expect(r.message).toMatch(/MemoryError/);
  });
});
