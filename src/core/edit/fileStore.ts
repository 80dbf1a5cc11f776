// Reads and writes data files losslessly and safely under concurrency. Every write holds the
// file's advisory lock (fileLock), writes a temp file beside the real file (through a symlink: the
// target), fsyncs it, re-checks that the file is still the one that was read, and renames it over.
// A file with several hard links is rewritten in place instead (a rename would split it from its
// other names), from the verified temp copy. Mode and, where allowed, owner are kept. Temp files
// are removed on every exit path; ones left by a killed writer are removed by the next write.
import { createHash, randomBytes } from 'node:crypto';
import { isUtf8 } from 'node:buffer';
import type { Stats } from 'node:fs';
import { open, readdir, realpath, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { readRegularFile } from '../jsonl/regularFile';
import { withFileLock, type LockOptions } from './fileLock';
import { done, processAlive, trackUntilDone } from './exitCleanup';

export interface FileSnapshot {
  path: string;
  text: string;
  /** The exact bytes read: lines an edit does not touch are written back from these. */
  bytes: Buffer;
  mtimeMs: number;
  size: number;
  sha256: string;
}

export class FileChangedOnDiskError extends Error {
  constructor(readonly path: string) {
    super(`${path} changed on disk since it was read; not overwriting it (reload and redo the edit)`);
    this.name = 'FileChangedOnDiskError';
  }
}

export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export async function readSnapshot(path: string): Promise<FileSnapshot> {
  const buf = await readRegularFile(path, Number.MAX_SAFE_INTEGER);
  const st = await stat(path);
  return { path, text: buf.toString('utf8'), bytes: buf, mtimeMs: st.mtimeMs, size: st.size, sha256: sha256(buf) };
}

/** Whether the file on disk is still the one the snapshot read (any of mtime, size, hash differs → changed). */
export async function isUnchanged(snap: FileSnapshot): Promise<boolean> {
  const st = await stat(snap.path).catch(() => undefined);
  if (!st || st.size !== snap.size || st.mtimeMs !== snap.mtimeMs) return false;
  return sha256(await readRegularFile(snap.path, Number.MAX_SAFE_INTEGER)) === snap.sha256;
}

/**
 * The bytes of `newText` as a replacement of the snapshot: lines equal to the old text's are taken
 * from the old bytes, so a line that is not valid UTF-8 (read as U+FFFD) survives untouched.
 */
export function spliceChangedLines(oldBytes: Buffer, oldText: string, newText: string): Buffer {
  if (isUtf8(oldBytes)) return Buffer.from(newText, 'utf8');
  const oldLines = oldText.split('\n');
  const newLines = newText.split('\n');
  let pre = 0;
  while (pre < oldLines.length && pre < newLines.length && oldLines[pre] === newLines[pre]) pre++;
  if (pre === oldLines.length && pre === newLines.length) return oldBytes;
  let suf = 0;
  while (
    suf < oldLines.length - pre &&
    suf < newLines.length - pre &&
    oldLines[oldLines.length - 1 - suf] === newLines[newLines.length - 1 - suf]
  )
    suf++;
  // A decoded '\n' is always the byte 0x0A, so line i starts after the i-th 0x0A in both.
  const lineStart = (i: number): number => {
    let at = 0;
    for (let n = 0; n < i; n++) at = oldBytes.indexOf(10, at) + 1;
    return at;
  };
  const middle = newLines.slice(pre, newLines.length - suf);
  const start = lineStart(pre);
  const end = suf > 0 ? lineStart(oldLines.length - suf) : oldBytes.length;
  const text = middle.length === 0 ? '' : middle.join('\n') + (suf > 0 ? '\n' : '');
  return Buffer.concat([oldBytes.subarray(0, start), Buffer.from(text, 'utf8'), oldBytes.subarray(end)]);
}

/** Writes `text` over the snapshot's file atomically, unless the file changed since the snapshot. */
export async function writeAtomic(snap: FileSnapshot, text: string, lock: LockOptions = {}): Promise<void> {
  const real = await realTarget(snap.path);
  await withFileLock(
    real,
    () => replaceLocked(real, async (sink) => sink.write(spliceChangedLines(snap.bytes, snap.text, text)), snap),
    lock,
  );
}

/**
 * Read, edit and write one file under its lock: concurrent `updateFile`s of one file (other
 * processes included) run one after the other, so none loses another's update.
 */
export async function updateFile<T>(
  path: string,
  edit: (snap: FileSnapshot) => Promise<{ text: string; result: T }> | { text: string; result: T },
  lock: LockOptions = {},
): Promise<T> {
  const real = await realTarget(path);
  return withFileLock(
    real,
    async () => {
      const snap = await readSnapshot(real);
      const { text, result } = await edit({ ...snap, path });
      await replaceLocked(real, async (sink) => sink.write(spliceChangedLines(snap.bytes, snap.text, text)), snap);
      return result;
    },
    lock,
  );
}

export interface FileSink {
  write(data: string | Buffer): Promise<void>;
}

/** Replaces (or creates) a file with what `produce` writes, streamed: for outputs too big to hold. */
export async function replaceFile(
  path: string,
  produce: (sink: FileSink) => Promise<void>,
  lock: LockOptions = {},
): Promise<void> {
  const real = await realTarget(path);
  await withFileLock(real, () => replaceLocked(real, produce), lock);
}

/**
 * Runs `fn` holding the advisory lock of the file `path` names (through a symlink: its target's),
 * the lock every writer here takes: for writers that do not write through this module (the
 * extension saving a TextDocument), so they still never interleave with a locked read-edit-write.
 */
export async function withLockOf<T>(path: string, fn: () => Promise<T>, lock: LockOptions = {}): Promise<T> {
  return withFileLock(await realTarget(path), fn, lock);
}

/** Through a symlink, the file it points at; a file that does not exist yet is itself. */
async function realTarget(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return path;
    throw e;
  }
}

