// An advisory lock per data file, shared by every writer of Intent Lens (the CLI's `review` and
// `score --out`, any save through fileStore): `<file>.lock` created with O_EXCL, holding the
// holder's pid, host and time. A lock whose holder died (same host, pid gone) or that was not
// refreshed for `staleMs` is broken; breaking goes through a second O_EXCL file so two waiters
// cannot both break it and then remove each other's fresh lock.
import { open, readFile, stat, unlink, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import { done, processAlive, trackUntilDone } from './exitCleanup';

export interface LockOptions {
  /** How long to wait for another holder before giving up (default 30 s). */
  timeoutMs?: number;
  /** A lock not refreshed for this long is stale (default 60 s; holders refresh it every third of that). */
  staleMs?: number;
}

export class FileLockedError extends Error {
  constructor(
    readonly path: string,
    holder: string,
  ) {
    super(`${path} is being written by another process (${holder}); gave up waiting for its lock, try again`);
    this.name = 'FileLockedError';
  }
}

interface LockInfo {
  pid: number;
  host: string;
  at: number;
}

const errno = (e: unknown) => (e as NodeJS.ErrnoException).code;

async function createExclusive(path: string, content: string): Promise<boolean> {
  try {
    const fh = await open(path, 'wx', 0o644);
    try {
      await fh.writeFile(content);
    } finally {
      await fh.close();
    }
    return true;
  } catch (e) {
    if (errno(e) === 'EEXIST') return false;
    throw e;
  }
}

async function readLock(path: string): Promise<{ info?: LockInfo; raw: string; mtimeMs: number } | undefined> {
  try {
    const [raw, st] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
    let info: LockInfo | undefined;
    try {
      const v = JSON.parse(raw) as Partial<LockInfo>;
      if (typeof v.pid === 'number' && typeof v.host === 'string')
        info = { pid: v.pid, host: v.host, at: Number(v.at) || 0 };
    } catch {
      /* being written right now, or garbage: judged by age */
    }
    return { ...(info ? { info } : {}), raw, mtimeMs: st.mtimeMs };
  } catch (e) {
    if (errno(e) === 'ENOENT') return undefined;
    throw e;
  }
}

function isStale(lock: { info?: LockInfo; mtimeMs: number }, staleMs: number): boolean {
  if (Date.now() - lock.mtimeMs > staleMs) return true;
  return lock.info !== undefined && lock.info.host === hostname() && !processAlive(lock.info.pid);
}

/** Removes a stale lock, unless another waiter is breaking it or it changed meanwhile. */
async function breakStaleLock(lockPath: string, seen: string, staleMs: number): Promise<void> {
  const breaker = `${lockPath}.break`;
  if (!(await createExclusive(breaker, String(process.pid)))) {
    // A breaker left by a killed waiter is removed once old; it lives for milliseconds otherwise.
    const b = await stat(breaker).catch(() => undefined);
    if (b && Date.now() - b.mtimeMs > Math.min(staleMs, 10_000)) await unlink(breaker).catch(() => undefined);
    return;
  }
  try {
    const again = await readLock(lockPath);
    if (again && again.raw === seen && isStale(again, staleMs)) await unlink(lockPath).catch(() => undefined);
  } finally {
    await unlink(breaker).catch(() => undefined);
  }
}

/** Runs `fn` holding the lock of `file` (the path as given: callers pass the real path). */
export async function withFileLock<T>(file: string, fn: () => Promise<T>, opts: LockOptions = {}): Promise<T> {
  const lockPath = `${file}.lock`;
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const staleMs = opts.staleMs ?? 60_000;
  const me: LockInfo = { pid: process.pid, host: hostname(), at: Date.now() };
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    if (await createExclusive(lockPath, JSON.stringify(me))) break;
    const lock = await readLock(lockPath);
    if (lock && isStale(lock, staleMs)) {
      await breakStaleLock(lockPath, lock.raw, staleMs);
      continue;
    }
    if (Date.now() > deadline)
      throw new FileLockedError(file, lock?.info ? `pid ${lock.info.pid} on ${lock.info.host}` : 'unknown holder');
    // Short, growing, jittered waits: holders keep a lock for milliseconds.
    await new Promise((r) => setTimeout(r, Math.min(5 + attempt * 5, 100) * (0.5 + Math.random())));
  }
  trackUntilDone(lockPath);
  const refresh = setInterval(
    () => {
      const now = new Date();
      utimes(lockPath, now, now).catch(() => undefined);
    },
    Math.max(1000, staleMs / 3),
  );
  refresh.unref();
  try {
    return await fn();
  } finally {
    clearInterval(refresh);
    // Only our own lock is removed (were ours ever broken, the file would be someone else's now).
    const still = await readLock(lockPath).catch(() => undefined);
    if (still?.raw === JSON.stringify(me)) await unlink(lockPath).catch(() => undefined);
    done(lockPath);
  }
}
