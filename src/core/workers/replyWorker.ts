// One worker thread that answers numbered requests, as the dashboard's stats thread and the views'
// prerender thread use it: started on first use and unref'd (idle between uses, it never keeps the
// process alive); a request is settled by the reply with its id, or rejected when the thread fails
// or exits (the next request starts a new one). Without the script, or when it cannot start, it is
// unavailable for good and the caller runs the work in its own thread.
import { Worker } from 'node:worker_threads';

/** A reply that did not come in time (the thread may still be working, and stays in use). */
export class ReplyTimeout extends Error {}

export class ReplyWorker<Request extends { id: number }, Reply extends { id: number }> {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, { resolve: (reply: Reply) => void; reject: (e: Error) => void }>();
  private nextId = 0;
  private unavailable = false;

  constructor(
    private readonly locate: () => string | undefined,
    /** Names the thread in errors. */
    private readonly name: string,
  ) {}

  /** Whether a request can go to the thread (starts it on first use). */
  available(): boolean {
    return this.spawn() !== undefined;
  }

  /** Sends `call` with a fresh id; `timeoutMs` rejects a reply that takes longer. */
  request(call: Omit<Request, 'id'>, timeoutMs?: number): Promise<Reply> {
    const worker = this.spawn();
    if (!worker) return Promise.reject(new Error(`the ${this.name} thread is not available`));
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      const timer = timeoutMs === undefined ? undefined : setTimeout(() => {
        this.pending.delete(id);
        reject(new ReplyTimeout(`no reply from the ${this.name} thread in ${timeoutMs} ms`));
      }, timeoutMs);
      const done = () => clearTimeout(timer);
      this.pending.set(id, { resolve: (r) => (done(), resolve(r)), reject: (e) => (done(), reject(e)) });
      worker.postMessage({ id, ...call });
    });
  }

  /** Stops the thread; no later request goes to one. */
  dispose(): void {
    const w = this.worker;
    this.worker = undefined;
    this.unavailable = true;
    void w?.terminate();
  }

  private spawn(): Worker | undefined {
    if (this.worker || this.unavailable) return this.worker;
    const script = this.locate();
    let w: Worker;
    try {
      if (!script) throw new Error(`no script for the ${this.name} thread`);
      w = new Worker(script);
    } catch {
      this.unavailable = true;
      return undefined;
    }
    w.unref();
    w.on('message', (m: Reply) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      p?.resolve(m);
    });
    const fail = (e: Error) => {
      if (this.worker === w) this.worker = undefined;
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`the ${this.name} thread exited (${code})`)));
    this.worker = w;
    return w;
  }
}
