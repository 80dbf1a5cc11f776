// Writes constructed `intent` blocks through the records document, the path the revision editor
// and Apply Templates use: one WorkspaceEdit that replaces exactly each record's text (so Undo
// reverts it and every other byte stays), then a save under the file's advisory lock. The record
// text each block was built from must still be the one in the document, else nothing is written.
import * as vscode from 'vscode';
import type { IntentBlock } from '../../core/schema/records';
import { recordWithIntent } from '../../core/construct/construct';
import type { WorkspaceData } from '../data/workspaceData';
import {
  changedOnDisk,
  editRecord,
  locateInDocument,
  RecordConflictError,
  saveRecordsDocument,
} from '../review/recordDocuments';

/** One record's new intent block, built from the record text `baseRaw`. */
export interface ConstructedRevision {
  taskId: string;
  block: IntentBlock;
  baseRaw: string;
}

/** Writes one record's intent and saves its file (locked). Throws RecordConflictError when the record changed. */
export async function writeRevision(data: WorkspaceData, file: string, revision: ConstructedRevision): Promise<void> {
  await editRecord(data, revision.taskId, [{ path: ['intent'], value: revision.block }], {
    file,
    baseRaw: revision.baseRaw,
    save: true,
  });
}

/**
 * Writes many records of one file as ONE edit (one Undo) and one locked save. Records that changed
 * since they were read are left out and named; the others are written.
 */
export async function writeRevisions(
  file: string,
  revisions: readonly ConstructedRevision[],
): Promise<{ written: string[]; changed: string[] }> {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  if (await changedOnDisk(document)) {
    throw new RecordConflictError(
      `${vscode.workspace.asRelativePath(document.uri)} changed on disk; reload it (Revert File) first, nothing was written`,
    );
  }
  const we = new vscode.WorkspaceEdit();
  const written: string[] = [];
  const changed: string[] = [];
  for (const r of revisions) {
    const found = locateInDocument(document, r.taskId);
    if (!found || found.item.raw !== r.baseRaw || found.item.value.intent) {
      changed.push(r.taskId);
      continue;
    }
    we.replace(document.uri, found.range, recordWithIntent(found.item.raw, r.block));
    written.push(r.taskId);
  }
  if (written.length === 0) return { written, changed };
  if (!(await vscode.workspace.applyEdit(we))) throw new RecordConflictError('VS Code refused the edit');
  await saveRecordsDocument(document);
  return { written, changed };
}
