// "Apply Templates": renders records' messages from `.intent-lens/templates.json` as a previewed
// WorkspaceEdit the user accepts per record (never a silent overwrite). "Open Template Library"
// creates a starter library.
import * as vscode from 'vscode';
import {
  TEMPLATES_FILE,
  parseTemplateLibrary,
  starterLibrary,
  type TemplateLibrary,
} from '../../core/templates/templates';
import { planTemplates } from '../../core/templates/templatePlan';
import { applyFieldEdits } from '../../core/edit/editRaw';
import { fieldSplices } from '../../core/edit/previewSplices';
import { checkIntent } from '../../core/checks/intentChecks';
import { BenchmarkRecordSchema } from '../../core/schema/records';
import type { ExtensionServices } from '../services';
import {
  RecordConflictError,
  changedOnDisk,
  findRecordInDocument,
  locateInDocument,
  saveRecordsDocument,
} from './recordDocuments';
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
    const choice = await vscode.window.showInformationMessage(
      `Intent Lens: no ${TEMPLATES_FILE} yet.`,
      'Create Template Library',
    );
    if (choice) await openTemplateLibrary();
    return undefined;
  }
  const parsed = parseTemplateLibrary(text);
  if ('errors' in parsed) {
    void vscode.window.showErrorMessage(
      `Intent Lens: ${TEMPLATES_FILE} has problems, nothing applied: ${parsed.errors.slice(0, 3).join('; ')}`,
    );
    await vscode.window.showTextDocument(uri);
    return undefined;
  }
  return parsed.library;
}

/** Which set: one the user picks, or per record the first whose filters fit. */
async function pickSet(lib: TemplateLibrary): Promise<{ setId?: string } | undefined> {
  if (lib.sets.length <= 1) return {};
  const items = [
    {
      label: 'Automatic',
      description: 'per record, the first set whose task / requirement filters fit',
      setId: undefined as string | undefined,
    },
    ...lib.sets.map((s) => ({
      label: s.id,
      description: s.description ?? [s.task, s.requirement].filter(Boolean).join(' · '),
      setId: s.id as string | undefined,
    })),
  ];
  const picked = await vscode.window.showQuickPick(items, { title: 'Apply Templates: which template set?' });
  return picked ? (picked.setId !== undefined ? { setId: picked.setId } : {}) : undefined;
}

async function pickReplaceWritten(): Promise<boolean | undefined> {
  const keep = {
    label: 'Keep text a person wrote',
    description: 'fill only blank fields and text a template wrote (recommended)',
    replace: false,
  };
  const replace = { label: 'Replace hand-written text too', description: 'every field the set covers', replace: true };
  return (await vscode.window.showQuickPick([keep, replace], { title: 'Apply Templates: fields a person has written' }))
    ?.replace;
}

/**
 * Renders the chosen records' messages from the template library as ONE WorkspaceEdit whose
 * replacements (one per changed field, labelled with the record) need confirmation: VS Code shows
 * its refactor preview, where nothing is checked until the user accepts it. Undo reverts it; the
 * file is left unsaved, shown in an editor.
 */
