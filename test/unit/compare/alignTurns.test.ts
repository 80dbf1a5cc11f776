import { describe, it, expect } from 'vitest';
import { alignTurns, type AlignableTurn } from '../../../src/core/compare/alignTurns';
import { parseConversation } from '../../../src/core/conversation';
import type { TraceMessage } from '../../../src/core/schema/runlog';
import { conversation, onionRecord, retainedRevisedPair } from './compareFixtures';

const turn = (key: string, userText = key, assistantText = `reply to ${key}`): AlignableTurn => ({
  key,
  userText,
  assistantText,
});
const turnsOf = (trace: TraceMessage[]) => parseConversation({ conv_id: 'c', task: 'math', task_id: 't', trace }).turns;
const alignable = (trace: TraceMessage[]) =>
  turnsOf(trace).map((t) => ({
    key: t.key,
    userText: t.user.text,
    assistantText: t.replies.map((m) => m.text).join('\n'),
  }));

describe('alignTurns', () => {
  it('pairs reject with accept as the branch point after an identical shared prefix', () => {
    const left = [
      turn('shard:1'),
      turn('shard:2'),
      turn('event:proposal:1'),
      turn('event:reject:1'),
      turn('shard:3'),
      turn('shard:4'),
    ];
    const right = [
      turn('shard:1'),
      turn('shard:2'),
      turn('event:proposal:1'),
      turn('event:accept:1'),
      turn('shard:3'),
      turn('shard:4', 'shard:4', 'another reply'),
    ];
    const a = alignTurns(left, right);
    expect(a.rows.map((r) => r.kind)).toEqual([
      'identical',
      'identical',
      'identical',
      'changed',
      'identical',
      'same-turn',
    ]);
    expect(a.branchRow).toBe(3);
    expect(a.rows[3]).toMatchObject({ left: 3, right: 3 });
    expect(a.prefixEnd).toBe(3);
    expect(a.prefixIdentical).toBe(true);
  });

  it('lines shards up around an inserted event block (Original vs Retained)', () => {
    const left = [turn('shard:1'), turn('shard:2'), turn('shard:3')];
    const right = [turn('shard:1'), turn('shard:2'), turn('event:proposal:1'), turn('event:reject:1'), turn('shard:3')];
    const a = alignTurns(left, right);
    expect(a.rows.map((r) => [r.kind, r.left, r.right])).toEqual([
      ['identical', 0, 0],
      ['identical', 1, 1],
      ['right-only', undefined, 2],
      ['right-only', undefined, 3],
      ['identical', 2, 4],
    ]);
    expect(a.branchRow).toBe(2);
    expect(a.prefixEnd).toBe(2);
  });

  it('marks a prefix whose replies differ as not identical, and without a branch ends it at the first difference', () => {
    const left = [turn('shard:1'), turn('shard:2', 'shard:2', 'model A says 4 bags'), turn('shard:3')];
    const right = [turn('shard:1'), turn('shard:2', 'shard:2', 'model B says 2 bags'), turn('shard:3')];
    const a = alignTurns(left, right);
    expect(a.branchRow).toBeUndefined();
    expect(a.prefixEnd).toBe(1);
    expect(a.prefixIdentical).toBe(true);
    expect(a.rows[1]!.kind).toBe('same-turn');
  });

  it('reports a prefix with a differing reply before the branch as not identical', () => {
    const left = [turn('shard:1', 'x', 'one'), turn('event:reject:1')];
    const right = [turn('shard:1', 'x', 'two'), turn('event:accept:1')];
    const a = alignTurns(left, right);
    expect(a.branchRow).toBe(1);
    expect(a.prefixIdentical).toBe(false);
  });

  it('ignores whitespace differences when deciding identity', () => {
    const a = alignTurns([turn('k', 'a  b\n', 'r  1')], [turn('k', 'a b', 'r 1 ')]);
    expect(a.rows[0]!.kind).toBe('identical');
  });

  it('handles empty conversations', () => {
    expect(alignTurns([], [])).toEqual({ rows: [], prefixEnd: 0, prefixIdentical: true });
    const a = alignTurns([turn('shard:1')], []);
    expect(a.rows).toEqual([{ kind: 'left-only', left: 0, sameUser: false }]);
    expect(a.branchRow).toBe(0);
  });
});

describe('parseConversation turns + alignTurns on logged traces', () => {
  it('finds the decision as the branch point of a Retained/Revised pair', () => {
    const { retained, revised } = retainedRevisedPair();
    const left = turnsOf(retained.trace);
    expect(left.map((t) => t.key)).toEqual([
      'shard:1',
      'shard:2',
      'event:proposal:1',
      'event:reject:1',
      'shard:3',
      'shard:4',
    ]);
    const a = alignTurns(alignable(retained.trace), alignable(revised.trace));
    expect(a.branchRow).toBe(3);
    expect(a.prefixEnd).toBe(3);
    expect(a.prefixIdentical).toBe(true);
    expect(a.rows[3]).toMatchObject({ kind: 'changed', sameUser: false });
  });

  it('reads LiC-style reveals logged before the user message (hint_revealed)', () => {
    const trace = [
      { role: 'log' as const, content: { type: 'hint_revealed', shard_id: 1 } },
      { role: 'user' as const, content: 'goal' },
      { role: 'assistant' as const, content: 'ok' },
      { role: 'log' as const, content: { type: 'hint_revealed', shard_id: 2 } },
      { role: 'user' as const, content: 'detail' },
      { role: 'assistant' as const, content: 'done' },
    ];
    expect(turnsOf(trace).map((t) => t.key)).toEqual(['shard:1', 'shard:2']);
  });

  it('aligns Original against Retained with the event block one-sided', () => {
    const record = onionRecord();
    const reply = (turn: number) => `r${turn}`;
    const original = conversation(record, { convId: 'o', spec: { mode: 'multi', condition: 'original' }, reply });
    const retained = conversation(record, { convId: 'r', spec: { mode: 'multi', condition: 'retained' }, reply });
    const a = alignTurns(alignable(original.trace), alignable(retained.trace));
    expect(a.rows.map((r) => r.kind)).toEqual([
      'identical',
      'identical',
      'right-only',
      'right-only',
      'same-turn',
      'same-turn',
    ]);
    expect(a.branchRow).toBe(2);
  });
});
