// Runs code answers in warm fork-servers (forkServerSource.ts), one per worker, each inside its own
// bubblewrap sandbox, or, only when the caller opts in and bubblewrap is unusable, unisolated. A
// server handles one answer at a time; Node keeps a watchdog per answer that kills the whole sandbox
// (its PID namespace dies with bwrap) when the server itself does not answer in time.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import type { Socket } from 'node:net';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import { FORK_SERVER_SOURCE } from './forkServerSource';
import { bwrapArgs, findBwrap, pythonInstall, runsAsRoot, type PythonInstall } from './sandboxIsolation';

/** Where answers run inside the sandbox: its private tmpfs `/tmp`, not a folder of this machine. */
const SANDBOX_RUNS_DIR = join('/tmp', 'runs');

export interface PythonRunnerOptions {
  /** The interpreter (default `python3`), resolved once to its real path. */
  pythonPath?: string;
  timeoutMs?: number;
  /** Address-space limit in MiB, per process. */
  memoryMb?: number;
  /** Run answers without isolation when bubblewrap is missing or unusable (default false: not run). */
  allowUnisolated?: boolean;
  /** The bubblewrap binary; `null` treats it as absent (tests, or to force the unisolated path). */
  bwrapPath?: string | null;
  /** Sandboxes run at once (default: number of CPUs). */
  workers?: number;
}

/** LiveCodeBench-style case: `stdin` feeds input and compares stdout by whitespace-normalised lines;
 * `functional` calls the entry point with the JSON values of the input's lines. */
export interface IoTestCase {
  kind: 'stdin' | 'functional';
  input: string;
  output: string;
}

export interface CodeJob {
  program: string;
  entry: string;
  /** Python test code defining `check(candidate)`. */
  test?: string;
  cases?: IoTestCase[];
}

export type Isolation = 'bwrap' | 'none';

export interface CodeRunResult {
  /** `not-run`: isolation unavailable and not opted out of; `error`: the sandbox could not run it. */
  status: 'pass' | 'fail' | 'timeout' | 'error' | 'not-run';
  message: string;
  durationMs: number;
  /** CPU time of the sandbox for this answer (server and candidates), when it ran. */
  cpuMs?: number;
  isolation: Isolation | null;
}

interface ServerReply {
  id?: number;
  ready?: boolean;
  status?: CodeRunResult['status'];
  message?: string;
  durationMs?: number;
  cpuMs?: number;
}

/** One fork-server process (inside bwrap or not). */
class ForkServer {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly replies = new Map<number, (r: ServerReply) => void>();
  private stderr = '';
  readonly started: Promise<void>;
  exited = false;

