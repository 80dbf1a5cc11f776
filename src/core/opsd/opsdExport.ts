// Intent-OPSD training export (paper Section 3, Eq. 3): for each admitted source and multi-turn
// condition v, the Student's dialogue H_v (the trace before the final answer) and the Teacher's
// complete single-turn task c_v (S_Dir for Revised, S_Orig otherwise, rendered from the record).
// Admission (Section 3.1, optional): the model answered both S_Orig and S_Dir correctly.
import type { ConversationRef } from '../load/runLogIndex';
import type { RunLogEntry } from '../schema/runlog';
import type { BenchmarkRecord } from '../schema/records';
import { MULTI_CONDITIONS, renderInstance, RenderError } from '../render/instances';
import { lastAssistantIndex, lastAssistantText } from '../conversation/lastAssistant';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export type MultiCondition = (typeof MULTI_CONDITIONS)[number];

export interface OpsdExample {
  task_id: string;
  task: string;
  model: string;
  condition: MultiCondition;
  conv_id: string;
  /** H_v: the multi-turn dialogue before the final answer (log entries dropped). */
  student: { messages: ChatMessage[] };
  /** c_v: the complete single-turn task matching the user's decision. */
  teacher: { prompt: 'S_Orig' | 'S_Dir'; messages: ChatMessage[] };
  /** The model's verified single-turn answer to c_v from admission (matched SFT's target), when known. */
  teacher_target?: string;
  /** The recorded Student's final answer and its verdict (not a training target). */
  student_final_answer: string;
  student_verdict: ConversationRef['verdict'];
}

export interface OpsdOptions {
  /** Admit only sources whose single-turn Original and Direct runs (same model) are both correct. */
  admitSingleCorrect?: boolean;
  models?: readonly string[];
  conditions?: readonly MultiCondition[];
}

export interface OpsdSummary {
  sources: number;
  admittedSources: number;
  examples: number;
  skipped: { noRecord: number; notAdmitted: number; noFinalAnswer: number; renderError: number };
}

interface SingleRuns {
  original: ConversationRef[];
  direct: ConversationRef[];
}

/** All scored runs correct, and at least one. */
function allCorrect(runs: readonly ConversationRef[]): boolean {
  const scored = runs.filter((r) => r.verdict !== 'unscored');
  return scored.length > 0 && scored.every((r) => r.verdict === 'correct');
}

/** H_v: system/user/assistant messages up to the last assistant message, which is the final answer. */
export function studentDialogue(
  entry: Pick<RunLogEntry, 'trace'>,
): { history: ChatMessage[]; final: string } | undefined {
  const last = lastAssistantIndex(entry.trace);
  if (last < 0) return undefined;
  const history: ChatMessage[] = [];
  for (let i = 0; i < last; i++) {
    const m = entry.trace[i]!;
    if ((m.role === 'system' || m.role === 'user' || m.role === 'assistant') && typeof m.content === 'string')
      history.push({ role: m.role, content: m.content });
  }
  return { history, final: String(entry.trace[last]!.content) };
}

/** c_v with the record's system prompt. */
export function teacherPrompt(
  record: BenchmarkRecord,
  condition: MultiCondition,
): { prompt: 'S_Orig' | 'S_Dir'; messages: ChatMessage[] } {
  const single = condition === 'revised' ? 'direct' : 'original';
  const inst = renderInstance(record, { mode: 'single', condition: single });
  const messages: ChatMessage[] = [];
  if (inst.system) messages.push({ role: 'system', content: inst.system });
  messages.push({ role: 'user', content: inst.messages[0]!.content });
  return { prompt: single === 'direct' ? 'S_Dir' : 'S_Orig', messages };
}

/**
 * Streams the export: calls `emit` once per example, in model → source → condition order.
 * Reads only the admitted multi-turn conversations (and one admitted single-turn run per target).
 */
export async function exportOpsd(
  conversations: readonly ConversationRef[],
  recordOf: (taskId: string) => BenchmarkRecord | undefined,
  readConversation: (ref: ConversationRef) => Promise<Pick<RunLogEntry, 'trace'>>,
  emit: (example: OpsdExample) => void | Promise<void>,
  opts: OpsdOptions = {},
): Promise<OpsdSummary> {
  const onlyModels = opts.models ? new Set(opts.models) : undefined;
  const conditions = new Set<string>(opts.conditions ?? MULTI_CONDITIONS);
  const multi = new Map<string, ConversationRef[]>(); // model \0 task_id
  const single = new Map<string, SingleRuns>();
  for (const r of conversations) {
    if (onlyModels && !onlyModels.has(r.model)) continue;
    if (r.path !== undefined) continue;
    const key = `${r.model}\u0000${r.task_id}`;
    if (r.mode === 'multi' && conditions.has(r.condition)) {
      const list = multi.get(key);
      if (list) list.push(r);
      else multi.set(key, [r]);
    } else if (r.mode === 'single' && (r.condition === 'original' || r.condition === 'direct')) {
      let s = single.get(key);
      if (!s) single.set(key, (s = { original: [], direct: [] }));
      s[r.condition].push(r);
    }
  }
  const summary: OpsdSummary = {
    sources: multi.size,
    admittedSources: 0,
    examples: 0,
    skipped: { noRecord: 0, notAdmitted: 0, noFinalAnswer: 0, renderError: 0 },
  };
  const order = (c: string) => MULTI_CONDITIONS.indexOf(c as MultiCondition);
  const keys = [...multi.keys()].sort();
  for (const key of keys) {
    const refs = multi
      .get(key)!
      .sort((a, b) => order(a.condition) - order(b.condition) || a.conv_id.localeCompare(b.conv_id));
    const { model, task_id } = refs[0]!;
    const record = recordOf(task_id);
    if (!record?.intent) {
      summary.skipped.noRecord += refs.length;
      continue;
    }
    const s = single.get(key);
    const admitted = !!s && allCorrect(s.original) && allCorrect(s.direct);
    if (opts.admitSingleCorrect && !admitted) {
      summary.skipped.notAdmitted += refs.length;
      continue;
    }
    summary.admittedSources++;
    const targets = new Map<string, string | undefined>();
    const targetFor = async (which: 'original' | 'direct'): Promise<string | undefined> => {
      if (!admitted || !s) return undefined;
      if (!targets.has(which)) {
        const run = s[which].find((r) => r.verdict === 'correct');
        targets.set(which, run ? lastAssistantText((await readConversation(run)).trace) : undefined);
      }
      return targets.get(which);
    };
    for (const ref of refs) {
      const condition = ref.condition as MultiCondition;
      let teacher: OpsdExample['teacher'];
      try {
        teacher = teacherPrompt(record, condition);
      } catch (e) {
        if (e instanceof RenderError) {
          summary.skipped.renderError++;
          continue;
        }
        throw e;
      }
      const dialogue = studentDialogue(await readConversation(ref));
      if (!dialogue) {
        summary.skipped.noFinalAnswer++;
        continue;
      }
      const target = await targetFor(teacher.prompt === 'S_Dir' ? 'direct' : 'original');
      await emit({
        task_id,
        task: ref.task,
        model,
        condition,
        conv_id: ref.conv_id,
        student: { messages: dialogue.history },
        teacher,
        ...(target !== undefined ? { teacher_target: target } : {}),
        student_final_answer: dialogue.final,
        student_verdict: ref.verdict,
      });
      summary.examples++;
    }
  }
  return summary;
}
