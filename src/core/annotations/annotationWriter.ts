// Appends annotation events to a sidecar under the file's advisory lock, through the same atomic
// locked read-write every Intent Lens write uses (edit/fileStore.ts): concurrent annotators (two
// windows, the CLI) run one after the other and none loses another's event. Existing lines are
// kept byte for byte, a truncated last line included (it is ended, never rewritten).
import { randomUUID } from 'node:crypto';
import { mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { updateFile } from '../edit/fileStore';
import type { LockOptions } from '../edit/fileLock';
import {
  AnnotationEventSchema,
  type Annotation,
  type AnnotationBasis,
  type AnnotationEvent,
  type AnnotationKind,
  type AnnotationSpan,
} from './annotationTypes';

/** Appends events (validated first) to the sidecar, creating it and its folder when missing. */
export async function appendAnnotationEvents(
  path: string,
  events: readonly AnnotationEvent[],
  lock: LockOptions = {},
): Promise<void> {
  const lines = events.map((e) => JSON.stringify(AnnotationEventSchema.parse(e)) + '\n').join('');
  await mkdir(dirname(path), { recursive: true });
  // The locked update reads the file first: make sure there is one (opening for append never truncates).
  await (await open(path, 'a')).close();
  await updateFile(
    path,
    (snap) => ({ text: snap.text + (snap.text && !snap.text.endsWith('\n') ? '\n' : '') + lines, result: undefined }),
    { timeoutMs: 60_000, ...lock },
  );
}

export interface NewAnnotation {
  conv_id: string;
  turn?: number;
  span?: AnnotationSpan;
  kind: AnnotationKind;
  value: string;
  reason?: string;
  by: string;
  basis: AnnotationBasis;
  /** Default: now. */
  at?: Date;
}

/** An `add` event for a new annotation (a fresh id; a verdict without a reason is refused by the schema). */
export function addEvent(a: NewAnnotation): AnnotationEvent {
  const annotation: Annotation = {
    id: randomUUID(),
    conv_id: a.conv_id,
    ...(a.turn !== undefined ? { turn: a.turn } : {}),
    ...(a.span ? { span: a.span } : {}),
    kind: a.kind,
    value: a.value,
    ...(a.reason !== undefined ? { reason: a.reason } : {}),
    by: a.by,
    at: (a.at ?? new Date()).toISOString(),
    basis: a.basis,
  };
  return AnnotationEventSchema.parse({ event: 'add', annotation });
}

export function retractEvent(id: string, by: string, reason?: string, at = new Date()): AnnotationEvent {
  return { event: 'retract', id, by, at: at.toISOString(), ...(reason ? { reason } : {}) };
}

export type AnnotationChanges = Extract<AnnotationEvent, { event: 'edit' }>['changes'];

/** An `edit` event: the new value / reason / span / turn of an existing annotation (validated). */
export function editEvent(id: string, by: string, changes: AnnotationChanges, at = new Date()): AnnotationEvent {
  return AnnotationEventSchema.parse({ event: 'edit', id, by, at: at.toISOString(), changes });
}
