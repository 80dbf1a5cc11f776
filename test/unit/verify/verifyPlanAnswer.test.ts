// Evolving-intent answers scored against the plan's anchor, through the same domain verifiers as
// records; `rescoreConversation` routes `mode: evolving` logs to the plan and finds inactive content.
import { afterAll, describe, expect, test, vi } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import scoreCommand from '../../../src/cli/scoreCommand';
import { loadEvolvingFile } from '../../../src/core/load/dataFiles';
import type { EvolvingPlan } from '../../../src/core/schema/evolving';
import { RunLogEntrySchema, type RunLogEntry } from '../../../src/core/schema/runlog';
import { planReference, verifyPlanAnswer } from '../../../src/core/verify/verifyPlanAnswer';
import { rescoreConversation } from '../../../src/core/verify/rescore';
import { detectPlanInactive } from '../../../src/core/inactive/detectInactive';
import { SqlExecutor } from '../../../src/core/verify/database/sqlExecutor';
import { repoRoot, testSqlAssets } from './sqlTestAssets';

const sql = new SqlExecutor({ locate: testSqlAssets, timeoutMs: 3000 });
afterAll(() => sql.close());
const databasesDir = join(repoRoot, 'samples/databases');
const opts = { sql, databasesDir };

async function samplePlans(): Promise<Map<string, EvolvingPlan>> {
  const loaded = await loadEvolvingFile(join(repoRoot, 'samples/evolving/sample.evolving.jsonl'));
  return new Map(loaded.items.map((i) => [i.value.task_id, i.value]));
}

function sampleLogs(): RunLogEntry[] {
  const text = readFileSync(join(repoRoot, 'samples/logs/evolving/model-a.jsonl'), 'utf8');
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => RunLogEntrySchema.parse(JSON.parse(l)));
}

function plan(base: Partial<EvolvingPlan> & Pick<EvolvingPlan, 'task' | 'anchor'>): EvolvingPlan {
  return {
    task_id: `t/${base.task}`,
    turns: [
      {
        transition: 'initial',
        function: base.anchor.function,
        args: base.anchor.args,
        revealed: Object.keys(base.anchor.args),
        user: base.anchor.question,
      },
    ],
    ...base,
  };
}

describe('verifyPlanAnswer', () => {
  test('math: the anchor answer is the reference, compared as a number', async () => {
    const plans = await samplePlans();
    const orchard = plans.get('sample-evolving-math/orchard')!;
    expect(planReference(orchard)).toBe(180);
    expect((await verifyPlanAnswer(orchard, 'She makes $180.00 in total.')).is_correct).toBe(true);
    const wrong = await verifyPlanAnswer(orchard, 'At 40 cents each she makes 144.');
    expect(wrong.is_correct).toBe(false);
    expect(wrong.extracted).toBe('144');
  });

  test('database: anchor.answer is the reference SQL, run against the plan db_id', async () => {
    const plans = await samplePlans();
    const fiction = plans.get('sample-evolving-db/fiction-count')!;
    const right = await verifyPlanAnswer(
      fiction,
      "```sql\nSELECT COUNT(book_id) FROM book WHERE copies >= 4 AND year < 2020 AND genre = 'fiction'\n```",
      opts,
    );
    expect(right.is_correct).toBe(true);
    // The superseded intent (no copies condition) counts 3 books, the anchor 1.
    const stale = await verifyPlanAnswer(
      fiction,
      "```sql\nSELECT COUNT(*) FROM book WHERE genre = 'fiction' AND year < 2020\n```",
      opts,
    );
    expect(stale.is_correct).toBe(false);
    // Without a databases folder the database cannot be found: unscored, not wrong.
    expect((await verifyPlanAnswer(fiction, 'SELECT 1', { sql })).is_correct).toBeNull();
  });

  test('actions: anchor.function and args form the reference call', async () => {
    const p = plan({
      task: 'actions',
      anchor: { function: 'book_flight', args: { origin: 'Paris', seats: 2 }, question: 'Book it', answer: null },
    });
    expect(planReference(p)).toEqual([{ book_flight: { origin: ['Paris'], seats: [2] } }]);
    expect((await verifyPlanAnswer(p, "book_flight(origin='Paris', seats=2)")).is_correct).toBe(true);
    expect((await verifyPlanAnswer(p, "book_flight(origin='Paris', seats=3)")).is_correct).toBe(false);
    expect((await verifyPlanAnswer(p, "book_flight(origin='Paris')")).is_correct).toBe(false);
  });

  test('code: anchor.answer (else the function) is the entry point; earlier intents’ entry points are forbidden', async () => {
    const p = plan({
      task: 'code',
      anchor: { function: 'count_words', args: {}, question: 'Write it', answer: 'count_words' },
    });
    p.turns.unshift({
      transition: 'initial',
      function: 'count_chars',
      args: {},
      revealed: [],
      user: 'Count chars',
      answer: 'count_chars',
    });
    expect(planReference(p)).toBe('count_words');
    // Untrusted: the test is not run, but the structural checks still decide.
    const stale = await verifyPlanAnswer(p, '```python\ndef count_chars(s):\n    return len(s)\n```');
    expect(stale.is_correct).toBe(false);
    expect(stale.details.message).toMatch(/count_chars/);
    const fn = plan({ task: 'code', anchor: { function: 'total', args: {}, question: 'q', answer: 42 } });
    expect(planReference(fn)).toBe('total');
  });
});

