// Lock and temp files this process holds right now, so a signal handler can remove them before the
// process exits (a SIGKILL cannot be caught: the next writer cleans up after it, by pid).
import { unlinkSync } from 'node:fs';

const held = new Set<string>();

export function trackUntilDone(path: string): void {
  held.add(path);
}

export function done(path: string): void {
  held.delete(path);
}

/** Removes every tracked file now (synchronously: called from a signal handler). */
export function removeHeldFilesSync(): void {
  for (const p of held) {
    try {
      unlinkSync(p);
    } catch {
      /* already gone */
    }
  }
  held.clear();
}

/** Whether a process with this id is running (on this machine). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
