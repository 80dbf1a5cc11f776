// Benchmark of the run-log index (issue: foundation). Generates a synthetic ≥200 MB log folder with
// realistic conversation sizes and measures, each in its own child process so peak RSS is its own:
//   bound    – raw read + JSON.parse of every line (the throughput bound)
//   holdall  – the same, keeping every parsed line (the memory peer)
//   index    – RunLogIndex over the folder (throughput, peak RSS, time to first rows)
//   open     – p50/p95 time to read one conversation back by offset
//   python   – a LiC-style loader: json.loads of every line into a list (when python3 exists)
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
  openSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLines } from '../src/core/jsonl/lineReader';
import { RunLogIndex, type ConversationRef } from '../src/core/load/runLogIndex';

const WORDS =
  'the of and to in is that for it as with was on be by this are or from at an which have not but were all can has one more their will if about when there so what some into other than then them these two may only its new also time after most many would up out like could first any well like step total answer each'.split(
    ' ',
  );

function lcg(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

function text(rand: () => number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(WORDS[Math.floor(rand() * WORDS.length)]!);
  return out.join(' ');
}

/** One conversation shaped like the real LiC logs (~25–35 KB, 8 turns with bookkeeping). */
function conversation(rand: () => number, i: number, model: string): string {
  const trace: unknown[] = [
    {
      role: 'system',
      content: 'As an expert problem solver solve step by step the following mathematical questions.',
      timestamp: '2026-06-18 05:57:40',
    },
  ];
  const turns = 5 + Math.floor(rand() * 6);
  for (let t = 1; t <= turns; t++) {
    trace.push({
      role: 'log',
      content: { type: 'state_transition', from: 'TURN_START', to: 'REVEAL_NEW_SHARD' },
      timestamp: '2026-06-18 05:57:40',
    });
    trace.push({ role: 'log', content: { type: 'hint_revealed', shard_id: t }, timestamp: '2026-06-18 05:57:40' });
    trace.push({
      role: 'user',
      content: text(rand, 15 + Math.floor(rand() * 30)),
      timestamp: '2026-06-18 05:57:41',
      cost_usd: 0.0001,
    });
    trace.push({
      role: 'assistant',
      content: text(rand, 300 + Math.floor(rand() * 500)),
      timestamp: '2026-06-18 05:57:44',
    });
    trace.push({
      role: 'log',
      content: {
        type: 'system-verification',
        response: { response_type: rand() < 0.5 ? 'answer_attempt' : 'clarification' },
      },
      timestamp: '2026-06-18 05:57:45',
      cost_usd: 0.0001,
    });
    trace.push({
      role: 'log',
      content: {
        type: 'answer-evaluation',
        exact_answer: String(t * 7),
        is_correct: rand() < 0.5,
        score: rand() < 0.5 ? 1 : 0,
        evaluation_return: { score: 0 },
      },
      timestamp: '2026-06-18 05:57:46',
    });
  }
  const conditions = ['original', 'neutral', 'retained', 'revised'];
  return JSON.stringify({
    conv_id: `bench-${model}-${i}`,
    conv_type: 'sharded',
    task: 'math',
    task_id: `sharded-GSM8K/${i % 5000}`,
    assistant_model: model,
    user_model: 'gpt-4o-mini',
    system_model: 'gpt-4o-mini',
    mode: 'multi',
    condition: conditions[i % 4],
    trace,
    is_correct: rand() < 0.6,
    score: null,
  });
}

export function generateLogs(dir: string, targetBytes: number): { files: string[]; bytes: number; lines: number } {
  mkdirSync(dir, { recursive: true });
  const models = ['model-a', 'model-b', 'model-c', 'model-d'];
  const files = models.map((m) => join(dir, `${m}.jsonl`));
  const fds = files.map((f) => openSync(f, 'w'));
  const rand = lcg(42);
  let bytes = 0;
  let lines = 0;
  while (bytes < targetBytes) {
    const m = lines % models.length;
    const line = conversation(rand, lines, models[m]!) + '\n';
    writeSync(fds[m]!, line);
    bytes += Buffer.byteLength(line);
    lines++;
  }
  fds.forEach((fd) => closeSync(fd));
  return { files, bytes, lines };
}

async function readParseAll(files: string[], keep: boolean): Promise<{ lines: number; kept: unknown[] }> {
  const kept: unknown[] = [];
  let lines = 0;
  // The same chunked line reader the index uses: the bound differs only by validation and indexing.
  for (const f of files) {
    for await (const l of readLines(f)) {
      if (!l.text) continue;
      const v: unknown = JSON.parse(l.text);
      lines++;
      if (keep) kept.push(v);
    }
  }
  return { lines, kept };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Child-process entry: runs one measurement and prints JSON. */
export async function childMain(kind: string, dir: string): Promise<void> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => join(dir, f));
  const t0 = performance.now();
  const out: Record<string, number> = {};
  if (kind === 'bound' || kind === 'holdall') {
    const r = await readParseAll(files, kind === 'holdall');
    out.ms = performance.now() - t0;
    out.lines = r.lines;
    out.kept = r.kept.length;
  } else if (kind === 'index') {
    const idx = new RunLogIndex();
    let first = -1;
    for (const f of files) {
      await idx.indexFile(f, {
        batchSize: 50,
        onBatch: () => {
          if (first < 0) first = performance.now() - t0;
        },
      });
    }
    out.ms = performance.now() - t0;
    out.firstRowsMs = first;
    out.lines = idx.conversations().length;
    // Open conversations by offset: random sample.
    const refs: ConversationRef[] = idx.conversations();
    const rand = lcg(7);
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const ref = refs[Math.floor(rand() * refs.length)]!;
      const s = performance.now();
      await idx.readConversation(ref);
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    out.openP50Ms = percentile(times, 50);
    out.openP95Ms = percentile(times, 95);
  }
  out.maxRssMB = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(JSON.stringify(out) + '\n');
}

