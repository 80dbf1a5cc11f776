import { describe, expect, it } from 'vitest';
import { lastAssistantIndex, lastAssistantText } from '../../../src/core/conversation/lastAssistant';
import { parseConversation } from '../../../src/core/conversation';
import type { TraceMessage } from '../../../src/core/schema/runlog';

const trace: TraceMessage[] = [
  { role: 'user', content: 'q' },
  { role: 'assistant', content: 'first' },
  { role: 'user', content: 'more' },
  { role: 'assistant', content: 'final' },
  { role: 'log', content: { type: 'answer-evaluation' } },
];

describe('lastAssistant', () => {
  it('finds the last assistant message with text, past trailing log entries', () => {
    expect(lastAssistantIndex(trace)).toBe(3);
    expect(lastAssistantText(trace)).toBe('final');
  });

  it('is the message the conversation model takes as the final answer', () => {
    expect(parseConversation({ conv_id: 'c', task: 'math', task_id: 't', trace }).finalAnswer?.text).toBe(
      lastAssistantText(trace),
    );
  });

  it('answers none for a trace without an assistant message', () => {
    expect(lastAssistantIndex([{ role: 'user', content: 'q' }])).toBe(-1);
    expect(lastAssistantText([])).toBeUndefined();
  });
});