describe('rescoreConversation with plans', () => {
  test('every sample evolving log is scored against its anchor and agrees with the logged verdict', async () => {
    const plans = await samplePlans();
    const logs = sampleLogs();
    expect(logs.length).toBeGreaterThan(0);
    for (const entry of logs) {
      const r = await rescoreConversation(undefined, entry, opts, plans.get(entry.task_id));
      expect(r.mode).toBe('evolving');
      expect(r.is_correct, `${entry.conv_id}: ${r.details.message}`).not.toBeNull();
      expect(r.is_correct).toBe(r.previous_is_correct);
    }
  });

  test('without a plan an evolving log stays unscored', async () => {
    const entry = sampleLogs()[0]!;
    const r = await rescoreConversation(undefined, entry, opts);
    expect(r.is_correct).toBeNull();
    expect(r.details.message).toMatch(/no evolving-intent plan/);
  });

  test('a superseded value in the final SQL is inactive content', async () => {
    const plans = await samplePlans();
    const entry = sampleLogs().find((e) => e.conv_id === 'ddc1d6769d367d4d28c22055')!;
    const r = await rescoreConversation(undefined, entry, opts, plans.get(entry.task_id));
    expect(r.is_correct).toBe(false);
    expect(r.inactive.map((s) => s.value)).toContain('2026-09-30');
    expect(r.inactive.every((s) => s.kind === 'superseded')).toBe(true);
  });
});

describe('detectPlanInactive', () => {
  test('math: superseded values and earlier answers are found, anchor values are not', async () => {
    const orchard = (await samplePlans()).get('sample-evolving-math/orchard')!;
    const text = 'With 10 baskets that is 300 apples; at 0.4 each, 144. Now: 12 × 30 = 360, × 0.5 = 180.';
    const found = detectPlanInactive(orchard, text).map((s) => text.slice(s.start, s.end));
    expect(found).toEqual(expect.arrayContaining(['10', '300', '0.4', '144']));
    expect(found).not.toContain('180');
    expect(found).not.toContain('12');
    expect(detectPlanInactive(orchard, 'She makes 180.')).toEqual([]);
  });
});

describe('intent-lens score with plans', () => {
  test.each([['--plans'], ['--records']])(
    '%s <file>.evolving.jsonl scores evolving logs against their anchors',
    async (flag) => {
      // Math logs only: the CLI's own SQL executor needs the built worker, which unit tests do not have.
      const dir = mkdtempSync(join(tmpdir(), 'intent-lens-plans-'));
      const logFile = join(dir, 'math.jsonl');
      const mathLines = readFileSync(join(repoRoot, 'samples/logs/evolving/model-a.jsonl'), 'utf8')
        .split('\n')
        .filter((l) => l.includes('"task":"math"'));
      writeFileSync(logFile, mathLines.join('\n') + '\n');
      let out = '';
      const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
        out += String(chunk);
        return true;
      });
      try {
        expect(
          await scoreCommand.run([
            flag!,
            join(repoRoot, 'samples/evolving/sample.evolving.jsonl'),
            '--logs',
            logFile,
            '--json',
          ]),
        ).toBe(0);
      } finally {
        spy.mockRestore();
      }
      const report = JSON.parse(out) as {
        conversations: Array<{ is_correct: boolean | null; previous_is_correct: boolean | null }>;
        summary: { conversations: number; unscored: number; agree: number };
      };
      expect(report.summary.conversations).toBe(mathLines.length);
      expect(report.summary.unscored).toBe(0);
      expect(report.summary.agree).toBe(mathLines.length);
    },
  );
});
