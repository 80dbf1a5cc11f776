// The one conversation model over the samples and the real LiC-style logs in ../shared/data
// (skipped when absent): every trace entry is placed exactly once, tags land on the turn that
// carried them (reveals logged before or after the user message), and the final answer, its
// extracted answer, the active task, reference and timeline come out of one call.
import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseConversation, turnOfTraceIndex, type Conversation } from '../../../src/core/conversation';
import { parseRecordsText } from '../../../src/core/load/recordsFile';
import { parseEvolvingText } from '../../../src/core/load/dataFiles';
import { listDataFiles } from '../../../src/core/load/dataFiles';
import { readLogContent, RunLogEntrySchema, type RunLogEntry } from '../../../src/core/schema/runlog';

const ROOT = resolve(__dirname, '../../..');
const SHARED = resolve(ROOT, '../shared/data');

function readLog(file: string): RunLogEntry[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => RunLogEntrySchema.parse(JSON.parse(l)));
}

const records = parseRecordsText(
  'intent.records.jsonl',
  readFileSync(join(ROOT, 'samples/intent.records.jsonl'), 'utf8'),
).items.map((i) => i.value);
const plans = parseEvolvingText(
  'sample.evolving.jsonl',
  readFileSync(join(ROOT, 'samples/evolving/sample.evolving.jsonl'), 'utf8'),
).items.map((i) => i.value);

/** Every trace index is placed exactly once: a turn's message, reply or annotation, another message, bookkeeping or standalone. */
function placedIndexes(c: Conversation): number[] {
  const out: number[] = [];
  for (const t of c.turns) {
    out.push(t.user.traceIndex, ...t.annotations);
    for (const r of t.replies) out.push(r.traceIndex, ...r.annotations);
  }
  out.push(
    ...c.otherMessages.map((m) => m.traceIndex),
    ...c.bookkeeping.map((b) => b.traceIndex),
    ...c.standalone.map((s) => s.traceIndex),
  );
  return out.sort((a, b) => a - b);
}

describe('parseConversation on the samples', () => {
  const math = readLog(join(ROOT, 'samples/logs/math/model-a.jsonl'));

  it('reads an Intent-Eval revised run: turns, tags, replies, evaluations, final answer, active task and timeline', () => {
    const entry = math.find((e) => e.conv_id === '88d908191db18b42d41ed558')!;
    const record = records.find((r) => r.task_id === entry.task_id)!;
    const c = parseConversation(entry, record);
    expect(c.turns.map((t) => t.label)).toEqual(['U1', 'U2', 'U3', 'U4', 'U5', 'U6']);
    expect(c.turns.map((t) => t.user.traceIndex)).toEqual([2, 9, 16, 23, 30, 38]);
    expect(c.turns.map((t) => t.shardIds)).toEqual([[1], [2], [], [], [3], [4]]);
    expect(c.turns.map((t) => t.event ?? null)).toEqual([null, null, 'proposal', 'accept', null, null]);
    expect(c.turns.map((t) => t.key)).toEqual([
      'shard:1',
      'shard:2',
      'event:proposal:1',
      'event:accept:1',
      'shard:3',
      'shard:4',
    ]);
    expect(c.turns.map((t) => t.replies.map((r) => r.responseType))).toEqual([
      ['refuse'],
      ['hedge'],
      ['clarification'],
      ['discussion'],
      ['answer_attempt'],
      ['answer_attempt'],
    ]);
    expect(c.turns[4]!.evaluations.map((e) => [e.exactAnswer, e.verdict, e.replyTraceIndex])).toEqual([
      ['60', 'incorrect', 33],
    ]);
    expect(c.turns[5]!.evaluations.map((e) => [e.exactAnswer, e.verdict])).toEqual([['120', 'correct']]);
    expect(c.finalAnswer).toMatchObject({ traceIndex: 41, turn: 5 });
    expect(c.finalAnswer!.text).toContain('Step by step');
    expect(c.extractedAnswer).toBe('120');
    expect(c.loggedVerdict).toBe('correct');
    expect(c.mode).toBe('multi');
    expect(c.condition).toBe('revised');
    expect(c.activeTask).toBe('revised');
    expect(c.reference).toBe(record.intent!.reference.revised);
    expect(c.otherMessages.map((m) => [m.role, m.traceIndex])).toEqual([['system', 0]]);
    expect(c.bookkeeping.map((b) => b.content.type)).toEqual([
      ...Array(c.bookkeeping.length - 1).fill('state_transition'),
      'conversation-completed',
    ]);
    expect(c.standalone).toEqual([]);
    expect(placedIndexes(c)).toEqual(entry.trace.map((_, i) => i));
    // The timeline: the proposal is pending at U3, accepted at U4, the original superseded.
    expect(c.timeline.snapshots).toHaveLength(6);
    expect(c.timeline.snapshots[2]!.changes.join(' ')).toContain('pending');
    expect(c.timeline.snapshots[3]!.activeTask).toBe('revised');
    expect(c.timeline.inactive.map((i) => i.value)).toContain(record.intent!.original);
    expect(turnOfTraceIndex(c, 35)?.label).toBe('U5');
    expect(turnOfTraceIndex(c, 0)).toBeUndefined();
  });

  it('gives every sample log a placement of each trace entry, exactly once', () => {
    for (const dir of ['math', 'code', 'database', 'actions', 'evolving']) {
      for (const entry of readLog(join(ROOT, `samples/logs/${dir}/model-a.jsonl`))) {
        const c = parseConversation(entry);
        expect(placedIndexes(c)).toEqual(entry.trace.map((_, i) => i));
        expect(c.timeline.snapshots).toHaveLength(c.turns.length);
      }
    }
  });

  it('single-turn controls state the whole task at once', () => {
    const entry = math.find((e) => e.mode === 'single' && e.condition === 'direct')!;
    const c = parseConversation(
      entry,
      records.find((r) => r.task_id === entry.task_id),
    );
    expect(c.turns).toHaveLength(1);
    expect(c.activeTask).toBe('revised');
    expect(c.timeline.snapshots[0]!.changes.join(' ')).toContain('stated directly');
  });

  it('reads an evolving-intent run: logged transitions, anchor function, plan reference', () => {
    const entry = readLog(join(ROOT, 'samples/logs/evolving/model-a.jsonl')).find(
      (e) => e.conv_id === '215975d27ec0768b032795ee',
    )!;
    const plan = plans.find((p) => p.task_id === entry.task_id)!;
    const c = parseConversation(entry, plan);
    expect(c.spec).toBeUndefined();
    expect(c.turns.map((t) => t.transition?.transition)).toEqual([
      'initial',
      'reveal',
      'revise',
      'switch',
      'reveal',
      'revise',
    ]);
    expect(c.timeline.benchmark).toBe('evolving');
    expect(c.timeline.inactive.some((i) => i.isFunction && i.value === 'count_apples')).toBe(true);
    expect(c.activeFunction).toBe('sales_revenue');
    expect(c.activeTask).toBeUndefined();
    expect(c.reference).toBe(180);
    expect(c.extractedAnswer).toBe('180');
    // Without the plan the logged transitions still make the timeline; the reference needs the plan.
    const alone = parseConversation(entry);
    expect(alone.timeline.snapshots[5]!.activeTask).toBe('sales_revenue');
    expect(alone.reference).toBeUndefined();
  });
});

