// The logged runs of an instance in the Test Explorer: one child item per conversation, labelled by
// its model and described by its current verdict (`✓ re-scored, logged ✗`), the same verdict the
// tree, compare view and status bar show. Children are resolved when an instance is expanded, so a
// workspace of tens of thousands of conversations does not create as many test items up front.
import * as vscode from 'vscode';
import { instanceKey, type ConversationRef } from '../../core/load/runLogIndex';
import { describeVerdict, type CurrentVerdict } from '../../core/workspace/verdicts';

/** The conversations of each source × instance, keyed by `runsKey`. */
export type RunsByInstance = ReadonlyMap<string, readonly ConversationRef[]>;

export function runsKey(taskId: string, instance: Parameters<typeof instanceKey>[0]): string {
  return `${taskId}\u0000${instanceKey(instance)}`;
}

/**
 * Groups conversations by source × instance, in the order given. A group is shown ordered by model
 * (`sortRuns`) only when its instance is expanded: sorting all 40k conversations on every data
 * change took 50–150 ms of the extension host's thread. Adds to `out` when given (a grouping in slices).
 */
export function groupRunsByInstance(
  refs: readonly ConversationRef[],
  out = new Map<string, ConversationRef[]>(),
): Map<string, ConversationRef[]> {
  for (const ref of refs) {
    const key = runsKey(ref.task_id, ref);
    const group = out.get(key);
    if (group) group.push(ref);
    else out.set(key, [ref]);
  }
  return out;
}

/** An instance's runs in the order its children show: by model, then conv_id. */
export function sortRuns(refs: readonly ConversationRef[]): ConversationRef[] {
  return [...refs].sort((a, b) => a.model.localeCompare(b.model) || a.conv_id.localeCompare(b.conv_id));
}

export function runItemId(convId: string): string {
  return `run:${convId}`;
}

/** A run's child item: the model, and its current verdict with provenance as the description. */
export function runItem(
  controller: vscode.TestController,
  ref: ConversationRef,
  current: CurrentVerdict,
): vscode.TestItem {
  const item = controller.createTestItem(runItemId(ref.conv_id), ref.model, vscode.Uri.file(ref.file));
  item.range = new vscode.Range(Math.max(0, ref.line - 1), 0, Math.max(0, ref.line - 1), 0);
  item.description = describeVerdict(current);
  return item;
}
