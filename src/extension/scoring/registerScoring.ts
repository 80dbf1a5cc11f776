// "Re-score": re-runs the domain verifiers on the final answers of a log file, a source, an
// instance or some runs, with progress and cancel; code answers execute only in a trusted
// workspace. Results go to the RescoreResults service (tree marks, "with inactive content").
import * as vscode from 'vscode';
import pLimit from 'p-limit';
import type { ExtensionServices } from '../services';
import type { ConversationRef } from '../../core/load/runLogIndex';
import { rescoreConversation } from '../../core/verify/rescore';
import { codeIsolationNote } from '../../core/verify/code/codeIsolationNote';
import type { VerifyDetails, VerifyOptions } from '../../core/verify/verifyTypes';
import { SqlExecutor } from '../../core/verify/database/sqlExecutor';
import type { RescoreEntry } from './rescoreResults';
import { VERIFIER_VERSION, verdictChanged } from '../../core/workspace/verdicts';
import { stat } from 'node:fs/promises';
import { COMMANDS } from '../commandIds';
import { readCommandTarget } from '../commandTarget';
import { verifyOptionsFor } from '../settings/verifySettings';

export { RescoreResults, type RescoreEntry, type RescoreChange } from './rescoreResults';

/** What the command resolves to (for callers and tests); undefined when nothing was chosen. */
export interface RescoreSummary {
  requested: number;
  /** Conversations that got a verdict (true or false). */
  scored: number;
  /** Conversations looked at but left without a verdict (no record, no database, not trusted…). */
  unscored: number;
  correct: number;
  changed: number;
  withInactive: number;
  cancelled: boolean;
  /** Code answers left unscored because the workspace is not trusted. */
  notExecuted: number;
}

/** What a Re-score invocation names: a log file, a source, an instance, or some runs. */
export interface RescoreTarget {
  file?: string;
  taskId?: string;
  convIds?: string[];
  mode?: string;
  condition?: string;
  path?: string;
  k?: number;
}

/** Reads a target off a Uri (explorer menus), or whatever else names runs (the one command-target reader). */
export function rescoreTargetOf(arg: unknown): RescoreTarget | undefined {
  if (arg instanceof vscode.Uri) return { file: arg.fsPath };
  const { file, taskId, convIds, convId, mode, condition, path, k } = readCommandTarget(arg);
  const t: RescoreTarget = {
    ...(file !== undefined ? { file } : {}),
    ...(taskId !== undefined ? { taskId } : {}),
    ...(convIds !== undefined ? { convIds } : convId !== undefined ? { convIds: [convId] } : {}),
    ...(mode !== undefined ? { mode } : {}),
    ...(condition !== undefined ? { condition } : {}),
    ...(path !== undefined ? { path } : {}),
    ...(k !== undefined ? { k } : {}),
  };
  return Object.keys(t).length ? t : undefined;
}

export function selectConversations(all: readonly ConversationRef[], t: RescoreTarget): ConversationRef[] {
  const ids = t.convIds ? new Set(t.convIds) : undefined;
  return all.filter(
    (r) =>
      (!ids || ids.has(r.conv_id)) &&
      (!t.file || r.file === t.file) &&
      (!t.taskId || r.task_id === t.taskId) &&
      (!t.mode || r.mode === t.mode) &&
      (!t.condition || r.condition === t.condition) &&
      (t.path === undefined || r.path === t.path) &&
      (t.k === undefined || r.k === t.k),
  );
}

async function pickTarget(services: ExtensionServices): Promise<RescoreTarget | undefined> {
  await services.data.ensureLoaded();
  const files = services.data.logs.indexedFiles().sort();
  if (!files.length) {
    void vscode.window.showInformationMessage('Intent Lens: no run logs found in this workspace.');
    return undefined;
  }
  const items: Array<vscode.QuickPickItem & { target: RescoreTarget }> = [
    { label: '$(files) All run logs', description: `${files.length} files`, target: {} },
    ...files.map((f) => ({ label: vscode.workspace.asRelativePath(f), target: { file: f } })),
  ];
  const picked = await vscode.window.showQuickPick(items, { title: 'Re-score final answers', placeHolder: 'Choose a run log' });
  return picked?.target;
}

