// What the run-log index keeps per conversation (a small summary and where its line is), built once
// from the parsed line, in the calling thread or on an indexing worker (runLogWorker.ts) alike.
import {
  type Condition,
  type ExtendedPath,
  type ForkedFrom,
  type Mode,
  type RecapMode,
  type RunLogEntry,
  effectiveCondition,
  effectiveMode,
} from '../schema/runlog';
import type { Verdict } from '../../shared/verdicts';

export type { Verdict } from '../../shared/verdicts';

export interface ConversationRef {
  file: string;
  line: number;
  offset: number;
  length: number;
  conv_id: string;
  task: string;
  task_id: string;
  model: string;
  mode: Mode;
  condition: Condition;
  path?: ExtendedPath;
  k?: number;
  recap?: RecapMode;
  verdict: Verdict;
  /** Number of user and assistant messages. */
  turns: number;
  /** Set on a fork: the conversation it continues and the edit (FORMAT.md's optional `forked_from`). */
  forkedFrom?: ForkedFrom;
  /** LiC response types logged (`system-verification`), counted: `answer_attempt×3 clarification×1`. */
  responseTypes?: string;
  /** Sum of the messages' `cost_usd`, when any is logged. */
  costUsd?: number;
  /** Sum of the messages' `usage` input + output tokens (as our runner logs them), when any is logged. */
  tokens?: number;
}

/** A message's logged token count (`usage: {input_tokens, output_tokens}`), if any. */
function messageTokens(m: RunLogEntry['trace'][number]): number | undefined {
  const u = (m as { usage?: unknown }).usage;
  if (!u || typeof u !== 'object') return undefined;
  const { input_tokens: i, output_tokens: o } = u as { input_tokens?: unknown; output_tokens?: unknown };
  const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);
  if (count(i) === undefined && count(o) === undefined) return undefined;
  return (count(i) ?? 0) + (count(o) ?? 0);
}

/** The summary fields read while the line is parsed anyway: no second pass over any trace. Sets them on `ref`. */
function summariseTrace(trace: RunLogEntry['trace'], ref: ConversationRef): void {
  let turns = 0;
  let cost: number | undefined;
  let tokens: number | undefined;
  let types: Map<string, number> | undefined;
  for (const m of trace) {
    if (m.role === 'user' || m.role === 'assistant') turns++;
    if (typeof m.cost_usd === 'number') cost = (cost ?? 0) + m.cost_usd;
    const t = messageTokens(m);
    if (t !== undefined) tokens = (tokens ?? 0) + t;
    if (m.role === 'log' && m.content && typeof m.content === 'object') {
      const c = m.content as { type?: unknown; response?: { response_type?: unknown }; response_type?: unknown };
      if (c.type !== 'system-verification') continue;
      const t =
        typeof c.response?.response_type === 'string'
          ? c.response.response_type
          : typeof c.response_type === 'string'
            ? c.response_type
            : undefined;
      if (t) (types ??= new Map()).set(t, (types.get(t) ?? 0) + 1);
    }
  }
  ref.turns = turns;
  if (types) ref.responseTypes = [...types].map(([t, n]) => `${t}×${n}`).join(' ');
  if (cost !== undefined) ref.costUsd = cost;
  if (tokens !== undefined) ref.tokens = tokens;
}

/**
 * Which instance of its source a conversation (or a planned run) is: mode × condition × path/k, and
 * for evolving intent the recap mode (one instance per memory aid). Stable: tree node ids use it.
 */
export function instanceKey(i: { mode: string; condition: string; path?: string; k?: number; recap?: string }): string {
  const key = [i.mode, i.condition, i.path ?? '', i.k ?? ''];
  if (i.recap) key.push(i.recap);
  return key.join('|');
}

/** The key the index groups by: task_id × model × instance. */
export function conversationKey(
  r: Pick<ConversationRef, 'task_id' | 'model' | 'mode' | 'condition' | 'path' | 'k' | 'recap'>,
): string {
  return [r.task_id, r.model, instanceKey(r)].join('\u0000');
}

/**
 * A conversation's verdict. `is_correct` wins when boolean; LiC math logs leave it null and put the
 * exact-match result in `score` (1 correct, 0 wrong); both null means not scored.
 */
export function verdictOf(e: { is_correct?: boolean | null; score?: number | null }): Verdict {
  if (e.is_correct === true) return 'correct';
  if (e.is_correct === false) return 'incorrect';
  if (typeof e.score === 'number') return e.score >= 1 ? 'correct' : 'incorrect';
  return 'unscored';
}

/** Where a conversation's line is in its file. */
export interface LineSpan {
  file: string;
  line: number;
  offset: number;
  length: number;
}

export function refOfEntry(e: RunLogEntry, at: LineSpan): ConversationRef {
  // A literal, not spreads: built 40k times per load, and object spread measured ~10× slower here.
  const ref: ConversationRef = {
    file: at.file,
    line: at.line,
    offset: at.offset,
    length: at.length,
    conv_id: e.conv_id,
    task: e.task,
    task_id: e.task_id,
    model: e.assistant_model ?? 'unknown model',
    mode: effectiveMode(e),
    condition: effectiveCondition(e),
    verdict: verdictOf(e),
    turns: 0,
  };
  summariseTrace(e.trace, ref);
  if (e.path !== undefined) ref.path = e.path;
  if (e.k !== undefined) ref.k = e.k;
  if (e.recap !== undefined) ref.recap = e.recap;
  if (e.forked_from !== undefined) ref.forkedFrom = e.forked_from;
  return ref;
}

/**
 * One copy of each repeated string of the refs (task, model, … repeat across ~100 conversations
 * each; refs that came from a worker carry their own copies): 40k refs held in a fraction of the memory.
 */
export class StringPool {
  private readonly strings = new Map<string, string>();
  intern<T extends string | undefined>(s: T): T {
    if (s === undefined) return s;
    const known = this.strings.get(s);
    if (known !== undefined) return known as T;
    this.strings.set(s, s);
    return s;
  }
  internRef(r: ConversationRef): void {
    r.file = this.intern(r.file);
    r.task = this.intern(r.task);
    r.task_id = this.intern(r.task_id);
    r.model = this.intern(r.model);
    r.mode = this.intern(r.mode);
    r.condition = this.intern(r.condition);
    if (r.path !== undefined) r.path = this.intern(r.path);
    if (r.recap !== undefined) r.recap = this.intern(r.recap);
    if (r.responseTypes !== undefined) r.responseTypes = this.intern(r.responseTypes);
  }
  clear(): void {
    this.strings.clear();
  }
}
