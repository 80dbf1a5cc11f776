import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildConversationState } from '../../../src/extension/conversation/buildConversationState';
import { compareDetector } from '../../../src/extension/compare/inactiveDetector';
import { detectInactive } from '../../../src/core/inactive/detectInactive';
import { ConversationStateSchema } from '../../../src/shared/protocol/conversation';
import { RunLogEntrySchema } from '../../../src/core/schema/runlog';
import { BenchmarkRecordSchema } from '../../../src/core/schema/records';
import { retainedRevisedPair } from '../compare/compareFixtures';

const ref = { file: '/ws/logs/math/model-a.jsonl', line: 3 };
const base = {
  ref,
  fileLabel: 'logs/math/model-a.jsonl',
  detector: detectInactive,
  detectorName: 'detectInactive',
  canFork: false,
};

describe('buildConversationState', () => {
  const { record, retained } = retainedRevisedPair();
  const state = buildConversationState({ ...base, entry: retained, source: record });

  it('produces a state the webview schema accepts, titled task · instance · model', () => {
    expect(ConversationStateSchema.safeParse(state).success).toBe(true);
    expect(state.title).toBe('sample-math/onions · Retained · model-a');
  });

  it('tags user turns with their shard and event, and keeps the system prompt apart', () => {
    expect(state.turns.map((t) => t.label)).toEqual(state.turns.map((_, i) => `U${i + 1}`));
    expect(state.turns[0]!.tags).toEqual(['shard 1']);
    const events = state.turns.flatMap((t) => t.tags.filter((x) => /proposal|reject|accept/.test(x)));
    expect(events).toEqual(['proposal · block 1', 'reject · block 1']);
    expect(state.system.every((m) => m.role === 'system')).toBe(true);
  });

  it('marks the rejected 2 bags in the final reply only, and puts the rail on every turn', () => {
    const last = state.turns[state.turns.length - 1]!.replies[0]!;
    expect(last.spans.map((s) => s.value)).toContain('2 bags');
    expect(last.spans.every((s) => s.kind === 'rejected' || s.kind === 'superseded')).toBe(true);
    // Replies before the proposal cannot use a value not yet said.
    expect(state.turns[0]!.replies[0]!.spans).toEqual([]);
    expect(state.turns.every((t) => t.rail !== undefined)).toBe(true);
    expect(state.turns[state.turns.length - 1]!.rail!.inEffect).toBe('4 bags');
  });

  it('shows the verdict with its provenance, the extracted answer and the active reference', () => {
    expect(state.verdict).toEqual({ verdict: 'incorrect', source: 'logged', detail: 'is_correct: false in the log' });
    expect(state.extractedAnswer).toBe('150');
    expect(state.activeTask).toBe('original');
    expect(state.activeReference).toBe('300');
  });

  it('prefers a re-scored verdict and says what the log said', () => {
    const s = buildConversationState({
      ...base,
      entry: retained,
      source: record,
      rescore: { is_correct: true, message: 'exact match', scoredAt: Date.UTC(2026, 0, 1, 14, 2) },
    });
    expect(s.verdict).toEqual({
      verdict: 'correct',
      source: 're-scored',
      logged: 'incorrect',
      detail: 're-scored at 14:02 UTC: exact match',
    });
  });

  it('opens at the user turn of a trace index, or at a 1-based turn given 0-based', () => {
    const reply = state.turns[2]!.replies[0]!.traceIndex;
    expect(
      buildConversationState({ ...base, entry: retained, source: record, focus: { traceIndex: reply } }).focusTurn,
    ).toBe(2);
    expect(buildConversationState({ ...base, entry: retained, source: record, focus: { turn: 1 } }).focusTurn).toBe(1);
    expect(
      buildConversationState({ ...base, entry: retained, source: record, focus: { turn: 99 } }).focusTurn,
    ).toBeUndefined();
  });

  it('says what is missing without a record', () => {
    const s = buildConversationState({ ...base, entry: retained });
    expect(s.notes.join(' ')).toMatch(/no record or plan/);
    expect(s.turns.flatMap((t) => t.replies.flatMap((r) => r.spans))).toEqual([]);
  });
});

const shared = resolve(__dirname, '../../../../shared/data');
describe.skipIf(!existsSync(shared))('buildConversationState on the shared LiC logs', () => {
  // Read inside the test: a skipped describe still runs its body.
  const load = () => ({
    records: readShared(),
    lines: readFileSync(
      join(shared, 'logs/math/snowball-stateful/snowball-stateful_math_anthropic_claude-3-haiku.jsonl'),
      'utf8',
    ).split('\n'),
  });
  const readShared = () =>
    readFileSync(join(shared, 'intent-sample.records.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => BenchmarkRecordSchema.parse(JSON.parse(l)));

  it('reads a real GSM8K conversation: shard tags on user turns, response types on replies, verdict from score', () => {
    const { records, lines } = load();
    const entry = RunLogEntrySchema.parse(JSON.parse(lines[68]!));
    const record = records.find((r) => r.task_id === entry.task_id);
    const detector = compareDetector();
    const s = buildConversationState({
      ...base,
      entry,
      ...(record ? { source: record } : {}),
      detector: detector.detect,
      detectorName: detector.name,
    });
    expect(ConversationStateSchema.safeParse(s).success).toBe(true);
    expect(s.taskId).toBe('sharded-GSM8K/248');
    expect(s.verdict.verdict).toBe('correct');
    expect(s.verdict.detail).toBe('score: 1 in the log');
    expect(s.turns.filter((t) => t.tags.some((x) => x.startsWith('shard '))).length).toBeGreaterThan(1);
    expect(s.turns.flatMap((t) => t.replies.map((r) => r.responseType)).filter(Boolean).length).toBeGreaterThan(0);
    expect(s.bookkeeping.length).toBeGreaterThan(0);
  });
});
