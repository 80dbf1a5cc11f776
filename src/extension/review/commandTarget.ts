// Which record a command is about: `{taskId}` from a command link or another feature, a Sources
// tree item (contextValue `intentLens.source`), or, with no argument, the active revision editor.

/** Reads a task id from a command argument without trusting its shape. */
export function taskIdFromArg(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  if (!arg || typeof arg !== 'object') return undefined;
  const o = arg as Record<string, unknown>;
  for (const key of ['taskId', 'task_id']) if (typeof o[key] === 'string') return o[key] as string;
  // Tree nodes usually wrap the record or its entry.
  for (const key of ['args', 'record', 'entry', 'source', 'node', 'item', 'data']) {
    const inner = taskIdFromArg(o[key]);
    if (inner) return inner;
  }
  return undefined;
}

/** Every task id a command got: VS Code passes (clicked, selected[]) for a multi-selection. */
export function taskIdsFromArgs(arg: unknown, selection: unknown): string[] {
  const ids = Array.isArray(selection) ? selection.map(taskIdFromArg).filter((s): s is string => !!s) : [];
  const one = taskIdFromArg(arg);
  if (one && !ids.includes(one)) ids.unshift(one);
  return ids;
}
