// Validates one run-log line. Hot path of indexing: the header goes through zod, trace messages
// through a cheap structural check, and only a message that fails it goes through the full zod
// schema, which then says precisely what is wrong.
import { z } from 'zod';
import { RunLogEntrySchema, TraceMessageSchema, KNOWN_LOG_SCHEMAS, type RunLogEntry } from '../schema/runlog';
import type { Diagnostic } from '../jsonl/diagnostics';
import { diag, zodIssuesToDiagnostics, type Location } from './validateObject';

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
  // Known log types are checked by their schema (cheap: small objects).
  const known = KNOWN_LOG_SCHEMAS[c.type];
  return known ? known.safeParse(c).success : true;
}

export function validateRunLogEntry(value: unknown, loc: Location): { entry?: RunLogEntry; diagnostics: Diagnostic[] } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { diagnostics: [diag(loc, 'error', 'not-an-object', 'each line must hold one JSON object')] };
  }
  const h = HeaderSchema.safeParse(value);
  if (!h.success) return { diagnostics: zodIssuesToDiagnostics(loc, h.error) };
  const diagnostics: Diagnostic[] = [];
  const trace = h.data.trace;
  for (let i = 0; i < trace.length; i++) {
    if (looksValid(trace[i])) continue;
    const r = TraceMessageSchema.safeParse(trace[i]);
    if (!r.success) diagnostics.push(...zodIssuesToDiagnostics(loc, r.error, ['trace', i]));
  }
  if (diagnostics.length) return { diagnostics };
  return { entry: h.data as RunLogEntry, diagnostics };
}
