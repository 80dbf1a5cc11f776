// What the conversation runner takes and gives: providers, a scorer (the domain verifier), and
// progress events for the UI. The scorer is injected so the runner stays independent of it.
import type { BenchmarkRecord } from '../schema/records';
import type { InstanceSpec } from '../render/instances';
import type { ChatProvider, TokenUsage } from '../providers/chatProvider';
import type { EventKind, RunLogEntry, TraceMessage } from '../schema/runlog';
import type { CostMeter } from '../cost/meteredProvider';

export interface ScoreResult {
  is_correct: boolean | null;
  /** The answer taken from the response (number, SQL, program, call list). */
  extracted: unknown;
  details: unknown;
}

export type ScoreFinal = (record: BenchmarkRecord, spec: InstanceSpec, text: string) => Promise<ScoreResult>;

export interface GenerationSettings {
  temperature?: number;
  maxTokens?: number;
  seed?: number;
}

/** `edit`: a message a person wrote for a fork (replace-user). */
export type UserMessageSource = 'verbatim' | 'simulator' | 'fallback' | 'event' | 'prompt' | 'edit';

/** A user message sent as given (not by the simulator), with what it carries. */
export interface ScriptedUserMessage {
  content: string;
  source: UserMessageSource;
  shard_id?: number;
  event?: EventKind;
  block?: number;
}

/**
 * Where a run picks up a logged conversation (a fork): the prefix is kept as logged, the scripted
 * messages (the edit) go next, then the protocol continues. The prefix's state is read by the
 * caller (from the conversation model), so the runner never parses a trace.
 */
export interface ConversationResume {
  prefix: readonly TraceMessage[];
  /** User turns in the prefix. */
  prefixTurns: number;
  /** Shards the prefix revealed. */
  revealed: readonly number[];
  /** True when the prefix's last user turn inserted an event (the next turn must reveal). */
  prefixEndsWithEvent: boolean;
  /** `event:block` keys (e.g. `proposal:1`) not to send: said in the prefix, or dropped. */
  skippedEvents: readonly string[];
  scripted: readonly ScriptedUserMessage[];
}

export type RunProgress =
  | {
      type: 'user';
      turn: number;
      plannedTurns: number;
      content: string;
      source: UserMessageSource;
      shardId?: number;
      event?: EventKind;
      fallbackReason?: string;
    }
  | { type: 'simulator-start'; turn: number; mandatory: boolean }
  | { type: 'assistant-start'; turn: number }
  | { type: 'assistant-token'; turn: number; delta: string }
  | { type: 'assistant'; turn: number; text: string }
  | { type: 'scored'; result: ScoreResult };

export interface RunInstanceInput {
  record: BenchmarkRecord;
  spec: InstanceSpec;
  assistant: ChatProvider;
  /** The user simulator; required for multi-turn instances with more than one shard. */
  simulator?: ChatProvider;
  scoreFinal: ScoreFinal;
  /** Overrides of GENERATION_DEFAULTS (assistant 0 / 4,096 multi / 1,000 single / seed 0; simulator 0 / 192 / seed 0). */
  assistantSettings?: GenerationSettings;
  simulatorSettings?: GenerationSettings;
  signal?: AbortSignal;
  onProgress?: (p: RunProgress) => void;
  /** Consecutive non-revealing simulator turns after which the next turn must reveal (default 2). */
  recoveryAfter?: number;
  /** Hold shards after the target shard back until its event is inserted (default true). */
  holdBackAfterTarget?: boolean;
  /** Extra top-level fields for the log line (provider descriptions, base URLs): never keys. */
  extraFields?: Record<string, unknown>;
  convId?: string;
  now?: () => Date;
  /** Meters this conversation's provider calls (see meteredProvider): its total becomes `cost_usd`. */
  costMeter?: CostMeter;
  /** Continue a logged conversation instead of starting a new one (fork from a turn). */
  resume?: ConversationResume;
}

export interface RunUsage {
  assistant: TokenUsage & { calls: number };
  simulator: TokenUsage & { calls: number };
}

export interface RunInstanceResult {
  /** The complete log line, built in memory; nothing is written by the runner. */
  entry: RunLogEntry & Record<string, unknown>;
  score: ScoreResult;
  finalText: string;
  usage: RunUsage;
  /** Simulator replies replaced by the stored shard text, with the reason. */
  fallbacks: Array<{ turn: number; reason: string }>;
}
