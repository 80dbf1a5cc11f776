// Reads a run log entry into the one conversation model (see conversationTypes.ts). The only place
// that walks a trace: where each log entry belongs (FORMAT.md logs reveals and events after their
// user message, LiC's snowball logs `hint_revealed` before it), which reply an evaluation scores,
// which message is the final answer.
import { verdictOf } from '../load/runLogIndex';
import { activeTaskOf, referenceFor } from '../render/instances';
import {
  effectiveCondition,
  effectiveMode,
  readLogContent,
  type RunLogEntry,
  type TraceMessage,
  type TypedLogContent,
} from '../schema/runlog';
import { planReference } from '../verify/planReference';
import type {
  Conversation,
  ConversationReply,
  ConversationTurn,
  LogEntryAt,
  LoggedEvaluation,
  OtherMessage,
  TraceText,
} from './conversationTypes';
import { conversationTimeline, isEvolvingPlan, type TimelineSource } from './conversationTimeline';
import { instanceSpecOf } from './instanceOfLog';

/** Whitespace-insensitive form used to decide whether two messages say the same thing. */
export function normalizeText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A message's text: string content as it is, anything else as JSON. */
export function messageText(m: Pick<TraceMessage, 'content'>): string {
  return typeof m.content === 'string' ? m.content : (JSON.stringify(m.content) ?? String(m.content));
}

function turnKey(t: Pick<ConversationTurn, 'shardIds' | 'event' | 'block' | 'user'>): string {
  if (t.event) return `event:${t.event}:${t.block ?? 1}`;
  if (t.shardIds.length) return `shard:${[...t.shardIds].sort((a, b) => a - b).join(',')}`;
  return `text:${normalizeText(t.user.text)}`;
}

function exactAnswerText(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  return typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
}

/**
 * A multi-turn conversation's first user message is shard 1, sent verbatim (FORMAT.md): it reveals
 * that shard whether or not the log says so (LiC logs `hint_revealed`, some logs nothing). Read
 * here, once, so a fork, a resumed run and the In Effect rail all count it as revealed.
 */
function revealFirstShard(turns: ConversationTurn[], firstShardId: number): void {
  const first = turns[0];
  if (!first || first.event !== undefined || turns.some((t) => t.shardIds.includes(firstShardId))) return;
  first.shardIds.unshift(firstShardId);
}

/** Walks the trace once, placing every message and log entry; `firstShardId` is set for a multi-turn conversation. */
function placeTrace(trace: readonly TraceMessage[], firstShardId?: number) {
  const turns: ConversationTurn[] = [];
  const otherMessages: OtherMessage[] = [];
  const bookkeeping: LogEntryAt[] = [];
  const standalone: LogEntryAt[] = [];
  /** The user turn whose message is the latest message (no assistant reply since). */
  let openUser: ConversationTurn | undefined;
  /** The reply that is the latest message (no user message since). */
  let lastReply: ConversationReply | undefined;
  /** Reveals and transitions logged before the user message they belong to. */
  let pending: LogEntryAt[] = [];

  const applyToUser = (turn: ConversationTurn, at: LogEntryAt): void => {
    const c = at.content;
    if (c.type === 'shard_revealed' || c.type === 'hint_revealed') turn.shardIds.push(c.shard_id);
    else if (c.type === 'event') {
      turn.event = c.event;
      turn.block = c.block;
    } else if (c.type === 'intent_transition')
      turn.transition = { transition: c.transition, function: c.function, args: c.args, revealed: c.revealed };
    turn.annotations.push(at.traceIndex);
  };

  trace.forEach((m, traceIndex) => {
    if (m.role === 'user') {
      const index = turns.length;
      const turn: ConversationTurn = {
        index,
        label: `U${index + 1}`,
        user: { text: messageText(m), traceIndex },
        shardIds: [],
        key: '',
        replies: [],
        evaluations: [],
        annotations: [],
      };
      for (const at of pending) applyToUser(turn, at);
      pending = [];
      turns.push(turn);
      openUser = turn;
      lastReply = undefined;
      return;
    }
    if (m.role === 'assistant' || m.role === 'system') {
      const current = turns[turns.length - 1];
      if (m.role === 'assistant' && current) {
        lastReply = { text: messageText(m), traceIndex, annotations: [] };
        current.replies.push(lastReply);
        openUser = undefined;
      } else {
        otherMessages.push({ role: m.role, text: messageText(m), traceIndex });
        if (m.role === 'assistant') lastReply = undefined;
      }
      return;
    }
    const content = readLogContent(m);
    if (!content) {
      // A `log` message whose content is not an object with a `type`: shown as it is.
      standalone.push({ traceIndex, content: { type: 'other', loggedType: 'log', raw: { content: m.content } } });
      return;
    }
    const at: LogEntryAt = { traceIndex, content };
    if (
      placeLogEntry(at, {
        openUser,
        lastTurn: turns[turns.length - 1],
        lastReply,
        userTurns: turns.length,
        pending,
        applyToUser,
      })
    )
      return;
    if (isBookkeeping(content)) bookkeeping.push(at);
    else standalone.push(at);
  });
  // Reveals and transitions never followed by their user message stay visible on their own.
  standalone.push(...pending);
  standalone.sort((a, b) => a.traceIndex - b.traceIndex);
  if (firstShardId !== undefined) revealFirstShard(turns, firstShardId);
  for (const t of turns) t.key = turnKey(t);
  return { turns, otherMessages, bookkeeping, standalone };
}

