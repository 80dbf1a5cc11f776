// Renders the instances of a source record exactly as FORMAT.md §1 defines them: the four
// multi-turn conditions, the four single-turn controls, and the extended paths at depth k.
import type { BenchmarkRecord, ReferenceValue } from '../schema/records';
import { shardText } from '../schema/records';
import type { Condition, EventKind, ExtendedPath, Mode } from '../schema/runlog';
import { PATHS } from '../schema/runlog';

export type ActiveTask = 'original' | 'revised';

export interface InstanceSpec {
  mode: Extract<Mode, 'multi' | 'single'>;
  condition: Condition;
  path?: ExtendedPath;
  k?: number;
}

export interface RenderedMessage {
  role: 'user';
  content: string;
  kind: 'shard' | 'event' | 'prompt';
  shard_id?: number;
  event?: EventKind;
  block?: number;
}

export interface RenderedInstance {
  task_id: string;
  mode: InstanceSpec['mode'];
  condition: Condition;
  path?: ExtendedPath;
  k?: number;
  active: ActiveTask;
  /** The active reference answer y(0) or y(1). */
  reference: ReferenceValue | undefined;
  /** The selected requirement's active value (e.g. `2 bags`), when the record has an intent block. */
  activeValue?: string;
  system?: string;
  messages: RenderedMessage[];
}

export class RenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RenderError';
  }
}

export const MULTI_CONDITIONS = ['original', 'neutral', 'retained', 'revised'] as const;
export const SINGLE_CONDITIONS = ['original', 'direct', 'revised', 'retained'] as const;

/** The eight instances of a source, in the paper's order (plain LiC records have only the two originals). */
export function baseInstances(rec: BenchmarkRecord): InstanceSpec[] {
  if (!rec.intent)
    return [
      { mode: 'multi', condition: 'original' },
      { mode: 'single', condition: 'original' },
    ];
  return [
    ...MULTI_CONDITIONS.map((condition) => ({ mode: 'multi' as const, condition })),
    ...SINGLE_CONDITIONS.map((condition) => ({ mode: 'single' as const, condition })),
  ];
}

/** The largest depth k a record can fill on a path (0 when it has no intent block). */
export function maxDepth(rec: BenchmarkRecord, path: ExtendedPath): number {
  const it = rec.intent;
  if (!it) return 0;
  const extra = path === 'accumulation-retained' ? (it.extra_proposals?.length ?? 0) : (it.extra_neutral?.length ?? 0);
  return Math.min(4, 1 + extra);
}

/** Every extended-path instance a record can fill (k = 0..max). */
export function extendedInstances(rec: BenchmarkRecord): InstanceSpec[] {
  if (!rec.intent) return [];
  const out: InstanceSpec[] = [];
  for (const path of PATHS) {
    for (let k = 0; k <= maxDepth(rec, path); k++)
      out.push({ mode: 'multi', condition: pathCondition(path, k), path, k });
  }
  return out;
}

/** The condition an extended path at depth k corresponds to (its k = 0 end point). */
export function pathCondition(path: ExtendedPath, k: number): Condition {
  switch (path) {
    case 'accumulation-neutral':
      return k === 0 ? 'original' : 'neutral';
    case 'accumulation-retained':
      return k === 0 ? 'original' : 'retained';
    case 'persistence-retained':
      return 'retained';
    case 'persistence-revised':
      return 'revised';
  }
}

/** Which task is in effect: the revised one in multi `revised`, single `direct` and single `revised`. */
export function activeTaskOf(spec: InstanceSpec): ActiveTask {
  if (spec.path) return spec.path === 'persistence-revised' ? 'revised' : 'original';
  if (spec.mode === 'multi') return spec.condition === 'revised' ? 'revised' : 'original';
  return spec.condition === 'direct' || spec.condition === 'revised' ? 'revised' : 'original';
}

/** The reference of a record's task state; plain LiC records fall back to their domain keys. */
export function referenceFor(rec: BenchmarkRecord, active: ActiveTask): ReferenceValue | undefined {
  if (rec.intent) return rec.intent.reference[active];
  if (active === 'revised') return undefined;
  switch (rec.task) {
    case 'math':
      return mathAnswerOf(rec.answer);
    case 'database':
      return rec.reference_sql;
    case 'code':
      return rec.metadata?.func_name;
    case 'actions':
      return rec.reference_answer as ReferenceValue | undefined;
  }
}

/** GSM8K answers end with `#### 300`; LiC may store the bare number. */
export function mathAnswerOf(answer: string | number | undefined): number | string | undefined {
  if (answer === undefined) return undefined;
  if (typeof answer === 'number') return answer;
  const m = /####\s*([^\n]+)\s*$/.exec(answer);
  const raw = (m ? m[1]! : answer).replace(/[,$\s]/g, '');
  const n = Number(raw);
  return Number.isFinite(n) ? n : answer;
}

/** The full single-turn task text of a record without intent block (LiC's domain keys). */
function plainSingleTurnPrompt(rec: BenchmarkRecord): string {
  const fsq = rec.fully_specified_question;
  const text =
    rec.task === 'math'
      ? rec.question
      : rec.task === 'code'
        ? rec.prompt
        : Array.isArray(fsq)
          ? fsq
              .flat(3)
              .map((m) =>
                typeof m === 'string'
                  ? m
                  : typeof m === 'object' && m !== null && 'content' in m
                    ? String((m as { content: unknown }).content)
                    : '',
              )
              .join('\n')
          : fsq;
  if (typeof text !== 'string')
    throw new RenderError(
      `record ${rec.task_id} has no single-turn prompt (${rec.task === 'math' ? 'question' : rec.task === 'code' ? 'prompt' : 'fully_specified_question'})`,
    );
  return text;
}

