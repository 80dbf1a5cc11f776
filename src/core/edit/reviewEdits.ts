// The field edits that record a human review (`intent.review {status, note, by, at}`). An existing
// review block is updated key by key, so its unknown fields and key order survive.
import type { BenchmarkRecord, ReviewStatus } from '../schema/records';
import type { FieldEdit } from './editRaw';

export interface ReviewInput {
  status: ReviewStatus;
  /** A new review's note; absent removes the previous decision's note. */
  note?: string;
  by?: string;
  /** ISO timestamp; defaults to now. */
  at?: string;
}

export function reviewEdits(rec: BenchmarkRecord, input: ReviewInput): FieldEdit[] {
  if (!rec.intent) throw new Error(`record ${rec.task_id} has no intent block to review`);
  const at = input.at ?? new Date().toISOString();
  if (!rec.intent.review) {
    return [
      {
        path: ['intent', 'review'],
        value: {
          status: input.status,
          ...(input.note ? { note: input.note } : {}),
          ...(input.by ? { by: input.by } : {}),
          at,
        },
      },
    ];
  }
  const edits: FieldEdit[] = [{ path: ['intent', 'review', 'status'], value: input.status }];
  edits.push(
    input.note
      ? { path: ['intent', 'review', 'note'], value: input.note }
      : { path: ['intent', 'review', 'note'], delete: true },
  );
  edits.push(
    input.by
      ? { path: ['intent', 'review', 'by'], value: input.by }
      : { path: ['intent', 'review', 'by'], delete: true },
  );
  edits.push({ path: ['intent', 'review', 'at'], value: at });
  return edits;
}

/** Reviewed = a decision other than pending. */
export function reviewProgress(records: Iterable<BenchmarkRecord>): {
  reviewed: number;
  total: number;
  pending: number;
} {
  let reviewed = 0;
  let total = 0;
  for (const r of records) {
    if (!r.intent) continue;
    total++;
    if (r.intent.review && r.intent.review.status !== 'pending') reviewed++;
  }
  return { reviewed, total, pending: total - reviewed };
}
