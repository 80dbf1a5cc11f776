// Batch counterfactuals: one edit applied to every selected conversation, forks run with bounded
// concurrency, each appended as it finishes; forks already in the output (same parent, edit and
// model) are skipped and still counted, so a killed or sharded batch resumes and reports the whole.
import { existsSync } from 'node:fs';
import pLimit from 'p-limit';
import type { BenchmarkRecord } from '../schema/records';
import type { RunLogEntry } from '../schema/runlog';
import { RunLogIndex, type ConversationRef } from '../load/runLogIndex';
import { parseRunLogEntry, readRunLogRaw } from '../load/runLogReader';
import type { ChatProvider } from '../providers/chatProvider';
import type { CostMeter } from '../cost/meteredProvider';
import { RunAbortedError } from '../simulator/runInstance';
import type { GenerationSettings, ScoreFinal } from '../simulator/runTypes';
import { ForkError, type ForkEdit } from './forkPlan';
import { runForkToLog, type ForkResult } from './runFork';
import type { ForkPair } from './recovery';
import { verdictOfBoolean } from '../../shared/verdicts';

export interface ForkJob {
  parent: ConversationRef;
  record: BenchmarkRecord;
}

export type ForkBatchItem =
  | { parent: ConversationRef; status: 'forked'; result: ForkResult; costUsd?: number }
  | { parent: ConversationRef; status: 'already'; fork: ConversationRef }
  | { parent: ConversationRef; status: 'not-applicable'; message: string }
  | { parent: ConversationRef; status: 'failed'; message: string; error: unknown };

export interface ForkBatchOptions {
  index: RunLogIndex;
  jobs: readonly ForkJob[];
  edit: ForkEdit;
  turn?: number;
  /** Providers for one fork; the default assistant model is the parent's logged one. */
  providersFor(parent: RunLogEntry): { assistant: ChatProvider; simulator?: ChatProvider; meter?: CostMeter };
  assistantSettings?: GenerationSettings;
  scoreFinal: ScoreFinal;
  concurrency: number;
  out: string;
  signal?: AbortSignal;
  extraFields?: Record<string, unknown>;
  onItem?(item: ForkBatchItem, done: number, total: number): void;
  /** Stop the batch on this error (a dead provider fails every fork alike). */
  isFatal?(error: unknown): boolean;
}

export interface ForkBatchResult {
  items: ForkBatchItem[];
  pairs: ForkPair[];
}

export function resumeKey(parentConvId: string, edit: ForkEdit, model: string): string {
  return [parentConvId, edit.kind, edit.kind === 'replace-user' ? edit.text : '', model].join('\u0000');
}

/** Forks already in a log, by parent, edit and assistant model. */
export async function existingForks(out: string, turn: number | undefined): Promise<Map<string, ConversationRef>> {
  const found = new Map<string, ConversationRef>();
  if (!existsSync(out)) return found;
  const index = new RunLogIndex();
  await index.indexFile(out);
  for (const ref of index.conversations()) {
    const f = ref.forkedFrom;
    if (!f || (turn !== undefined && f.turn !== turn)) continue;
    const edit = (
      f.edit === 'replace-user' ? { kind: 'replace-user', text: f.text ?? '' } : { kind: f.edit }
    ) as ForkEdit;
    found.set(resumeKey(f.conv_id, edit, ref.model), ref);
  }
  return found;
}

export async function runForkBatch(opts: ForkBatchOptions): Promise<ForkBatchResult> {
  const already = await existingForks(opts.out, opts.turn);
  const limit = pLimit(opts.concurrency);
  const items: ForkBatchItem[] = [];
  const pairs: ForkPair[] = [];
  let done = 0;
  const stop = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, stop.signal]) : stop.signal;
  const finish = (item: ForkBatchItem) => {
    items.push(item);
    opts.onItem?.(item, ++done, opts.jobs.length);
  };
  await Promise.all(
    opts.jobs.map((job) =>
      limit(async () => {
        if (signal.aborted) return;
        const { parent, record } = job;
        try {
          // One read of the parent's line: its text is copied into the fork, its entry planned from.
          const parentText = await readRunLogRaw(parent);
          const parentEntry = parseRunLogEntry(parentText);
          const providers = opts.providersFor(parentEntry);
          const prior = already.get(resumeKey(parent.conv_id, opts.edit, providers.assistant.model));
          if (prior) {
            pairs.push({
              parentConvId: parent.conv_id,
              forkConvId: prior.conv_id,
              model: prior.model,
              domain: parent.task,
              parent: parent.verdict,
              fork: prior.verdict,
            });
            finish({ parent, status: 'already', fork: prior });
            return;
          }
          const result = await runForkToLog(
            {
              record,
              parent: parentEntry,
              parentText,
              edit: opts.edit,
              ...(opts.turn !== undefined ? { turn: opts.turn } : {}),
              assistant: providers.assistant,
              ...(providers.simulator ? { simulator: providers.simulator } : {}),
              ...(providers.meter ? { costMeter: providers.meter } : {}),
              ...(opts.assistantSettings ? { assistantSettings: opts.assistantSettings } : {}),
              scoreFinal: opts.scoreFinal,
              signal,
              ...(opts.extraFields ? { extraFields: opts.extraFields } : {}),
            },
            opts.out,
          );
          const forkVerdict = verdictOfBoolean(result.score.is_correct);
          pairs.push({
            parentConvId: parent.conv_id,
            forkConvId: result.entry.conv_id,
            model: result.entry.assistant_model ?? providers.assistant.model,
            domain: parent.task,
            parent: parent.verdict,
            fork: forkVerdict,
          });
          finish({
            parent,
            status: 'forked',
            result,
            ...(providers.meter?.costUsd !== undefined ? { costUsd: providers.meter.costUsd } : {}),
          });
        } catch (e) {
          if (e instanceof RunAbortedError) return;
          if (e instanceof ForkError) {
            finish({ parent, status: 'not-applicable', message: e.message });
            return;
          }
          finish({ parent, status: 'failed', message: e instanceof Error ? e.message : String(e), error: e });
          if (opts.isFatal?.(e)) stop.abort();
        }
      }),
    ),
  );
  return { items, pairs };
}

/** The parents a batch forks: the filter's matches in log order, with their records. */
export function selectForkJobs(
  refs: readonly ConversationRef[],
  records: ReadonlyMap<string, BenchmarkRecord>,
  matches: (ref: ConversationRef) => boolean,
): { jobs: ForkJob[]; missingRecords: string[] } {
  const jobs: ForkJob[] = [];
  const missing = new Set<string>();
  for (const parent of refs) {
    if (!matches(parent)) continue;
    const record = records.get(parent.task_id);
    if (record) jobs.push({ parent, record });
    else missing.add(parent.task_id);
  }
  return { jobs, missingRecords: [...missing] };
}
