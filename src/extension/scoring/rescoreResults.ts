// Verdicts from "Re-score", kept per conversation for the session: the tree marks changed verdicts
// and filters "with inactive content" from here; the compare view can read the spans.
import * as vscode from 'vscode';
import type { InactiveSpan } from '../../core/inactive/detectInactive';

export interface RescoreEntry {
  conv_id: string;
  task_id: string;
  /** The log file the conversation came from. */
  file: string;
  is_correct: boolean | null;
  /** The verdict in the log (LiC math logs: from `score`). */
  previous: boolean | null;
  /** Both verdicts known and different. */
  changed: boolean;
  inactive: InactiveSpan[];
  extracted: string | null;
  message: string;
  /** Date.now() when scored. */
  scoredAt: number;
}

export interface RescoreChange {
  /** Conversations whose entry was set or removed. */
  convIds: string[];
}

export class RescoreResults implements vscode.Disposable {
  private readonly entries = new Map<string, RescoreEntry>();
  private readonly emitter = new vscode.EventEmitter<RescoreChange>();
  /** Fires after a batch of results was stored or cleared. */
  readonly onDidChange = this.emitter.event;

  get(convId: string): RescoreEntry | undefined {
    return this.entries.get(convId);
  }

  has(convId: string): boolean {
    return this.entries.has(convId);
  }

  all(): RescoreEntry[] {
    return [...this.entries.values()];
  }

  /** Conversations whose new verdict differs from the logged one. */
  changed(): RescoreEntry[] {
    return this.all().filter((e) => e.changed);
  }

  /** True when the re-scored final answer contains inactive content. */
  hasInactive(convId: string): boolean {
    return (this.entries.get(convId)?.inactive.length ?? 0) > 0;
  }

  withInactive(): RescoreEntry[] {
    return this.all().filter((e) => e.inactive.length > 0);
  }

  set(batch: readonly RescoreEntry[]): void {
    if (!batch.length) return;
    for (const e of batch) this.entries.set(e.conv_id, e);
    this.emitter.fire({ convIds: batch.map((e) => e.conv_id) });
  }

  /** Forgets some conversations (all when no ids are given), e.g. after their log changed. */
  clear(convIds?: readonly string[]): void {
    const ids = convIds ?? [...this.entries.keys()];
    const removed = ids.filter((id) => this.entries.delete(id));
    if (removed.length) this.emitter.fire({ convIds: removed });
  }

  dispose(): void {
    this.emitter.dispose();
  }
}

/** The extension's one instance (created on first use; registerScoring disposes it). */
let instance: RescoreResults | undefined;
export function rescoreResults(): RescoreResults {
  return (instance ??= new RescoreResults());
}
export function disposeRescoreResults(): void {
  instance?.dispose();
  instance = undefined;
}
