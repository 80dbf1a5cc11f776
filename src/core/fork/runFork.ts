// Runs one fork end to end: plan (prefix + edit), the runner continues the protocol and scores the
// final answer, and the line is written with the prefix's logged JSON text spliced in unchanged, so
// every kept message is byte-identical to the parent's. Only a finished fork is appended.
import { parseJsonSpans, nodeAt } from '../jsonl/jsonSpans';
import type { BenchmarkRecord } from '../schema/records';
import type { RunLogEntry } from '../schema/runlog';
import { runInstance, RunAbortedError } from '../simulator/runInstance';
import { appendRunLogText } from '../simulator/runLogAppender';
import type { RunInstanceInput, RunInstanceResult } from '../simulator/runTypes';
import { planFork, type ForkEdit, type ForkPlan } from './forkPlan';

export interface ForkInput extends Omit<RunInstanceInput, 'record' | 'spec' | 'resume'> {
  record: BenchmarkRecord;
  parent: RunLogEntry;
  /** The parent's line as logged; without it the prefix is re-serialised (same values, maybe not same bytes). */
  parentText?: string;
  edit: ForkEdit;
  /** 1-based user turn; optional for edits that find their event turn. */
  turn?: number;
}

export interface ForkResult extends RunInstanceResult {
  plan: ForkPlan;
  /** The run-log line (no newline). */
  line: string;
}

/** The line for a fork: its own JSON, with the parent's raw text for the first `prefixLength` trace items. */
export function serializeForkLine(
  entry: RunLogEntry & Record<string, unknown>,
  prefixLength: number,
  parentText: string | undefined,
): string {
  if (parentText === undefined || prefixLength === 0) return JSON.stringify(entry);
  const items = nodeAt(parseJsonSpans(parentText), ['trace']);
  if (!items || items.type !== 'array' || items.items.length < prefixLength)
    throw new Error('the parent text does not hold the logged trace');
  const rawPrefix = items.items
    .slice(0, prefixLength)
    .map((n) => parentText.slice(n.start, n.end).replace(/\r?\n\s*/g, ' '));
  const own = JSON.stringify({ ...entry, trace: entry.trace.slice(prefixLength) });
  const ownTrace = nodeAt(parseJsonSpans(own), ['trace'])!;
  const rest = own.slice(ownTrace.start + 1);
  return `${own.slice(0, ownTrace.start + 1)}${rawPrefix.join(',')}${rest.startsWith(']') ? '' : ','}${rest}`;
}

export async function runFork(input: ForkInput): Promise<ForkResult> {
  const plan = planFork(input.record, input.parent, input.edit, input.turn);
  const { parent: _parent, parentText, edit: _edit, turn: _turn, ...runInput } = input;
  const result = await runInstance({
    ...runInput,
    spec: plan.spec,
    resume: plan.resume,
    extraFields: { ...(input.extraFields ?? {}), forked_from: plan.forkedFrom },
  });
  return { ...result, plan, line: serializeForkLine(result.entry, plan.prefixLength, parentText) };
}

export async function runForkToLog(input: ForkInput, outFile: string): Promise<ForkResult & { outFile: string }> {
  const r = await runFork(input);
  if (input.signal?.aborted) throw new RunAbortedError();
  await appendRunLogText(outFile, r.line);
  return { ...r, outFile };
}
