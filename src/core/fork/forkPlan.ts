// Where a fork branches off a logged conversation and what it changes: the prefix before user turn
// N is kept as logged, the edit becomes the scripted next message(s) (or removes events), and the
// runner continues with the protocol (src/core/simulator). Pure: no I/O, no providers.
import type { BenchmarkRecord } from '../schema/records';
import { shardText } from '../schema/records';
import type { EventKind, ForkEditKind, ForkedFrom, RunLogEntry } from '../schema/runlog';
import { renderInstance, type InstanceSpec } from '../render/instances';
import { instanceSpecOf, parseConversation, type ConversationTurn } from '../conversation';
import type { ConversationResume, ScriptedUserMessage } from '../simulator/runTypes';

export type ForkEdit = { kind: 'replace-user'; text: string } | { kind: Exclude<ForkEditKind, 'replace-user'> };

export class ForkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ForkError';
  }
}

export interface ForkPlan {
  /** The instance the fork runs (flip-decision turns Retained into Revised and back). */
  spec: InstanceSpec;
  /** 1-based user turn the edit applies at. */
  turn: number;
  /** Number of trace messages kept as logged (trace[0 .. prefixLength)). */
  prefixLength: number;
  resume: ConversationResume;
  forkedFrom: ForkedFrom;
}

/** One line saying what a fork changed, for the branch point and quick picks. */
export function describeEdit(f: Pick<ForkedFrom, 'turn' | 'edit' | 'text'>): string {
  const at = `U${f.turn}`;
  switch (f.edit) {
    case 'replace-user':
      return `${at} replaced${f.text !== undefined ? `: "${f.text.length > 60 ? `${f.text.slice(0, 57)}…` : f.text}"` : ''}`;
    case 'drop-user':
      return `${at} dropped`;
    case 'drop-proposal':
      return `proposal at ${at} and its decision dropped`;
    case 'flip-decision':
      return `decision at ${at} flipped`;
    case 'shard-first':
      return `next shard moved before the event at ${at}`;
    default:
      return `${at}: ${f.edit}`;
  }
}

function flippedSpec(spec: InstanceSpec, event: EventKind): InstanceSpec {
  if (spec.path === 'persistence-retained') return { ...spec, path: 'persistence-revised', condition: 'revised' };
  if (spec.path === 'persistence-revised') return { ...spec, path: 'persistence-retained', condition: 'retained' };
  if (spec.path) throw new ForkError(`${spec.path} has no accept message to flip to`);
  if (spec.condition === 'retained' && event === 'reject') return { ...spec, condition: 'revised' };
  if (spec.condition === 'revised' && event === 'accept') return { ...spec, condition: 'retained' };
  throw new ForkError(`cannot flip a ${event} in a ${spec.condition} conversation`);
}

/** The turn an edit targets: the given one (checked), else the first turn carrying the right event. */
function targetTurn(turns: readonly ConversationTurn[], edit: ForkEdit, turn: number | undefined): ConversationTurn {
  const wanted: Partial<Record<ForkEditKind, { events: EventKind[]; what: string }>> = {
    'drop-proposal': { events: ['proposal'], what: 'a proposal' },
    'flip-decision': { events: ['accept', 'reject'], what: 'an accept or reject decision' },
    'shard-first': { events: ['proposal', 'neutral', 'accept', 'reject'], what: 'an event' },
  };
  const need = wanted[edit.kind];
  if (turn === undefined) {
    if (!need) throw new ForkError(`--turn is required for ${edit.kind}`);
    const found = turns.find((t) => t.event !== undefined && need.events.includes(t.event));
    if (!found) throw new ForkError(`the conversation has no turn with ${need.what}`);
    return found;
  }
  const t = turns[turn - 1];
  if (!t)
    throw new ForkError(
      `turn ${turn} does not exist: the conversation has ${turns.length} user turn(s) (U1..U${turns.length})`,
    );
  if (need && !(t.event !== undefined && need.events.includes(t.event))) {
    const where = turns
      .filter((x) => x.event !== undefined && need.events.includes(x.event))
      .map((x) => `U${x.index + 1}`);
    throw new ForkError(`U${turn} is not ${need.what}${where.length ? ` (see ${where.join(', ')})` : ''}`);
  }
  return t;
}

