// Reads the arguments of the compare commands: plain objects (`{taskId, model?}`, `{convId}`,
// `{left, right}`) from the palette, links and tests, or the Sources tree's items, whose exact
// class lives in another module — so the fields are looked up by name, on the item and one level
// down (`item.ref.conv_id`, `item.record.task_id`, …), never by class. No `vscode` import.

export interface CompareTarget {
  convId?: string;
  taskId?: string;
  model?: string;
  /** An instance (tree `intentLens.instance` items): mode × condition × path/k. */
  instance?: { mode: string; condition: string; path?: string; k?: number };
}

type Bag = Record<string, unknown>;

const isBag = (v: unknown): v is Bag => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

function pick(bags: readonly Bag[], ...names: string[]): unknown {
  for (const b of bags) for (const n of names) if (b[n] !== undefined) return b[n];
  return undefined;
}

/** The item, then the objects it holds (one level), in a stable order. */
function bagsOf(arg: Bag): Bag[] {
  const nested = ['args', 'ref', 'conversation', 'run', 'conversationRef', 'data', 'node', 'instance', 'spec', 'source', 'record', 'entry'];
  const out: Bag[] = [arg];
  for (const n of nested) if (isBag(arg[n])) out.push(arg[n]);
  return out;
}

export function readCompareTarget(arg: unknown, knownConvIds?: (id: string) => boolean): CompareTarget {
  if (typeof arg === 'string') return knownConvIds?.(arg) ? { convId: arg } : { taskId: arg };
  if (!isBag(arg)) return {};
  const bags = bagsOf(arg);
  const target: CompareTarget = {};
  const convId = str(pick(bags, 'convId', 'conv_id'));
  const taskId = str(pick(bags, 'taskId', 'task_id'));
  const model = str(pick(bags, 'model', 'assistant_model'));
  if (convId) target.convId = convId;
  if (taskId) target.taskId = taskId;
  if (model) target.model = model;
  const mode = str(pick(bags, 'mode'));
  const condition = str(pick(bags, 'condition'));
  if (mode && condition) {
    const path = str(pick(bags, 'path'));
    const k = pick(bags, 'k');
    target.instance = { mode, condition, ...(path ? { path } : {}), ...(typeof k === 'number' ? { k } : {}) };
  }
  return target;
}

/** `{left, right}` (conv ids) for opening a given pair directly. */
export function readExplicitPair(arg: unknown): { left: string; right: string } | undefined {
  if (!isBag(arg)) return undefined;
  const left = str(arg.left) ?? str(arg.leftConvId);
  const right = str(arg.right) ?? str(arg.rightConvId);
  return left && right ? { left, right } : undefined;
}
