// The first load's progress reports: the Sources tree and the status bar show what is loaded so far
// (records and plans first, then run logs as they are indexed) instead of waiting for 1 GB of logs.
// Each report rebuilds the tree, so they come at most every PROGRESS_INTERVAL_MS, and a view drawing
// its first rows can defer them (INDEXING_HOLD_MAX_MS at most).
import * as vscode from 'vscode';

/** How far the first load is: records and plans are in; run logs are being indexed. */
export interface LoadProgress {
  logFilesDone: number;
  logFilesTotal: number;
}

/** The first load tells of progress at most this often (each tells the tree to rebuild). */
const PROGRESS_INTERVAL_MS = 1500;
/** The longest the first load waits for the views' first rows (its indexing held, or its reports deferred). */
export const INDEXING_HOLD_MAX_MS = 600;

/** What `until` resolves with, or 'the limit' when it has not within `ms`. */
export function untilOrLimit(until: Promise<string>, ms: number): Promise<string> {
  let cap: NodeJS.Timeout | undefined;
  return Promise.race([
    until,
    new Promise<string>((resolve) => (cap = setTimeout(() => resolve('the limit'), ms))),
  ]).finally(() => clearTimeout(cap));
}

export class FirstLoadProgress implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<LoadProgress>();
  readonly onDidChange = this.emitter.event;
  private told: LoadProgress | undefined;
  /** Set while a view draws its first rows: reports (and the load's end event) wait for it. */
  private deferral: Promise<void> | undefined;
  /** Tells the running load's progress at once (set by `start`, for the end of a deferral). */
  private tellNow: (() => void) | undefined;

  constructor(private readonly log: (line: string) => void) {}

  /** The last progress told. */
  last(): LoadProgress | undefined {
    return this.told;
  }

  /** Defers the reports until `until` resolves (INDEXING_HOLD_MAX_MS at most), unless already deferred. */
  deferUntil(until: Promise<string>): void {
    if (this.deferral) return;
    const started = Date.now();
    this.deferral = untilOrLimit(until, INDEXING_HOLD_MAX_MS).then((why) => {
      this.deferral = undefined;
      this.log(`[data] progress updates deferred ${Date.now() - started} ms for the first rows (until ${why})`);
      this.tellNow?.();
    });
  }

  /**
   * Starts a load's reports: `tell(force)` fires one unless the last was within PROGRESS_INTERVAL_MS
   * or a view's first rows defer it (`force` tells at once, and logs `firstUpdateLine()`).
   * `isCurrent` says whether the load is still the running first load (a deferral's end tells it then).
   */
  start(progress: LoadProgress, isCurrent: () => boolean, firstUpdateLine: () => string): (force: boolean) => void {
    let lastTold = Date.now();
    const tell = (force: boolean) => {
      if (!force && (this.deferral || Date.now() - lastTold < PROGRESS_INTERVAL_MS)) return;
      lastTold = Date.now();
      this.told = { ...progress };
      this.emitter.fire(this.told);
      if (force) this.log(firstUpdateLine());
    };
    this.tellNow = () => {
      if (isCurrent()) {
        lastTold = 0;
        tell(false);
      }
    };
    return tell;
  }

  /** Ends the load's reports; resolves once a view drawing its first rows is done (its end tells all). */
  ended(): Promise<void> | undefined {
    this.tellNow = undefined;
    return this.deferral;
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
