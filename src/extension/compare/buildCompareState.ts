// Builds the compare view's state from two logged conversations (and their source record, when
// known): turns aligned by what they carried, the branch point, verdicts and active references,
// the "in effect" rail from the intent timeline, and inactive-content spans from the detector.
// No `vscode` import: unit tests build states directly.
import type { BenchmarkRecord, ReferenceValue } from '../../core/schema/records';
import type { RunLogEntry } from '../../core/schema/runlog';
import type { ConversationRef } from '../../core/load/runLogIndex';
import { instanceLabel, renderInstance } from '../../core/render/instances';
import type { IntentSnapshot, IntentTimeline } from '../../core/state/intentTimeline';
import {
  conversationTimeline,
  parseConversation,
  type Conversation,
  type ConversationTurn,
  type TraceText,
} from '../../core/conversation';
import { alignTurns } from '../../core/compare/alignTurns';
import { provenanceNote, type CurrentVerdict } from '../../core/workspace/verdicts';
import type { InactiveSpanDetector } from '../../core/inactive/detectInactive';
import { forkBranchRow, forkBranchSummary, forkRelation, replacedTurnNote } from '../../core/fork/forkBranch';
import type {
  CompareMessage,
  CompareSide,
  CompareState,
  CompareTurn,
  LeakMessage,
  RailEntry,
} from '../../shared/protocol/compare';
import { describeLeak } from '../../core/inactive/leakSentence';

export interface CompareConversation {
  ref: Pick<ConversationRef, 'conv_id' | 'file' | 'line'>;
  entry: RunLogEntry;
}

export interface CompareInput {
  record?: BenchmarkRecord;
  left: CompareConversation;
  right: CompareConversation;
  detector: InactiveSpanDetector;
  detectorName: string;
  timing: CompareState['timing'];
  /** The verdict a view shows (re-scored where re-scored); the logged one without it. */
  currentVerdict?: (ref: { conv_id: string; verdict: CurrentVerdict['verdict'] }) => CurrentVerdict;
}

export function labelOfEntry(entry: RunLogEntry): string {
  return instanceLabel({
    mode: entry.mode ?? 'multi',
    condition: entry.condition ?? 'original',
    ...(entry.path ? { path: entry.path } : {}),
    ...(entry.k !== undefined ? { k: entry.k } : {}),
  });
}

export function referenceText(ref: ReferenceValue | undefined): string | undefined {
  if (ref === undefined) return undefined;
  return typeof ref === 'string' ? ref : typeof ref === 'number' ? String(ref) : JSON.stringify(ref);
}

function turnLabel(t: ConversationTurn): string {
  if (t.event) return t.block !== undefined && t.block > 1 ? `${t.event} ${t.block}` : t.event;
  if (t.shardIds.length) return `shard ${t.shardIds.join(', ')}`;
  return `turn ${t.index + 1}`;
}

/** The rail per user turn; `notes` adds a line at a turn (e.g. a fork's hand-replaced message). */
export function railOf(
  snapshots: readonly IntentSnapshot[],
  notes: (turn: number) => string | undefined = () => undefined,
): RailEntry[] {
  let prev = '';
  return snapshots.map((s, turn) => {
    const note = notes(turn);
    const req = s.requirements[0];
    const values = req?.values ?? [];
    const entry: RailEntry = {
      ...(req?.inEffect !== undefined ? { inEffect: req.inEffect } : {}),
      pending: values.filter((v) => v.status === 'pending').map((v) => v.value),
      inactive: values
        .filter((v) => (v.status === 'rejected' || v.status === 'superseded') && v.saidAt !== undefined)
        .map((v) => v.value),
      changes: s.changes,
      changed: false,
      ...(note ? { note } : {}),
    };
    const sig = JSON.stringify([entry.inEffect, entry.pending, entry.inactive]);
    entry.changed = sig !== prev;
    prev = sig;
    return entry;
  });
}