describe('placement rules', () => {
  const base = { conv_id: 'c', task: 'math', task_id: 't' };

  it('folds a reveal logged before its user message into that message (LiC snowball) and keeps orphans visible', () => {
    const entry: RunLogEntry = {
      ...base,
      trace: [
        { role: 'log', content: { type: 'hint_revealed', shard_id: 1 } },
        { role: 'user', content: 'a' },
        { role: 'assistant', content: 'b' },
        { role: 'log', content: { type: 'hint_revealed', shard_id: 2 } },
        { role: 'user', content: 'c' },
        { role: 'assistant', content: 'd' },
        { role: 'log', content: { type: 'event', event: 'reject', block: 1 } },
        { role: 'log', content: { type: 'my_custom', x: [1, 2] } },
        { role: 'log', content: { type: 'hint_revealed', shard_id: 3 } },
      ],
    };
    const c = parseConversation(entry);
    expect(c.turns.map((t) => t.shardIds)).toEqual([[1], [2]]);
    expect(c.turns[0]!.annotations).toEqual([0]);
    // An event after a reply annotates no user message; unknown types and an orphan reveal are shown on their own.
    expect(c.standalone.map((s) => [s.traceIndex, s.content.type])).toEqual([
      [6, 'event'],
      [7, 'other'],
      [8, 'hint_revealed'],
    ]);
    const other = c.standalone[1]!.content;
    expect(other.type === 'other' && other.loggedType === 'my_custom' && other.raw.x).toEqual([1, 2]);
    expect(c.finalAnswer).toMatchObject({ text: 'd', traceIndex: 5, turn: 1 });
    expect(c.extractedAnswer).toBeUndefined();
  });

  it('an assistant message before any user message is the final answer only when nothing follows', () => {
    const c = parseConversation({ ...base, trace: [{ role: 'assistant', content: 'hello' }] });
    expect(c.turns).toEqual([]);
    expect(c.otherMessages).toEqual([{ role: 'assistant', text: 'hello', traceIndex: 0 }]);
    expect(c.finalAnswer).toEqual({ text: 'hello', traceIndex: 0 });
  });
});

