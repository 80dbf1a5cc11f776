// The data service's file events: debounced per burst (a save or an append fires several), then
// applied one burst at a time, in order, on the same queue as the service's other later work (the
// reconcile after the file search), so no two of them change the workspace at once.

/** How the service applies one burst of file events. */
export interface FileChangeHandlers {
  /** A file that was deleted (and not re-created since). */
  remove(path: string): void;
  /** A file that was created or changed. */
  refresh(path: string): Promise<void>;
  /** One file could not be applied; the burst goes on. */
  failed(path: string, error: unknown): void;
  /** After every file of the burst was applied. */
  applied(files: string[]): Promise<void>;
}

/** Waits this long after the last event of a burst before it applies the burst. */
const DEBOUNCE_MS = 150;

export class FileChangeQueue {
  private readonly pending = new Set<string>();
  private readonly deleted = new Set<string>();
  private flushTimer: NodeJS.Timeout | undefined;
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly handlers: FileChangeHandlers) {}

  /** Notes a file event; the burst is applied DEBOUNCE_MS after its last event. */
  schedule(path: string, deleted = false): void {
    if (path.includes('/node_modules/')) return;
    this.pending.add(path);
    if (deleted) this.deleted.add(path);
    else this.deleted.delete(path);
    clearTimeout(this.flushTimer);
    this.flushTimer = setTimeout(() => void this.flush(), DEBOUNCE_MS);
  }

  /** Runs `task` after everything queued before it. */
  enqueue(task: () => Promise<void> | undefined): void {
    this.tail = this.tail.then(task);
  }

  private flush(): Promise<void> {
    const files = [...this.pending];
    this.pending.clear();
    this.tail = this.tail.then(async () => {
      for (const f of files) {
        try {
          if (this.deleted.has(f)) {
            this.handlers.remove(f);
            this.deleted.delete(f);
          } else await this.handlers.refresh(f);
        } catch (e) {
          this.handlers.failed(f, e);
        }
      }
      await this.handlers.applied(files);
    });
    return this.tail;
  }

  dispose(): void {
    clearTimeout(this.flushTimer);
  }
}
