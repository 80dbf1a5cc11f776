import { describe, it, expect, beforeEach } from 'vitest';
import { mkdtempSync, writeFileSync, appendFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseRecordsText } from '../../../src/core/load/recordsFile';
import { RunLogIndex, verdictOf } from '../../../src/core/load/runLogIndex';
import { refOfEntry } from '../../../src/core/load/runLogRefs';
import type { RunLogEntry } from '../../../src/core/schema/runlog';
import { validatePaths } from '../../../src/core/load/validateFiles';
import { locateJsonError } from '../../../src/core/jsonl/jsonSyntax';
import { JsonSpanError, parseJsonSpans } from '../../../src/core/jsonl/jsonSpans';

const SHARED = resolve(__dirname, '../../../../shared/data');

const rec = (id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    task_id: id,
    task: 'math',
    shards: [
      { shard_id: 1, shard_text: 'goal' },
      { shard_id: 2, shard: 'LiC key' },
    ],
    question: 'q',
    answer: '#### 3',
    ...extra,
  });

const conv = (id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    conv_id: id,
    task: 'math',
    task_id: 't1',
    assistant_model: 'm1',
    trace: [
      { role: 'user', content: 'hi' },
      { role: 'log', content: { type: 'hint_revealed', shard_id: 1 } },
      { role: 'assistant', content: 'the answer is 3' },
      { role: 'log', content: { type: 'answer-evaluation', exact_answer: '3', is_correct: null, score: 1 } },
      { role: 'log', content: { type: 'some_future_type', anything: [1, 2] } },
    ],
    is_correct: null,
    score: 1,
    ...extra,
  });

describe('records loader', () => {
  it('loads good lines, locates bad ones, keeps unknown fields and raw text', () => {
    const text =
      '\uFEFF' +
      [
        rec('a', { custom: { keep: true } }),
        '',
        '{"task_id": "b", "task": "math", "shards": [}',
        rec('a'),
        JSON.stringify({ task_id: 'c', task: 'math', shards: [{ shard_id: 'x', shard_text: 's' }] }),
        rec('d'),
      ].join('\r\n') +
      '\r\n';
    const f = parseRecordsText('r.records.jsonl', text);
    expect(f.items.map((i) => i.value.task_id)).toEqual(['a', 'd']);
    expect((f.items[0]!.value as Record<string, unknown>).custom).toEqual({ keep: true });
    expect(f.items[0]!.raw).toBe(rec('a', { custom: { keep: true } }));
    const byCode = Object.fromEntries(f.diagnostics.map((d) => [d.code, d]));
    expect(byCode['json-syntax']).toMatchObject({ line: 3, severity: 'error' });
    expect(byCode['json-syntax']!.column).toBeGreaterThan(40);
    expect(byCode['duplicate-task-id']).toMatchObject({ line: 4, path: 'task_id' });
    expect(byCode['schema']).toMatchObject({ line: 5, path: 'shards[0].shard_id' });
  });

  it('reports an unterminated, unparseable last line as incomplete, not as a syntax error', () => {
    const f = parseRecordsText('r.jsonl', rec('a') + '\n' + rec('b').slice(0, 30));
    expect(f.items).toHaveLength(1);
    expect(f.diagnostics).toEqual([expect.objectContaining({ code: 'incomplete-line', line: 2, severity: 'warning' })]);
  });

  it('accepts a .json array and locates elements by line', () => {
    const text = `[\n  ${rec('a')},\n  {"task_id": "b", "task": "nope", "shards": []}\n]\n`;
    const f = parseRecordsText('x.records.json', text);
    expect(f.items.map((i) => i.value.task_id)).toEqual(['a']);
    expect(f.diagnostics.every((d) => d.line === 3)).toBe(true);
    expect(f.diagnostics.map((d) => d.path)).toEqual(expect.arrayContaining(['task', 'shards']));
  });
});

describe('locateJsonError', () => {
  it('finds the offset V8 does not always give', () => {
    expect(locateJsonError('{"a": }')).toMatchObject({ offset: 6 });
    expect(locateJsonError('{"a": 1')!.message).toMatch(/truncated|end/);
    expect(locateJsonError('{"a": [1, 2], "b": "ok"}')).toBeUndefined();
  });

  it('is where the span scanner stops, so edits and diagnostics agree on what is valid', () => {
    const bad = '{"a": "x\\qy"}';
    expect(() => parseJsonSpans(bad)).toThrow(JsonSpanError);
    expect(locateJsonError(bad)).toEqual({ offset: 9, message: 'invalid escape in string' });
    expect(parseJsonSpans('{"a": "x\\ny"}')).toMatchObject({
      type: 'object',
      members: [{ key: 'a', keyStart: 1, value: { type: 'string', start: 6, end: 12 } }],
    });
  });
});

