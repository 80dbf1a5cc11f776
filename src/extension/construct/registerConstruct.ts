// Constructing revisions in VS Code (the paper's steps I–III, src/core/construct): "New Revision
// From Source…" opens the candidates view on one source task (a record without `intent`), from
// the Sources tree or a records file; "Construct Revisions for File…" constructs every source of
// a file with progress and cancel, writes them in one locked edit, and hands over to Review Next
// Pending. Checks run with the extension's verifier options (./constructVerifyOptions).
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { COMMANDS } from '../commandIds';
import { readCommandTarget } from '../commandTarget';
import { constructSources, intentBlockFor } from '../../core/construct/construct';
import { parseRecordsText } from '../../core/load/recordsFile';
import { SqlExecutor } from '../../core/verify/database/sqlExecutor';
import { RecordConflictError } from '../review/recordDocuments';
import { CandidatesPanel, type CandidatesDeps } from './candidatesPanel';
import { constructVerifyOptions } from './constructVerifyOptions';
import { sourcesWithoutRevision, summaryLines, summaryMessage } from './constructSummary';
import { writeRevisions, type ConstructedRevision } from './writeRevisions';

const RECORDS_FILE = /\.records\.jsonl?$/i;

/** The records file a command is about: an Explorer/editor URI, a tree file node, else the active editor's. */
function fileOf(arg: unknown): string | undefined {
  if (arg instanceof vscode.Uri) return arg.scheme === 'file' && RECORDS_FILE.test(arg.fsPath) ? arg.fsPath : undefined;
  const fromArg = readCommandTarget(arg).file;
  if (fromArg && RECORDS_FILE.test(fromArg)) return fromArg;
  const active = vscode.window.activeTextEditor?.document.uri;
  return active?.scheme === 'file' && RECORDS_FILE.test(active.fsPath) ? active.fsPath : undefined;
}

