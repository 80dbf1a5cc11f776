// LiveCodeBench-style test cases of a record: LiC's `public_test_cases`, a JSON-encoded string (or
// an array) of `{input, output, testtype: "stdin" | "functional"}`. Entries of another shape are
// skipped, so a record that validates never makes the verifier throw.
import type { IoTestCase } from './codeSandbox';

export function ioTestCases(raw: unknown): IoTestCase[] {
  let list: unknown = raw;
  if (typeof raw === 'string') {
    try {
      list = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  const out: IoTestCase[] = [];
  for (const c of list as unknown[]) {
    if (!c || typeof c !== 'object') continue;
    const { input, output, testtype } = c as Record<string, unknown>;
    if (typeof input === 'string' && typeof output === 'string' && (testtype === 'stdin' || testtype === 'functional'))
      out.push({ kind: testtype, input, output });
  }
  return out;
}

/** The cases to run beside `test`: with a check(candidate) test, only stdin cases (LiC derives a
 * humaneval record's functional cases from its test, in Python-argument syntax, not JSON lines). */
export function casesToRun(test: string | undefined, raw: unknown): IoTestCase[] {
  const cases = ioTestCases(raw);
  return test ? cases.filter((c) => c.kind === 'stdin') : cases;
}
