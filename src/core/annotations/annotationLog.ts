// Reads annotation sidecars: every line is an event; the events of several annotators' files are
// folded together in time order. A line that does not parse is reported at its file and line and
// skipped (the file is never rewritten), so a truncated or hand-mangled line costs only itself.
import { readFile } from 'node:fs/promises';
import type { Diagnostic } from '../jsonl/diagnostics';
import { formatFieldPath } from '../jsonl/diagnostics';
import { AnnotationEventSchema, type AnnotationEvent, type CurrentAnnotation } from './annotationTypes';

export interface SidecarText {
  file: string;
  text: string;
}

interface LocatedEvent {
  event: AnnotationEvent;
  file: string;
  line: number;
  order: number;
}

export interface AnnotationSet {
  /** Annotations not retracted, in the order they were added. */
  annotations: CurrentAnnotation[];
  /** Lines that do not parse, and edits or retractions of an id never added. */
  problems: Diagnostic[];
  /** Number of sidecar files read (a missing one is not read and not a problem). */
  files: number;
}

function problem(file: string, line: number, code: string, message: string, path = ''): Diagnostic {
  return {
    file,
    line,
    column: 1,
    severity: code === 'annotation-unknown-id' ? 'warning' : 'error',
    code,
    message,
    path,
  };
}

/** The events of one sidecar's text with the problems of the lines that are not events. */
export function parseSidecar(
  file: string,
  text: string,
): { events: Omit<LocatedEvent, 'order'>[]; problems: Diagnostic[] } {
  const events: Omit<LocatedEvent, 'order'>[] = [];
  const problems: Diagnostic[] = [];
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (e) {
      const truncated = i === lines.length - 1 && !text.endsWith('\n');
      const why = truncated ? 'truncated line (no newline at the end of the file)' : 'not JSON';
      problems.push(
        problem(file, i + 1, 'annotation-json', `${why}: ${e instanceof Error ? e.message : String(e)}; skipped`),
      );
      return;
    }
    const parsed = AnnotationEventSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problems.push(
        problem(
          file,
          i + 1,
          'annotation-schema',
          `not an annotation event: ${issue?.message ?? 'invalid'}; skipped`,
          formatFieldPath(issue?.path ?? []),
        ),
      );
      return;
    }
    events.push({ event: parsed.data, file, line: i + 1 });
  });
  return { events, problems };
}

const timeOf = (iso: string): number => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
};

function eventTime(e: AnnotationEvent): string {
  return e.event === 'add' ? e.annotation.at : e.at;
}

/** Applies one event to the state; returns a problem when it names an id never added. */
function applyEvent(
  byId: Map<string, CurrentAnnotation>,
  retracted: Set<string>,
  located: LocatedEvent,
): Diagnostic | undefined {
  const { event, file, line } = located;
  if (event.event === 'add') {
    if (!byId.has(event.annotation.id))
      byId.set(event.annotation.id, { ...event.annotation, updated_at: event.annotation.at, source: { file, line } });
    return undefined;
  }
  const current = byId.get(event.id);
  if (!current)
    return problem(
      file,
      line,
      'annotation-unknown-id',
      `${event.event} of annotation ${event.id}, which no sidecar adds; skipped`,
    );
  if (event.event === 'retract') retracted.add(event.id);
  else {
    const c = event.changes;
    byId.set(event.id, {
      ...current,
      ...(c.value !== undefined ? { value: c.value } : {}),
      ...(c.reason !== undefined ? { reason: c.reason } : {}),
      ...(c.span !== undefined ? { span: c.span } : {}),
      ...(c.turn !== undefined ? { turn: c.turn } : {}),
      updated_at: event.at,
    });
  }
  return undefined;
}

/**
 * Folds the events of several sidecars: all events sorted by their time (ties: file order, then
 * line), adds first-wins by id, edits applied in order, retractions hide an annotation for good.
 */
export function foldSidecars(sidecars: readonly SidecarText[]): AnnotationSet {
  const problems: Diagnostic[] = [];
  const events: LocatedEvent[] = [];
  for (const s of sidecars) {
    const parsed = parseSidecar(s.file, s.text);
    problems.push(...parsed.problems);
    for (const e of parsed.events) events.push({ ...e, order: events.length });
  }
  // Adds sort before the edits of the same instant, so an edit never precedes its annotation.
  events.sort(
    (a, b) =>
      timeOf(eventTime(a.event)) - timeOf(eventTime(b.event)) ||
      Number(b.event.event === 'add') - Number(a.event.event === 'add') ||
      a.order - b.order,
  );
  const byId = new Map<string, CurrentAnnotation>();
  const retracted = new Set<string>();
  for (const e of events) {
    const p = applyEvent(byId, retracted, e);
    if (p) problems.push(p);
  }
  const annotations = [...byId.values()].filter((a) => !retracted.has(a.id));
  return { annotations, problems, files: sidecars.length };
}

/** Reads sidecar files (a missing file counts as empty and is not read) and folds them. */
export async function readSidecars(paths: readonly string[]): Promise<AnnotationSet> {
  const texts: SidecarText[] = [];
  for (const file of paths) {
    try {
      texts.push({ file, text: await readFile(file, 'utf8') });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
  return foldSidecars(texts);
}

/** Annotations whose conversation is not among the loaded ones (its log was moved, or the id changed). */
export function orphanAnnotations(
  set: AnnotationSet,
  hasConversation: (convId: string) => boolean,
): CurrentAnnotation[] {
  return set.annotations.filter((a) => !hasConversation(a.conv_id));
}
