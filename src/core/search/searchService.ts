// Full-text search off the calling thread: an index worker keeps the word index up to date as
// files are indexed (appends are read incrementally), and each query is confirmed in a fresh
// match worker under a time budget, terminated when it overruns or is cancelled (a catastrophic
// user regex cannot be interrupted from inside). Used by the extension and the CLI alike.
import { Worker } from 'node:worker_threads';
import { findBundledScript } from '../workers/bundledScript';
import { ReplyWorker, type RequestBody } from '../workers/replyWorker';
import type { SearchMatch } from './messageMatches';
import { compileQuery, type SearchQuery } from './searchQuery';
import type {
  IndexRequest,
  IndexResponse,
  IndexStats,
  MatchRequest,
  MatchResponse,
  WorkerRole,
} from './searchProtocol';

/** In the bundle the worker sits beside dist/cli.js and dist/extension.js; in a dev tree, in dist/. */
export function defaultSearchWorkerScript(): string {
  const script = findBundledScript('searchWorker.js');
  if (!script)
    throw new Error(
      `searchWorker.js not found near ${typeof __dirname === 'string' ? __dirname : process.cwd()} (run the build)`,
    );
  return script;
}

export interface SearchOptions {
  /** Wall-clock budget for confirming matches (default 10 s); past it the search stops with what it found. */
  budgetMs?: number;
  limit?: number;
  signal?: AbortSignal;
  onMatches?: (matches: SearchMatch[]) => void;
  /** Only these conversations (by conv_id): a search scoped to a filter. Undefined: all. */
  only?: ReadonlySet<string>;
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
  /** The match worker failed (an unexpected error, not a query error). */
  error?: string;
}

type IndexOkResponse = Extract<IndexResponse, { ok: true }>;
type IndexOk<T extends IndexOkResponse['type']> = Extract<IndexOkResponse, { type: T }>;

export class SearchService {
  private readonly indexWorker: ReplyWorker<IndexRequest, IndexResponse>;
  private nextId = 1;
  private script: string | undefined;

  constructor(private readonly locate: () => string = defaultSearchWorkerScript) {
    this.indexWorker = new ReplyWorker(() => (this.script ??= this.locate()), 'search index', {
      workerData: { role: 'index' satisfies WorkerRole },
    });
  }

  private spawn(role: WorkerRole): Worker {
    this.script ??= this.locate();
    return new Worker(this.script, { workerData: { role } });
  }

  private async request<T extends IndexOkResponse['type']>(
    body: RequestBody<IndexRequest>,
    type: T,
  ): Promise<IndexOk<T>> {
    const res = await this.indexWorker.request(body);
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

  /** Spawned ahead of the first query (a thread start is most of a small query's latency). */
  private matchWorker: Worker | undefined;
  private current: AbortController | undefined;

  private matcher(): Worker {
    if (this.matchWorker) return this.matchWorker;
    const w = this.spawn('match');
    w.on('exit', () => {
      if (this.matchWorker === w) this.matchWorker = undefined;
    });
    w.unref();
    this.matchWorker = w;
    return w;
  }

  /** Starts the match worker now, so the first search does not wait for it. */
  warm(): void {
    this.matcher();
  }

  /**
   * Runs a query; a new search cancels the one still running. Throws QueryError for an invalid
   * regex. A search past its budget or cancelled terminates the match worker (a fresh one follows).
   */
  async search(query: SearchQuery, opts: SearchOptions = {}): Promise<SearchOutcome> {
    this.current?.abort();
    const mine = new AbortController();
    this.current = mine;
    const signal = opts.signal ? AbortSignal.any([opts.signal, mine.signal]) : mine.signal;
    const compiled = compileQuery(query);
    const { refs: all } = await this.request({ type: 'candidates', terms: compiled.terms }, 'candidates');
    const only = opts.only;
    const refs = only ? all.filter((r) => only.has(r.conv_id)) : all;
    const outcome: SearchOutcome = {
      matches: [],
      truncated: false,
      timedOut: false,
      cancelled: false,
      candidates: refs.length,
      unreadable: 0,
    };
    if (refs.length === 0 || signal.aborted) return { ...outcome, cancelled: signal.aborted };
    const worker = this.matcher();
    const id = this.nextId++;
    await new Promise<void>((resolve) => {
      let settled = false;
      const finish = (stopWorker: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        worker.unref();
        if (stopWorker) {
          if (this.matchWorker === worker) this.matchWorker = undefined;
          void worker.terminate();
        }
        resolve();
      };
      const timer = setTimeout(() => {
        outcome.timedOut = true;
        finish(true);
      }, opts.budgetMs ?? 10_000);
      const onAbort = () => {
        outcome.cancelled = true;
        finish(true);
      };
      const onExit = () => finish(false);
      const onMessage = (m: MatchResponse) => {
        if (m.id !== id) return;
        if (m.type === 'matches') {
          outcome.matches.push(...m.matches);
          opts.onMatches?.(m.matches);
        } else {
          if (m.type === 'done') {
            outcome.truncated = m.truncated;
            outcome.unreadable = m.unreadable;
          } else outcome.error = m.error;
          finish(false);
        }
      };
      signal.addEventListener('abort', onAbort);
      worker.on('message', onMessage);
      worker.on('exit', onExit);
      worker.ref();
      worker.postMessage({ id, query, refs, limit: opts.limit } satisfies MatchRequest);
    });
    if (this.current === mine) this.current = undefined;
    return outcome;
  }

  dispose(): void {
    this.current?.abort();
    void this.matchWorker?.terminate();
    this.matchWorker = undefined;
    this.indexWorker.dispose();
  }
}
