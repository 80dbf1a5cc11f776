// The compare commands' view of a command target (src/extension/commandTarget.ts): a conversation,
// a source (and model), an instance, or an explicit `{left, right}` pair. No `vscode` import.
import { readCommandTarget } from '../commandTarget';

export interface CompareTarget {
  convId?: string;
  taskId?: string;
  model?: string;
  /** An instance (tree `intentLens.instance` items): mode × condition × path/k. */
  instance?: { mode: string; condition: string; path?: string; k?: number };
}

/** A bare string is a conversation id when `knownConvIds` says so, else a task id. */
export function readCompareTarget(arg: unknown, knownConvIds?: (id: string) => boolean): CompareTarget {
  const t = readCommandTarget(arg, { stringIs: (s) => (knownConvIds?.(s) ? 'convId' : 'taskId') });
  return {
    ...(t.convId ? { convId: t.convId } : {}),
    ...(t.taskId ? { taskId: t.taskId } : {}),
    ...(t.model ? { model: t.model } : {}),
    ...(t.mode && t.condition
      ? {
          instance: {
            mode: t.mode,
            condition: t.condition,
            ...(t.path ? { path: t.path } : {}),
            ...(t.k !== undefined ? { k: t.k } : {}),
          },
        }
      : {}),
  };
}

/** `{left, right}` (conv ids) for opening a given pair directly. */
export function readExplicitPair(arg: unknown): { left: string; right: string } | undefined {
  const { left, right } = readCommandTarget(typeof arg === 'string' ? undefined : arg);
  return left && right ? { left, right } : undefined;
}