export function planFork(record: BenchmarkRecord, parent: RunLogEntry, edit: ForkEdit, turn?: number): ForkPlan {
  if (parent.task_id !== record.task_id)
    throw new ForkError(
      `record ${record.task_id} does not belong to conversation ${parent.conv_id} (${parent.task_id})`,
    );
  const parentSpec = instanceSpecOf(parent);
  if (!parentSpec)
    throw new ForkError('forking evolving-intent conversations is not supported (Intent-Eval multi/single only)');
  const turns = parseConversation(parent, record).turns;
  if (turns.length === 0) throw new ForkError(`conversation ${parent.conv_id} has no user turn`);
  const target = targetTurn(turns, edit, turn);
  const n = target.index + 1;
  const prefix = parent.trace.slice(0, target.user.traceIndex);
  const before = turns.slice(0, target.index);
  const revealedBefore = new Set(before.flatMap((t) => t.shardIds));
  const eventsBefore = before.filter((t) => t.event !== undefined).map((t) => `${t.event}:${t.block ?? 1}`);
  const tagOf = (t: ConversationTurn): Pick<ScriptedUserMessage, 'shard_id' | 'event' | 'block'> => ({
    ...(t.shardIds.length === 1 ? { shard_id: t.shardIds[0]! } : {}),
    ...(t.event ? { event: t.event, block: t.block ?? 1 } : {}),
  });
  let spec = parentSpec;
  let scripted: ScriptedUserMessage[] = [];
  const droppedEvents: string[] = [];
  if (parentSpec.mode === 'single' && edit.kind !== 'replace-user')
    throw new ForkError(
      `${edit.kind} needs a multi-turn conversation; a single-turn one can only have its prompt replaced`,
    );
  switch (edit.kind) {
    case 'replace-user':
      if (edit.text.trim() === '') throw new ForkError('the replacement message is empty');
      // The new wording stands in for the logged message: it carries the same shard or event.
      scripted = [{ content: edit.text, source: 'edit', ...tagOf(target) }];
      break;
    case 'drop-user':
      if (n === 1) throw new ForkError('U1 states the goal and cannot be dropped');
      if (target.event) droppedEvents.push(`${target.event}:${target.block ?? 1}`);
      break;
    case 'drop-proposal': {
      const block = target.block ?? 1;
      droppedEvents.push(`proposal:${block}`, `accept:${block}`, `reject:${block}`);
      break;
    }
    case 'flip-decision': {
      spec = flippedSpec(parentSpec, target.event!);
      const flipped = renderInstance(record, spec).messages.find(
        (m) =>
          m.kind === 'event' &&
          (m.event === 'accept' || m.event === 'reject') &&
          (m.block ?? 1) === (target.block ?? 1),
      );
      if (!flipped) throw new ForkError(`the record has no opposite decision for block ${target.block ?? 1}`);
      scripted = [{ content: flipped.content, source: 'event', event: flipped.event!, block: flipped.block ?? 1 }];
      break;
    }
    case 'shard-first': {
      const next = record.shards.find((s) => !revealedBefore.has(s.shard_id));
      if (!next) throw new ForkError(`every shard is revealed before U${n}: there is no shard to move`);
      scripted = [{ content: shardText(next), source: 'verbatim', shard_id: next.shard_id }];
      break;
    }
  }
  const forkedFrom: ForkedFrom = {
    conv_id: parent.conv_id,
    turn: n,
    edit: edit.kind,
    ...(edit.kind === 'replace-user' ? { text: edit.text } : {}),
  };
  const resume = {
    prefix,
    prefixTurns: before.length,
    revealed: [...revealedBefore],
    prefixEndsWithEvent: before.at(-1)?.event !== undefined,
    skippedEvents: [...eventsBefore, ...droppedEvents],
    scripted,
  };
  return { spec, turn: n, prefixLength: prefix.length, resume, forkedFrom };
}
