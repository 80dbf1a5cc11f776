// The one reader of what a command is about. Commands are invoked from Sources tree items (the
// node, whose `args` say what it identifies), the palette (no argument), webviews, links, search
// hits, other features (`{convId}`, `{taskId, model}`, `{left, right}` …) and tests; every command
// reads its argument here and then keeps the fields it needs. Each field is validated by zod on
// its own, so one ill-typed field (from a webview or a hand-written link: untrusted) is dropped and
// reported rather than taken on trust or failing the whole target. vscode-free: unit-tested in Node.
import { z } from 'zod';
import { ConditionSchema, ModeSchema, PathSchema, RecapSchema } from '../core/schema/runlog';

export const CommandTargetSchema = z
  .object({
    taskId: z.string().min(1),
    convId: z.string().min(1),
    /** Several conversations at once (re-score a batch). */
    convIds: z.array(z.string().min(1)),
    model: z.string().min(1),
    mode: ModeSchema,
    condition: ConditionSchema,
    path: PathSchema,
    k: z.number().int().nonnegative(),
    recap: RecapSchema,
    /** Index of a message in the conversation's `trace` (the tree's turn nodes, search hits). */
    turnIndex: z.number().int().nonnegative(),
    /** A user turn, 1-based as the views label U1, U2, … (range checked by the command using it). */
    turn: z.number().int(),
    file: z.string().min(1),
    line: z.number().int(),
    /** An explicit pair of conversation ids (compare). */
    left: z.string().min(1),
    right: z.string().min(1),
    providerId: z.string().min(1),
  })
  .partial();
export type CommandTarget = z.infer<typeof CommandTargetSchema>;
type Field = keyof CommandTarget;

const FIELDS = Object.keys(CommandTargetSchema.shape) as Field[];

/** Other spellings of a field: the logs' and records' snake_case, and older argument names. */
const ALIASES: Partial<Record<Field, readonly string[]>> = {
  taskId: ['task_id'],
  convId: ['conv_id'],
  turnIndex: ['traceIndex', 'trace_index'],
  model: ['assistant_model'],
  left: ['leftConvId'],
  right: ['rightConvId'],
};

/**
 * Where fields are looked up, in order: a tree node's `args` (what the node identifies), the
 * argument itself, then the objects it wraps one level down (a conversation ref, a record entry, a
 * quick-pick item's payload), looked up by name, never by class.
 */
const NESTED = [
  'ref',
  'conversation',
  'run',
  'conversationRef',
  'record',
  'entry',
  'source',
  'instance',
  'spec',
  'node',
  'item',
  'data',
] as const;

type Bag = Record<string, unknown>;
const isBag = (v: unknown): v is Bag => typeof v === 'object' && v !== null && !Array.isArray(v);

function bagsOf(arg: Bag): Bag[] {
  const out: Bag[] = [];
  if (isBag(arg.args)) out.push(arg.args);
  out.push(arg);
  for (const n of NESTED) if (isBag(arg[n])) out.push(arg[n]);
  return out;
}

export interface ReadOptions {
  /** What a bare string names (default: a conversation id). */
  stringIs?: 'convId' | 'taskId' | ((s: string) => 'convId' | 'taskId');
  /** Told about each field dropped for its type, e.g. to log it to the output channel. */
  onInvalid?: (message: string) => void;
}

/** The target a command argument names; `{}` for nothing (palette) or nothing usable. */
export function readCommandTarget(arg: unknown, options: ReadOptions = {}): CommandTarget {
  if (typeof arg === 'string') {
    if (!arg) return {};
    const key = typeof options.stringIs === 'function' ? options.stringIs(arg) : (options.stringIs ?? 'convId');
    return { [key]: arg };
  }
  if (!isBag(arg)) return {};
  const bags = bagsOf(arg);
  const target: Bag = {};
  for (const field of FIELDS) {
    const names = [field, ...(ALIASES[field] ?? [])];
    for (const bag of bags) {
      const name = names.find((n) => bag[n] !== undefined);
      if (name === undefined) continue;
      const r = CommandTargetSchema.shape[field].safeParse(bag[name]);
      if (r.success) target[field] = r.data;
      else options.onInvalid?.(`ignored ${name}: ${r.error.issues[0]?.message ?? 'invalid'}`);
      break;
    }
  }
  // Every key was parsed by its own field schema just above.
  return target as CommandTarget;
}

/** True when the target names nothing (the command should fall back: selection, active view, a pick). */
export function isEmptyTarget(t: CommandTarget): boolean {
  return Object.keys(t).length === 0;
}

/**
 * Every target of a command run on a multi-selection: VS Code passes `(clicked, selected[])`. The
 * clicked item first, then the rest of the selection; duplicates and empty targets dropped.
 */
export function readCommandTargets(arg: unknown, selection: unknown, options: ReadOptions = {}): CommandTarget[] {
  const items = [arg, ...(Array.isArray(selection) ? selection : [])];
  const seen = new Set<string>();
  const out: CommandTarget[] = [];
  for (const item of items) {
    const t = readCommandTarget(item, options);
    const key = JSON.stringify(t);
    if (isEmptyTarget(t) || seen.has(key)) continue;
    seen.add(key);
    out.push(t);
  }
  return out;
}
