// Re-scores a logged conversation: its final assistant message against the active reference of its
// instance, plus the inactive content in it. Shared by the CLI `score` command and the extension.
import type { BenchmarkRecord } from '../schema/records';
import type { RunLogEntry } from '../schema/runlog';
import type { ActiveTask } from '../render/instances';
import { detectInactive, detectPlanInactive, instanceTimeline, type InactiveSpan } from '../inactive/detectInactive';
import type { EvolvingPlan } from '../schema/evolving';
import { parseConversation, type Conversation } from '../conversation';
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

function previousVerdict(c: Conversation): boolean | null {
  return c.loggedVerdict === 'correct' ? true : c.loggedVerdict === 'incorrect' ? false : null;
}

/**
 * `plan` is the evolving-intent plan with the log's task_id: `mode: evolving` logs are scored
 * against its anchor (and unscored without one); other logs against the record.
 */
export async function rescoreConversation(
  record: BenchmarkRecord | undefined,
  entry: RunLogEntry,
  opts: VerifyOptions,
  plan?: EvolvingPlan,
): Promise<ConversationScore> {
  const c = parseConversation(entry, entry.mode === 'evolving' ? plan : record);
  const spec = c.spec;
  const base = {
    conv_id: entry.conv_id,
    task_id: entry.task_id,
    mode: c.mode,
    condition: c.condition,
    ...(entry.path ? { path: entry.path, k: entry.k ?? 0 } : {}),
    previous_is_correct: previousVerdict(c),
  };
  if (base.mode === 'evolving') return rescoreEvolving(plan, c, opts, base);
  const domain =
    record?.task ??
    (['math', 'code', 'database', 'actions'].includes(entry.task) ? (entry.task as BenchmarkRecord['task']) : 'math');
  const none = (message: string): ConversationScore => ({
    ...base,
    active: c.activeTask ?? null,
    extracted: null,
    is_correct: null,
    inactive: [],
    details: { domain, message },
  });
  if (!spec || !c.activeTask) return none('evolving-intent conversations are scored against their plan, not a record');
  if (!record) return none(`no record with task_id ${entry.task_id}`);
  const response = c.finalAnswer?.text;
  if (response === undefined) return none('the conversation has no assistant message');
  const active = c.activeTask;
  const result = await verifyAnswer(record, spec, response, opts);
  // Follow what was actually said when the log tags its events; else the rendered instance.
  const logged = c.turns.some((t) => t.event !== undefined);
  const timeline = logged ? c.timeline : instanceTimeline(record, spec);
  let inactive: InactiveSpan[] = [];
  try {
    inactive = detectInactive(record, spec, response, timeline);
  } catch {
    // Rendering can fail for a log whose path/k the record cannot fill; the verdict still stands.
  }
  return {
    ...base,
    active,
    extracted: result.extracted,
    is_correct: result.is_correct,
    inactive,
    details: result.details,
    response,
  };
}

async function rescoreEvolving(
  plan: EvolvingPlan | undefined,
  c: Conversation,
  opts: VerifyOptions,
  base: Omit<ConversationScore, 'active' | 'extracted' | 'is_correct' | 'inactive' | 'details'>,
): Promise<ConversationScore> {
  const task = plan?.task ?? c.entry.task;
  const domain = task === 'code' || task === 'database' || task === 'actions' ? task : 'math';
  const none = (message: string): ConversationScore => ({
    ...base,
    active: null,
    extracted: null,
    is_correct: null,
    inactive: [],
    details: { domain, message },
  });
  if (!plan) return none(`no evolving-intent plan with task_id ${c.entry.task_id}`);
  const response = c.finalAnswer?.text;
  if (response === undefined) return none('the conversation has no assistant message');
  const result = await verifyPlanAnswer(plan, response, opts);
  let inactive: InactiveSpan[] = [];
  try {
    // The logged `intent_transition` entries say what was actually in effect; the plan fills gaps.
    inactive = detectPlanInactive(plan, response, c.timeline);
  } catch {
    // A malformed transition log must not cost the verdict.
  }
  return {
    ...base,
    active: null,
    extracted: result.extracted,
    is_correct: result.is_correct,
    inactive,
    details: result.details,
    response,
  };
}
