import { describe, expect, it } from 'vitest';
import { readConversationTarget, resolveConversation } from '../../../src/extension/conversation/conversationTarget';
import type { ConversationRef } from '../../../src/core/load/runLogIndex';

const ref = (conv_id: string, file: string, line: number) => ({ conv_id, file, line }) as ConversationRef;
const refs = [ref('a', '/ws/logs/x.jsonl', 1), ref('b', '/ws/logs/x.jsonl', 2)];

describe('conversation targets', () => {
  it('reads search hits and links: {file, line, turn} and {convId, turn}', () => {
    expect(readConversationTarget({ file: '/ws/logs/x.jsonl', line: 2, turn: 3 })).toEqual({
      target: { file: '/ws/logs/x.jsonl', line: 2, turn: 3 },
    });
    expect(readConversationTarget({ convId: 'a', turn: 1 })).toEqual({ target: { convId: 'a', turn: 1 } });
    expect(readConversationTarget('a')).toEqual({ target: { convId: 'a' } });
  });

  it('reads Sources tree items: turnIndex is a trace index; other fields are ignored', () => {
    expect(
      readConversationTarget({ convId: 'a', turnIndex: 7, taskId: 't', model: 'm', file: '/ws/logs/x.jsonl', line: 1 }),
    ).toEqual({ target: { convId: 'a', traceIndex: 7 } });
  });

  it('rejects what names no conversation, or a 0 turn', () => {
    expect('error' in readConversationTarget({ file: '/ws/logs/x.jsonl' })).toBe(true);
    expect('error' in readConversationTarget({ convId: 'a', turn: 0 })).toBe(true);
    expect('error' in readConversationTarget(undefined)).toBe(true);
  });

  it('resolves by id or by file and line', () => {
    expect(resolveConversation({ convId: 'b' }, refs)?.conv_id).toBe('b');
    expect(resolveConversation({ file: '/ws/logs/x.jsonl', line: 2 }, refs)?.conv_id).toBe('b');
    expect(resolveConversation({ file: '/ws/logs/x.jsonl', line: 9 }, refs)).toBeUndefined();
  });
});
