// Full-text search off the calling thread: an index worker keeps the word index up to date as
// files are indexed (appends are read incrementally), and each query is confirmed in a fresh
// match worker under a time budget, terminated when it overruns or is cancelled (a catastrophic
// user regex cannot be interrupted from inside). Used by the extension and the CLI alike.
import { Worker } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SearchMatch } from './messageMatches';
import { compileQuery, type SearchQuery } from './searchQuery';
import type { IndexRequest, IndexResponse, IndexStats, MatchRequest, MatchResponse, WorkerRole } from './searchProtocol';

/** In the bundle the worker sits beside dist/cli.js and dist/extension.js; in a dev tree, in dist/. */
export function defaultSearchWorkerScript(): string {
  const here = typeof __dirname === 'string' ? __dirname : process.cwd();
  const dirs = [here];
  for (let d = here, i = 0; i < 6; i++, d = dirname(d)) dirs.push(join(d, 'dist'));
  for (const d of dirs) {
    const script = join(d, 'searchWorker.js');
    if (existsSync(script)) return script;
  }
  throw new Error(`searchWorker.js not found near ${here} (run the build)`);
}

export interface SearchOptions {
  /** Wall-clock budget for confirming matches (default 10 s); past it the search stops with what it found. */
  budgetMs?: number;
  limit?: number;
  signal?: AbortSignal;
  onMatches?: (matches: SearchMatch[]) => void;
}

export interface SearchOutcome {
  matches: SearchMatch[];
  /** Stopped at the limit. */
  truncated: boolean;
  /** Stopped by the time budget (a slow regex, or a very large candidate set). */
  timedOut: boolean;
  cancelled: boolean;
  /** Conversations the index proposed before confirmation. */
  candidates: number;
  unreadable: number;
}

type IndexOkResponse = Extract<IndexResponse, { ok: true }>;
type IndexOk<T extends IndexOkResponse['type']> = Extract<IndexOkResponse, { type: T }>;
type IndexRequestBody = IndexRequest extends infer R ? (R extends IndexRequest ? Omit<R, 'id'> : never) : never;

export class SearchService {
  private indexWorker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (r: IndexResponse) => void; reject: (e: Error) => void }>();
  private script: string | undefined;

  constructor(private readonly locate: () => string = defaultSearchWorkerScript) {}

  private spawn(role: WorkerRole): Worker {
    this.script ??= this.locate();
    return new Worker(this.script, { workerData: { role } });
  }

  private index(): Worker {
    if (this.indexWorker) return this.indexWorker;
    const w = this.spawn('index');
    w.on('message', (res: IndexResponse) => {
      const p = this.pending.get(res.id);
      this.pending.delete(res.id);
      p?.resolve(res);
    });
    const fail = (e: Error) => {
      if (this.indexWorker === w) this.indexWorker = undefined;
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`search index worker exited (${code})`)));
    this.indexWorker = w;
    return w;
  }

  private async request<T extends IndexOkResponse['type']>(body: IndexRequestBody, type: T): Promise<IndexOk<T>> {
    const id = this.nextId++;
    const worker = this.index();
    const res = await new Promise<IndexResponse>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...body, id } as IndexRequest);
    });
    if (!res.ok) throw new Error(res.error);
    if (res.type !== type) throw new Error(`search index worker answered ${res.type}, expected ${type}`);
    return res as IndexOk<T>;
  }

  /** Indexes files, or what was appended to them since; resolves when done. */
  async indexFiles(files: readonly string[]): Promise<{ conversations: number; diagnostics: number }> {
    const r = await this.request({ type: 'index', files: [...files] }, 'indexed');
    return { conversations: r.conversations, diagnostics: r.diagnostics };
  }

  async removeFiles(files: readonly string[]): Promise<void> {
    await this.request({ type: 'remove', files: [...files] }, 'removed');
  }

  async stats(): Promise<IndexStats> {
    return (await this.request({ type: 'stats' }, 'stats')).stats;
  }

  /** Runs a query; throws QueryError for an invalid regex. Never leaves a match worker running. */
  async search(query: SearchQuery, opts: SearchOptions = {}): Promise<SearchOutcome> {
    const compiled = compileQuery(query);
    const { refs } = await this.request({ type: 'candidates', terms: compiled.terms }, 'candidates');
    const outcome: SearchOutcome = { matches: [], truncated: false, timedOut: false, cancelled: false, candidates: refs.length, unreadable: 0 };
    if (refs.length === 0 || opts.signal?.aborted) return { ...outcome, cancelled: opts.signal?.aborted ?? false };
    const worker = this.spawn('match');
    await new Promise<void>((resolve) => {
      let settled = false;
      const finish = () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
        void worker.terminate();
        resolve();
      };
      const timer = setTimeout(() => {
        outcome.timedOut = true;
        finish();
      }, opts.budgetMs ?? 10_000);
      const onAbort = () => {
        outcome.cancelled = true;
        finish();
      };
      opts.signal?.addEventListener('abort', onAbort);
      worker.on('message', (m: MatchResponse) => {
        if (settled) return;
        if (m.type === 'matches') {
          outcome.matches.push(...m.matches);
          opts.onMatches?.(m.matches);
        } else if (m.type === 'done') {
          outcome.truncated = m.truncated;
          outcome.unreadable = m.unreadable;
          finish();
        } else {
          finish();
        }
      });
      worker.on('error', finish);
      worker.on('exit', finish);
      worker.postMessage({ query, refs, limit: opts.limit } satisfies MatchRequest);
    });
    return outcome;
  }

  dispose(): void {
    void this.indexWorker?.terminate();
    this.indexWorker = undefined;
  }
}
