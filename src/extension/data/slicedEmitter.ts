// A change event whose listeners can run one per extension-host task. At 40k conversations each
// view's rebuild (tree, Test Explorer, diagnostics, …) takes tens of milliseconds; run back to back
// in one task they blocked the host for 0.6–0.8 s after a load. Sliced, the host answers the
// workbench (tree rows, status bar, typing) between listeners.
import type * as vscode from 'vscode';
import { nextTurn } from '../../core/load/steps';

/** How long each listener of one sliced fire took, in registration order. */
export interface SliceTimings {
  /** Milliseconds per listener that ran, in registration order. */
  ms: number[];
  longestMs: number;
  totalMs: number;
}

type Listener<T> = (e: T) => unknown;

export class SlicedEmitter<T> implements vscode.Disposable {
  private listeners: Array<{ fn: Listener<T> }> = [];
  private disposed = false;

  constructor(private readonly onError: (e: unknown) => void) {}

  readonly event: vscode.Event<T> = (listener, thisArgs?: unknown, disposables?: vscode.Disposable[]) => {
    const entry = { fn: (thisArgs === undefined ? listener : listener.bind(thisArgs)) as Listener<T> };
    this.listeners = [...this.listeners, entry];
    const d: vscode.Disposable = { dispose: () => (this.listeners = this.listeners.filter((l) => l !== entry)) };
    disposables?.push(d);
    return d;
  };

  /** Every listener now, in this task (what vscode.EventEmitter does). */
  fire(e: T): void {
    for (const l of this.listeners) this.call(l.fn, e);
  }

  /**
   * Each listener in its own task; resolves once all ran (a listener disposed meanwhile is skipped).
   * `onListener` hears the index (registration order) of each listener about to run.
   */
  async fireSliced(e: T, onListener?: (index: number) => void): Promise<SliceTimings> {
    const snapshot = this.listeners;
    const t: SliceTimings = { ms: [], longestMs: 0, totalMs: 0 };
    for (const [i, l] of snapshot.entries()) {
      await nextTurn();
      if (this.disposed || !this.listeners.includes(l)) continue;
      onListener?.(i);
      const started = performance.now();
      this.call(l.fn, e);
      const ms = performance.now() - started;
      t.ms.push(ms);
      t.totalMs += ms;
      t.longestMs = Math.max(t.longestMs, ms);
    }
    return t;
  }

  private call(fn: Listener<T>, e: T): void {
    try {
      fn(e);
    } catch (err) {
      this.onError(err);
    }
  }

  dispose(): void {
    this.disposed = true;
    this.listeners = [];
  }
}
