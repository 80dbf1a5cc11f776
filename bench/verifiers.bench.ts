// Verifier throughput: answers scored per second for math, actions and database (10k answers
// each, varied so nothing is a repeat of the same text), and code verifier throughput with N
// workers, each a warm fork-server inside its own bubblewrap sandbox. Records, does not assert. `npm run bench` calls benchVerifiers().
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import pLimit from 'p-limit';
import type { BenchmarkRecord } from '../src/core/schema/records';
import { verifyAnswer } from '../src/core/verify/verifyAnswer';
import { SqlExecutor, type SqlExecutorOptions } from '../src/core/verify/database/sqlExecutor';
import { closeCodeSandboxes } from '../src/core/verify/code/codeSandbox';

const ANSWERS = 10_000;

const mathRecord: BenchmarkRecord = {
  task_id: 'bench-math',
  task: 'math',
  shards: [
    {
      shard_id: 1,
      shard_text: 'A chef bought 4 bags of onions, 50 pounds each, at $1.50 a pound. How much did he spend?',
    },
  ],
  answer: '#### 300',
};

const actionsRecord: BenchmarkRecord = {
  task_id: 'bench-actions',
  task: 'actions',
  shards: [{ shard_id: 1, shard_text: 'Areas of three triangles.' }],
  function: [
    {
      name: 'calc_area_triangle',
      parameters: {
        type: 'dict',
        properties: { base: { type: 'integer' }, height: { type: 'integer' }, unit: { type: 'string' } },
        required: ['base', 'height'],
      },
    },
  ],
  reference_answer: [
    { calc_area_triangle: { base: [10], height: [5], unit: ['meters', 'm', ''] } },
    { calc_area_triangle: { base: [15], height: [7], unit: ['meters', 'm', ''] } },
    { calc_area_triangle: { base: [20], height: [10], unit: ['meters', 'm', ''] } },
  ],
  language: 'Python',
  test_category: 'parallel',
};

function mathAnswer(i: number): string {
  const bags = 2 + (i % 7);
  const total = bags * 75;
  return `Let's work it out step by step.\n1. Each bag weighs 50 pounds, so ${bags} bags weigh ${bags * 50} pounds.\n2. At $1.50 per pound: ${bags * 50} x 1.50 = $${total.toLocaleString('en-US')}.00\n\nSo the chef spent **$${total.toLocaleString('en-US')}** in total (request #${i}).`;
}

function actionsAnswer(i: number): string {
  const calls = [
    `calc_area_triangle(height=5, base=10${i % 3 === 0 ? ", unit='m'" : ''})`,
    `calc_area_triangle(base=15, height=${i % 5 === 0 ? 8 : 7})`,
    `calc_area_triangle(base=20, height=10)`,
  ];
  if (i % 2) calls.reverse();
  return i % 4 === 0 ? `\`\`\`python\n[${calls.join(', ')}]\n\`\`\`` : `[${calls.join(', ')}]`;
}

async function perSecond(
  n: number,
  score: (i: number) => Promise<unknown>,
): Promise<{ perSecond: number; ms: number }> {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await score(i);
  const ms = performance.now() - t0;
  return { perSecond: Math.round((n / ms) * 1000), ms: Math.round(ms) };
}

function shopDatabase(dir: string): void {
  const rows: string[] = [];
  const cities = ['Bath', 'Bristol', 'York', 'Leeds', 'Derby'];
  for (let i = 1; i <= 500; i++)
    rows.push(`(${i},'Customer ${i}','${cities[i % cities.length]}',${18 + ((i * 7) % 60)})`);
  writeFileSync(
    join(dir, 'shop.sql'),
    `CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT, city TEXT, age INTEGER);\nINSERT INTO customer VALUES ${rows.join(',')};\n`,
  );
}

export interface VerifierBenchOptions {
  answers?: number;
  codeAnswers?: number;
  workerCounts?: number[];
  /** Where the SQL worker and WASM are (default: beside the bench bundle in dist/). */
  sql?: SqlExecutorOptions;
}

