// Appends whole run-log lines: each line is serialised in memory and written with one append, and
// appends to the same file are queued, so concurrent runs never interleave and a cancelled or
// failed run leaves nothing behind.
import { appendFile, mkdir, open, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

const queues = new Map<string, Promise<unknown>>();

/** Serialises `fn` after every earlier call for the same file. */
function enqueue<T>(file: string, fn: () => Promise<T>): Promise<T> {
  const key = resolve(file);
  const prev = queues.get(key) ?? Promise.resolve();
  const next = prev.then(fn, fn);
  const settled = next.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return next;
}

/** Appends one JSON line; a file whose last line lacks its newline gets one first. */
export function appendRunLogLine(file: string, entry: object): Promise<void> {
  return appendRunLogText(file, JSON.stringify(entry));
}

/** Appends one line of JSON text already serialised (a fork splices its logged prefix in as is). */
export function appendRunLogText(file: string, line: string): Promise<void> {
  if (line.includes('\n')) throw new Error('a run-log line must not contain a raw newline');
  return enqueue(file, async () => {
    await mkdir(dirname(file), { recursive: true });
    let prefix = '';
    const st = await stat(file).catch(() => undefined);
    if (st && st.size > 0) {
      const fh = await open(file, 'r');
      try {
        const last = Buffer.alloc(1);
        await fh.read(last, 0, 1, st.size - 1);
        if (last[0] !== 0x0a) prefix = '\n';
      } finally {
        await fh.close();
      }
    }
    await appendFile(file, prefix + line + '\n', 'utf8');
  });
}
