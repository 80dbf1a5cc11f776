// Edits records through the TextDocument, never behind its back: a change is one WorkspaceEdit that
// replaces exactly the record's text (so undo works and the dirty dot shows), after checking that
// the record is still what the caller read and that the file on disk has not changed under a clean
// document (VS Code would reload it and the edit would be lost or misplaced).
import * as vscode from 'vscode';
import { readFile } from 'node:fs/promises';
import { parseRecordsText, type LoadedItem } from '../../core/load/recordsFile';
import type { BenchmarkRecord } from '../../core/schema/records';
import { applyFieldEdits, type FieldEdit } from '../../core/edit/editRaw';
import { offsetOf } from '../../core/edit/recordEdit';
import { withLockOf } from '../../core/edit/fileStore';
import { FileLockedError, type LockOptions } from '../../core/edit/fileLock';
import type { WorkspaceData } from '../data/workspaceData';

export interface DocumentRecord {
  document: vscode.TextDocument;
  item: LoadedItem<BenchmarkRecord>;
  /** Range of the record's text in the document. */
  range: vscode.Range;
}

export class RecordConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecordConflictError';
  }
}

export function isRecordsDocument(doc: vscode.TextDocument): boolean {
  return doc.uri.scheme === 'file' && /\.records\.jsonl?$/i.test(doc.uri.fsPath);
}

/** Finds a record in its file's TextDocument (the document's text, unsaved edits included). */
export async function findRecordInDocument(
  data: WorkspaceData,
  taskId: string,
  file?: string,
): Promise<DocumentRecord | undefined> {
  await data.ensureLoaded();
  const path = file ?? data.record(taskId)?.file;
  if (!path) return undefined;
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(path));
  return locateInDocument(document, taskId);
}

export function locateInDocument(document: vscode.TextDocument, taskId: string): DocumentRecord | undefined {
  const text = document.getText();
  const parsed = parseRecordsText(document.uri.fsPath, text);
  const item = parsed.items.find((i) => i.value.task_id === taskId);
  if (!item) return undefined;
  const lineStart = offsetOf(text, item.line, 1);
  const start = parsed.format === 'json' ? text.indexOf(item.raw, lineStart) : lineStart;
  return {
    document,
    item,
    range: new vscode.Range(document.positionAt(start), document.positionAt(start + item.raw.length)),
  };
}

/** True when a clean document no longer matches its file on disk (an external change not yet reloaded). */
export async function changedOnDisk(document: vscode.TextDocument): Promise<boolean> {
  if (document.isDirty) return false; // VS Code itself guards saving a dirty document over a newer file.
  try {
    return (await readFile(document.uri.fsPath, 'utf8')) !== document.getText();
  } catch {
    return true;
  }
}

/**
 * Applies field edits to one record as a single WorkspaceEdit replacing only its text. `baseRaw`,
 * when given, is the record text the caller's edits are based on: if the record changed since, the
 * edit is refused (RecordConflictError) instead of silently overwriting the other change.
 */
export async function editRecord(
  data: WorkspaceData,
  taskId: string,
  edits: readonly FieldEdit[],
  opts: { file?: string; baseRaw?: string; save?: boolean; lock?: LockOptions } = {},
): Promise<DocumentRecord> {
  const found = await findRecordInDocument(data, taskId, opts.file);
  if (!found) throw new RecordConflictError(`record ${taskId} is not in its file any more`);
  if (await changedOnDisk(found.document)) {
    throw new RecordConflictError(
      `${vscode.workspace.asRelativePath(found.document.uri)} changed on disk; reload it (Revert File) before editing, nothing was written`,
    );
  }
  if (opts.baseRaw !== undefined && found.item.raw !== opts.baseRaw) {
    throw new RecordConflictError(
      `record ${taskId} changed since the editor loaded it; reload the editor to see the new version, nothing was written`,
    );
  }
  const newRaw = applyFieldEdits(found.item.raw, edits);
  if (newRaw !== found.item.raw) {
    const we = new vscode.WorkspaceEdit();
    we.replace(found.document.uri, found.range, newRaw);
    if (!(await vscode.workspace.applyEdit(we))) throw new RecordConflictError('VS Code refused the edit');
  }
  if (opts.save) await saveRecordsDocument(found.document, opts.lock);
  return locateInDocument(found.document, taskId) ?? found;
}

/**
 * Saves a records document holding the file's advisory lock, the one `review` and every other
 * write take: the save never lands between another writer's read and its rename (which would lose
 * that writer's update or have it overwrite ours). Under the lock VS Code's own save still refuses
 * a file that changed on disk since the document was loaded. Throws RecordConflictError when the
 * document could not be saved; the edit then stays in the document, unsaved.
 */
export async function saveRecordsDocument(document: vscode.TextDocument, lock?: LockOptions): Promise<void> {
  if (!document.isDirty) return;
  const name = vscode.workspace.asRelativePath(document.uri);
  let saved: boolean;
  try {
    saved =
      document.uri.scheme === 'file'
        ? await withLockOf(document.uri.fsPath, async () => document.save(), lock)
        : await document.save();
  } catch (e) {
    if (e instanceof FileLockedError)
      throw new RecordConflictError(
        `${name} is being written by another process; not saved (the edit is in the document, unsaved): save it again in a moment`,
      );
    throw e;
  }
  if (!saved || document.isDirty)
    throw new RecordConflictError(
      `${name} was not saved (did it change on disk?); the edit is in the document, unsaved`,
    );
}

/** Field edits turning one intent block into another, key by key (unchanged keys are not touched). */
export function intentDiffEdits(before: Record<string, unknown>, after: Record<string, unknown>): FieldEdit[] {
  const edits: FieldEdit[] = [];
  for (const [k, v] of Object.entries(after)) {
    if (v === undefined) continue;
    if (JSON.stringify(before[k]) !== JSON.stringify(v)) edits.push({ path: ['intent', k], value: v });
  }
  for (const k of Object.keys(before))
    if (!(k in after) || after[k] === undefined) edits.push({ path: ['intent', k], delete: true });
  return edits;
}
