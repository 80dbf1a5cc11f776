// What is in effect now: the intent state after each user turn, and the inactive content (said,
// but rejected or superseded). One notion of "inactive" for every view and for the detector.
import type { BenchmarkRecord, ReferenceValue } from '../schema/records';
import type { EventKind, RecapMode } from '../schema/runlog';
import type { InstanceSpec, RenderedInstance } from '../render/instances';
import { activeTaskOf } from '../render/instances';

export type ValueStatus = 'unrevealed' | 'in-effect' | 'pending' | 'rejected' | 'superseded';

export interface ValueState {
  value: string;
  status: ValueStatus;
  /** Where the value came from: the task as first stated, a proposal, or a plan transition. */
  origin: 'original' | 'proposal' | 'initial' | 'reveal' | 'revise' | 'switch';
  /** 0-based user turn at which the value was first said (undefined while unrevealed). */
  saidAt?: number;
}

export interface RequirementState {
  name: string;
  /** The value in effect now, if any. */
  inEffect?: string;
  values: ValueState[];
}

/** A function of an evolving-intent conversation: in effect, or superseded by a switch. */
export interface FunctionState {
  name: string;
  status: Extract<ValueStatus, 'in-effect' | 'superseded'>;
  /** 0-based user turn at which the function became active. */
  saidAt: number;
}

export interface IntentSnapshot {
  /** 0-based index of the user turn after which this state holds. */
  turn: number;
  /** Which task (Intent-Eval: `original`/`revised`) or function (evolving intent) is in effect. */
  activeTask: string;
  requirements: RequirementState[];
  /** Human-readable changes made by this turn, e.g. `proposed 2 bags (pending)`. */
  changes: string[];
  /** Evolving intent only: every function said so far, the active one last. */
  functions?: FunctionState[];
  /** Evolving intent only: the transition this user turn carried. */
  transition?: 'initial' | 'reveal' | 'revise' | 'switch';
  /** Names of the requirements (or `function`) whose state this turn changed, for marking the rail. */
  changed?: string[];
}

export interface InactiveItem {
  value: string;
  kind: 'rejected' | 'superseded';
  /** The requirement or argument; `function` for a superseded function (see `isFunction`). */
  requirement: string;
  /** True for a function superseded by a switch (evolving intent). */
  isFunction?: boolean;
  /** 0-based user turn at which the value was said. */
  saidAt?: number;
  /** True for the reference answer of the task that is not in effect. */
  isReference?: boolean;
  reference?: ReferenceValue;
  /** What a hover says, e.g. `rejected proposal value "2 bags"`. */
  describe: string;
}

export interface IntentTimeline {
  /** Which benchmark the timeline describes (absent in older callers = `intent-eval`). */
  benchmark?: 'intent-eval' | 'evolving';
  /** Evolving intent: the memory aid the conversation was run with. */
  recap?: RecapMode;
  snapshots: IntentSnapshot[];
  /** Inactive content after the last turn: what a final answer must not use. */
  inactive: InactiveItem[];
}

/**
 * The inactive values of a snapshot, for both benchmarks: every value that was said and then
 * rejected or superseded, unless the same value is in effect again for that requirement.
 */
