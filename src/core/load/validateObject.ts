// Turns schema failures of one parsed object into located diagnostics.
import type { z } from 'zod';
import { formatFieldPath, type Diagnostic, type Severity } from '../jsonl/diagnostics';
import { describeZodIssue } from './zodIssueText';

export interface Location {
  file: string;
  line: number;
  column: number;
}

export function diag(loc: Location, severity: Severity, code: string, message: string, path = ''): Diagnostic {
  return { file: loc.file, line: loc.line, column: loc.column, severity, code, message, path };
}

/** Schema issues as located diagnostics; `input` is the object validated (what was found is read in it). */
export function zodIssuesToDiagnostics(
  loc: Location,
  error: z.ZodError,
  prefix: ReadonlyArray<PropertyKey> = [],
  input?: unknown,
): Diagnostic[] {
  return error.issues.map((issue) => {
    const path = formatFieldPath([...prefix, ...issue.path]);
    return diag(loc, 'error', 'schema', describeZodIssue(issue, input), path);
  });
}
