// Validates one run-log line. Hot path of indexing: the header goes through zod, trace messages
// through a cheap structural check, and only a message that fails it goes through the full zod
// schema, which then says precisely what is wrong.
import { z } from 'zod';
import {
  RunLogEntrySchema,
  TraceMessageSchema,
  KNOWN_LOG_SCHEMAS,
  MODES,
  CONDITIONS,
  PATHS,
  RECAP_MODES,
  EVENT_KINDS,
  type RunLogEntry,
} from '../schema/runlog';
import type { Diagnostic } from '../jsonl/diagnostics';
import { diag, zodIssuesToDiagnostics, type Location } from './validateObject';
import { lineColumnAt, parseJsonLocated } from '../jsonl/jsonSyntax';

const HeaderSchema = RunLogEntrySchema.extend({ trace: z.array(z.unknown()) });
const ROLE_SET = new Set(['system', 'user', 'assistant', 'log']);

function looksValid(m: unknown): boolean {
  if (m === null || typeof m !== 'object') return false;
  const o = m as { role?: unknown; content?: unknown; timestamp?: unknown; cost_usd?: unknown };
  if (typeof o.role !== 'string' || !ROLE_SET.has(o.role)) return false;
  if (o.timestamp !== undefined && typeof o.timestamp !== 'string' && typeof o.timestamp !== 'number') return false;
  if (o.cost_usd !== undefined && o.cost_usd !== null && typeof o.cost_usd !== 'number') return false;
  if (o.role !== 'log') return typeof o.content === 'string';
  const c = o.content as { type?: unknown } | null;
  if (c === null || typeof c !== 'object' || typeof c.type !== 'string') return false;
  // The frequent known types by hand; the rest of the known ones by their schema.
  const lc = c as Record<string, unknown>;
  switch (c.type) {
    case 'shard_revealed':
    case 'hint_revealed':
      return Number.isInteger(lc.shard_id);
    case 'answer-evaluation':
      return (
        (lc.is_correct === undefined || lc.is_correct === null || typeof lc.is_correct === 'boolean') &&
        optNullableNumber(lc.score)
      );
    case 'event':
      return EVENT_SET.has(lc.event) && Number.isInteger(lc.block);
  }
  // Own keys only: a logged type such as `constructor` is an unknown type, not Object's prototype.
  const known = Object.hasOwn(KNOWN_LOG_SCHEMAS, c.type) ? KNOWN_LOG_SCHEMAS[c.type] : undefined;
  return known ? known.safeParse(c).success : true;
}

const MODE_SET = new Set<unknown>(MODES);
const EVENT_SET = new Set<unknown>(EVENT_KINDS);
const CONDITION_SET = new Set<unknown>(CONDITIONS);
const PATH_SET = new Set<unknown>(PATHS);
const RECAP_SET = new Set<unknown>(RECAP_MODES);
const optString = (v: unknown) => v === undefined || typeof v === 'string';
const optNullableNumber = (v: unknown) => v === undefined || v === null || typeof v === 'number';

/** The header checks of RunLogEntrySchema, by hand: no copy of the object, no zod on the hot path. */
function headerLooksValid(o: Record<string, unknown>): boolean {
  return (
    typeof o.conv_id === 'string' &&
    o.conv_id.length > 0 &&
    typeof o.task === 'string' &&
    typeof o.task_id === 'string' &&
    o.task_id.length > 0 &&
    optString(o.assistant_model) &&
    optString(o.user_model) &&
    optString(o.system_model) &&
    (o.mode === undefined || MODE_SET.has(o.mode)) &&
    (o.condition === undefined || CONDITION_SET.has(o.condition)) &&
    (o.path === undefined || PATH_SET.has(o.path)) &&
    (o.k === undefined || (Number.isInteger(o.k) && (o.k as number) >= 0 && (o.k as number) <= 4)) &&
    (o.recap === undefined || RECAP_SET.has(o.recap)) &&
    Array.isArray(o.trace) &&
    (o.is_correct === undefined || o.is_correct === null || typeof o.is_correct === 'boolean') &&
    optNullableNumber(o.score)
  );
}

export function validateRunLogEntry(value: unknown, loc: Location): { entry?: RunLogEntry; diagnostics: Diagnostic[] } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { diagnostics: [diag(loc, 'error', 'not-an-object', 'each line must hold one JSON object')] };
  }
  const obj = value as Record<string, unknown>;
  if (!headerLooksValid(obj)) {
    const h = HeaderSchema.safeParse(value);
    if (!h.success) return { diagnostics: zodIssuesToDiagnostics(loc, h.error, [], value) };
  }
  const diagnostics: Diagnostic[] = [];
  const trace = obj.trace as unknown[];
  for (let i = 0; i < trace.length; i++) {
    if (looksValid(trace[i])) continue;
    const r = TraceMessageSchema.safeParse(trace[i]);
    if (!r.success) diagnostics.push(...zodIssuesToDiagnostics(loc, r.error, ['trace', i], trace[i]));
  }
  if (diagnostics.length) return { diagnostics };
  return { entry: obj as RunLogEntry, diagnostics };
}

/**
 * The full parse of one line's text (or a `.json` element's, starting at `loc`): JSON, then the run-log
 * schema. A syntax error is located in the text (an element may span lines). The entry is the parsed
 * object itself: every field is kept, unknown ones too. `keepFloats` remembers float literals for the
 * verifiers (a reader whose values never reach one skips that scan).
 */
export function parseRunLogText(
  text: string,
  loc: Location,
  opts: { keepFloats: boolean },
): { entry?: RunLogEntry; diagnostics: Diagnostic[] } {
  const parsed = parseJsonLocated(text, { keepFloats: opts.keepFloats });
  if (parsed.ok) return validateRunLogEntry(parsed.value, loc);
  const pos = lineColumnAt(text, parsed.error.offset);
  const at = {
    file: loc.file,
    line: loc.line + pos.line - 1,
    column: pos.line === 1 ? loc.column + pos.column - 1 : pos.column,
  };
  return { diagnostics: [diag(at, 'error', 'json-syntax', `invalid JSON: ${parsed.error.message}`)] };
}
