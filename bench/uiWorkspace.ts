// The full-scale workspace of `npm run bench:ui`: Intent-Eval records and their run logs, generated
// (never copied) in the shapes of the real data — the onion record's intent block, the eight base
// instances per record and model, extended paths for a share of records, assistant replies of the
// LiC logs' length (≈ 25 KB a conversation). Deterministic; written once under .bench/ and reused.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchmarkRecord } from '../src/core/schema/records';
import { baseInstances, extendedInstances, renderInstance, type InstanceSpec } from '../src/core/render/instances';
import { onionRecord } from '../test/unit/compare/compareFixtures';

export interface UiWorkspaceShape {
  sources: number;
  models: number;
  /** Records (one in this many) that also get the extended paths, for every model. */
  extendedEvery: number;
}

export const FULL_SCALE: UiWorkspaceShape = { sources: 414, models: 12, extendedEvery: 40 };

const DOMAINS = ['math', 'code', 'database', 'actions'] as const;
const WORDS =
  'the of and to in is that for it as with was on be by this are or from at an which have not but were all can has one more their will if about when there so what some into other than then them these two may only its new also time after most many would up out like could first any well step total answer each bags pounds price'.split(
    ' ',
  );

function lcg(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

function words(rand: () => number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(WORDS[Math.floor(rand() * WORDS.length)]!);
  return out.join(' ');
}

export function benchRecord(i: number, rand: () => number): BenchmarkRecord {
  const domain = DOMAINS[i % DOMAINS.length]!;
  return {
    ...onionRecord(Math.floor(rand() * 5)),
    task_id: `bench-${domain}/source-${String(i).padStart(3, '0')}`,
    task: domain,
  };
}

function conversationLine(
  rec: BenchmarkRecord,
  spec: InstanceSpec,
  model: string,
  convId: string,
  rand: () => number,
): string {
  const inst = renderInstance(rec, spec);
  const trace: unknown[] = [];
  if (inst.system) trace.push({ role: 'system', content: inst.system, timestamp: '2026-06-18 05:57:40' });
  inst.messages.forEach((m, t) => {
    trace.push({ role: 'user', content: m.content, timestamp: '2026-06-18 05:57:41' });
    if (m.shard_id !== undefined)
      trace.push({
        role: 'log',
        content: { type: 'shard_revealed', shard_id: m.shard_id },
        timestamp: '2026-06-18 05:57:41',
      });
    if (m.event)
      trace.push({
        role: 'log',
        content: { type: 'event', event: m.event, block: m.block ?? 1 },
        timestamp: '2026-06-18 05:57:41',
      });
    trace.push({
      role: 'assistant',
      content: `Step ${t + 1}: ${words(rand, 600 + Math.floor(rand() * 1100))}`,
      timestamp: '2026-06-18 05:57:44',
    });
  });
  const correct = rand() < 0.6;
  trace.push({
    role: 'log',
    content: { type: 'answer-evaluation', exact_answer: correct ? '300' : '150', is_correct: correct, score: null },
    timestamp: '2026-06-18 05:57:46',
  });
  return JSON.stringify({
    conv_id: convId,
    task: rec.task,
    task_id: rec.task_id,
    assistant_model: model,
    user_model: 'gpt-4o-mini',
    mode: spec.mode,
    condition: spec.condition,
    ...(spec.path ? { path: spec.path, k: spec.k ?? 0 } : {}),
    trace,
    is_correct: correct,
    score: null,
  });
}

export interface UiWorkspace {
  dir: string;
  records: number;
  conversations: number;
  bytes: number;
  /** A source id with Retained and Revised runs for every model (the compare bench opens it). */
  compareSource: string;
}

/** Writes the workspace (or reuses the one written before with the same shape). */
export function ensureUiWorkspace(
  dir: string,
  shape: UiWorkspaceShape,
  log: (line: string) => void = () => undefined,
): UiWorkspace {
  const marker = join(dir, '.bench-complete.json');
  if (existsSync(marker)) {
    const done = JSON.parse(readFileSync(marker, 'utf8')) as UiWorkspace & { shape: UiWorkspaceShape };
    if (JSON.stringify(done.shape) === JSON.stringify(shape)) return done;
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const rand = lcg(14);
  const records = Array.from({ length: shape.sources }, (_, i) => benchRecord(i, rand));
  writeFileSync(join(dir, 'bench.records.jsonl'), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  let conversations = 0;
  let bytes = 0;
  for (let m = 0; m < shape.models; m++) {
    const model = `bench-model-${String(m + 1).padStart(2, '0')}`;
    for (const domain of DOMAINS) {
      mkdirSync(join(dir, 'logs', domain), { recursive: true });
      const fd = openSync(join(dir, 'logs', domain, `${model}.jsonl`), 'w');
      try {
        records.forEach((rec, i) => {
          if (rec.task !== domain) return;
          const specs = [...baseInstances(rec), ...(i % shape.extendedEvery === 0 ? extendedInstances(rec) : [])];
          for (const spec of specs) {
            const id = `${model}/${rec.task_id}/${spec.mode}-${spec.condition}${spec.path ? `-${spec.path}-k${spec.k}` : ''}`;
            const line = conversationLine(rec, spec, model, id, rand) + '\n';
            writeSync(fd, line);
            bytes += Buffer.byteLength(line);
            conversations++;
          }
        });
      } finally {
        closeSync(fd);
      }
    }
    log(
      `[bench:ui] model ${m + 1}/${shape.models}: ${conversations} conversations, ${(bytes / 2 ** 20).toFixed(0)} MB`,
    );
  }
  const ws: UiWorkspace = { dir, records: records.length, conversations, bytes, compareSource: records[0]!.task_id };
  writeFileSync(marker, JSON.stringify({ ...ws, shape }, null, 2));
  return ws;
}