export function inactiveValues(snapshot: IntentSnapshot): InactiveItem[] {
  const out: InactiveItem[] = [];
  const seen = new Set<string>();
  for (const r of snapshot.requirements) {
    for (const v of r.values) {
      if (v.saidAt === undefined || v.value === r.inEffect) continue;
      if (v.status !== 'rejected' && v.status !== 'superseded') continue;
      const key = `${r.name}\u0000${v.value}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({
        value: v.value,
        kind: v.status,
        requirement: r.name,
        saidAt: v.saidAt,
        describe: describeInactiveValue(v, r.name),
      });
    }
  }
  return out;
}

function describeInactiveValue(v: ValueState, requirement: string): string {
  if (v.status === 'rejected') return `rejected proposal value "${v.value}"`;
  if (v.origin === 'original') return `superseded original value "${v.value}"`;
  return `superseded value "${v.value}" of ${requirement}`;
}

/** One user turn as the timeline needs it: which shard it revealed and which event it carried. */
export interface UserTurnTag {
  shard_ids: number[];
  event?: EventKind;
  block?: number;
  /** A single-turn prompt carries the whole task (and, for S_Rev/S_Ret, proposal and decision). */
  singleTurnEvents?: EventKind[];
}

export function tagsFromRendered(inst: RenderedInstance): UserTurnTag[] {
  if (inst.mode === 'single') {
    const events: EventKind[] =
      inst.condition === 'revised'
        ? ['proposal', 'accept']
        : inst.condition === 'retained'
          ? ['proposal', 'reject']
          : [];
    return [{ shard_ids: [], singleTurnEvents: events }];
  }
  return inst.messages.map((m) => ({
    shard_ids: m.shard_id !== undefined ? [m.shard_id] : [],
    ...(m.event ? { event: m.event } : {}),
    ...(m.block !== undefined ? { block: m.block } : {}),
  }));
}

/** The value proposed by an event block: block 0/1 the canonical proposal, 2..k the extra ones. */
function proposedValue(rec: BenchmarkRecord, block: number | undefined): string {
  const it = rec.intent!;
  if (block === undefined || block <= 1) return it.revised;
  return it.extra_proposals?.[block - 2]?.revised ?? it.revised;
}

function clone(reqs: RequirementState[]): RequirementState[] {
  return reqs.map((r) => ({ ...r, values: r.values.map((v) => ({ ...v })) }));
}

/** The inactive values of the last snapshot and, when there are any, the other task's reference answer. */
function finalInactive(
  last: IntentSnapshot,
  it: NonNullable<BenchmarkRecord['intent']>,
  expected: 'original' | 'revised',
): InactiveItem[] {
  const inactive: InactiveItem[] = [];
  inactive.push(...inactiveValues(last));
  const other = expected === 'revised' ? 'original' : 'revised';
  if (inactive.length) {
    inactive.push({
      value: String(
        typeof it.reference[other] === 'object' ? JSON.stringify(it.reference[other]) : it.reference[other],
      ),
      kind: other === 'revised' ? 'rejected' : 'superseded',
      requirement: it.requirement,
      isReference: true,
      reference: it.reference[other],
      describe:
        other === 'revised'
          ? 'reference answer of the rejected revision'
          : 'reference answer of the superseded original task',
    });
  }
  return inactive;
}

/**
 * The Intent-Eval timeline: the selected requirement's value is in effect from its shard on; a
 * proposal is pending until the decision; after `reject` the proposed value is rejected, after
 * `accept` the original is superseded.
 */
export function intentEvalTimeline(
  rec: BenchmarkRecord,
  tags: readonly UserTurnTag[],
  spec?: InstanceSpec,
): IntentTimeline {
  const it = rec.intent;
  if (!it) {
    return {
      benchmark: 'intent-eval',
      snapshots: tags.map((_, turn) => ({ turn, activeTask: 'original', requirements: [], changes: [] })),
      inactive: [],
    };
  }
  let activeTask: 'original' | 'revised' = 'original';
  let reqs: RequirementState[] = [
    { name: it.requirement, values: [{ value: it.original, status: 'unrevealed', origin: 'original' }] },
  ];
  const snapshots: IntentSnapshot[] = [];
  const req = () => reqs[0]!;
  const find = (value: string) => req().values.find((v) => v.value === value);
  const apply = (event: EventKind, block: number | undefined, turn: number, changes: string[]) => {
    const r = req();
    if (event === 'proposal') {
      const value = proposedValue(rec, block);
      let v = find(value);
      if (!v || v.origin === 'original') {
        v = { value, status: 'pending', origin: 'proposal', saidAt: turn };
        r.values.push(v);
      } else v.status = 'pending';
      changes.push(`proposed ${value} (pending)`);
    } else if (event === 'accept' || event === 'reject') {
      const pending = r.values.filter((v) => v.status === 'pending');
      for (const p of pending) {
        if (event === 'reject') {
          p.status = 'rejected';
          changes.push(`rejected ${p.value}`);
        } else {
          for (const v of r.values)
            if (v.status === 'in-effect' || (v.origin === 'original' && v.status === 'unrevealed'))
              v.status = 'superseded';
          p.status = 'in-effect';
          activeTask = 'revised';
          changes.push(`accepted ${p.value}; ${it.original} superseded`);
        }
      }
    } else if (event === 'neutral') {
      changes.push('clarification (no change)');
    }
  };
  tags.forEach((tag, turn) => {
    reqs = clone(reqs);
    const changes: string[] = [];
    const orig = req().values[0]!;
    if (tag.singleTurnEvents) {
      // A single-turn prompt states the whole task at once.
      if (orig.status === 'unrevealed') {
        orig.status = 'in-effect';
        orig.saidAt = turn;
      }
      if (spec?.mode === 'single' && spec.condition === 'direct') {
        orig.status = 'unrevealed';
        orig.saidAt = undefined;
        req().values.push({ value: it.revised, status: 'in-effect', origin: 'proposal', saidAt: turn });
        activeTask = 'revised';
        changes.push(`${it.revised} stated directly`);
      } else changes.push(`${it.original} stated`);
      for (const e of tag.singleTurnEvents) apply(e, 1, turn, changes);
    } else {
      if (tag.shard_ids.includes(it.shard_id) && orig.status === 'unrevealed') {
        orig.status = activeTask === 'revised' ? 'superseded' : 'in-effect';
        orig.saidAt = turn;
        changes.push(`${it.original} stated`);
      }
      if (tag.event) apply(tag.event, tag.block, turn, changes);
    }
    req().inEffect = req().values.find((v) => v.status === 'in-effect')?.value;
    const changed = changes.some((c) => c !== 'clarification (no change)') ? [it.requirement] : [];
    snapshots.push({ turn, activeTask, requirements: reqs, changes, changed });
  });
  const last = snapshots[snapshots.length - 1];
  const inactive = last ? finalInactive(last, it, spec ? activeTaskOf(spec) : activeTask) : [];
  return { benchmark: 'intent-eval', snapshots, inactive };
}