export async function applyTemplatesCommand(services: ExtensionServices, taskIds: string[]): Promise<void> {
  const lib = await loadLibrary();
  if (!lib) return;
  let targets = taskIds;
  if (targets.length === 0) {
    const items = currentRecords(services.data).map((r) => ({
      label: r.record.task_id,
      description: `${r.record.task} · ${r.record.intent?.requirement ?? ''}`,
      picked: false,
    }));
    if (items.length === 0)
      return void vscode.window.showInformationMessage(
        'Intent Lens: no records with an intent block in this workspace.',
      );
    const picked = await vscode.window.showQuickPick(items, {
      canPickMany: true,
      title: 'Apply templates to which records?',
      placeHolder: 'Select records (Ctrl+A for all)',
    });
    if (!picked || picked.length === 0) return;
    targets = picked.map((p) => p.label);
  }
  const set = await pickSet(lib);
  if (!set) return;
  const replaceWritten = await pickReplaceWritten();
  if (replaceWritten === undefined) return;
  const we = new vscode.WorkspaceEdit();
  const previewed: PreviewedRecord[] = [];
  const noSet: string[] = [];
  const kept: string[] = [];
  for (const taskId of targets) {
    const found = await findRecordInDocument(services.data, taskId);
    if (!found) continue;
    if (await changedOnDisk(found.document)) {
      void vscode.window.showErrorMessage(
        `Intent Lens: ${vscode.workspace.asRelativePath(found.document.uri)} changed on disk; revert it first. Nothing applied.`,
      );
      return;
    }
    const plan = planTemplates(lib, found.item.value, { ...set, replaceWritten });
    if (!plan) {
      noSet.push(taskId);
      continue;
    }
    if (plan.keptWritten.length) kept.push(taskId);
    const newRaw = applyFieldEdits(found.item.raw, plan.edits);
    if (newRaw === found.item.raw) continue;
    const after = BenchmarkRecordSchema.safeParse(JSON.parse(newRaw));
    const errors = after.success ? checkIntent(after.data).filter((i) => i.severity === 'error').length : 1;
    const notes = [
      `set ${plan.setId}`,
      plan.keptWritten.length ? `keeps ${plan.keptWritten.join(', ')} (written by a person)` : '',
      plan.wording.length ? `marked needs-work: ${plan.wording.join('; ')}` : '',
      errors ? `${errors} check error(s) after` : '',
    ].filter(Boolean);
    // The same metadata on every field of a record: "Group Changes By Type" in the preview then
    // shows one entry per record, accepted with one checkbox. A record whose wording is flagged is
    // one replacement, so its needs-work mark cannot be left out while its text is accepted.
    const metadata: vscode.WorkspaceEditEntryMetadata = {
      needsConfirmation: true,
      label: `${taskId}${plan.wording.length ? ' ⚠ check wording' : ''}`,
      description: notes.join(' · '),
    };
    const base = found.document.offsetAt(found.range.start);
    for (const sp of fieldSplices(found.item.raw, plan.edits, { atomic: plan.wording.length > 0 })) {
      we.replace(
        found.document.uri,
        new vscode.Range(found.document.positionAt(base + sp.start), found.document.positionAt(base + sp.end)),
        sp.text,
        metadata,
      );
    }
    previewed.push({ taskId, document: found.document, before: found.item.raw });
  }
  const parts: string[] = [];
  if (noSet.length) parts.push(`${noSet.length} without a matching template set`);
  if (kept.length) parts.push(`hand-written text kept in ${kept.length}`);
  if (previewed.length === 0)
    return void vscode.window.showInformationMessage(
      `Intent Lens: templates change nothing${parts.length ? ` (${parts.join('; ')})` : ''}.`,
    );
  // needsConfirmation: the refactor preview opens, one checkbox per change; Discard writes nothing.
  const applied = await vscode.workspace.applyEdit(we);
  if (!applied) return void vscode.window.showInformationMessage('Intent Lens: no template changes applied.');
  await reportApplied(previewed, parts);
}

interface PreviewedRecord {
  taskId: string;
  document: vscode.TextDocument;
  /** The record's text before the preview. */
  before: string;
}

/**
 * Says which records the user actually accepted in the preview, and shows their files: the edit
 * leaves them modified but unsaved, and a document that is in no editor is out of sight and out of
 * reach of Save All, so accepted changes would be lost on close without the user ever seeing them.
 */
async function reportApplied(previewed: readonly PreviewedRecord[], parts: string[]): Promise<void> {
  const accepted: string[] = [];
  const leftOut: string[] = [];
  const changedDocs = new Set<vscode.TextDocument>();
  for (const p of previewed) {
    const now = locateInDocument(p.document, p.taskId);
    if (now && now.item.raw === p.before) leftOut.push(p.taskId);
    else {
      accepted.push(p.taskId);
      changedDocs.add(p.document);
    }
  }
  for (const doc of changedDocs) await vscode.window.showTextDocument(doc, { preview: false });
  if (accepted.length === 0)
    return void vscode.window.showInformationMessage('Intent Lens: no template changes applied.');
  const list = (ids: string[]) =>
    ids.length <= 3 ? ids.join(', ') : `${ids.slice(0, 3).join(', ')} and ${ids.length - 3} more`;
  if (leftOut.length) parts.unshift(`left out ${list(leftOut)}`);
  const save = await vscode.window.showInformationMessage(
    `Intent Lens: templates applied to ${list(accepted)}${parts.length ? `; ${parts.join('; ')}` : ''}. Unsaved: save to keep them, Undo reverts.`,
    'Save',
  );
  if (!save) return;
  try {
    for (const doc of changedDocs) await saveRecordsDocument(doc);
  } catch (e) {
    if (!(e instanceof RecordConflictError)) throw e;
    void vscode.window.showErrorMessage(`Intent Lens: ${e.message}`);
  }
}