function runChild(self: string, kind: string, dir: string): Record<string, number> {
  const r = spawnSync(process.execPath, ['--max-old-space-size=16000', self, '--child', kind, dir], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (r.status !== 0) throw new Error(`bench child ${kind} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Record<string, number>;
}

function runPython(dir: string): Record<string, number> | undefined {
  const py = spawnSync('python3', ['--version']);
  if (py.status !== 0) return undefined;
  const code = `
import json, sys, time, os, resource
d = sys.argv[1]
t0 = time.perf_counter()
convs = []
for f in sorted(os.listdir(d)):
    if f.endswith('.jsonl'):
        with open(os.path.join(d, f)) as fh:
            for line in fh:
                if line.strip():
                    convs.append(json.loads(line))
ms = (time.perf_counter() - t0) * 1000
print(json.dumps({"ms": ms, "lines": len(convs), "maxRssMB": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
`;
  const r = spawnSync('python3', ['-c', code, dir], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (r.status !== 0) return undefined;
  return JSON.parse(r.stdout.trim()) as Record<string, number>;
}

export async function benchRunLogIndex(
  self: string,
  opts: { targetMB?: number; keep?: boolean; python?: boolean } = {},
): Promise<Record<string, number | string>> {
  const dir = join(tmpdir(), `intent-lens-bench-${process.pid}-${opts.targetMB ?? 200}`);
  rmSync(dir, { recursive: true, force: true });
  const targetMB = opts.targetMB ?? 200;
  const g0 = performance.now();
  const gen = generateLogs(dir, targetMB * 1024 * 1024);
  const genMs = performance.now() - g0;
  const sizeMB = gen.bytes / 1024 / 1024;
  try {
    // Warm the page cache so every contender reads from memory.
    runChild(self, 'bound', dir);
    // Best of three, interleaved: the machine may be shared, and both sides should see the same load.
    const best = (a: Record<string, number>, b: Record<string, number>) => (b.ms! < a.ms! ? b : a);
    let bound = runChild(self, 'bound', dir);
    let index = runChild(self, 'index', dir);
    for (let i = 0; i < 2; i++) {
      bound = best(bound, runChild(self, 'bound', dir));
      index = best(index, runChild(self, 'index', dir));
    }
    const holdall = runChild(self, 'holdall', dir);
    const baseline = runChild(self, 'baseline', dir);
    const python = opts.python === false ? undefined : runPython(dir);
    const res: Record<string, number | string> = {
      'logs.sizeMB': +sizeMB.toFixed(1),
      'logs.conversations': gen.lines,
      'logs.avgConversationKB': +(gen.bytes / gen.lines / 1024).toFixed(1),
      'generate.ms': Math.round(genMs),
      'bound.readParse.MBps': +(sizeMB / (bound.ms! / 1000)).toFixed(1),
      'index.MBps': +(sizeMB / (index.ms! / 1000)).toFixed(1),
      'index.throughputVsBound': +(bound.ms! / index.ms!).toFixed(3),
      'index.peakRssMB': Math.round(index.maxRssMB!),
      'holdall.peakRssMB': Math.round(holdall.maxRssMB!),
      'index.memoryVsHoldall': +(index.maxRssMB! / holdall.maxRssMB!).toFixed(3),
      'node.baselineRssMB': Math.round(baseline.maxRssMB!),
      'index.aboveBaselineVsHoldall': +(
        (index.maxRssMB! - baseline.maxRssMB!) /
        (holdall.maxRssMB! - baseline.maxRssMB!)
      ).toFixed(3),
      'index.firstRowsMs': +index.firstRowsMs!.toFixed(1),
      'open.p50Ms': +index.openP50Ms!.toFixed(2),
      'open.p95Ms': +index.openP95Ms!.toFixed(2),
    };
    if (python) {
      res['python.licLoader.ms'] = Math.round(python.ms!);
      res['python.licLoader.peakRssMB'] = Math.round(python.maxRssMB!);
      res['index.speedupVsPython'] = +(python.ms! / index.ms!).toFixed(2);
    } else res['python.licLoader'] = opts.python === false ? 'skipped at this size' : 'python3 not found';
    res['targets'] = [
      `throughput ≥ 0.70 of bound: ${bound.ms! / index.ms! >= 0.7 ? 'met' : 'MISSED'}`,
      // Above Node's own baseline (issue 14): the baseline is the same for both and is not the index's.
      `memory above baseline ≤ 0.20 of hold-all's: ${(index.maxRssMB! - baseline.maxRssMB!) / (holdall.maxRssMB! - baseline.maxRssMB!) <= 0.2 ? 'met' : 'MISSED'}`,
      `first rows ≤ 500 ms: ${index.firstRowsMs! <= 500 ? 'met' : 'MISSED'}`,
      `open ≤ 50 ms (p95): ${index.openP95Ms! <= 50 ? 'met' : 'MISSED'}`,
    ].join('; ');
    return res;
  } finally {
    if (!opts.keep) rmSync(dir, { recursive: true, force: true });
  }
}

export function folderSize(dir: string): number {
  return existsSync(dir) ? readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0) : 0;
}
void writeFileSync;
