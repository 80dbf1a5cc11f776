// When the workbench has drawn a tree view's first rows, as far as a data provider can tell: it asked
// for the roots and for the children of every expanded root, and had a moment to draw them. The first
// load waits for this (with a limit of its own) before it lets the indexing or a refresh take the
// workbench's time. vscode-free, so the rule is unit-tested.

export class FirstRowsWatch {
  /** The expanded roots (by id) whose children were not fetched yet since `wait`; '' is the roots themselves. */
  private unfetched = new Set<string>();
  private waiters: Array<() => void> = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  /**
   * @param drawMs the time the workbench gets to draw after the last of the first rows were fetched
   * @param onAllFetched called once each time the last of them was fetched (for a timed log line)
   */
  constructor(
    private readonly drawMs: number,
    private readonly onAllFetched?: () => void,
  ) {}

  /** Resolves `drawMs` after the roots and the children of each of `expandedRootIds` were fetched from now on. */
  wait(expandedRootIds: readonly string[]): Promise<void> {
    this.unfetched = new Set(['', ...expandedRootIds]);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** The workbench asked for the children of `rootId` (undefined: for the roots). */
  fetched(rootId: string | undefined): void {
    if (!this.waiters.length || !this.unfetched.delete(rootId ?? '') || this.unfetched.size) return;
    this.onAllFetched?.();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.release(), this.drawMs);
  }

  /** Resolves every waiter now (the view goes away). */
  dispose(): void {
    clearTimeout(this.timer);
    this.release();
  }

  private release(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}
