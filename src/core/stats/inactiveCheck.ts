// Builds the `hasInactive(ref)` that computeStats takes: reads the one conversation's final
// assistant response by its offset, and asks the inactive-content detector about it under the
// conversation's instance (record + mode/condition). Undefined when it cannot judge.
import type { ConversationRef } from '../load/runLogIndex';
import type { BenchmarkRecord } from '../schema/records';
import type { InstanceSpec } from '../render/instances';

/** Decides whether a response carries the instance's inactive content (src/core/inactive). */
export type InactiveDetector = (
  record: BenchmarkRecord,
  spec: InstanceSpec,
  responseText: string,
) => boolean | Promise<boolean>;

export function makeHasInactive(
  finalAnswer: (ref: ConversationRef) => Promise<string | undefined>,
  recordOf: (taskId: string) => BenchmarkRecord | undefined,
  detect: InactiveDetector,
): (ref: ConversationRef) => Promise<boolean | undefined> {
  return async (ref) => {
    const record = recordOf(ref.task_id);
    if (!record?.intent || ref.mode === 'evolving') return undefined;
    const text = await finalAnswer(ref);
    if (text === undefined) return undefined;
    const spec: InstanceSpec = {
      mode: ref.mode,
      condition: ref.condition,
      ...(ref.path ? { path: ref.path, k: ref.k ?? 0 } : {}),
    };
    return await detect(record, spec, text);
  };
}
