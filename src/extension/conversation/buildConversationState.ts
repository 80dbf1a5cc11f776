// Builds the conversation view's state from one logged conversation, read once by the conversation
// model: tagged user turns, replies with their response type, the compare view's inactive-content
// detector run on every reply against what was inactive when it was written, the in-effect rail,
// and the verdict with its provenance. No `vscode` import: unit tests build states directly.
import {
  parseConversation,
  responseTypeName,
  conversationTimeline,
  turnOfTraceIndex,
  type Conversation,
  type ConversationTurn,
  type LogEntryAt,
  type TimelineSource,
} from '../../core/conversation';
import type { InactiveSpanDetector } from '../../core/inactive/detectInactive';
import type { ConversationRef } from '../../core/load/runLogIndex';
import type { BenchmarkRecord } from '../../core/schema/records';
import type { RunLogEntry } from '../../core/schema/runlog';
import { instanceRecapLabel } from '../../core/render/instances';
import type { InactiveSpanMessage } from '../../shared/protocol/compare';
import type { ConversationState, ConversationTurnView, LogLine } from '../../shared/protocol/conversation';
import { railOf, referenceText } from '../compare/buildCompareState';
import { replacedTurnNote } from '../../core/fork/forkBranch';
import { describeLeak, type LeakStatement } from '../../core/inactive/leakSentence';
import { verdictOfBoolean } from '../../shared/verdicts';

/** A Re-score result, as far as the view shows it. */
export interface RescoreVerdict {
  is_correct: boolean | null;
  message: string;
  scoredAt: number;
}

export interface ConversationInput {
  ref: Pick<ConversationRef, 'file' | 'line'>;
  fileLabel: string;
  entry: RunLogEntry;
  /** The record (Intent-Eval) or plan (evolving intent) the conversation is a run of. */
  source?: TimelineSource;
  detector: InactiveSpanDetector;
  detectorName: string;
  rescore?: RescoreVerdict;
  /** Where to open: a 0-based user turn, or the user turn holding a trace index. */
  focus?: { turn?: number; traceIndex?: number };
  canFork: boolean;
  /** The Retained ↔ Revised sibling, for the header's "Compare with …" button. */
  counterpart?: { convId: string; label: string };
}

function userTags(t: ConversationTurn): string[] {
  const tags = t.shardIds.map((id) => `shard ${id}`);
  if (t.event) tags.push(t.block !== undefined ? `${t.event} · block ${t.block}` : t.event);
  if (t.transition) tags.push(t.transition.transition);
  return tags;
}

const MAX_SUMMARY = 240;

function logLine(at: LogEntryAt): LogLine {
  const c = at.content;
  const type = c.type === 'other' ? c.loggedType : c.type;
  const rest = c.type === 'other' ? c.raw : c;
  const json = JSON.stringify(rest) ?? '';
  return {
    traceIndex: at.traceIndex,
    type,
    summary: json.length > MAX_SUMMARY ? `${json.slice(0, MAX_SUMMARY - 1)}…` : json,
  };
}

function loggedDetail(entry: RunLogEntry): string {
  if (typeof entry.is_correct === 'boolean') return `is_correct: ${entry.is_correct} in the log`;
  if (typeof entry.score === 'number') return `score: ${entry.score} in the log`;
  return 'the log carries no verdict (is_correct and score are absent or null)';
}

function provenance(conv: Conversation, rescore: RescoreVerdict | undefined): ConversationState['verdict'] {
  const logged = conv.loggedVerdict;
  if (rescore && rescore.is_correct !== null) {
    const at = new Date(rescore.scoredAt).toISOString().slice(11, 16);
    return {
      verdict: verdictOfBoolean(rescore.is_correct),
      source: 're-scored',
      detail: `re-scored at ${at} UTC: ${rescore.message}`,
      logged,
    };
  }
  return { verdict: logged, source: 'logged', detail: loggedDetail(conv.entry) };
}

function isRecord(source: TimelineSource | undefined): source is BenchmarkRecord {
  return source !== undefined && !('anchor' in source && 'turns' in source);
}

/** The leak sentence of the final answer's inactive spans (what was inactive when it was written). */
function finalAnswerLeak(
  entry: RunLogEntry,
  conv: Conversation,
  record: BenchmarkRecord | undefined,
  turns: readonly ConversationTurnView[],
): LeakStatement | undefined {
  const final = conv.finalAnswer;
  if (!final || !record) return undefined;
  const turn = turns.find((t) => t.replies.some((r) => r.traceIndex === final.traceIndex));
  const reply = turn?.replies.find((r) => r.traceIndex === final.traceIndex);
  if (!turn || !reply?.spans.length) return undefined;
  const items = conversationTimeline(entry, conv.turns.slice(0, turn.index + 1), record).inactive;
  return describeLeak(reply.text, reply.spans, items);
}