describe('readLogContent', () => {
  it('types known log entries, keeps unknown fields, and reads unknown or malformed ones as `other`', () => {
    const ev = readLogContent({
      role: 'log',
      content: { type: 'answer-evaluation', exact_answer: '5', is_correct: true, extra: 1 },
    });
    expect(ev?.type).toBe('answer-evaluation');
    expect(ev && ev.type === 'answer-evaluation' ? [ev.is_correct, ev.extra] : null).toEqual([true, 1]);
    const bad = readLogContent({ role: 'log', content: { type: 'event', event: 'explode', block: 1 } });
    expect(bad).toEqual({ type: 'other', loggedType: 'event', raw: { type: 'event', event: 'explode', block: 1 } });
    expect(readLogContent({ role: 'user', content: 'x' })).toBeUndefined();
    expect(readLogContent({ role: 'log', content: 'plain text' })).toBeUndefined();
  });
});

describe.skipIf(!existsSync(SHARED))('parseConversation on ../shared/data', () => {
  it('places every entry of all 729 real conversations once; reveals, classifications and evaluations fold in', async () => {
    const files = (await listDataFiles([join(SHARED, 'logs')])).filter((f) => f.endsWith('.jsonl'));
    let conversations = 0;
    let reveals = 0;
    const wrong: string[] = [];
    for (const file of files) {
      for (const entry of readLog(file)) {
        conversations++;
        const c = parseConversation(entry);
        if (placedIndexes(c).join() !== entry.trace.map((_, i) => i).join()) wrong.push(`${entry.conv_id}: placement`);
        const logged = entry.trace.flatMap((m) => {
          const content = readLogContent(m);
          return content && (content.type === 'hint_revealed' || content.type === 'shard_revealed')
            ? [content.shard_id]
            : [];
        });
        const tagged = c.turns.flatMap((t) => t.shardIds);
        const orphans = c.standalone.flatMap((s) =>
          s.content.type === 'hint_revealed' || s.content.type === 'shard_revealed' ? [s.content.shard_id] : [],
        );
        if ([...tagged, ...orphans].sort().join() !== [...logged].sort().join())
          wrong.push(`${entry.conv_id}: reveals`);
        reveals += tagged.length;
        // The final answer is the trace's last assistant message; its logged evaluation (if any) gives the extracted answer.
        const lastAssistant = entry.trace
          .map((m, i) => [m, i] as const)
          .filter(([m]) => m.role === 'assistant')
          .pop();
        if (c.finalAnswer?.traceIndex !== lastAssistant?.[1]) wrong.push(`${entry.conv_id}: final answer`);
        const nextLog = lastAssistant
          ? entry.trace
              .slice(lastAssistant[1] + 1)
              .map((m) => readLogContent(m))
              .find((x) => x?.type === 'answer-evaluation')
          : undefined;
        const expected =
          nextLog && nextLog.type === 'answer-evaluation' && nextLog.exact_answer != null
            ? String(nextLog.exact_answer)
            : undefined;
        if (c.extractedAnswer !== expected)
          wrong.push(`${entry.conv_id}: extracted ${c.extractedAnswer} ≠ ${expected}`);
        if (c.timeline.snapshots.length !== c.turns.length) wrong.push(`${entry.conv_id}: timeline`);
      }
    }
    expect(wrong).toEqual([]);
    expect(conversations).toBe(729);
    expect(reveals).toBeGreaterThan(3000);
  }, 180_000);

  it('reads GSM8K/1269 (gemini) as the snowball simulator logged it', () => {
    const file = join(SHARED, 'logs/math/snowball-stateful/snowball-stateful_math_google_gemini-2.5-flash.jsonl');
    const entry = readLog(file).find((e) => e.conv_id === '6a33d392642cb1563bb94624')!;
    const c = parseConversation(entry);
    expect(c.turns.map((t) => t.shardIds)).toEqual([[1], [2], [3], [6], [4], [5]]);
    expect(c.turns.map((t) => t.replies[0]!.responseType)).toEqual([
      'interrogation',
      'discussion',
      'clarification',
      'answer_attempt',
      'answer_attempt',
      'answer_attempt',
    ]);
    expect(c.turns.map((t) => t.evaluations.map((e) => e.exactAnswer))).toEqual([[], [], [], ['90'], ['90'], ['54']]);
    expect(c.extractedAnswer).toBe('54');
    // LiC math logs carry is_correct: null and a score: the verdict reads the score.
    expect(c.loggedVerdict).toBe('correct');
    expect(c.turns[5]!.evaluations[0]!.verdict).toBe('correct');
    expect(c.bookkeeping.every((b) => b.content.type === 'state_transition')).toBe(true);
  });
});
