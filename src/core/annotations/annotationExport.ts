// The CSV export of annotations (RFC 4180 quoting: a note may hold commas, quotes and newlines).
import type { AnnotationRow } from './annotationTypes';

const COLUMNS: ReadonlyArray<keyof AnnotationRow> = ['id', 'conv_id', 'turn', 'kind', 'value', 'reason', 'by', 'at'];

function cell(v: string | number | null): string {
  if (v === null) return '';
  const s = String(v);
  // A leading = + - @ would run as a formula in a spreadsheet: quote it with a leading apostrophe.
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) || safe !== s ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function annotationsToCsv(rows: readonly AnnotationRow[]): string {
  return [COLUMNS.join(','), ...rows.map((r) => COLUMNS.map((c) => cell(r[c])).join(','))].join('\n') + '\n';
}
