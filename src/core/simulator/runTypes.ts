// What the conversation runner takes and gives: providers, a scorer (the domain verifier), and
// progress events for the UI. The scorer is injected so the runner stays independent of it.
import type { BenchmarkRecord } from '../schema/records';
import type { InstanceSpec } from '../render/instances';
import type { ChatProvider, TokenUsage } from '../providers/chatProvider';
import type { EventKind, RunLogEntry } from '../schema/runlog';

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

export type UserMessageSource = 'verbatim' | 'simulator' | 'fallback' | 'event' | 'prompt';

export type RunProgress =
  | { type: 'user'; turn: number; plannedTurns: number; content: string; source: UserMessageSource; shardId?: number; event?: EventKind; fallbackReason?: string }
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
  /** Overrides of the paper's defaults (assistant 0 / 4,096 multi / 1,000 single; simulator 0.3 / 192). */
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