export async function benchVerifiers(opts: VerifierBenchOptions = {}): Promise<Record<string, number | string>> {
  const n = opts.answers ?? ANSWERS;
  const out: Record<string, number | string> = { cores: cpus().length, answers: n };

  const math = await perSecond(n, (i) => verifyAnswer(mathRecord, 'original', mathAnswer(i)));
  out['math answers/s'] = math.perSecond;
  const actions = await perSecond(n, (i) => verifyAnswer(actionsRecord, 'original', actionsAnswer(i)));
  out['actions answers/s'] = actions.perSecond;

  const dir = mkdtempSync(join(tmpdir(), 'intent-lens-bench-db-'));
  const sql = new SqlExecutor(opts.sql ?? {});
  try {
    shopDatabase(dir);
    const dbRecord: BenchmarkRecord = {
      task_id: 'bench-db',
      task: 'database',
      db_id: 'shop',
      shards: [{ shard_id: 1, shard_text: 'Cities with more than 3 customers under 30.' }],
      reference_sql: 'SELECT city FROM customer WHERE age < 30 GROUP BY city HAVING count(*) > 3',
    };
    const dbAnswer = (i: number) =>
      `\`\`\`sql\nSELECT c.city FROM customer AS c WHERE c.age < ${20 + (i % 40)} AND c.id <> ${i} GROUP BY c.city HAVING COUNT(*) > 3\n\`\`\``;
    await verifyAnswer(dbRecord, 'original', dbAnswer(0), { databasesDir: dir, sql }); // load the database once
    const db = await perSecond(n, (i) => verifyAnswer(dbRecord, 'original', dbAnswer(i), { databasesDir: dir, sql }));
    out['database answers/s'] = db.perSecond;
  } finally {
    await sql.close();
    rmSync(dir, { recursive: true, force: true });
  }

  const codeRecord: BenchmarkRecord = {
    task_id: 'bench-code',
    task: 'code',
    shards: [{ shard_id: 1, shard_text: 'Insert a delimiter.' }],
    metadata: { func_name: 'intersperse' },
    test: 'def check(candidate):\n    assert candidate([], 7) == []\n    assert candidate([5, 6, 3, 2], 8) == [5, 8, 6, 8, 3, 8, 2]\n',
  };
  const codeAnswer = (i: number) =>
    `\`\`\`python\nfrom typing import List\n\ndef intersperse(numbers: List[int], delimeter: int) -> List[int]:\n    # variant ${i}\n    out = []\n    for j, x in enumerate(numbers):\n        if j:\n            out.append(delimeter)\n        out.append(x)\n    return out\n\`\`\``;
  const codeN = opts.codeAnswers ?? 300;
  for (const workers of opts.workerCounts ?? [1, 2]) {
    // Each worker count gets its own pool of sandboxes (one warm fork-server in bubblewrap each),
    // started before the clock runs: the rate is answers scored, not sandboxes started.
    const python = { workers };
    const limit = pLimit(workers);
    const warm = await Promise.all(
      Array.from({ length: workers }, (_, i) =>
        verifyAnswer(codeRecord, 'original', codeAnswer(i), { trusted: true, python }),
      ),
    );
    out[`code isolation (${workers} workers)`] = String(warm[0]?.details.info?.isolation ?? warm[0]?.details.message);
    const t0 = performance.now();
    const nodeCpu0 = process.cpuUsage();
    const results = await Promise.all(
      Array.from({ length: codeN }, (_, i) =>
        limit(() => verifyAnswer(codeRecord, 'original', codeAnswer(i), { trusted: true, python })),
      ),
    );
    const ms = performance.now() - t0;
    // CPU per answer (sandbox + this process): on a shared, loaded machine the wall rate says more
    // about the neighbours; cores / CPU per answer is what the verifier would do with the cores.
    const nodeCpu = process.cpuUsage(nodeCpu0);
    const sandboxCpuMs = results.reduce(
      (sum, r) => sum + (typeof r.details.info?.cpuMs === 'number' ? r.details.info.cpuMs : 0),
      0,
    );
    const cpuPerAnswer = (sandboxCpuMs + (nodeCpu.user + nodeCpu.system) / 1000) / codeN;
    out[`code CPU ms/answer (${workers} workers)`] = Math.round(cpuPerAnswer * 10) / 10;
    out[`code answers/s per ${cpus().length} cores of CPU (${workers} workers)`] =
      Math.round(((cpus().length * 1000) / cpuPerAnswer) * 10) / 10;
    const passed = results.filter((r) => r.is_correct).length;
    out[`code answers/s (${workers} workers)`] = Math.round((codeN / ms) * 1000 * 10) / 10;
    if (passed !== codeN)
      out[`code failures (${workers} workers)`] =
        `${codeN - passed}: ${results.find((r) => !r.is_correct)?.details.message}`;
  }
  closeCodeSandboxes();
  out['code answers per run'] = codeN;
  return out;
}
