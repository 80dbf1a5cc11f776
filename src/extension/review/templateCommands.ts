// "Apply Templates": renders records' messages from `.intent-lens/templates.json` (one WorkspaceEdit
// per run, one record's text replaced per record, so a single undo reverts it), then reports any
// record whose result fails the checks. "Open Template Library" creates a starter library.
import * as vscode from 'vscode';
import { TEMPLATES_FILE, applyTemplates, parseTemplateLibrary, starterLibrary, type TemplateLibrary } from '../../core/templates/templates';
import { applyFieldEdits } from '../../core/edit/editRaw';
import { checkIntent } from '../../core/checks/intentChecks';
import { BenchmarkRecordSchema } from '../../core/schema/records';
import type { ExtensionServices } from '../services';
import { changedOnDisk, findRecordInDocument } from './recordDocuments';
import { currentRecords } from './reviewState';

function libraryUri(): vscode.Uri | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0];
  return folder ? vscode.Uri.joinPath(folder.uri, TEMPLATES_FILE) : undefined;
}

export async function openTemplateLibrary(): Promise<void> {
  const uri = libraryUri();
  if (!uri) return void vscode.window.showWarningMessage('Intent Lens: open a folder to keep a template library.');
  try {
    await vscode.workspace.fs.stat(uri);
  } catch {
    // Validated by the contributed JSON Schema (jsonValidation on .intent-lens/templates.json).
    await vscode.workspace.fs.writeFile(uri, Buffer.from(JSON.stringify(starterLibrary(), null, 2) + '\n', 'utf8'));
  }
  await vscode.window.showTextDocument(uri);
}

async function loadLibrary(): Promise<TemplateLibrary | undefined> {
  const uri = libraryUri();
  if (!uri) return undefined;
  let text: string;
  try {
    // The document's text, so unsaved template edits are what gets applied.
    text = (await vscode.workspace.openTextDocument(uri)).getText();
  } catch {
    const choice = await vscode.window.showInformationMessage(`Intent Lens: no ${TEMPLATES_FILE} yet.`, 'Create Template Library');
    if (choice) await openTemplateLibrary();
    return undefined;
  }
  const parsed = parseTemplateLibrary(text);
  if ('errors' in parsed) {
    void vscode.window.showErrorMessage(`Intent Lens: ${TEMPLATES_FILE} has problems, nothing applied: ${parsed.errors.slice(0, 3).join('; ')}`);
    await vscode.window.showTextDocument(uri);
    return undefined;
  }
  return parsed.library;
}

export async function applyTemplatesCommand(services: ExtensionServices, taskIds: string[]): Promise<void> {
  const lib = await loadLibrary();
  if (!lib) return;
  let targets = taskIds;
  if (targets.length === 0) {
    const items = currentRecords(services.data).map((r) => ({ label: r.record.task_id, description: `${r.record.task} · ${r.record.intent?.requirement ?? ''}`, picked: false }));
    const picked = await vscode.window.showQuickPick(items, { canPickMany: true, title: 'Apply templates to which records?', placeHolder: 'Select records (Ctrl+A for all)' });
    if (!picked || picked.length === 0) return;
    targets = picked.map((p) => p.label);
  }
  const we = new vscode.WorkspaceEdit();
  let applied = 0;
  const noSet: string[] = [];
  const failing: string[] = [];
  for (const taskId of targets) {
    const found = await findRecordInDocument(services.data, taskId);
    if (!found) continue;
    if (await changedOnDisk(found.document)) {
      void vscode.window.showErrorMessage(`Intent Lens: ${vscode.workspace.asRelativePath(found.document.uri)} changed on disk; revert it first. Nothing applied.`);
      return;
    }
    const app = applyTemplates(lib, found.item.value);
    if (!app) {
      noSet.push(taskId);
      continue;
    }
    const newRaw = applyFieldEdits(found.item.raw, app.edits);
    const after = BenchmarkRecordSchema.safeParse(JSON.parse(newRaw));
    if (after.success && checkIntent(after.data).some((i) => i.severity === 'error')) failing.push(taskId);
    if (newRaw !== found.item.raw) {
      we.replace(found.document.uri, found.range, newRaw);
      applied++;
    }
  }
  if (applied > 0 && !(await vscode.workspace.applyEdit(we))) return void vscode.window.showErrorMessage('Intent Lens: VS Code refused the template edit.');
  const parts = [`templates applied to ${applied} record(s)`];
  if (noSet.length) parts.push(`${noSet.length} without a matching template set`);
  if (failing.length) parts.push(`${failing.length} now fail a check (see Problems): ${failing.slice(0, 3).join(', ')}`);
  const show = failing.length ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
  void show(`Intent Lens: ${parts.join('; ')}. Undo reverts it; save to keep it.`);
}