/** Sources (records without `intent`) in the workspace, or in one file. */
function unrevisedSources(services: ExtensionServices, file?: string) {
  return [...services.data.records().values()]
    .filter((r) => !r.record.intent && (!file || r.file === file))
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

async function pickSource(services: ExtensionServices, file?: string): Promise<string | undefined> {
  await services.data.ensureLoaded();
  const sources = unrevisedSources(services, file);
  if (!sources.length) {
    void vscode.window.showInformationMessage(
      `Intent Lens: every record${file ? ` in ${vscode.workspace.asRelativePath(file)}` : ''} already has a revision.`,
    );
    return undefined;
  }
  const items = sources.map((s) => ({
    label: s.record.task_id,
    description: s.record.task,
    detail: `${vscode.workspace.asRelativePath(s.file)}:${s.line}`,
  }));
  const picked = await vscode.window.showQuickPick(items, {
    title: 'New Revision From Source',
    placeHolder: 'Which source task? (records without a revision)',
    matchOnDetail: true,
  });
  return picked?.label;
}

async function pickRecordsFile(services: ExtensionServices): Promise<string | undefined> {
  await services.data.ensureLoaded();
  const counts = new Map<string, number>();
  for (const s of unrevisedSources(services)) counts.set(s.file, (counts.get(s.file) ?? 0) + 1);
  if (!counts.size)
    return void vscode.window.showInformationMessage('Intent Lens: no records without a revision in this workspace.');
  const items = [...counts.entries()].map(([file, n]) => ({
    label: vscode.workspace.asRelativePath(file),
    description: `${n} source${n === 1 ? '' : 's'} without a revision`,
    file,
  }));
  return (await vscode.window.showQuickPick(items, { title: 'Construct Revisions for File' }))?.file;
}

/** What a command was given, for the output channel (never the values: they may be large). */
function describeArg(arg: unknown): string {
  if (arg === undefined || arg === null) return String(arg);
  if (arg instanceof vscode.Uri) return `uri ${arg.scheme}`;
  return typeof arg === 'object' ? `keys ${Object.keys(arg).slice(0, 8).join(', ')}` : typeof arg;
}

export async function newRevisionFromSource(
  services: ExtensionServices,
  deps: CandidatesDeps,
  arg: unknown,
): Promise<CandidatesPanel | undefined> {
  await services.data.ensureLoaded();
  const named =
    arg instanceof vscode.Uri
      ? undefined
      : readCommandTarget(arg, { stringIs: 'taskId', onInvalid: (m) => services.output.appendLine(`[construct] ${m}`) })
          .taskId;
  services.output.appendLine(
    `[construct] New Revision From Source: ${named ?? `no task id in the argument (${describeArg(arg)}), asking`}`,
  );
  const taskId = named ?? (await pickSource(services, fileOf(arg)));
  if (!taskId) return undefined;
  const entry = services.data.record(taskId);
  if (!entry) return void vscode.window.showErrorMessage(`Intent Lens: no record ${taskId} in the workspace.`);
  if (entry.record.intent) {
    const edit = await vscode.window.showInformationMessage(
      `Intent Lens: ${taskId} already has a revision.`,
      'Edit Revision',
    );
    if (edit) await vscode.commands.executeCommand(COMMANDS.reviewEditRevision, taskId);
    return undefined;
  }
  try {
    return await CandidatesPanel.show(services, deps, taskId);
  } catch (e) {
    void vscode.window.showErrorMessage(
      `Intent Lens: could not construct ${taskId}: ${e instanceof Error ? e.message : String(e)}`,
    );
    return undefined;
  }
}

export interface ConstructFileResult {
  file: string;
  sources: number;
  written: string[];
  changed: string[];
  cancelled: boolean;
  message: string;
}

/** Constructs every source of a records file, then writes the constructed ones in one edit. */
export async function constructRevisionsForFile(
  services: ExtensionServices,
  deps: CandidatesDeps,
  arg: unknown,
): Promise<ConstructFileResult | undefined> {
  await services.data.ensureLoaded();
  const file = fileOf(arg) ?? (await pickRecordsFile(services));
  if (!file) return undefined;
  const name = vscode.workspace.asRelativePath(file);
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  const items = sourcesWithoutRevision(parseRecordsText(file, document.getText()).items);
  if (!items.length) {
    void vscode.window.showInformationMessage(`Intent Lens: every record in ${name} already has a revision.`);
    return { file, sources: 0, written: [], changed: [], cancelled: false, message: 'nothing to construct' };
  }
  const abort = new AbortController();
  const { results, summary } = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: `Intent Lens: constructing revisions for ${name}`,
      cancellable: true,
    },
    (progress, token) => {
      token.onCancellationRequested(() => abort.abort());
      return constructSources(
        items.map((i) => i.value),
        { verify: deps.verifyOptions(file), signal: abort.signal },
        (done, total) => progress.report({ message: `${done}/${total}`, increment: 100 / total }),
      );
    },
  );
  for (const line of summaryLines(summary)) services.output.appendLine(`[construct] ${name} ${line}`);
  if (abort.signal.aborted) {
    const message = `cancelled after ${results.length} of ${items.length} sources; nothing was written`;
    void vscode.window.showInformationMessage(`Intent Lens: ${message}.`);
    return { file, sources: items.length, written: [], changed: [], cancelled: true, message };
  }
  const revisions: ConstructedRevision[] = [];
  results.forEach((r, i) => {
    const item = items[i]!;
    const chosen = r.selected !== null ? r.candidates[r.selected] : undefined;
    if (chosen) revisions.push({ taskId: r.task_id, block: intentBlockFor(item.value, chosen), baseRaw: item.raw });
  });
  let written: string[];
  let changed: string[];
  try {
    ({ written, changed } = await writeRevisions(file, revisions));
  } catch (e) {
    if (!(e instanceof RecordConflictError)) throw e;
    void vscode.window.showErrorMessage(`Intent Lens: ${e.message}`);
    return {
      file,
      sources: items.length,
      written: [],
      changed: revisions.map((r) => r.taskId),
      cancelled: false,
      message: e.message,
    };
  }
  const parts = [summaryMessage(summary, name)];
  if (changed.length)
    parts.push(`${changed.length} changed while constructing, not written: ${changed.slice(0, 3).join(', ')}`);
  const message = parts.join('; ');
  services.output.appendLine(`[construct] ${message}`);
  void vscode.window
    .showInformationMessage(`Intent Lens: ${message}.`, ...(written.length ? ['Review Next Pending'] : []))
    .then((action) => {
      if (action) void vscode.commands.executeCommand(COMMANDS.reviewNext);
    });
  return { file, sources: items.length, written, changed, cancelled: false, message };
}

export function registerConstruct(services: ExtensionServices): void {
  // One SQL executor for the feature (a worker with its database cache), closed with the extension.
  let sql: SqlExecutor | undefined;
  const deps: CandidatesDeps = { verifyOptions: (file) => constructVerifyOptions(file, (sql ??= new SqlExecutor())) };
  services.context.subscriptions.push(
    { dispose: () => void sql?.close() },
    { dispose: () => CandidatesPanel.all().forEach((p) => p.dispose()) },
    vscode.commands.registerCommand(COMMANDS.constructNewRevision, (arg: unknown) =>
      newRevisionFromSource(services, deps, arg),
    ),
    vscode.commands.registerCommand(COMMANDS.constructForFile, (arg: unknown) =>
      constructRevisionsForFile(services, deps, arg),
    ),
  );
}