/** The final answer's inactive spans in words (what was inactive when it was written), as the conversation header says them. */
function finalLeak(final: CompareMessage, timeline: IntentTimeline | undefined): LeakMessage | undefined {
  if (!final.spans.length || !timeline) return undefined;
  const leak = describeLeak(final.text, final.spans, timeline.inactive);
  return leak && { sentence: leak.sentence, ...(leak.turn !== undefined ? { turn: leak.turn } : {}) };
}

function buildSide(
  record: BenchmarkRecord | undefined,
  conv: CompareConversation,
  detector: InactiveSpanDetector,
  notes: string[],
  currentVerdict: CompareInput['currentVerdict'],
): { side: CompareSide; conversation: Conversation } {
  const { entry, ref } = conv;
  const c = parseConversation(entry, record);
  const spec = c.spec;
  const label = labelOfEntry(entry);
  let rendered: ReturnType<typeof renderInstance> | undefined;
  if (record && spec) {
    try {
      rendered = renderInstance(record, spec);
    } catch (e) {
      notes.push(`${label} (${entry.conv_id}): ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const withIntent = record?.intent && spec ? record : undefined;
  const rail: RailEntry[] = withIntent
    ? railOf(c.timeline.snapshots, (i) => c.turns[i] && replacedTurnNote(entry.forked_from, c.turns[i]))
    : [];
  // What was inactive when each reply was written: the timeline of the logged turns up to it.
  const timelineAt = new Map<number, IntentTimeline>();
  const timelineAfter = (turn: number): IntentTimeline | undefined => {
    if (!withIntent || !c.turns.length) return undefined;
    const t = Math.min(turn, c.turns.length - 1);
    let tl = timelineAt.get(t);
    if (!tl) timelineAt.set(t, (tl = conversationTimeline(entry, c.turns.slice(0, t + 1), withIntent)));
    return tl;
  };
  let detectorFailed = false;
  const withSpans = (m: TraceText, assistantOfTurn: number | undefined): CompareMessage => {
    const msg = { text: m.text, traceIndex: m.traceIndex };
    if (assistantOfTurn === undefined || !record || !spec) return { ...msg, spans: [] };
    try {
      const spans = detector(record, spec, m.text, timelineAfter(assistantOfTurn)).filter(
        (s) => s.end > s.start && s.start >= 0 && s.end <= m.text.length,
      );
      return {
        ...msg,
        spans: spans.map((s) => ({ value: s.value, start: s.start, end: s.end, kind: s.kind, describe: s.describe })),
      };
    } catch (e) {
      if (!detectorFailed)
        notes.push(
          `inactive-content detector failed on ${entry.conv_id}: ${e instanceof Error ? e.message : String(e)}`,
        );
      detectorFailed = true;
      return { ...msg, spans: [] };
    }
  };
  const turns: CompareTurn[] = c.turns.map((t) => ({
    index: t.index,
    label: turnLabel(t),
    ...(t.event ? { event: t.event } : {}),
    user: withSpans(t.user, undefined),
    assistant: t.replies.map((m) => withSpans(m, t.index)),
    ...(rail[t.index] ? { rail: rail[t.index] } : {}),
  }));
  const final = c.finalAnswer;
  const finalResponse = final
    ? ((final.turn !== undefined
        ? turns[final.turn]?.assistant.find((m) => m.traceIndex === final.traceIndex)
        : undefined) ?? withSpans(final, Number.MAX_SAFE_INTEGER))
    : undefined;
  const leak =
    finalResponse && !detectorFailed
      ? finalLeak(finalResponse, timelineAfter(final?.turn ?? Number.MAX_SAFE_INTEGER))
      : undefined;
  const activeReference = referenceText(c.reference);
  const current = currentVerdict?.({ conv_id: entry.conv_id, verdict: c.loggedVerdict });
  const note = current && provenanceNote(current);
  const side: CompareSide = {
    convId: entry.conv_id,
    model: entry.assistant_model ?? 'unknown model',
    instanceLabel: label,
    mode: c.mode,
    condition: c.condition,
    ...(entry.path !== undefined ? { path: entry.path } : {}),
    ...(entry.k !== undefined ? { k: entry.k } : {}),
    file: ref.file,
    line: ref.line,
    verdict: current?.verdict ?? c.loggedVerdict,
    ...(note ? { verdictNote: note } : {}),
    ...(c.extractedAnswer !== undefined ? { extractedAnswer: c.extractedAnswer } : {}),
    ...(c.activeTask ? { activeTask: c.activeTask } : {}),
    ...(activeReference !== undefined ? { activeReference } : {}),
    ...(rendered?.activeValue !== undefined ? { activeValue: rendered.activeValue } : {}),
    turns,
    ...(finalResponse ? { finalResponse } : {}),
    ...(leak ? { leak } : {}),
  };
  return { side, conversation: c };
}

const EVENT_VERBS: Record<string, string> = {
  reject: 'rejects',
  accept: 'accepts',
  proposal: 'proposes',
  neutral: 'clarifies',
};

function branchSummary(
  left: CompareSide,
  right: CompareSide,
  l: CompareTurn | undefined,
  r: CompareTurn | undefined,
): string {
  const say = (side: CompareSide, t: CompareTurn | undefined) => {
    if (!t) return `${side.instanceLabel} has no such turn`;
    return t.event ? `${side.instanceLabel} ${EVENT_VERBS[t.event] ?? t.event}` : `${side.instanceLabel}: ${t.label}`;
  };
  return `${say(left, l)} · ${say(right, r)}`;
}

export function buildCompareState(input: CompareInput): CompareState {
  const notes: string[] = [];
  const { record } = input;
  if (!record) notes.push(`no record for ${input.left.entry.task_id}: no references, rail or inactive content`);
  if (input.left.entry.task_id !== input.right.entry.task_id)
    notes.push(
      `the two conversations are of different sources (${input.left.entry.task_id}, ${input.right.entry.task_id})`,
    );
  const { side: left, conversation: leftConversation } = buildSide(
    record,
    input.left,
    input.detector,
    notes,
    input.currentVerdict,
  );
  const { side: right, conversation: rightConversation } = buildSide(
    record,
    input.right,
    input.detector,
    notes,
    input.currentVerdict,
  );
  const alignable = (turns: readonly ConversationTurn[]) =>
    turns.map((t) => ({ key: t.key, userText: t.user.text, assistantText: t.replies.map((m) => m.text).join('\n') }));
  const alignment = alignTurns(alignable(leftConversation.turns), alignable(rightConversation.turns));
  // Parent ↔ fork: the branch point is the edited turn, and it says what the edit was.
  const fork = forkRelation({ left: input.left.entry, right: input.right.entry });
  if (fork) {
    const row = forkBranchRow(alignment.rows, fork.forkedFrom);
    if (row !== undefined) {
      alignment.branchRow = row;
      alignment.prefixEnd = Math.min(alignment.prefixEnd, row);
    }
  }
  const branch = alignment.branchRow !== undefined ? alignment.rows[alignment.branchRow] : undefined;
  const it = record?.intent;
  return {
    view: 'compare',
    title: `${input.left.entry.task_id}: ${left.instanceLabel} · ${left.model} ↔ ${right.instanceLabel} · ${right.model}`,
    taskId: input.left.entry.task_id,
    task: input.left.entry.task,
    ...(it ? { intent: { requirement: it.requirement, original: it.original, revised: it.revised } } : {}),
    left,
    right,
    rows: alignment.rows,
    ...(alignment.branchRow !== undefined ? { branchRow: alignment.branchRow } : {}),
    ...(branch
      ? {
          branchSummary: fork
            ? forkBranchSummary(fork.forkedFrom)
            : branchSummary(
                left,
                right,
                branch.left !== undefined ? left.turns[branch.left] : undefined,
                branch.right !== undefined ? right.turns[branch.right] : undefined,
              ),
        }
      : {}),
    prefixEnd: alignment.prefixEnd,
    prefixIdentical: alignment.prefixIdentical,
    detector: input.detectorName,
    notes,
    timing: input.timing,
  };
}
