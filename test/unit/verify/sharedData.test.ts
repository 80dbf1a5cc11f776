// The real sample data in ../shared/data (skipped when absent): each reference passes its own
// verifier and fails the other, and re-scoring the real logs agrees with their logged verdicts.
import { afterAll, describe, expect, test } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseRecordsText } from '../../../src/core/load/recordsFile';
import type { BenchmarkRecord } from '../../../src/core/schema/records';
import { RunLogEntrySchema } from '../../../src/core/schema/runlog';
import { verifyAnswer } from '../../../src/core/verify/verifyAnswer';
import { rescoreConversation } from '../../../src/core/verify/rescore';
import { SqlExecutor } from '../../../src/core/verify/database/sqlExecutor';
import { referenceFor, type ActiveTask } from '../../../src/core/render/instances';
import { hasSharedData, sharedData, testSqlAssets } from './sqlTestAssets';

const sql = new SqlExecutor({ locate: testSqlAssets });
afterAll(() => sql.close());

/** Reference programs (HumanEval canonical behaviour), written under a given name. */
const PROGRAMS: Record<string, (name: string) => string> = {
  'sharded-HumanEval/5': (name) =>
    `from typing import List\n\ndef ${name}(numbers: List[int], delimeter: int) -> List[int]:\n    result = []\n    for i, n in enumerate(numbers):\n        if i:\n            result.append(delimeter)\n        result.append(n)\n    return result\n`,
  'sharded-HumanEval/105': (name) =>
    `WORDS = {1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine"}\n\ndef ${name}(arr):\n    return [WORDS[x] for x in sorted((x for x in arr if 1 <= x <= 9), reverse=True)]\n`,
};

/** A response that states a reference the way a model would. */
function responseFor(rec: BenchmarkRecord, active: ActiveTask): string {
  const ref = referenceFor(rec, active);
  switch (rec.task) {
    case 'math':
      return `Let me work through it step by step.\n\nSo the final answer is ${Number(ref).toLocaleString('en-US')}.`;
    case 'database':
      return `Here is the query:\n\`\`\`sql\n${String(ref)}\n\`\`\``;
    case 'code':
      return `\`\`\`python\n${PROGRAMS[rec.task_id]!(String(ref))}\`\`\``;
    case 'actions': {
      const calls = (ref as Array<Record<string, Record<string, unknown[]>>>).map((c) => {
        const [name, args] = Object.entries(c)[0]!;
        const kw = Object.entries(args)
          .filter(([, vals]) => vals[0] !== '')
          .map(([k, vals]) => `${k}=${JSON.stringify(vals[0])}`)
          .reverse();
        return `${name}(${kw.join(', ')})`;
      });
      return `[${calls.join(', ')}]`;
    }
  }
}

describe.skipIf(!hasSharedData)('shared data', () => {
  const records = hasSharedData
    ? parseRecordsText('records', readFileSync(join(sharedData, 'intent-sample.records.jsonl'), 'utf8')).items.map(
        (i) => i.value,
      )
    : [];
  const opts = { trusted: true, databasesDir: join(sharedData, 'databases'), sql };

  test('the 8 records load', () => expect(records.length).toBe(8));

  for (const rec of records) {
    test(`${rec.task_id}: each reference passes its own verifier and fails the other`, async () => {
      for (const own of ['original', 'revised'] as const) {
        const other = own === 'original' ? 'revised' : 'original';
        const text = responseFor(rec, own);
        const pass = await verifyAnswer(rec, own, text, opts);
        expect(pass.is_correct, `${own} under ${own}: ${pass.details.message}`).toBe(true);
        const fail = await verifyAnswer(rec, other, text, opts);
        expect(fail.is_correct, `${own} under ${other}: ${fail.details.message}`).toBe(false);
      }
    });
  }

  function logEntries(domain: string) {
    const dir = join(sharedData, 'logs', domain, 'snowball-stateful');
    return readdirSync(dir).flatMap((f) =>
      readFileSync(join(dir, f), 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => RunLogEntrySchema.parse(JSON.parse(l))),
    );
  }

  test('real actions logs: strict re-scoring agrees with every logged verdict, lenient with most', async () => {
    const byId = new Map(records.map((r) => [r.task_id, r]));
    const joined = logEntries('actions').filter((e) => byId.has(e.task_id));
    expect(joined.length).toBe(8);
    let agreeStrict = 0;
    let agreeLenient = 0;
    for (const e of joined) {
      const strict = await rescoreConversation(byId.get(e.task_id), e, opts);
      const lenient = await rescoreConversation(byId.get(e.task_id), e, { ...opts, lenientActionsFormat: true });
      expect(strict.active).toBe('original');
      if (strict.is_correct === strict.previous_is_correct) agreeStrict++;
      if (lenient.is_correct === lenient.previous_is_correct) agreeLenient++;
    }
    expect(agreeStrict).toBe(joined.length);
    expect(agreeLenient / joined.length).toBeGreaterThanOrEqual(0.75);
  });

  test('real math logs: every disagreement is a LiC grading artefact (empty extraction or "300.00" vs "300")', async () => {
    const byId = new Map(records.map((r) => [r.task_id, r]));
    const joined = logEntries('math').filter((e) => byId.has(e.task_id));
    expect(joined.length).toBe(6);
    let agree = 0;
    for (const e of joined) {
      const r = await rescoreConversation(byId.get(e.task_id), e, opts);
      if (r.is_correct === r.previous_is_correct) {
        agree++;
        continue;
      }
      // The log's own last evaluation: LiC compares strings after stripping `$` and `,`, so an
      // extracted `300.00` (no `$`) or an empty extraction scores 0 although the answer is right.
      const evals = e.trace.filter(
        (m) => m.role === 'log' && (m.content as { type?: string }).type === 'answer-evaluation',
      );
      const exact = String(
        (evals[evals.length - 1]?.content as { exact_answer?: unknown } | undefined)?.exact_answer ?? '',
      );
      expect(r.is_correct).toBe(true);
      expect(
        exact === '' || Number(exact.replace(/[$,]/g, '')) === Number(referenceFor(byId.get(e.task_id)!, 'original')),
      ).toBe(true);
    }
    expect(agree).toBeGreaterThanOrEqual(3);
  });
});
