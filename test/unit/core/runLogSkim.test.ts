// The index's fast path (runLogSkim.ts) gives exactly what JSON.parse + validation give: the same
// ref for every line it reads, and no ref (the full parse then decides, with its diagnostics) for
// any line it cannot vouch for. Checked over the real logs and over hostile lines, line by line and
// through the scan (refs, diagnostics and cursor of a file, fast path against full parse). The
// run-log reader (runLogReader.ts), which every later read goes through (the views' open path,
// search, stats, fork), reads back at each skimmed ref what the full parse read there, and its
// whole-file read (`score`) reads the same conversations and problems.
import { describe, it, expect } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { skimRunLogRef, LogContentFields, CHECKED_BY_CONTENT_FIELDS } from '../../../src/core/load/runLogSkim';
import { parseRunLogLine, scanJsonlFile } from '../../../src/core/load/runLogScan';
import { KNOWN_LOG_SCHEMAS } from '../../../src/core/schema/runlog';
import type { Diagnostic } from '../../../src/core/jsonl/diagnostics';
import type { ConversationRef } from '../../../src/core/load/runLogRefs';
import type { RunLogEntry } from '../../../src/core/schema/runlog';
import { RunLogReader, readRunLogEntry, readRunLogLines } from '../../../src/core/load/runLogReader';
import { lastAssistantText } from '../../../src/core/conversation/lastAssistant';

const SHARED_LOGS = resolve(__dirname, '../../../../shared/data/logs');

const at = (line = 1, length = 0) => ({ file: 'log.jsonl', line, offset: 0, length });

/** The fast path's ref and the full parse's ref and diagnostics of one line. */
function both(text: string) {
  const diagnostics: Diagnostic[] = [];
  const full = parseRunLogLine(at(1, Buffer.byteLength(text)), text, diagnostics);
  const fast = skimRunLogRef(at(1, Buffer.byteLength(text)), Buffer.from(text, 'utf8'));
  return { fast, full: full?.ref, diagnostics };
}

/** The fast path may pass a line on, never give another ref than the full parse. */
function expectSame(text: string): ConversationRef | undefined {
  const { fast, full, diagnostics } = both(text);
  if (fast) {
    expect(diagnostics).toEqual([]);
    expect(fast).toStrictEqual(full);
  }
  return fast;
}

const message = (m: object) => m;
const base = {
  conv_id: 'c-1',
  task: 'math',
  task_id: 'sharded-GSM8K/1',
  assistant_model: 'model-a',
  mode: 'multi',
  condition: 'retained',
  trace: [
    message({ role: 'system', content: 'solve', timestamp: '2026-06-18 05:57:40' }),
    message({ role: 'log', content: { type: 'hint_revealed', shard_id: 1 }, timestamp: '2026-06-18 05:57:40' }),
    message({ role: 'user', content: 'how many?', timestamp: 1718690261, cost_usd: 0.0001 }),
    message({ role: 'assistant', content: 'Step 1:\n"quoted" \\ path', usage: { input_tokens: 10, output_tokens: 5 } }),
    message({
      role: 'log',
      content: {
        type: 'system-verification',
        response: { response_type: 'answer_attempt', extra: [1, { response_type: 'no' }] },
      },
    }),
    message({ role: 'log', content: { type: 'system-verification', response_type: 'clarification' } }),
    message({
      role: 'log',
      content: {
        type: 'answer-evaluation',
        exact_answer: '42',
        is_correct: true,
        score: 1,
        evaluation_return: { score: 1 },
      },
    }),
    message({ role: 'log', content: { type: 'state_transition', from: 'TURN_START', to: 'REVEAL_NEW_SHARD' } }),
  ],
  is_correct: null,
  score: 1,
};
const line = (over: object = {}) => JSON.stringify({ ...base, ...over });

