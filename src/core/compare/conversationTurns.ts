// A logged conversation as the compare view needs it: one turn per user message (with the assistant
// replies that follow it), tagged with what the turn carried (a revealed shard, an inserted event)
// so that two conversations can be aligned by meaning rather than by position.
import type { EventKind, TraceMessage } from '../schema/runlog';
import { tagsFromTrace } from '../state/intentTimeline';

export interface TurnMessage {
  text: string;
  /** Position of the message in the run log's `trace` (stable id for spans and navigation). */
  traceIndex: number;
}

export interface ConversationTurn {
  /** 0-based user turn index (the intent timeline's `turn`). */
  index: number;
  /** Alignment key: the event (`event:reject:1`), else the revealed shards (`shard:2`), else the text. */
  key: string;
  user: TurnMessage;
  assistant: TurnMessage[];
  shardIds: number[];
  event?: EventKind;
  block?: number;
}

/** Whitespace-insensitive form used to decide whether two messages say the same thing. */
export function normalizeText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function turnKey(shardIds: readonly number[], event: EventKind | undefined, block: number | undefined, text: string): string {
  if (event) return `event:${event}:${block ?? 1}`;
  if (shardIds.length) return `shard:${[...shardIds].sort((a, b) => a - b).join(',')}`;
  return `text:${normalizeText(text)}`;
}

function messageText(m: TraceMessage): string {
  return typeof m.content === 'string' ? m.content : JSON.stringify(m.content);
}

/** Splits a trace into user turns. Messages before the first user message (system) are skipped. */
export function conversationTurns(trace: readonly TraceMessage[]): ConversationTurn[] {
  const tags = tagsFromTrace(trace);
  const turns: ConversationTurn[] = [];
  trace.forEach((m, traceIndex) => {
    if (m.role === 'user') {
      const index = turns.length;
      const tag = tags[index] ?? { shard_ids: [] };
      const text = messageText(m);
      turns.push({
        index,
        key: turnKey(tag.shard_ids, tag.event, tag.block, text),
        user: { text, traceIndex },
        assistant: [],
        shardIds: [...tag.shard_ids],
        ...(tag.event ? { event: tag.event } : {}),
        ...(tag.block !== undefined ? { block: tag.block } : {}),
      });
    } else if (m.role === 'assistant') {
      turns[turns.length - 1]?.assistant.push({ text: messageText(m), traceIndex });
    }
  });
  return turns;
}

/** The conversation's final assistant response (the scored one), if any. */
export function finalResponse(trace: readonly TraceMessage[]): TurnMessage | undefined {
  for (let i = trace.length - 1; i >= 0; i--) {
    const m = trace[i]!;
    if (m.role === 'assistant') return { text: messageText(m), traceIndex: i };
  }
  return undefined;
}