export function registerScoring(services: ExtensionServices): void {
  const results = services.rescored;
  let sql: SqlExecutor | undefined;
  services.context.subscriptions.push(
    { dispose: () => void sql?.close() },
    // A log rewritten on disk after it was scored may no longer hold what was scored: forget its
    // results (a reload re-reads every file; the saved re-scores of unchanged logs stay).
    services.data.onDidChange(({ files }) => {
      const changed = new Set(files);
      void (async () => {
        const stale: string[] = [];
        for (const e of results.all()) {
          if (!changed.has(e.file)) continue;
          const mtime = await stat(e.file).then((s) => s.mtimeMs, () => Infinity);
          if (mtime > e.scoredAt) stale.push(e.conv_id);
        }
        if (stale.length) results.clear(stale);
      })();
    }),
    vscode.commands.registerCommand(COMMANDS.rescore, async (arg?: unknown, selected?: unknown[]): Promise<RescoreSummary | undefined> => {
      // Multi-selection in a tree passes the clicked item and the selection.
      const targets = (Array.isArray(selected) && selected.length > 1 ? selected : [arg]).map(rescoreTargetOf).filter((t): t is RescoreTarget => !!t);
      if (!targets.length) {
        const t = await pickTarget(services);
        if (!t) return;
        targets.push(t);
      }
      await services.data.ensureLoaded();
      const all = services.data.conversations();
      const seen = new Set<string>();
      const refs = targets.flatMap((t) => selectConversations(all, t)).filter((r) => !seen.has(r.conv_id) && (seen.add(r.conv_id), true));
      if (!refs.length) {
        void vscode.window.showInformationMessage('Intent Lens: no conversations to re-score here.');
        return { requested: 0, scored: 0, unscored: 0, correct: 0, changed: 0, withInactive: 0, cancelled: false, notExecuted: 0 };
      }
      const trusted = vscode.workspace.isTrusted;
      const records = services.data.records();
      const plans = services.data.plans();
      sql ??= new SqlExecutor();
      const codeDetails: VerifyDetails[] = [];
      // The settings are read once per file, not once per conversation.
      const optionsByFile = new Map<string, VerifyOptions>();
      const optionsFor = (file: string) => optionsByFile.get(file) ?? optionsByFile.set(file, verifyOptionsFor(file)).get(file)!;
      const abort = new AbortController();
      const done: RescoreEntry[] = [];
      let notExecuted = 0;
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Intent Lens: re-scoring', cancellable: true }, async (progress, token) => {
        token.onCancellationRequested(() => abort.abort());
        const limit = pLimit(2);
        let finished = 0;
        let pending: RescoreEntry[] = [];
        const flush = () => {
          results.set(pending);
          pending = [];
        };
        await Promise.all(
          refs.map((ref) =>
            limit(async () => {
              if (abort.signal.aborted) return;
              try {
                const entry = await services.data.logs.readConversation(ref);
                const record = records.get(ref.task_id);
                // The record's folder decides the databases folder (the log's, for a plan or no record).
                const options = { ...optionsFor(record?.file ?? ref.file), sql: sql!, signal: abort.signal };
                const r = await rescoreConversation(record?.record, entry, options, plans.get(ref.task_id)?.plan);
                if (abort.signal.aborted) return;
                if (r.details.domain === 'code' && r.is_correct === null && !trusted) notExecuted++;
                if (r.details.domain === 'code') codeDetails.push(r.details);
                const e: RescoreEntry = {
                  conv_id: r.conv_id,
                  task_id: r.task_id,
                  file: ref.file,
                  is_correct: r.is_correct,
                  previous: r.previous_is_correct,
                  inactive: r.inactive,
                  extracted: r.extracted,
                  message: r.details.message,
                  verifier: VERIFIER_VERSION,
                  scoredAt: Date.now(),
                };
                done.push(e);
                pending.push(e);
                if (pending.length >= 25) flush();
              } catch (err) {
                services.output.appendLine(`[rescore] ${ref.conv_id}: ${err instanceof Error ? err.message : String(err)}`);
              }
              finished++;
              progress.report({ message: `${finished}/${refs.length}`, increment: 100 / refs.length });
            }),
          ),
        );
        flush();
      });
      const changed = done.filter(verdictChanged).length;
      const inactive = done.filter((e) => e.inactive.length).length;
      const correct = done.filter((e) => e.is_correct === true).length;
      const parts = [`${done.length}${abort.signal.aborted ? ` of ${refs.length} (cancelled)` : ''} re-scored`, `${correct} correct`, `${changed} verdict${changed === 1 ? '' : 's'} changed`, `${inactive} with inactive content`];
      if (notExecuted) parts.push(`${notExecuted} code answer${notExecuted === 1 ? '' : 's'} not executed (workspace not trusted)`);
      services.output.appendLine(`[rescore] ${parts.join(', ')}`);
      void vscode.window.showInformationMessage(`Intent Lens: ${parts.join(', ')}.`);
      const isolationNote = codeIsolationNote(codeDetails);
      if (isolationNote) {
        services.output.appendLine(`[rescore] ${isolationNote}`);
        void vscode.window.showWarningMessage(`Intent Lens: ${isolationNote}.`, 'Open Setting').then((c) => c && vscode.commands.executeCommand('workbench.action.openSettings', 'intentLens.verify.allowUnisolated'));
      }
      return { requested: refs.length, scored: done.filter((e) => e.is_correct !== null).length, unscored: done.filter((e) => e.is_correct === null).length, correct, changed, withInactive: inactive, cancelled: abort.signal.aborted, notExecuted };
    }),
  );
}
