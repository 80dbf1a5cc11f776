// The one model of a logged conversation (issue #11): what every view (tree, compare, In Effect,
// conversation view), stats, OPSD export, re-score and the runner read from a run log entry.
// Built once by `parseConversation`; views never walk `trace` themselves.
import type { Verdict } from '../load/runLogIndex';
import type { ReferenceValue } from '../schema/records';
import type { AnswerEvaluation, Condition, EventKind, Mode, RunLogEntry, TypedLogContent } from '../schema/runlog';
import type { ActiveTask, InstanceSpec } from '../render/instances';
import type { EvolvingState } from '../state/evolvingTimeline';
import type { IntentTimeline } from '../state/intentTimeline';

/** A message of the trace: its text (non-string content as JSON) and its position in `trace`. */
export interface TraceText {
  text: string;
  /** Index of the message in the run log's `trace`: the stable id for spans, navigation and edits. */
  traceIndex: number;
}

/** An `answer-evaluation` log entry, read. */
export interface LoggedEvaluation {
  /** Index of the `answer-evaluation` entry in `trace`. */
  traceIndex: number;
  /** Index in `trace` of the assistant message it evaluates. */
  replyTraceIndex: number;
  /** What the simulator extracted from the reply (`exact_answer`), as text; absent when not logged. */
  exactAnswer?: string;
  /** `is_correct`, else `score` (>= 1 correct), else unscored: the same rule as a run's verdict. */
  verdict: Verdict;
  content: AnswerEvaluation;
}

/** An assistant reply within a user turn. */
export interface ConversationReply extends TraceText {
  /** LiC's classification (`system-verification`), as logged, e.g. `answer_attempt`. */
  responseType?: string;
  /** The evaluation logged for this reply, if any (several replies of a conversation may be scored). */
  evaluation?: LoggedEvaluation;
  /** Trace indexes of the log entries folded into this reply (classification, evaluation). */
  annotations: number[];
}

/** One user turn: a user message, what it carried, and the assistant replies before the next user message. */
export interface ConversationTurn {
  /** 0-based user turn index: the intent timeline's `snapshot.turn`. */
  index: number;
  /** 1-based label shown to users: `U1`, `U2`, … */
  label: string;
  user: TraceText;
  /** Shards revealed by this turn (`shard_revealed`, or LiC's `hint_revealed` logged before the message). */
  shardIds: number[];
  /** The Intent-Eval event this turn inserted, and its block. */
  event?: EventKind;
  block?: number;
  /** Evolving intent: the state its `intent_transition` entry logged for this turn. */
  transition?: EvolvingState;
  /** What the turn carried, for aligning two conversations: `event:reject:1`, `shard:1,2`, else `text:<normalised text>`. */
  key: string;
  replies: ConversationReply[];
  /** The evaluations logged at this turn (those of its replies), in trace order. */
  evaluations: LoggedEvaluation[];
  /** Trace indexes of the log entries folded into the user message (reveals, event, transition). */
  annotations: number[];
}

/** A log entry and where it sits in `trace`. */
export interface LogEntryAt {
  traceIndex: number;
  content: TypedLogContent;
}

/** A message outside any user turn: system messages, and assistant messages before the first user message. */
export interface OtherMessage extends TraceText {
  role: 'system' | 'assistant';
}

export interface Conversation {
  entry: RunLogEntry;
  /** FORMAT.md defaults applied (absent mode = multi, absent condition = original). */
  mode: Mode;
  condition: Condition;
  /** The Intent-Eval instance the log is a run of; absent for evolving-intent logs. */
  spec?: InstanceSpec;
  turns: ConversationTurn[];
  otherMessages: OtherMessage[];
  /** Simulator progress entries (`state_transition`, …): folded away by views. */
  bookkeeping: LogEntryAt[];
  /** Log entries shown on their own: unknown types, and annotations with nothing to annotate. */
  standalone: LogEntryAt[];
  /** The last assistant message: the one a run is scored on. */
  finalAnswer?: TraceText & { turn?: number };
  /** What the log's evaluation of the final answer extracted from it (`exact_answer`), if logged. */
  extractedAnswer?: string;
  /** The verdict the log carries (`is_correct`, else `score`). */
  loggedVerdict: Verdict;
  /** Intent-Eval: the task in effect at the end (`original`/`revised`), from the instance. */
  activeTask?: ActiveTask;
  /** Evolving intent: the function in effect at the end (the plan's anchor, else the last logged transition). */
  activeFunction?: string;
  /** The reference of the active task (needs the record or plan). */
  reference?: ReferenceValue;
  /** What is in effect after each user turn (needs the record or plan for values; turns only without). */
  timeline: IntentTimeline;
}