const TEMP_NAME = /^\.(.+)\.(\d+)\.[0-9a-f]{8}\.tmp$/;

/** Removes temp files of this file left by writers that died (their pid is gone). */
async function removeStaleTemps(real: string): Promise<void> {
  const dir = dirname(real);
  const base = basename(real);
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const n of names) {
    const m = TEMP_NAME.exec(n);
    if (!m || m[1] !== base) continue;
    const pid = Number(m[2]);
    if (pid !== process.pid && !processAlive(pid)) await unlink(join(dir, n)).catch(() => undefined);
  }
}

class BufferedSink implements FileSink {
  private readonly hash = createHash('sha256');
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  bytes = 0;

  constructor(private readonly fh: FileHandle) {}

  async write(data: string | Buffer): Promise<void> {
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    this.hash.update(buf);
    this.bytes += buf.length;
    this.pending.push(buf);
    this.pendingBytes += buf.length;
    if (this.pendingBytes >= 1 << 20) await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.pendingBytes) return;
    const all = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    await this.fh.write(all, 0, all.length);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

async function keepOwnerAndMode(fh: FileHandle, st: Stats | undefined): Promise<void> {
  if (!st) return;
  await fh.chmod(st.mode & 0o7777);
  // Only root (or the owner, to the same owner) may chown: otherwise the writer becomes the owner.
  await fh.chown(st.uid, st.gid).catch(() => undefined);
}

/** The write itself; the caller holds the lock of `real`. */
async function replaceLocked(
  real: string,
  produce: (sink: FileSink) => Promise<void>,
  expect?: FileSnapshot,
): Promise<void> {
  await removeStaleTemps(real);
  const st = await stat(real).catch(() => undefined);
  const tmp = join(dirname(real), `.${basename(real)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  trackUntilDone(tmp);
  let keepTemp = false;
  try {
    // A new file gets the usual mode (0666 less the umask); a replacement starts private and takes the old mode.
    const fh = await open(tmp, 'wx', st ? 0o600 : 0o666);
    let sink: BufferedSink;
    try {
      sink = new BufferedSink(fh);
      await produce(sink);
      await sink.flush();
      await keepOwnerAndMode(fh, st);
      await fh.sync();
    } finally {
      await fh.close();
    }
    // Checked again right before the replacement: another program (an editor) may not lock.
    if (expect && !(await isUnchanged({ ...expect, path: real }))) throw new FileChangedOnDiskError(expect.path);
    if (st && st.nlink > 1) {
      keepTemp = true;
      await copyInPlace(tmp, real, sink.digest());
      keepTemp = false;
    } else await rename(tmp, real);
  } finally {
    if (!keepTemp) await unlink(tmp).catch(() => undefined);
    done(tmp);
  }
}

/**
 * Rewrites a hard-linked file in place from the temp copy, after checking the copy holds exactly
 * what was written. Should the rewrite fail half way, the temp copy stays and the error names it.
 */
async function copyInPlace(tmp: string, real: string, digest: string): Promise<void> {
  const data = await readRegularFile(tmp, Number.MAX_SAFE_INTEGER);
  if (sha256(data) !== digest)
    throw new Error(`the temp copy ${tmp} does not hold what was written; ${real} is untouched`);
  try {
    const fh = await open(real, 'r+');
    try {
      await fh.write(data, 0, data.length, 0);
      await fh.truncate(data.length);
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch (e) {
    throw new Error(
      `rewriting ${real} in place failed (${e instanceof Error ? e.message : String(e)}); its new content is in ${tmp}`,
      { cause: e },
    );
  }
}
