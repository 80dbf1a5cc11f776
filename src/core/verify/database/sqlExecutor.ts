// Host side of SQL execution: one worker thread that keeps the loaded databases, one query at a
// time, a wall-clock limit per statement. A query over the limit terminates the worker (the only
// way to stop synchronous WASM) and the next query starts a fresh one.
import { Worker } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SqlCell, SqlWorkerRequest, SqlWorkerResponse } from './sqlProtocol';

export interface SqlAssets {
  /** The bundled worker (dist/sqlWorker.js). */
  workerScript: string;
  /** sql.js's WASM (dist/sql-wasm.wasm, or node_modules/sql.js/dist/sql-wasm.wasm). */
  wasmPath: string;
}

export type SqlResult =
  { ok: true; columns: string[]; rows: SqlCell[][] } | { ok: false; error: string; timedOut?: boolean };

export interface SqlExecutorOptions {
  /** Where the worker and the WASM are; default: next to the running bundle, else the repo's dist/. */
  locate?: () => SqlAssets;
  /** Per-statement limit, counted from the moment the statement starts (default 5 s). */
  timeoutMs?: number;
  loadTimeoutMs?: number;
  maxRows?: number;
}

/** In the bundle both files sit beside dist/cli.js and dist/extension.js; in a dev tree, in dist/. */
export function defaultSqlAssets(): SqlAssets {
  const here = typeof __dirname === 'string' ? __dirname : process.cwd();
  const dirs = [here];
  for (let d = here, i = 0; i < 6; i++, d = dirname(d)) dirs.push(join(d, 'dist'));
  for (const d of dirs) {
    const workerScript = join(d, 'sqlWorker.js');
    if (existsSync(workerScript)) {
      const wasm = join(d, 'sql-wasm.wasm');
      return {
        workerScript,
        wasmPath: existsSync(wasm) ? wasm : join(d, '..', 'node_modules', 'sql.js', 'dist', 'sql-wasm.wasm'),
      };
    }
  }
  throw new Error(`sqlWorker.js not found near ${here} (run the build, or pass locate)`);
}

interface Pending {
  req: SqlWorkerRequest;
  resolve: (r: SqlResult) => void;
}

export class SqlExecutor {
  private worker: Worker | undefined;
  private readonly queue: Pending[] = [];
  private current: (Pending & { timer: NodeJS.Timeout }) | undefined;
  private nextId = 1;
  private assets: SqlAssets | undefined;
  readonly timeoutMs: number;
  readonly maxRows: number;
  /** Limit for starting the worker and loading the database, before the statement limit applies. */
  readonly loadTimeoutMs: number;
  /** Workers started so far (a timeout or crash costs one, and its database cache). */
  workersStarted = 0;

  constructor(private readonly opts: SqlExecutorOptions = {}) {
    this.timeoutMs = opts.timeoutMs ?? 5000;
    this.maxRows = opts.maxRows ?? 100_000;
    this.loadTimeoutMs = opts.loadTimeoutMs ?? 60_000;
  }

  /** Runs one read-only query on a database file (.sqlite or .sql dump). Never rejects. */
  exec(dbPath: string, sql: string): Promise<SqlResult> {
    return new Promise((resolve) => {
      this.queue.push({ req: { id: this.nextId++, dbPath, sql, maxRows: this.maxRows }, resolve });
      this.pump();
    });
  }

  private spawn(): Worker {
    this.assets ??= (this.opts.locate ?? defaultSqlAssets)();
    const w = new Worker(this.assets.workerScript, {
      workerData: { wasmPath: this.assets.wasmPath },
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    this.workersStarted++;
    w.unref();
    w.on('message', (res: SqlWorkerResponse) => {
      const cur = this.current;
      if (!cur || cur.req.id !== res.id) return;
      clearTimeout(cur.timer);
      if ('started' in res) {
        // Loading (worker start, WASM, database) is done: the statement's own limit starts now.
        cur.timer = this.stopAfter(w, this.timeoutMs, `query stopped after ${this.timeoutMs} ms`);
        return;
      }
      this.current = undefined;
      cur.resolve(res.ok ? { ok: true, columns: res.columns, rows: res.rows } : { ok: false, error: res.error });
      this.pump();
    });
    const fail = (message: string) => {
      if (this.worker === w) this.worker = undefined;
      const cur = this.current;
      if (cur) {
        clearTimeout(cur.timer);
        this.current = undefined;
        cur.resolve({ ok: false, error: message });
      }
      this.pump();
    };
    w.on('error', (e) => fail(`SQL worker failed: ${e.message}`));
    w.on('exit', (code) => {
      if (this.worker === w) fail(`SQL worker exited (${code})`);
    });
    return w;
  }

  private pump(): void {
    if (this.current) return;
    if (!this.queue.length) {
      // Idle: do not keep the process alive for the cached databases.
      this.worker?.unref();
      return;
    }
    const next = this.queue.shift()!;
    let worker: Worker;
    try {
      worker = this.worker ??= this.spawn();
    } catch (e) {
      next.resolve({ ok: false, error: e instanceof Error ? e.message : String(e) });
      this.pump();
      return;
    }
    const timer = this.stopAfter(worker, this.loadTimeoutMs, `database not loaded within ${this.loadTimeoutMs} ms`);
    this.current = { ...next, timer };
    worker.ref();
    worker.postMessage(next.req);
  }

  /** Ends the worker when a limit passes (synchronous WASM cannot be interrupted from inside). */
  private stopAfter(worker: Worker, ms: number, message: string): NodeJS.Timeout {
    return setTimeout(() => {
      const cur = this.current;
      this.current = undefined;
      if (this.worker === worker) this.worker = undefined;
      void worker.terminate();
      cur?.resolve({ ok: false, error: message, timedOut: true });
      this.pump();
    }, ms);
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    for (const p of this.queue.splice(0)) p.resolve({ ok: false, error: 'executor closed' });
    if (this.current) {
      clearTimeout(this.current.timer);
      this.current.resolve({ ok: false, error: 'executor closed' });
      this.current = undefined;
    }
    if (w) await w.terminate();
  }
}