/** Lines the fast path must read itself (a fallback would hide that it is wrong) and read right. */
const READ_BY_FAST_PATH: Record<string, string> = {
  plain: line(),
  'python json.dumps spacing': JSON.stringify(base, null, 0).replace(/","/g, '", "').replace(/":/g, '": '),
  'spaces everywhere': ` { "conv_id" :  "c-1" , "task" : "math" , "task_id" : "t" , "trace" : [ { "role" : "user" , "content" : "x" } , { "role" : "log" , "content" : { "type" : "event" , "event" : "accept" , "block" : 2 } } ] , "score" : 0 }  `,
  'escapes in values': line({ task_id: 'a"b\\c\u00e9\ud83d\ude00\u2028/', assistant_model: 'm\\u0041' }),
  'escaped keys': line().replace('"conv_id"', '"conv\\u005fid"').replace('"trace"', '"\\u0074race"'),
  'unicode text': line({ task: 'matématique', trace: [{ role: 'user', content: 'naïve 中文 😀 \u007f' }] }),
  'lone surrogate escape': line({ trace: [{ role: 'user', content: '\ud800 and \udfff' }] }),
  'duplicate top-level keys: the last wins': line().replace(
    '{"conv_id":"c-1"',
    '{"conv_id":"first","task_id":"first","conv_id":"c-1"',
  ),
  'duplicate keys in a message': line({ trace: [JSON.parse('{"role":"assistant"}')] }).replace(
    '{"role":"assistant"}',
    '{"role":"log","content":"x","role":"assistant","content":{"type":"x"},"content":"text"}',
  ),
  'nested keys named like the header': line({
    meta: { conv_id: 'nested', trace: [{ role: 'log' }], is_correct: false },
    extra: [{ task_id: 'x', score: 0 }],
  }),
  '__proto__ keys': line()
    .replace('{"conv_id"', '{"__proto__":{"conv_id":"evil","score":0},"conv_id"')
    .replace('"type":"state_transition"', '"__proto__":{"type":"event"},"type":"state_transition"'),
  numbers: line({
    k: 2.0,
    score: 0.5,
    trace: [
      { role: 'user', content: 'x', cost_usd: 1.5e-3 },
      {
        role: 'assistant',
        content: 'y', // eslint-disable-next-line no-loss-of-precision -- a number JSON cannot hold exactly, on purpose
        cost_usd: 12345678901234567890,
        usage: { input_tokens: 1e3, output_tokens: -0 },
      },
    ],
  })
    .replace('"k":2', '"k":2.000')
    .replace('"score":0.5', '"score":5E-1'),
  'negative zero and big exponent': line({ trace: [{ role: 'user', content: 'x', cost_usd: 0 }] })
    .replace('"cost_usd":0', '"cost_usd":-0.0')
    .replace('"score":1', '"score":1e400'),
  'response types and tokens': line({
    trace: [
      { role: 'log', content: { type: 'system-verification', response: 'flat', response_type: 'x' } },
      { role: 'log', content: { type: 'system-verification', response: null } },
      { role: 'assistant', content: 'a', usage: { input_tokens: 'ten' } },
    ],
  }),
  'a log type named like a prototype key': line({
    trace: [
      { role: 'log', content: { type: 'constructor' } },
      { role: 'log', content: { type: 'toString', x: 1 } },
    ],
  }),
  'intent_transition (its schema reads the whole content)': line({
    trace: [
      {
        role: 'log',
        content: {
          type: 'intent_transition',
          turn: 1,
          transition: 'reveal',
          function: 'f',
          args: { a: 1 },
          revealed: ['a'],
        },
      },
    ],
  }),
  'fork, path, k, recap': line({
    mode: 'evolving',
    path: 'persistence-revised',
    k: 4,
    recap: 'oracle',
    forked_from: { conv_id: 'p', turn: 2, edit: 'replace-user', text: 'new "text"' },
  }),
  'no optional keys, empty trace': JSON.stringify({ conv_id: 'c', task: '', task_id: 't', trace: [] }),
  'empty objects and arrays in skipped values': line({
    extra: { a: {}, b: [], c: [[], [{}]] },
    trace: [{ role: 'user', content: 'x', meta: {} }],
  }),
  'literals in skipped values': line({ extra: [true, false, null, -1.25e2, 0, '\\'] }),
};

/** Lines the fast path must pass on (or read exactly as the full parse does). */
const HOSTILE: Record<string, string> = {
  'raw tab inside a string': line().replace('solve', 'sol\tve'),
  'raw tab as whitespace': line().replace('"task":', '"task":\t'),
  'other control byte': line().replace('solve', 'sol\u0001ve'),
  'invalid escape': line().replace('solve', 'sol\\xve'),
  'short unicode escape': line().replace('solve', 'sol\\u12ve'),
  'escape at the end of a string': line().replace('"solve"', '"solve\\"'),
  'truncated mid-string': line().slice(0, 60),
  'missing closing brace': line().replace(/"score":1}$/, '"score":1'),
  'truncated after a comma': line().slice(0, line().lastIndexOf(',') + 1),
  'trailing garbage': line() + ' x',
  'two objects': line() + line(),
  'trailing comma in the trace': line().replace(/\}\],"is_correct"/, '},],"is_correct"'),
  'trailing comma in an object': line().replace(/,"score":1}$/, ',"score":1,}'),
  'leading zero': line({ k: 1 }).replace('"k":1', '"k":01'),
  'bare minus': line().replace('"score":1', '"score":-'),
  'dot without digits': line().replace('"score":1', '"score":1.'),
  'exponent without digits': line().replace('"score":1', '"score":1e+'),
  'single quotes': line().replace('"solve"', "'solve'"),
  'unquoted key': line().replace('"score":', 'score:'),
  'misspelt literal': line().replace('"is_correct":null', '"is_correct":nul'),
  'BOM inside the line': line().replace('"task":', '\ufeff"task":'),
  'NBSP as whitespace': line().replace('"task":', '\u00a0"task":'),
  'not an object': '["conv_id"]',
  null: 'null',
  'a string': '"conv_id"',
  'empty object': '{}',
  'missing conv_id': JSON.stringify({ ...base, conv_id: undefined }),
  'empty task_id': line({ task_id: '' }),
  'unknown mode': line({ mode: 'other' }),
  'k out of range': line({ k: 5 }),
  'k not an integer': line({ k: 1.5 }),
  'trace not an array': line({ trace: { role: 'user' } }),
  'trace element not an object': line({ trace: ['user'] }),
  'unknown role': line({ trace: [{ role: 'tool', content: 'x' }] }),
  'user content not text': line({ trace: [{ role: 'user', content: { type: 'x' } }] }),
  'log content as text': line({ trace: [{ role: 'log', content: 'state_transition' }] }),
  'timestamp null': line({ trace: [{ role: 'user', content: 'x', timestamp: null }] }),
  'cost as text': line({ trace: [{ role: 'user', content: 'x', cost_usd: '0.1' }] }),
  'shard_id not an integer': line({ trace: [{ role: 'log', content: { type: 'hint_revealed', shard_id: 1.5 } }] }),
  'event unknown': line({ trace: [{ role: 'log', content: { type: 'event', event: 'maybe', block: 1 } }] }),
  'intent_transition missing fields': line({
    trace: [{ role: 'log', content: { type: 'intent_transition', turn: 1 } }],
  }),
  'is_correct as text': line({ is_correct: 'yes' }),
  'deep nesting': line({ extra: JSON.parse('['.repeat(200) + ']'.repeat(200)) }),
  blank: '   ',
  empty: '',
};