function isBookkeeping(c: TypedLogContent): boolean {
  return (
    c.type === 'state_transition' ||
    c.type === 'duplicate_shard_ignored' ||
    c.type === 'conversation-completed' ||
    c.type === 'max_turns_exceeded'
  );
}

interface Placement {
  openUser: ConversationTurn | undefined;
  lastTurn: ConversationTurn | undefined;
  lastReply: ConversationReply | undefined;
  userTurns: number;
  pending: LogEntryAt[];
  applyToUser: (turn: ConversationTurn, at: LogEntryAt) => void;
}

/** Folds an annotation into the message it annotates; false when it annotates nothing here. */
function placeLogEntry(at: LogEntryAt, p: Placement): boolean {
  const c = at.content;
  switch (c.type) {
    case 'shard_revealed':
    case 'hint_revealed':
      if (p.openUser) p.applyToUser(p.openUser, at);
      else p.pending.push(at);
      return true;
    case 'event':
      if (!p.openUser) return false;
      p.applyToUser(p.openUser, at);
      return true;
    case 'intent_transition': {
      // FORMAT.md logs it after its user message; a runner that logs it just before names the
      // next turn: trust `turn` when it is one of those two, else the position.
      if (c.turn === p.userTurns) {
        p.pending.push(at);
        return true;
      }
      if (!p.lastTurn) return false;
      p.applyToUser(p.lastTurn, at);
      return true;
    }
    case 'system-verification':
      if (!p.lastReply) return false;
      {
        const raw = c.response?.response_type ?? c.response_type;
        if (raw !== undefined) p.lastReply.responseType = raw;
      }
      p.lastReply.annotations.push(at.traceIndex);
      return true;
    case 'answer-evaluation': {
      if (!p.lastReply) return false;
      const exactAnswer = exactAnswerText(c.exact_answer);
      const evaluation: LoggedEvaluation = {
        traceIndex: at.traceIndex,
        replyTraceIndex: p.lastReply.traceIndex,
        verdict: verdictOf(c),
        content: c,
        ...(exactAnswer !== undefined ? { exactAnswer } : {}),
      };
      p.lastReply.evaluation = evaluation;
      p.lastReply.annotations.push(at.traceIndex);
      return true;
    }
    default:
      return false;
  }
}

/**
 * Everything a view needs from one logged conversation, computed once. `source` (the record for
 * Intent-Eval, the plan for evolving intent) adds the reference and the requirement values of the
 * timeline; without it the timeline lists the turns only.
 */
export function parseConversation(entry: RunLogEntry, source?: TimelineSource): Conversation {
  const mode = effectiveMode(entry);
  const spec = instanceSpecOf(entry);
  const plan = source && isEvolvingPlan(source) ? source : undefined;
  const record = source && !isEvolvingPlan(source) ? source : undefined;
  // Shard 1 is the record's first shard; without the record, FORMAT.md's id 1.
  const placed = placeTrace(entry.trace, mode === 'multi' && !plan ? (record?.shards[0]?.shard_id ?? 1) : undefined);
  for (const t of placed.turns) t.evaluations = t.replies.flatMap((r) => (r.evaluation ? [r.evaluation] : []));
  const finalAnswer = lastAssistantMessage(placed.turns, placed.otherMessages);
  const finalReply =
    finalAnswer?.turn !== undefined
      ? placed.turns[finalAnswer.turn]?.replies.find((r) => r.traceIndex === finalAnswer.traceIndex)
      : undefined;
  const extractedAnswer = finalReply?.evaluation?.exactAnswer;
  const timeline = conversationTimeline(entry, placed.turns, source);
  const activeTask = spec ? activeTaskOf(spec) : undefined;
  const activeFunction = spec
    ? undefined
    : (plan?.anchor.function ?? timeline.snapshots[timeline.snapshots.length - 1]?.activeTask);
  const reference = activeTask
    ? record
      ? referenceFor(record, activeTask)
      : undefined
    : plan
      ? planReference(plan)
      : undefined;
  return {
    entry,
    mode,
    condition: effectiveCondition(entry),
    ...(spec ? { spec } : {}),
    turns: placed.turns,
    otherMessages: placed.otherMessages,
    bookkeeping: placed.bookkeeping,
    standalone: placed.standalone,
    ...(finalAnswer ? { finalAnswer } : {}),
    ...(extractedAnswer !== undefined ? { extractedAnswer } : {}),
    loggedVerdict: verdictOf(entry),
    ...(activeTask !== undefined ? { activeTask } : {}),
    ...(activeFunction !== undefined ? { activeFunction } : {}),
    ...(reference !== undefined ? { reference } : {}),
    timeline,
  };
}

function lastAssistantMessage(
  turns: readonly ConversationTurn[],
  others: readonly OtherMessage[],
): (TraceText & { turn?: number }) | undefined {
  for (let i = turns.length - 1; i >= 0; i--) {
    const r = turns[i]!.replies[turns[i]!.replies.length - 1];
    if (r) return { text: r.text, traceIndex: r.traceIndex, turn: i };
  }
  const before = [...others].reverse().find((m) => m.role === 'assistant');
  return before ? { text: before.text, traceIndex: before.traceIndex } : undefined;
}

/** The user turn a trace index belongs to (its user message, a reply, or a log entry folded into either). */
export function turnOfTraceIndex(
  conversation: Pick<Conversation, 'turns'>,
  traceIndex: number,
): ConversationTurn | undefined {
  return conversation.turns.find(
    (t) =>
      t.user.traceIndex === traceIndex ||
      t.annotations.includes(traceIndex) ||
      t.replies.some((r) => r.traceIndex === traceIndex || r.annotations.includes(traceIndex)),
  );
}
