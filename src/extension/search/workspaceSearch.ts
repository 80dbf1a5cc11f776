// Keeps the search index (in its worker) in step with the workspace's run logs: created on the
// first search, then every data change re-indexes the changed logs (only appended bytes are read)
// and drops removed ones.
import type * as vscode from 'vscode';
import { SearchService } from '../../core/search/searchService';
import type { WorkspaceData } from '../data/workspaceData';

export class WorkspaceSearch implements vscode.Disposable {
  private service: SearchService | undefined;
  private indexed = new Set<string>();
  private syncing: Promise<void> = Promise.resolve();
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly data: WorkspaceData,
    private readonly log: (line: string) => void,
  ) {
    this.subscription = data.onDidChange(() => {
      if (this.service) void this.sync();
    });
  }

  /** The service with every loaded log indexed (the first call builds the index). */
  async ready(): Promise<SearchService> {
    if (!this.service) {
      const service = new SearchService();
      this.service = service;
      service.warm();
      await this.sync();
      return service;
    }
    // Later changes are indexed as they happen: wait for any in progress, not for a new pass.
    const service = this.service;
    await this.syncing;
    return service;
  }

  private sync(): Promise<void> {
    this.syncing = this.syncing.then(async () => {
      const service = this.service;
      if (!service) return;
      await this.data.ensureLoaded();
      const files = this.data.logs.indexedFiles();
      const gone = [...this.indexed].filter((f) => !files.includes(f));
      try {
        if (gone.length) await service.removeFiles(gone);
        const t0 = Date.now();
        const r = await service.indexFiles(files);
        this.indexed = new Set(files);
        this.log(
          `[search] ${r.conversations} conversation(s) in ${files.length} log file(s) indexed (${Date.now() - t0} ms)`,
        );
      } catch (e) {
        this.log(`[search] indexing failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    });
    return this.syncing;
  }

  dispose(): void {
    this.subscription.dispose();
    this.service?.dispose();
    this.service = undefined;
  }
}
