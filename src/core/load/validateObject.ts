// Turns schema failures of one parsed object into located diagnostics.
import type { z } from 'zod';
import { formatFieldPath, type Diagnostic, type Severity } from '../jsonl/diagnostics';

export interface Location {
  file: string;
  line: number;
  column: number;
}

export function diag(loc: Location, severity: Severity, code: string, message: string, path = ''): Diagnostic {
  return { file: loc.file, line: loc.line, column: loc.column, severity, code, message, path };
}

export function zodIssuesToDiagnostics(loc: Location, error: z.ZodError, prefix: ReadonlyArray<PropertyKey> = []): Diagnostic[] {
  return error.issues.map((issue) => {
    const path = formatFieldPath([...prefix, ...issue.path]);
    return diag(loc, 'error', 'schema', describeIssue(issue), path);
  });
}

function describeIssue(issue: z.core.$ZodIssue): string {
  // zod's default messages are good; add which field for the common "required" case.
  if (issue.code === 'invalid_type' && issue.message.includes('received undefined')) {
    const last = issue.path[issue.path.length - 1];
    return `missing required field \`${String(last)}\` (expected ${issue.expected})`;
  }
  return issue.message;
}