  constructor(
    readonly slot: number,
    command: string,
    args: string[],
    private readonly opts: { env: NodeJS.ProcessEnv; cwd?: string; detached: boolean },
  ) {
    this.child = spawn(command, args, {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: opts.env,
      detached: opts.detached,
      ...(opts.cwd ? { cwd: opts.cwd } : {}),
    });
    this.child.stderr.on('data', (d: Buffer) => {
      this.stderr = (this.stderr + d.toString('utf8')).slice(-4000);
    });
    let onReady: (r: ServerReply) => void = () => undefined;
    this.started = new Promise<void>((resolve, reject) => {
      onReady = (r) => {
        if (!r.ready) return reject(new Error('unexpected first reply'));
        this.idle();
        resolve();
      };
      this.child.on('error', reject);
      this.child.on('close', () => reject(new Error(this.lastError() || 'the sandbox exited at start')));
    });
    let first = true;
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      let r: ServerReply;
      try {
        r = JSON.parse(line) as ServerReply;
      } catch {
        return;
      }
      if (first) {
        first = false;
        onReady(r);
      } else if (typeof r.id === 'number') this.replies.get(r.id)?.(r);
    });
    this.child.on('close', () => {
      this.exited = true;
      for (const settle of this.replies.values())
        settle({
          status: 'fail',
          message: `the sandbox ended during the run${this.lastError() ? ` (${this.lastError()})` : ''}`,
        });
      this.replies.clear();
    });
  }

  lastError(): string {
    return this.stderr.trim().split('\n').slice(-1)[0] ?? '';
  }

  /** A sandbox waiting for work does not keep the CLI alive. */
  private idle(): void {
    this.child.unref();
    for (const s of [this.child.stdin, this.child.stdout, this.child.stderr])
      (s as unknown as Partial<Socket>).unref?.();
  }

  private busy(): void {
    this.child.ref();
    (this.child.stdout as unknown as Partial<Socket>).ref?.();
  }

  run(id: number, job: object, timeoutMs: number, signal?: AbortSignal): Promise<ServerReply> {
    return new Promise<ServerReply>((resolve) => {
      const finish = (r: ServerReply) => {
        clearTimeout(watchdog);
        signal?.removeEventListener('abort', onAbort);
        this.replies.delete(id);
        this.idle();
        resolve(r);
      };
      // The server stops an answer at its time limit; this catches a server that cannot.
      const watchdog = setTimeout(() => {
        this.kill();
        finish({ status: 'timeout', message: `stopped after ${timeoutMs} ms (time limit; sandbox restarted)` });
      }, timeoutMs + 5000);
      const onAbort = () => {
        this.kill();
        finish({ status: 'error', message: 'cancelled' });
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.replies.set(id, finish);
      this.busy();
      this.child.stdin.write(JSON.stringify({ ...job, id }) + '\n');
    });
  }

  kill(): void {
    this.exited = true;
    try {
      // Unisolated servers lead their own process group; bwrap's death ends its PID namespace.
      if (this.child.pid) process.kill(this.opts.detached ? -this.child.pid : this.child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
}

const BASE_CANDIDATE_UID = 61000;

/** Sandboxes for one interpreter and isolation mode; each worker slot keeps its own server. */
class SandboxPool {
  private readonly idle: ForkServer[] = [];
  private readonly waiting: (() => void)[] = [];
  private count = 0;
  private nextId = 1;
  private unisolatedDir: string | undefined;

  constructor(
    private readonly install: PythonInstall,
    readonly isolation: Isolation,
    private readonly bwrap: string | undefined,
    private readonly max: number,
  ) {}

  private spawnServer(slot: number): ForkServer {
    const uid = String(BASE_CANDIDATE_UID + slot);
    const mode = runsAsRoot() && this.isolation === 'bwrap' ? 'priv' : 'same';
    const py = ['-I', '-S', '-B', '-c', FORK_SERVER_SOURCE];
    const site = this.install.sitePaths.join(delimiter);
    if (this.isolation === 'bwrap')
      return new ForkServer(
        slot,
        this.bwrap!,
        [...bwrapArgs(this.install), ...py, mode, uid, '1', SANDBOX_RUNS_DIR, site],
        { env: {}, detached: false },
      );
    this.unisolatedDir ??= mkdtempSync(join(tmpdir(), 'intent-lens-code-'));
    const env = { PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8' };
    return new ForkServer(
      slot,
      this.install.executable,
      [...py, mode, uid, '0', join(this.unisolatedDir, `runs-${slot}`), site],
      { env, cwd: this.unisolatedDir, detached: true },
    );
  }

  /** Starts a server and waits for it; the first start doubles as the availability probe. */
  async start(slot = this.count++): Promise<ForkServer> {
    const server = this.spawnServer(slot);
    await server.started;
    return server;
  }

  private async acquire(): Promise<ForkServer> {
    for (;;) {
      const s = this.idle.pop();
      if (s && !s.exited) return s;
      if (s) return this.start(s.slot);
      if (this.count < this.max) return this.start();
      await new Promise<void>((r) => this.waiting.push(r));
    }
  }

  private release(s: ForkServer): void {
    this.idle.push(s);
    this.waiting.shift()?.();
  }

  async run(job: CodeJob, opts: PythonRunnerOptions, signal?: AbortSignal): Promise<CodeRunResult> {
    const timeoutMs = opts.timeoutMs ?? 10_000;
    let server: ForkServer;
    try {
      server = await this.acquire();
    } catch (e) {
      return {
        status: 'error',
        message: `the sandbox could not start: ${e instanceof Error ? e.message : String(e)}`,
        durationMs: 0,
        isolation: this.isolation,
      };
    }
    try {
      const r = await server.run(
        this.nextId++,
        { ...job, timeoutMs, memoryMb: opts.memoryMb ?? 1024 },
        timeoutMs,
        signal,
      );
      return {
        status: r.status ?? 'error',
        message: r.message ?? 'no message',
        durationMs: r.durationMs ?? timeoutMs,
        ...(typeof r.cpuMs === 'number' ? { cpuMs: r.cpuMs } : {}),
        isolation: this.isolation,
      };
    } finally {
      this.release(server);
    }
  }

  adopt(server: ForkServer): void {
    this.release(server);
  }

  close(): void {
    for (const s of this.idle.splice(0)) s.kill();
    if (this.unisolatedDir) rmSync(this.unisolatedDir, { recursive: true, force: true });
  }
}

type PoolOrReason = { pool: SandboxPool } | { reason: string };
const pools = new Map<string, Promise<PoolOrReason>>();

async function openPool(opts: PythonRunnerOptions, isolated: boolean): Promise<PoolOrReason> {
  const install = await pythonInstall(opts.pythonPath ?? 'python3');
  const workers = opts.workers ?? Math.max(1, cpus().length);
  const bwrap = opts.bwrapPath === null ? undefined : (opts.bwrapPath ?? findBwrap());
  if (isolated && !bwrap)
    return {
      reason:
        process.platform === 'linux'
          ? 'bubblewrap (bwrap) is not installed'
          : `bubblewrap is Linux-only (this is ${process.platform})`,
    };
  const pool = new SandboxPool(install, isolated ? 'bwrap' : 'none', bwrap, workers);
  try {
    pool.adopt(await pool.start());
    return { pool };
  } catch (e) {
    pool.close();
    return {
      reason: `${isolated ? 'bubblewrap' : 'python'} could not start: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
}

function poolFor(opts: PythonRunnerOptions, isolated: boolean): Promise<PoolOrReason> {
  const key = JSON.stringify([
    opts.pythonPath ?? 'python3',
    opts.bwrapPath === null ? false : (opts.bwrapPath ?? true),
    isolated,
    opts.workers ?? 0,
  ]);
  let p = pools.get(key);
  if (!p) {
    p = openPool(opts, isolated).catch((e: unknown) => ({ reason: e instanceof Error ? e.message : String(e) }));
    pools.set(key, p);
  }
  return p;
}

/** Whether code answers can run isolated, asked once per interpreter (and bwrap setting). */
export async function isolationStatus(
  opts: PythonRunnerOptions = {},
): Promise<{ available: true } | { available: false; reason: string }> {
  const p = await poolFor(opts, true);
  return 'pool' in p ? { available: true } : { available: false, reason: p.reason };
}

/** Runs one answer: isolated, or unisolated only when opted in; otherwise reports why it did not run. */
export async function runCodeJob(
  job: CodeJob,
  opts: PythonRunnerOptions = {},
  signal?: AbortSignal,
): Promise<CodeRunResult> {
  const isolated = await poolFor(opts, true);
  if ('pool' in isolated) return isolated.pool.run(job, opts, signal);
  if (!opts.allowUnisolated)
    return {
      status: 'not-run',
      message: `not run: no isolation available (${isolated.reason})`,
      durationMs: 0,
      isolation: null,
    };
  const plain = await poolFor(opts, false);
  if ('pool' in plain) return plain.pool.run(job, opts, signal);
  return { status: 'error', message: `not run: ${plain.reason}`, durationMs: 0, isolation: null };
}

/** Stops every sandbox (tests, and the extension's deactivate). */
export function closeCodeSandboxes(): void {
  for (const p of pools.values()) void p.then((r) => 'pool' in r && r.pool.close());
  pools.clear();
}
