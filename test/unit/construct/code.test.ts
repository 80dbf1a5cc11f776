// Code revisions: the entry-point rename of HumanEval/5 (the paper's worked example, from the intent
// sample with its intent block stripped), each check's rule, the Python-tree rename, the reference
// programs in the sandbox, and the reach on the peer-eval HumanEval sources (skipped without ../shared).
import { afterAll, describe, expect, test } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { codeConstructor } from '../../../src/core/construct/code/codeConstructor';
import { nameCandidates } from '../../../src/core/construct/code/nameRule';
import { renameCallable } from '../../../src/core/construct/code/pythonRename';
import type { Candidate, ConstructContext } from '../../../src/core/construct/constructTypes';
import { SourceConstructionError } from '../../../src/core/construct/constructTypes';
import { BenchmarkRecordSchema, type BenchmarkRecord } from '../../../src/core/schema/records';
import { closeCodeSandboxes } from '../../../src/core/verify/code/codeSandbox';

const shared = resolve(__dirname, '../../../../shared');
const samplePath = resolve(shared, 'data/intent-sample.records.jsonl');
const peerPath = resolve(shared, 'peer-eval/code.records.jsonl');
const untrusted: ConstructContext = { verify: { trusted: false } };

function records(path: string): Array<Record<string, unknown>> {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

const PROMPT = `from typing import List
import math as helper


def intersperse(numbers: List[int], delimeter: int) -> List[int]:
    """ Insert 'delimeter' between elements. Unlike intersperse_all, keeps the ends.
    >>> intersperse([], 4)
    []
    >>> intersperse([1, 2, 3], 4)
    [1, 4, 2, 4, 3]
    """
`;
const TEST = `def check(candidate):\n    assert candidate([], 7) == []\n    assert candidate([5, 6, 3, 2], 8) == [5, 8, 6, 8, 3, 8, 2]\n`;
const BODY = `    result = []\n    for i, n in enumerate(numbers):\n        if i:\n            result.append(delimeter)\n        result.append(n)\n    return result\n`;

function fixture(extra: Record<string, unknown> = {}): BenchmarkRecord {
  return BenchmarkRecordSchema.parse({
    task_id: 'fixture/intersperse',
    task: 'code',
    shards: [
      { shard_id: 1, shard_text: 'Write a function that puts a delimiter between list elements' },
      { shard_id: 2, shard_text: 'Call it `intersperse`.' },
    ],
    source: 'humaneval',
    prompt: PROMPT,
    test: TEST,
    metadata: { func_name: 'intersperse' },
    ...extra,
  });
}

const asked = async (rec: BenchmarkRecord, value: string, ctx: ConstructContext = untrusted): Promise<Candidate> => {
  const all = await codeConstructor.enumerate(rec, { ...ctx, request: { target: 'func_name', value } });
  const c = all.find((x) => x.revised === value);
  if (!c) throw new Error(`no candidate for ${value}`);
  return c;
};

describe("code constructor: HumanEval/5 (the paper's worked example)", () => {
  const sample = existsSync(samplePath)
    ? records(samplePath).find((r) => r['task_id'] === 'sharded-HumanEval/5')
    : undefined;
  test.skipIf(!sample)(
    'renames intersperse in the contract; the requested name reproduces the sample revision',
    async () => {
      const { intent, ...raw } = sample as Record<string, unknown> & {
        intent: { reference: { revised: string }; shard_id: number; single_turn: { direct_revised: string } };
      };
      const source = BenchmarkRecordSchema.parse(raw);
      const [rule] = await codeConstructor.enumerate(source, untrusted);
      expect(rule!.target).toBe('func_name');
      expect(rule!.original).toBe('intersperse');
      expect(rule!.discarded).toBeUndefined();
      expect(rule!.shard_id).toBe(intent.shard_id);
      expect(rule!.alternatives.length).toBe(3);
      const wanted = intent.reference.revised;
      const c = await asked(source, wanted);
      expect(c.discarded).toBeUndefined();
      expect(c.reference).toEqual({ original: 'intersperse', revised: wanted });
      // The sample's S_Dir wraps the prompt in LiC's instruction: our renamed prompt is exactly its code part.
      expect(intent.single_turn.direct_revised).toContain(c.singleTurn.direct_revised);
      expect(c.singleTurn.original).toBe(source.prompt);
      expect(c.evidence).toMatchObject({
        kind: 'code-rename',
        originalSignature: expect.stringContaining('def intersperse('),
        revisedSignature: expect.stringContaining(`def ${wanted}(`),
      });
    },
  );
});

describe('code constructor: rules', () => {
  test('the rename follows the Python tree: whole identifiers, docstring calls, not other names or prose', () => {
    const { code, count } = renameCallable(
      PROMPT + 'x = helper.intersperse(intersperse)\n# intersperse(…) once more\n',
      'intersperse',
      'interleave',
    );
    expect(count).toBe(5);
    expect(code).toContain('def interleave(numbers');
    expect(code).toContain('>>> interleave([1, 2, 3], 4)');
    expect(code).toContain('Unlike intersperse_all');
    expect(code).toContain('helper.intersperse(interleave)');
    expect(code).toContain('# interleave(…) once more');
    // Prose that uses the word without calling it stays (HumanEval/47: "Return median of elements").
    expect(
      renameCallable(
        'def median(l):\n    """Return median of elements.\n    >>> median([1])\n    """\n',
        'median',
        'midpoint',
      ).code,
    ).toContain('Return median of elements.\n    >>> midpoint([1])');
  });

  test('the name rule is fixed, keeps the style, and never proposes the original', () => {
    expect(nameCandidates('intersperse').slice(0, 2)).toEqual(['interleave', 'insert_between']);
    expect(nameCandidates('minSubArraySum')[0]).toBe('minimumSubArraySum');
    expect(nameCandidates('Strongest_Extension')[0]).toBe('Strongest_Suffix');
    expect(nameCandidates('f')).toEqual(['compute_f', 'find_f', 'get_f', 'solve_f']);
    expect(nameCandidates('is_equal_to_sum_even')[0]).toBe('check_equal_to_sum_even');
    expect(nameCandidates('sum_squares')).not.toContain('sum_squares');
  });

  test.each([
    ['lambda', 'keyword'],
    ['sorted', 'builtin'],
    ['numbers', 'name-in-use'],
    ['helper', 'name-in-use'],
    ['2fast', 'invalid-identifier'],
  ])('a requested name %s is discarded as %s', async (value, reason) => {
    expect((await asked(fixture(), value)).discarded).toBe(reason);
  });

  test('a request names the target by func_name, the name itself, or the shard that states it', async () => {
    for (const target of ['func_name', 'intersperse', '2']) {
      const all = await codeConstructor.enumerate(fixture(), { ...untrusted, request: { target, value: 'weave' } });
      expect(all.find((c) => c.revised === 'weave')?.discarded, target).toBeUndefined();
    }
    const other = await codeConstructor.enumerate(fixture(), {
      ...untrusted,
      request: { target: '1', value: 'weave' },
    });
    expect(other.some((c) => c.revised === 'weave')).toBe(false);
  });

  test('a name no shard states is discarded (the user never gave it)', async () => {
    const rec = fixture({
      shards: [{ shard_id: 1, shard_text: 'Write a function that puts a delimiter between list elements' }],
    });
    const [c] = await codeConstructor.enumerate(rec, untrusted);
    expect(c!.discarded).toBe('name-not-stated');
  });

  test('without trust the reference check is not run and says so, falling back to the rename check', async () => {
    const [c] = await codeConstructor.enumerate(fixture({ canonical_solution: BODY }), untrusted);
    expect(c!.checks['reference-programs']).toMatchObject({
      ok: true,
      evidence: expect.stringContaining('not run: untrusted'),
    });
    expect(c!.checks['rename-applied']!.ok).toBe(true);
  });

  test('bad input is a SourceConstructionError with a reason', async () => {
    await expect(codeConstructor.enumerate(fixture({ prompt: '' }), untrusted)).rejects.toMatchObject({
      reason: 'missing-prompt',
    });
    await expect(
      codeConstructor.enumerate(fixture({ metadata: { func_name: 'solve' } }), untrusted),
    ).rejects.toBeInstanceOf(SourceConstructionError);
  });

  test('the same input gives the same candidates', async () => {
    expect(await codeConstructor.enumerate(fixture(), untrusted)).toEqual(
      await codeConstructor.enumerate(fixture(), untrusted),
    );
  });
});

describe('code constructor: reference programs in the sandbox', () => {
  afterAll(() => closeCodeSandboxes());
  const trusted: ConstructContext = { verify: { trusted: true, python: { allowUnisolated: true } } };

  test('each program passes under its own state and fails under the other', async () => {
    const [c] = await codeConstructor.enumerate(fixture({ canonical_solution: BODY }), trusted);
    expect(c!.discarded, c!.checks['reference-programs']!.evidence).toBeUndefined();
    const check = c!.checks['reference-programs']!;
    expect(check.evidence).not.toContain('not run');
    expect(check.evidence).toContain('original program: passes under its own state');
    expect(c!.evidence).toMatchObject({
      tests: { revised: expect.stringContaining('revised program: passes under its own state') },
    });
  }, 60_000);

  test('a reference program that fails its tests discards the candidate', async () => {
    const [c] = await codeConstructor.enumerate(fixture({ canonical_solution: '    return numbers\n' }), trusted);
    expect(c!.discarded).toBe('reference-check-failed');
    expect(c!.checks['reference-programs']!.evidence).toContain(
      'original program: fails under its own state (tests failed',
    );
  }, 60_000);
});

describe('code constructor: reach on the peer-eval HumanEval sources', () => {
  test.skipIf(!existsSync(peerPath))(
    'every source gets a valid candidate',
    async () => {
      const missing: string[] = [];
      for (const raw of records(peerPath)) {
        const rec = BenchmarkRecordSchema.parse(raw);
        const cs = await codeConstructor.enumerate(rec, untrusted);
        if (!cs.some((c) => !c.discarded)) missing.push(rec.task_id);
      }
      expect(missing).toEqual([]);
    },
    120_000,
  );
});