describe('run-log fast path against the full parse', () => {
  it.each(Object.entries(READ_BY_FAST_PATH))('reads %s itself, as the full parse does', (_name, text) => {
    expect(both(text).full).toBeDefined();
    expect(expectSame(text)).toBeDefined();
  });

  it.each(Object.entries(HOSTILE))('gives no other ref than the full parse: %s', (_name, text) => {
    expectSame(text);
  });

  it('passes on every line that does not parse or validate', () => {
    for (const text of Object.values(HOSTILE)) {
      const { fast, full, diagnostics } = both(text);
      if (!full || diagnostics.length) expect(fast, text).toBeUndefined();
    }
  });

  it('reads every real log line itself, with the same ref', () => {
    if (!existsSync(SHARED_LOGS)) return;
    const files = readdirSync(SHARED_LOGS, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.jsonl'));
    let lines = 0;
    for (const f of files) {
      const bytes = readFileSync(join(SHARED_LOGS, f));
      let start = 0;
      for (let n = 1; start < bytes.length; n++) {
        const nl = bytes.indexOf(10, start);
        const end = nl < 0 ? bytes.length : nl;
        const span = { file: f, line: n, offset: start, length: end - start };
        const full = parseRunLogLine(span, bytes.toString('utf8', start, end), []);
        if (full) {
          expect(skimRunLogRef(span, bytes.subarray(start, end)), `${f}:${n}`).toStrictEqual(full.ref);
          lines++;
        }
        start = end + 1;
      }
    }
    expect(lines).toBeGreaterThan(100);
  });

  it('the run-log reader reads back, at each skimmed ref, what the full parse read there', async () => {
    if (!existsSync(SHARED_LOGS)) return;
    const files = readdirSync(SHARED_LOGS, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.jsonl'));
    const reader = new RunLogReader();
    let read = 0;
    try {
      for (const f of files) {
        const path = join(SHARED_LOGS, f);
        const st = statSync(path);
        const full: Array<{ ref: ConversationRef; entry: RunLogEntry }> = [];
        await scanJsonlFile(path, undefined, st.size, st.mtimeMs, {
          entries: true,
          onRef: (ref, entry) => entry && full.push({ ref, entry }),
        });
        const skimmed: ConversationRef[] = [];
        await scanJsonlFile(path, undefined, st.size, st.mtimeMs, { onRef: (ref) => skimmed.push(ref) });
        expect(skimmed).toStrictEqual(full.map((x) => x.ref));
        for (const [i, ref] of skimmed.entries()) {
          const { entry } = full[i]!;
          expect(await reader.entry(ref), `${f}:${ref.line}`).toStrictEqual(entry);
          expect((await reader.trace(ref))?.length).toBe(entry.trace.length);
          expect(await reader.lastAnswer(ref)).toBe(lastAssistantText(entry.trace));
          read++;
        }
        if (skimmed[0]) expect(await readRunLogEntry(skimmed[0])).toStrictEqual(full[0]!.entry);
        // The whole-file read (score's road) gives the same entries at the same lines.
        const streamed: Array<{ line: number; entry: RunLogEntry }> = [];
        for await (const l of readRunLogLines(path)) if (l.entry) streamed.push({ line: l.line, entry: l.entry });
        expect(streamed, f).toStrictEqual(full.map((x) => ({ line: x.ref.line, entry: x.entry })));
      }
    } finally {
      await reader.close();
    }
    expect(read).toBeGreaterThan(100);
  });

  it('the known log types it checks by LogContentFields read no other key of the content', () => {
    const fields = new Set(Object.keys(new LogContentFields()));
    for (const type of CHECKED_BY_CONTENT_FIELDS) {
      const schema = KNOWN_LOG_SCHEMAS[type] as z.ZodObject;
      // A key any value passes (z.unknown().optional()) is not read.
      const checked = Object.entries(schema.shape).filter(
        ([, s]) => !(s instanceof z.ZodOptional && s.unwrap() instanceof z.ZodUnknown),
      );
      for (const [key] of checked) expect(fields, `${type}.${key}`).toContain(key);
    }
  });

  it('a file scanned by the fast path gives the refs, diagnostics and cursor of the full parse', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'intent-lens-skim-'));
    const log = join(dir, 'mixed.jsonl');
    const texts = [...Object.values(READ_BY_FAST_PATH), ...Object.values(HOSTILE)];
    // CRLF line ends, a BOM, invalid UTF-8 in one line, and an unterminated last line.
    writeFileSync(
      log,
      Buffer.concat([
        Buffer.from('\ufeff'),
        Buffer.from(texts.join('\r\n') + '\n'),
        Buffer.from(line({ conv_id: 'bad' }).replace('solve', 'sol\xffve'), 'latin1'),
        Buffer.from('\n' + line({ conv_id: 'last' })),
      ]),
    );
    const st = statSync(log);
    const scan = async (entries: boolean) => {
      const refs: ConversationRef[] = [];
      const r = await scanJsonlFile(log, undefined, st.size, st.mtimeMs, { entries, onRef: (ref) => refs.push(ref) });
      return { refs, ...r };
    };
    const full = await scan(true);
    const fast = await scan(false);
    expect(fast).toStrictEqual(full);
    // The reader's whole-file read (score's road) finds the same conversations and the same problems.
    const streamed: Array<[number, string]> = [];
    const problems: Diagnostic[] = [];
    for await (const l of readRunLogLines(log)) {
      if (l.entry) streamed.push([l.line, l.entry.conv_id]);
      problems.push(...l.problems);
    }
    expect(streamed).toEqual(full.refs.map((r) => [r.line, r.conv_id]));
    expect(problems).toStrictEqual(full.diagnostics.filter((d) => d.code !== 'invalid-utf8'));
    expect(full.refs.length).toBeGreaterThan(Object.keys(READ_BY_FAST_PATH).length);
    expect(full.diagnostics.length).toBeGreaterThan(Object.keys(HOSTILE).length / 2);
  });
});