/** The event blocks inserted after the target shard, per condition and extended path. */
function eventMessages(rec: BenchmarkRecord, spec: InstanceSpec): RenderedMessage[] {
  const it = rec.intent!;
  const ev = (content: string, event: EventKind, block: number): RenderedMessage => ({
    role: 'user',
    content,
    kind: 'event',
    event,
    block,
  });
  const neutralBlock = (pair: readonly [string, string], block: number) => [
    ev(pair[0], 'neutral', block),
    ev(pair[1], 'neutral', block),
  ];
  const neutralPairs: Array<readonly [string, string]> = [it.neutral, ...(it.extra_neutral ?? [])];
  if (spec.path) {
    const k = spec.k ?? 0;
    const max = maxDepth(rec, spec.path);
    if (!Number.isInteger(k) || k < 0 || k > max)
      throw new RenderError(`${spec.path} depth k=${k} is not available for ${rec.task_id} (0..${max})`);
    switch (spec.path) {
      case 'accumulation-neutral':
        return neutralPairs.slice(0, k).flatMap((p, i) => neutralBlock(p, i + 1));
      case 'accumulation-retained': {
        const blocks = [{ proposal: it.proposal, reject: it.reject }, ...(it.extra_proposals ?? [])].slice(0, k);
        return blocks.flatMap((b, i) => [ev(b.proposal, 'proposal', i + 1), ev(b.reject, 'reject', i + 1)]);
      }
      case 'persistence-retained':
      case 'persistence-revised': {
        // The decision pair is block 0; the k added clarification blocks are 1..k.
        const decision = spec.path === 'persistence-revised' ? ev(it.accept, 'accept', 0) : ev(it.reject, 'reject', 0);
        return [
          ev(it.proposal, 'proposal', 0),
          decision,
          ...neutralPairs.slice(0, k).flatMap((p, i) => neutralBlock(p, i + 1)),
        ];
      }
    }
  }
  switch (spec.condition) {
    case 'original':
      return [];
    case 'neutral':
      return neutralBlock(it.neutral, 1);
    case 'retained':
      return [ev(it.proposal, 'proposal', 1), ev(it.reject, 'reject', 1)];
    case 'revised':
      return [ev(it.proposal, 'proposal', 1), ev(it.accept, 'accept', 1)];
    case 'direct':
      throw new RenderError('`direct` is a single-turn control; use --mode single');
  }
}

export function renderInstance(rec: BenchmarkRecord, spec: InstanceSpec): RenderedInstance {
  const it = rec.intent;
  if (!it && (spec.condition !== 'original' || spec.path)) {
    throw new RenderError(`record ${rec.task_id} has no intent block: only the original instances exist`);
  }
  if (spec.path && spec.mode !== 'multi') throw new RenderError('extended paths are multi-turn');
  const active = activeTaskOf(spec);
  const base = {
    task_id: rec.task_id,
    mode: spec.mode,
    condition: spec.path ? pathCondition(spec.path, spec.k ?? 0) : spec.condition,
    active,
    reference: referenceFor(rec, active),
    ...(it ? { activeValue: active === 'revised' ? it.revised : it.original } : {}),
    ...(rec.system !== undefined ? { system: rec.system } : {}),
    ...(spec.path ? { path: spec.path, k: spec.k ?? 0 } : {}),
  };
  if (spec.mode === 'single') {
    let content: string;
    if (!it) content = plainSingleTurnPrompt(rec);
    else {
      switch (spec.condition) {
        case 'original':
          content = it.single_turn.original;
          break;
        case 'direct':
          content = it.single_turn.direct_revised;
          break;
        case 'revised':
        case 'retained':
          content = [
            it.single_turn.original,
            it.connector,
            it.proposal,
            spec.condition === 'revised' ? it.accept : it.reject,
          ]
            .filter((s): s is string => typeof s === 'string' && s.trim() !== '')
            .join(' ');
          break;
        case 'neutral':
          throw new RenderError('there is no single-turn neutral control');
      }
    }
    return { ...base, messages: [{ role: 'user', content, kind: 'prompt' }] };
  }
  const events = it ? eventMessages(rec, spec) : [];
  const messages: RenderedMessage[] = [];
  let inserted = events.length === 0;
  for (const s of rec.shards) {
    messages.push({ role: 'user', content: shardText(s), kind: 'shard', shard_id: s.shard_id });
    if (!inserted && it && s.shard_id === it.shard_id) {
      messages.push(...events);
      inserted = true;
    }
  }
  if (!inserted) throw new RenderError(`intent.shard_id ${it!.shard_id} names no shard of ${rec.task_id}`);
  return { ...base, messages };
}

/** The instance label with the recap mode of an evolving-intent run: `evolving · recap oracle`. */
export function instanceRecapLabel(spec: {
  mode: string;
  condition: string;
  path?: string;
  k?: number;
  recap?: string;
}): string {
  return instanceLabel(spec) + (spec.recap ? ` · recap ${spec.recap}` : '');
}

/** A short label for an instance, as the tree and quick picks show it. */
export function instanceLabel(spec: { mode: string; condition: string; path?: string; k?: number }): string {
  if (spec.path) return `${spec.path} k=${spec.k ?? 0}`;
  if (spec.mode === 'single') {
    const names: Record<string, string> = { original: 'S_Orig', direct: 'S_Dir', revised: 'S_Rev', retained: 'S_Ret' };
    return names[spec.condition] ?? `single ${spec.condition}`;
  }
  if (spec.mode === 'evolving') return 'evolving';
  return spec.condition[0]!.toUpperCase() + spec.condition.slice(1);
}
