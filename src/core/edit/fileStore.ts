// Reads and writes records files for the CLI: a write replaces the file atomically (temp file in
// the same folder, fsync, rename) and refuses when the file changed on disk since it was read
// (mtime, size and content hash compared), so a concurrent edit is never overwritten blindly.
import { createHash, randomBytes } from 'node:crypto';
import { open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface FileSnapshot {
  path: string;
  text: string;
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
  const buf = await readFile(path);
  const st = await stat(path);
  return { path, text: buf.toString('utf8'), mtimeMs: st.mtimeMs, size: st.size, sha256: sha256(buf) };
}

/** Whether the file on disk is still the one the snapshot read (any of mtime, size, hash differs → changed). */
export async function isUnchanged(snap: FileSnapshot): Promise<boolean> {
  const st = await stat(snap.path).catch(() => undefined);
  if (!st || st.size !== snap.size || st.mtimeMs !== snap.mtimeMs) return false;
  return sha256(await readFile(snap.path)) === snap.sha256;
}

/** Writes `text` over the snapshot's file atomically, unless the file changed since the snapshot. */
export async function writeAtomic(snap: FileSnapshot, text: string): Promise<void> {
  if (!(await isUnchanged(snap))) throw new FileChangedOnDiskError(snap.path);
  const st = await stat(snap.path);
  const tmp = join(dirname(snap.path), `.${basename(snap.path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const fh = await open(tmp, 'wx', st.mode & 0o777);
  try {
    await fh.writeFile(text, 'utf8');
    await fh.sync();
  } finally {
    await fh.close();
  }
  try {
    // Checked again right before the rename: the window for a lost update is the rename itself.
    if (!(await isUnchanged(snap))) throw new FileChangedOnDiskError(snap.path);
    await rename(tmp, snap.path);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
}
