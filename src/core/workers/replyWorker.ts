// One worker thread that answers numbered requests, as the dashboard's stats thread, the views'
// prerender thread and search's index thread use it: started on first use; it keeps the process
// alive only while a request waits for its reply (idle between uses, it never does); a request is
// settled by the reply with its id, or rejected when the thread fails or exits (the next request
// starts a new one). Without the script, or when it cannot start, it is unavailable for good: the
// caller runs the work in its own thread, or its requests reject with why.
import { Worker } from 'node:worker_threads';

/** A reply that did not come in time (the thread may still be working, and stays in use). */
export class ReplyTimeout extends Error {}

/** A request as its sender writes it: without the id, which the thread's wiring adds (each member of a union on its own). */
export type RequestBody<Request> = Request extends unknown ? Omit<Request, 'id'> : never;

export interface ReplyWorkerOptions {
  /** The thread's `workerData` (e.g. which role a shared script plays). */
  workerData?: unknown;
}

export class ReplyWorker<Request extends { id: number }, Reply extends { id: number }> {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, { resolve: (reply: Reply) => void; reject: (e: Error) => void }>();
  private nextId = 0;
  /** Why the thread is unavailable for good, once it is. */
  private unavailable: Error | undefined;

  constructor(
    private readonly locate: () => string | undefined,
    /** Names the thread in errors. */
    private readonly name: string,
    private readonly options: ReplyWorkerOptions = {},
  ) {}

  /** Whether a request can go to the thread (starts it on first use). */
  available(): boolean {
    return this.spawn() !== undefined;
  }

  /** Sends `call` with a fresh id; `timeoutMs` rejects a reply that takes longer. */
  request(call: RequestBody<Request>, timeoutMs?: number): Promise<Reply> {
    const worker = this.spawn();
    if (!worker) return Promise.reject(this.unavailable ?? new Error(`the ${this.name} thread is not available`));
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              this.settled(id);
              reject(new ReplyTimeout(`no reply from the ${this.name} thread in ${timeoutMs} ms`));
            }, timeoutMs);
      const done = () => clearTimeout(timer);
      this.pending.set(id, { resolve: (r) => (done(), resolve(r)), reject: (e) => (done(), reject(e)) });
      worker.ref();
      worker.postMessage({ id, ...call });
    });
  }

  /** Stops the thread; no later request goes to one. */
  dispose(): void {
    const w = this.worker;
    this.worker = undefined;
    this.unavailable ??= new Error(`the ${this.name} thread was stopped`);
    void w?.terminate();
  }

  /** Forgets request `id`; with none left waiting, the thread no longer keeps the process alive. */
  private settled(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker?.unref();
  }

  private spawn(): Worker | undefined {
    if (this.worker || this.unavailable) return this.worker;
    let w: Worker;
    try {
      const script = this.locate();
      if (!script) throw new Error(`no script for the ${this.name} thread`);
      w = new Worker(script, { workerData: this.options.workerData });
    } catch (e) {
      this.unavailable = e instanceof Error ? e : new Error(String(e));
      return undefined;
    }
    w.on('message', (m: Reply) => {
      const p = this.pending.get(m.id);
      this.settled(m.id);
      p?.resolve(m);
    });
    const fail = (e: Error) => {
      if (this.worker === w) this.worker = undefined;
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`the ${this.name} thread exited (${code})`)));
    // After the listeners: adding a 'message' listener refs the thread again.
    w.unref();
    this.worker = w;
    return w;
  }
}
