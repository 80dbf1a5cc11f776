// The last assistant message of a trace: the answer a conversation is scored on (OPSD targets, the
// stats' inactive check, a resumed run's final text). The conversation model's `finalAnswer`
// (parseConversation) is the same message, placed in its turn.
import type { TraceMessage } from '../schema/runlog';

/** Index of the last assistant message with text content; -1 when there is none. */
export function lastAssistantIndex(trace: readonly TraceMessage[]): number {
  for (let i = trace.length - 1; i >= 0; i--) {
    const m = trace[i]!;
    if (m.role === 'assistant' && typeof m.content === 'string') return i;
  }
  return -1;
}

/** The text of the last assistant message, or undefined when there is none. */
export function lastAssistantText(trace: readonly TraceMessage[]): string | undefined {
  const i = lastAssistantIndex(trace);
  return i < 0 ? undefined : (trace[i]!.content as string);
}