describe('RunLogIndex', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'il-index-'));
  });

  it('indexes offsets, reads a conversation back, keeps unknown log types', async () => {
    const p = join(dir, 'm.jsonl');
    writeFileSync(
      p,
      [conv('c1'), conv('c2', { condition: 'retained', mode: 'multi', is_correct: false })].join('\n') + '\n',
    );
    const idx = new RunLogIndex();
    const r = await idx.indexFile(p);
    expect(r.diagnostics).toEqual([]);
    expect(r.added.map((c) => [c.conv_id, c.condition, c.verdict, c.turns])).toEqual([
      ['c1', 'original', 'correct', 2],
      ['c2', 'retained', 'incorrect', 2],
    ]);
    const e = await idx.readConversation(idx.get('c2')!);
    expect(e.conv_id).toBe('c2');
    expect(e.trace[4]!.content).toEqual({ type: 'some_future_type', anything: [1, 2] });
  });

  it('picks up appended lines and a truncated last line once it is completed', async () => {
    const p = join(dir, 'grow.jsonl');
    writeFileSync(p, conv('c1') + '\r\n');
    const idx = new RunLogIndex();
    await idx.indexFile(p);
    const partial = conv('c2');
    appendFileSync(p, partial.slice(0, 50));
    const r2 = await idx.indexFile(p);
    expect(r2.added).toHaveLength(0);
    expect(r2.diagnostics).toEqual([expect.objectContaining({ code: 'incomplete-line', line: 2 })]);
    appendFileSync(p, partial.slice(50) + '\n' + conv('c3'));
    const r3 = await idx.indexFile(p);
    expect(r3.added.map((c) => [c.conv_id, c.line])).toEqual([
      ['c2', 2],
      ['c3', 3],
    ]);
    expect(idx.diagnostics(p)).toEqual([]);
    appendFileSync(p, '\n' + conv('c4') + '\n');
    const r4 = await idx.indexFile(p);
    expect(r4.added.map((c) => [c.conv_id, c.line])).toEqual([['c4', 4]]);
    expect((await idx.readConversation(idx.get('c3')!)).conv_id).toBe('c3');
  });

  it('locates bad lines and still loads the rest; duplicate conv_ids are errors on the later line', async () => {
    const p = join(dir, 'bad.jsonl');
    const badTrace = JSON.stringify({
      conv_id: 'x',
      task: 'math',
      task_id: 't',
      trace: [
        { role: 'user', content: 'a' },
        { role: 'log', content: { type: 'event', event: 'maybe', block: 1 } },
      ],
    });
    writeFileSync(p, [conv('c1'), '{oops', badTrace, conv('c1'), '', conv('c5')].join('\n') + '\n');
    const idx = new RunLogIndex();
    const r = await idx.indexFile(p);
    expect(r.added.map((c) => c.conv_id)).toEqual(['c1', 'c5']);
    expect(r.diagnostics.map((d) => [d.line, d.code, d.path])).toEqual([
      [2, 'json-syntax', ''],
      [3, 'schema', 'trace[1].content.event'],
      [4, 'duplicate-conv-id', 'conv_id'],
    ]);
  });

  it('re-indexes a file rewritten in place', async () => {
    const p = join(dir, 'rw.jsonl');
    writeFileSync(p, conv('c1') + '\n' + conv('c2') + '\n');
    const idx = new RunLogIndex();
    await idx.indexFile(p);
    writeFileSync(p, conv('c9') + '\n' + conv('c2') + '\n' + conv('c3') + '\n');
    const r = await idx.indexFile(p);
    expect(r.reset).toBe(true);
    expect(idx.conversations().map((c) => c.conv_id)).toEqual(['c9', 'c2', 'c3']);
  });

  it('sums logged cost and tokens (usage input + output) into the summary, and leaves them out when none is logged', () => {
    const entry = (trace: unknown[]) =>
      ({
        conv_id: 'c',
        task: 'math',
        task_id: 't',
        mode: 'multi',
        condition: 'original',
        trace,
      }) as unknown as RunLogEntry;
    const at = { file: 'f', line: 1, offset: 0, length: 1 };
    const ref = refOfEntry(
      entry([
        { role: 'user', content: 'q' },
        { role: 'assistant', content: 'a', cost_usd: 0.001, usage: { input_tokens: 120, output_tokens: 30 } },
        { role: 'user', content: 'q2', usage: { input_tokens: 'many' } },
        { role: 'assistant', content: 'b', cost_usd: 0.002, usage: { output_tokens: 50 } },
      ]),
      at,
    );
    expect(ref.tokens).toBe(200);
    expect(ref.costUsd).toBeCloseTo(0.003);
    const none = refOfEntry(
      entry([
        { role: 'user', content: 'q' },
        { role: 'assistant', content: 'a' },
      ]),
      at,
    );
    expect('tokens' in none || 'costUsd' in none).toBe(false);
  });

  it('verdictOf reads is_correct first, then LiC math score', () => {
    expect(verdictOf({ is_correct: true })).toBe('correct');
    expect(verdictOf({ is_correct: null, score: 0 })).toBe('incorrect');
    expect(verdictOf({ is_correct: null, score: 1 })).toBe('correct');
    expect(verdictOf({ is_correct: null, score: null })).toBe('unscored');
  });
});

describe.skipIf(!existsSync(SHARED))('shared real data', () => {
  it('loads all records and all 729 real conversations with no error', async () => {
    const files = await validatePaths([SHARED]);
    const errors = files.flatMap((f) => f.diagnostics.filter((d) => d.severity === 'error'));
    expect(errors).toEqual([]);
    const logs = files.filter((f) => f.kind === 'logs').reduce((n, f) => n + f.items, 0);
    const records = files.filter((f) => f.kind === 'records').reduce((n, f) => n + f.items, 0);
    expect(logs).toBe(729);
    expect(records).toBe(8);
  });
});
