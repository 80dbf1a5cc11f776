// A located problem in a data file: what the Problems panel and `validate` print.
export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  file: string;
  /** 1-based line of the JSONL file (for a `.json` array: the line where the element starts). */
  line: number;
  /** 1-based column where known (JSON syntax errors, the start of the element). */
  column: number;
  severity: Severity;
  /** Stable machine code, e.g. `json-syntax`, `schema`, `duplicate-task-id`, `incomplete-line`. */
  code: string;
  message: string;
  /** Field path inside the object, e.g. `intent.neutral[1]`; empty for whole-line problems. */
  path: string;
}

export function formatFieldPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out;
}

export function formatDiagnostic(d: Diagnostic): string {
  const where = d.path ? ` (at ${d.path})` : '';
  return `${d.file}:${d.line}:${d.column}: ${d.severity} ${d.code} ${d.message}${where}`;
}
