// Benchmark of the results analysis (issue: dashboard): computeStats over 100k synthetic
// ConversationRefs (10 models × 4 domains × 1,250 sources × Table 1's 8 columns, plus depth paths),
// with verdicts correlated per source like real runs. The Fig. 4 check really reads the new-error
// conversations back by offset from a log file of LiC-sized lines (~30 KB); nothing else is read.
// Target: ≤ 2 s in total.
import { mkdtempSync, openSync, writeSync, closeSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConversationRef, Verdict } from '../src/core/load/runLogIndex';
import { computeStats } from '../src/core/stats/computeStats';
import { statsDetectors } from '../src/core/stats/statsDetectors';
import type { BenchmarkRecord } from '../src/core/schema/records';
import { GRID_COLUMNS } from '../src/core/stats/statsTypes';
import { BootstrapThread } from '../src/core/stats/bootstrapThread';

/** The longest the event loop went without a turn while `work` ran: what a host would freeze for. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let longest = 0;
  let last = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  await work();
  clearInterval(tick);
  return Math.max(longest, performance.now() - last);
}

function lcg(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

const FILLER =
  'the chef bought some bags of onions and each bag weighs fifty pounds so the total is computed step by step '.repeat(
    12,
  );

/** A LiC-sized conversation line whose final answer mentions the rejected value half the time. */
function conversationLine(convId: string, rand: () => number): string {
  const trace: unknown[] = [
    { role: 'system', content: 'As an expert problem solver solve step by step the following mathematical questions.' },
  ];
  for (let t = 1; t <= 8; t++) {
    trace.push({ role: 'user', content: `shard ${t}: ${FILLER.slice(0, 200)}` });
    trace.push({ role: 'log', content: { type: 'shard_revealed', shard_id: t } });
    trace.push({ role: 'assistant', content: FILLER + FILLER });
    trace.push({
      role: 'log',
      content: { type: 'answer-evaluation', exact_answer: String(t), is_correct: false, score: 0 },
    });
  }
  trace.push({
    role: 'assistant',
    content:
      rand() < 0.5
        ? `${FILLER} so with 2 bags the answer is 150`
        : `${FILLER} so with 4 bags of 50 pounds the answer is 301`,
  });
  return JSON.stringify({
    conv_id: convId,
    task: 'math',
    task_id: 'x',
    assistant_model: 'm',
    trace,
    is_correct: false,
  });
}

const RECORD: BenchmarkRecord = {
  task_id: 'math/0',
  task: 'math',
  shards: [
    { shard_id: 1, shard_text: 'calculate how much the chef spent on onions' },
    { shard_id: 2, shard_text: 'the chef bought 4 bags of onions' },
    { shard_id: 3, shard_text: 'each bag weighs 50 pounds and a pound costs $1.50' },
  ],
  question:
    'A chef bought 4 bags of onions. Each bag weighs 50 pounds. A pound of onions cost $1.50. How much did the chef spend?',
  answer: '#### 300',
  intent: {
    shard_id: 2,
    requirement: 'number of bags',
    original: '4 bags',
    revised: '2 bags',
    proposal: 'Can we go with 2 bags instead?',
    accept: 'Yes, go with that.',
    reject: 'No, keep it as I said.',
    neutral: ['Does the bag count matter?', 'You use the count I gave, right?'],
    single_turn: {
      original:
        'A chef bought 4 bags of onions. Each bag weighs 50 pounds. A pound of onions cost $1.50. How much did the chef spend?',
      direct_revised:
        'A chef bought 2 bags of onions. Each bag weighs 50 pounds. A pound of onions cost $1.50. How much did the chef spend?',
    },
    reference: { original: 300, revised: 150 },
  },
};

