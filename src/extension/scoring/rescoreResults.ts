// Re-scored verdicts in the extension: the workspace's verdict overlay (core) with a VS Code change
// event, persisted to the sidecar under the first workspace folder's `.intent-lens/` so a reload
// shows the same verdicts. The tree marks changed verdicts and filters "with inactive content" from here.
import * as vscode from 'vscode';
import {
  readVerdictSidecar,
  verdictChanged,
  writeVerdictSidecar,
  type RescoredVerdict,
} from '../../core/workspace/verdicts';
import type { WorkspaceData } from '../data/workspaceData';

export type RescoreEntry = RescoredVerdict;

export interface RescoreChange {
  /** Conversations whose entry was set or removed. */
  convIds: string[];
}

export class RescoreResults implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<RescoreChange>();
  /** Fires after a batch of results was stored or cleared. */
  readonly onDidChange = this.emitter.event;
  private readonly subscription: { dispose(): void };
  private saving: Promise<void> = Promise.resolve();
  private restoring = false;

  constructor(
    private readonly data: WorkspaceData,
    private readonly output?: vscode.OutputChannel,
  ) {
    this.subscription = data.verdicts.onChange((convIds) => {
      this.emitter.fire({ convIds });
      if (!this.restoring) this.save();
    });
  }

  private folder(): string | undefined {
    return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  }

  /** Reads the sidecar (once the data is loaded); a malformed one is reported and left alone. */
  async restore(): Promise<void> {
    const folder = this.folder();
    if (!folder) return;
    this.restoring = true;
    try {
      await readVerdictSidecar(folder, this.data.verdicts);
    } catch (e) {
      this.output?.appendLine(
        `[rescore] could not read the saved re-scores: ${e instanceof Error ? e.message : String(e)}`,
      );
    } finally {
      this.restoring = false;
    }
  }

  /** Runs `change` on the overlay without saving the re-scores (human overrides and annotations live in their own sidecars). */
  applyWithoutSaving(change: () => void): void {
    const was = this.restoring;
    this.restoring = true;
    try {
      change();
    } finally {
      this.restoring = was;
    }
  }

  private save(): void {
    const folder = this.folder();
    if (!folder) return;
    this.saving = this.saving
      .then(() => writeVerdictSidecar(folder, this.data.verdicts))
      .catch((e: unknown) =>
        this.output?.appendLine(`[rescore] could not save re-scores: ${e instanceof Error ? e.message : String(e)}`),
      );
  }

  /** Resolves when every save so far is on disk. */
  flushed(): Promise<void> {
    return this.saving;
  }

  get(convId: string): RescoreEntry | undefined {
    return this.data.verdicts.get(convId);
  }

  has(convId: string): boolean {
    return this.get(convId) !== undefined;
  }

  all(): RescoreEntry[] {
    return this.data.verdicts.all();
  }

  /** Conversations whose new verdict differs from the logged one. */
  changed(): RescoreEntry[] {
    return this.all().filter(verdictChanged);
  }

  /** True when the re-scored final answer contains inactive content. */
  hasInactive(convId: string): boolean {
    return (this.get(convId)?.inactive.length ?? 0) > 0;
  }

  withInactive(): RescoreEntry[] {
    return this.all().filter((e) => e.inactive.length > 0);
  }

  set(batch: readonly RescoreEntry[]): void {
    if (batch.length) this.data.verdicts.set(batch);
  }

  /** Forgets some conversations (all when no ids are given), e.g. after their log changed. */
  clear(convIds?: readonly string[]): void {
    this.data.verdicts.clear(convIds);
  }

  dispose(): void {
    this.subscription.dispose();
    this.emitter.dispose();
  }
}