export function buildConversationState(input: ConversationInput): ConversationState {
  const { entry, source } = input;
  const conv = parseConversation(entry, source);
  const notes: string[] = [];
  const record = isRecord(source) ? source : undefined;
  if (!source) notes.push(`no record or plan for ${entry.task_id}: no reference, rail or inactive content`);
  const rail = railOf(
    conv.timeline.snapshots,
    (i) => conv.turns[i] && replacedTurnNote(entry.forked_from, conv.turns[i]),
  );
  let detectorFailed = false;
  const spansAt = (turn: number, text: string): InactiveSpanMessage[] => {
    if (!record || !conv.spec) return [];
    try {
      // Only what was inactive when the reply was written counts.
      const timeline = conversationTimeline(entry, conv.turns.slice(0, turn + 1), record);
      return input
        .detector(record, conv.spec, text, timeline)
        .filter((s) => s.end > s.start && s.start >= 0 && s.end <= text.length)
        .map((s) => ({ value: s.value, start: s.start, end: s.end, kind: s.kind, describe: s.describe }));
    } catch (e) {
      if (!detectorFailed)
        notes.push(`inactive-content detector failed: ${e instanceof Error ? e.message : String(e)}`);
      detectorFailed = true;
      return [];
    }
  };
  const turns: ConversationTurnView[] = conv.turns.map((t) => ({
    index: t.index,
    label: t.label,
    tags: userTags(t),
    ...(t.event ? { event: t.event } : {}),
    user: { text: t.user.text, traceIndex: t.user.traceIndex, spans: [] },
    replies: t.replies.map((r) => ({
      text: r.text,
      traceIndex: r.traceIndex,
      spans: spansAt(t.index, r.text),
      ...(r.responseType !== undefined ? { responseType: responseTypeName(r.responseType) } : {}),
      ...(r.evaluation ? { evaluation: r.evaluation.verdict } : {}),
      ...(r.evaluation?.exactAnswer !== undefined ? { exactAnswer: r.evaluation.exactAnswer } : {}),
    })),
    ...(rail[t.index] ? { rail: rail[t.index] } : {}),
  }));
  const spec = {
    mode: conv.mode,
    condition: conv.condition,
    ...(entry.path ? { path: entry.path, k: entry.k ?? 0 } : {}),
  };
  const label = instanceRecapLabel({ ...spec, ...(entry.recap ? { recap: entry.recap } : {}) });
  const model = entry.assistant_model ?? 'unknown model';
  const reference = referenceText(conv.reference);
  const wanted =
    input.focus?.traceIndex !== undefined ? turnOfTraceIndex(conv, input.focus.traceIndex)?.index : input.focus?.turn;
  const focus = wanted !== undefined && wanted < turns.length ? wanted : undefined;
  const leak = detectorFailed ? undefined : finalAnswerLeak(entry, conv, record, turns);
  return {
    view: 'conversation',
    title: `${entry.task_id} · ${label} · ${model}`,
    convId: entry.conv_id,
    taskId: entry.task_id,
    task: entry.task,
    model,
    instanceLabel: label,
    mode: conv.mode,
    condition: conv.condition,
    ...(entry.path !== undefined ? { path: entry.path } : {}),
    ...(entry.k !== undefined ? { k: entry.k } : {}),
    ...(entry.recap !== undefined ? { recap: entry.recap } : {}),
    file: input.ref.file,
    fileLabel: input.fileLabel,
    line: input.ref.line,
    verdict: provenance(conv, input.rescore),
    ...(conv.extractedAnswer !== undefined ? { extractedAnswer: conv.extractedAnswer } : {}),
    ...(conv.activeTask !== undefined ? { activeTask: conv.activeTask } : {}),
    ...(reference !== undefined ? { activeReference: reference } : {}),
    ...(record?.intent ? { requirement: record.intent.requirement } : {}),
    system: conv.otherMessages.map((m) => ({ role: m.role, text: m.text, traceIndex: m.traceIndex })),
    turns,
    standalone: conv.standalone.map(logLine),
    bookkeeping: conv.bookkeeping.map(logLine),
    detector: input.detectorName,
    notes,
    ...(focus !== undefined ? { focusTurn: focus } : {}),
    canFork: input.canFork,
    ...(leak ? { leak: { sentence: leak.sentence, ...(leak.turn !== undefined ? { turn: leak.turn } : {}) } } : {}),
    ...(input.counterpart ? { counterpart: input.counterpart } : {}),
  };
}
