// Review progress and the queue of pending revisions, read from the records as they are now: an
// open document's text (unsaved reviews included), else the loaded file.
import * as vscode from 'vscode';
import { parseRecordsText } from '../../core/load/recordsFile';
import type { BenchmarkRecord } from '../../core/schema/records';
import { reviewProgress } from '../../core/edit/reviewEdits';
import { isPendingReview, pendingAfter } from '../../core/edit/reviewStatus';
import type { WorkspaceData } from '../data/workspaceData';

export interface CurrentRecord {
  record: BenchmarkRecord;
  file: string;
  line: number;
}

/** Every record with an intent block, in file order, from open documents where open. */
export function currentRecords(data: WorkspaceData): CurrentRecord[] {
  const out: CurrentRecord[] = [];
  const byFile = new Map<string, CurrentRecord[]>();
  for (const entry of data.records().values()) {
    const list = byFile.get(entry.file) ?? [];
    list.push({ record: entry.record, file: entry.file, line: entry.line });
    byFile.set(entry.file, list);
  }
  for (const [file, fromDisk] of [...byFile.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === file);
    const list = doc
      ? parseRecordsText(file, doc.getText()).items.map((i) => ({ record: i.value, file, line: i.line }))
      : fromDisk.sort((a, b) => a.line - b.line);
    out.push(...list.filter((r) => r.record.intent));
  }
  return out;
}

/** Reviewed and total revisions, and how many are queued (review status "pending"). */
export function progressNow(data: WorkspaceData): { reviewed: number; total: number; pending: number } {
  const records = currentRecords(data).map((r) => r.record);
  return { ...reviewProgress(records), pending: records.filter(isPendingReview).length };
}

/** The next record whose review status is "pending" after `afterTaskId` (wrapping); see core/edit/reviewStatus.ts. */
export function nextPending(data: WorkspaceData, afterTaskId?: string): CurrentRecord | undefined {
  return pendingAfter(currentRecords(data), afterTaskId)[0];
}
