// Re-scores a logged conversation: its final assistant message against the active reference of its
// instance, plus the inactive content in it. Shared by the CLI `score` command and the extension.
import type { BenchmarkRecord } from '../schema/records';
import { effectiveCondition, effectiveMode, type RunLogEntry, type TraceMessage } from '../schema/runlog';
import { activeTaskOf, type ActiveTask, type InstanceSpec } from '../render/instances';
import { intentEvalTimeline, tagsFromTrace } from '../state/intentTimeline';
import { verdictOf } from '../load/runLogIndex';
import { detectInactive, detectPlanInactive, instanceTimeline, type InactiveSpan } from '../inactive/detectInactive';
import type { EvolvingPlan } from '../schema/evolving';
import { timelineFromLog } from '../state/timelineFromLog';
import { verifyAnswer } from './verifyAnswer';
import { verifyPlanAnswer } from './verifyPlanAnswer';
import type { VerifyOptions, VerifyResult } from './verifyTypes';

export interface ConversationScore {
  conv_id: string;
  task_id: string;
  mode: string;
  condition: string;
  path?: string;
  k?: number;
  active: ActiveTask | null;
  extracted: string | null;
  is_correct: boolean | null;
  /** The logged verdict (LiC math logs: from `score`). */
  previous_is_correct: boolean | null;
  inactive: InactiveSpan[];
  details: VerifyResult['details'];
  /** The final assistant message that was scored (not in JSON reports: it is in the log). */
  response?: string;
}

export function finalAssistantMessage(trace: readonly TraceMessage[]): string | undefined {
  for (let i = trace.length - 1; i >= 0; i--) {
    const m = trace[i]!;
    if (m.role === 'assistant' && typeof m.content === 'string') return m.content;
  }
  return undefined;
}

export function instanceSpecOf(entry: Pick<RunLogEntry, 'mode' | 'condition' | 'path' | 'k'>): InstanceSpec | undefined {
  const mode = effectiveMode(entry);
  if (mode === 'evolving') return undefined;
  return { mode, condition: effectiveCondition(entry), ...(entry.path ? { path: entry.path, k: entry.k ?? 0 } : {}) };
}

function previousVerdict(entry: RunLogEntry): boolean | null {
  const v = verdictOf(entry);
  return v === 'correct' ? true : v === 'incorrect' ? false : null;
}

/**
 * `plan` is the evolving-intent plan with the log's task_id: `mode: evolving` logs are scored
 * against its anchor (and unscored without one); other logs against the record.
 */
export async function rescoreConversation(record: BenchmarkRecord | undefined, entry: RunLogEntry, opts: VerifyOptions, plan?: EvolvingPlan): Promise<ConversationScore> {
  const spec = instanceSpecOf(entry);
  const base = {
    conv_id: entry.conv_id,
    task_id: entry.task_id,
    mode: effectiveMode(entry),
    condition: effectiveCondition(entry),
    ...(entry.path ? { path: entry.path, k: entry.k ?? 0 } : {}),
    previous_is_correct: previousVerdict(entry),
  };
  if (base.mode === 'evolving') return rescoreEvolving(plan, entry, opts, base);
  const domain = record?.task ?? (['math', 'code', 'database', 'actions'].includes(entry.task) ? (entry.task as BenchmarkRecord['task']) : 'math');
  const none = (message: string): ConversationScore => ({ ...base, active: spec ? activeTaskOf(spec) : null, extracted: null, is_correct: null, inactive: [], details: { domain, message } });
  if (!spec) return none('evolving-intent conversations are scored against their plan, not a record');
  if (!record) return none(`no record with task_id ${entry.task_id}`);
  const response = finalAssistantMessage(entry.trace);
  if (response === undefined) return none('the conversation has no assistant message');
  const active = activeTaskOf(spec);
  const result = await verifyAnswer(record, spec, response, opts);
  // Follow what was actually said when the log tags its events; else the rendered instance.
  const logged = entry.trace.some((m) => m.role === 'log' && (m.content as { type?: string }).type === 'event');
  const timeline = logged ? intentEvalTimeline(record, tagsFromTrace(entry.trace), spec) : instanceTimeline(record, spec);
  let inactive: InactiveSpan[] = [];
  try {
    inactive = detectInactive(record, spec, response, timeline);
  } catch {
    // Rendering can fail for a log whose path/k the record cannot fill; the verdict still stands.
  }
  return { ...base, active, extracted: result.extracted, is_correct: result.is_correct, inactive, details: result.details, response };
}

async function rescoreEvolving(plan: EvolvingPlan | undefined, entry: RunLogEntry, opts: VerifyOptions, base: Omit<ConversationScore, 'active' | 'extracted' | 'is_correct' | 'inactive' | 'details'>): Promise<ConversationScore> {
  const task = plan?.task ?? entry.task;
  const domain = task === 'code' || task === 'database' || task === 'actions' ? task : 'math';
  const none = (message: string): ConversationScore => ({ ...base, active: null, extracted: null, is_correct: null, inactive: [], details: { domain, message } });
  if (!plan) return none(`no evolving-intent plan with task_id ${entry.task_id}`);
  const response = finalAssistantMessage(entry.trace);
  if (response === undefined) return none('the conversation has no assistant message');
  const result = await verifyPlanAnswer(plan, response, opts);
  let inactive: InactiveSpan[] = [];
  try {
    // The logged `intent_transition` entries say what was actually in effect; the plan fills gaps.
    inactive = detectPlanInactive(plan, response, timelineFromLog(entry, plan));
  } catch {
    // A malformed transition log must not cost the verdict.
  }
  return { ...base, active: null, extracted: result.extracted, is_correct: result.is_correct, inactive, details: result.details, response };
}