export async function benchStats(
  opts: { models?: number; sourcesPerModel?: number } = {},
): Promise<Record<string, number | string>> {
  const models = opts.models ?? 10;
  const sources = opts.sourcesPerModel ?? 1250;
  const domains = ['math', 'code', 'database', 'actions'];
  const rand = lcg(7);
  const dir = mkdtempSync(join(tmpdir(), 'il-stats-bench-'));
  const file = join(dir, 'errors.jsonl');
  const fd = openSync(file, 'w');
  let offset = 0;
  let line = 0;
  let fileBytes = 0;
  const refs: ConversationRef[] = [];
  // Column difficulty shifts (pp) roughly like Table 1: single high, multi lower, retained lowest.
  const shift = [0, -0.01, -0.06, -0.08, -0.36, -0.4, -0.41, -0.44];
  const verdictFor = (p: number): Verdict => (rand() < 0.01 ? 'unscored' : rand() < p ? 'correct' : 'incorrect');
  for (let m = 0; m < models; m++) {
    const model = `model-${m}`;
    for (let s = 0; s < sources; s++) {
      const task = domains[s % 4]!;
      const taskId = `${task}/${s}`;
      const skill = 0.75 + 0.25 * rand();
      let origCorrect = false;
      GRID_COLUMNS.forEach((c, i) => {
        const verdict = verdictFor(Math.max(0, Math.min(1, skill + shift[i]!)));
        if (c.mode === 'multi' && c.condition === 'original') origCorrect = verdict === 'correct';
        const convId = `${model}-${taskId}-${c.mode}-${c.condition}`;
        let ref: ConversationRef = {
          file,
          line: 0,
          offset: 0,
          length: 0,
          conv_id: convId,
          task,
          task_id: taskId,
          model,
          mode: c.mode,
          condition: c.condition,
          verdict,
          turns: 16,
        };
        // Only Retained/Revised errors of Original-correct sources are read back: write those lines.
        if (
          c.mode === 'multi' &&
          (c.condition === 'retained' || c.condition === 'revised') &&
          verdict === 'incorrect' &&
          origCorrect
        ) {
          const text = conversationLine(convId, rand);
          const bytes = Buffer.byteLength(text);
          writeSync(fd, text + '\n');
          ref = { ...ref, line: ++line, offset, length: bytes };
          offset += bytes + 1;
          fileBytes += bytes + 1;
        }
        refs.push(ref);
      });
    }
  }
  closeSync(fd);
  // Depth paths on a tenth of the sources pad the set to 100k conversations.
  const paths = [
    'accumulation-neutral',
    'accumulation-retained',
    'persistence-retained',
    'persistence-revised',
  ] as const;
  for (let i = 0; refs.length < 100_000; i++) {
    const path = paths[i % 4]!;
    refs.push({
      file,
      line: 0,
      offset: 0,
      length: 0,
      conv_id: `path-${i}`,
      task: domains[i % 4]!,
      task_id: `${domains[i % 4]}/${i % sources}`,
      model: `model-${i % models}`,
      mode: 'multi',
      condition: 'neutral',
      path,
      k: 1 + (i % 4),
      verdict: verdictFor(0.4),
      turns: 20,
    });
  }

  // The real wiring (detectInactive on every new error's final answer), one math record for all sources.
  const { detectorName, close, ...detectors } = statsDetectors(() => RECORD);
  const t0 = performance.now();
  const report = await computeStats(refs, detectors);
  const totalMs = performance.now() - t0;
  await close();
  rmSync(dir, { recursive: true, force: true });
  // The dashboard's wiring: the bootstrap on a worker thread (fresh caches on both runs).
  const stallInThread = await longestStall(() => computeStats(refs));
  const thread = new BootstrapThread();
  const stallWorker = await longestStall(() => computeStats(refs, { bootstrapRunner: thread.run }));
  const offThread = thread.offThread;
  thread.dispose();
  const pooled = report.inactive.filter((r) => r.model === '*' && r.domain === '*');
  const newErrors = pooled.reduce((n, r) => n + r.new_errors, 0);
  return {
    conversations: refs.length,
    cells: report.cells.length,
    new_errors_read: newErrors,
    new_error_bytes_MB: +(fileBytes / 2 ** 20).toFixed(1),
    aggregate_ms: +report.timings.aggregateMs.toFixed(1),
    inactive_ms: +report.timings.inactiveMs.toFixed(1),
    total_ms: +totalMs.toFixed(1),
    target_ms: 2000,
    within_target: totalMs <= 2000 ? 'yes' : 'NO',
    detector: detectorName,
    with_inactive: pooled.reduce((n, r) => n + (r.with_inactive ?? 0), 0),
    host_stall_bootstrap_in_thread_ms: +stallInThread.toFixed(0),
    host_stall_bootstrap_on_worker_ms: +stallWorker.toFixed(0),
    bootstrap_worker: offThread ? 'yes' : 'NO (dist/bootstrapWorker.js not built)',
  };
}
