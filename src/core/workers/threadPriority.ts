// Background threads yield the CPU to the ones a user waits on. On a 2-core machine the indexing
// worker, the extension host's thread and the browser's renderer compete for the cores; at equal
// priority the host thread waited 40–90 ms for a core in its longest stalls during a load.
import { readFileSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice value of an indexing thread: CFS then gives it ~1/10 of a core's share against a normal thread. */
export const BACKGROUND_NICE = 10;

/** The calling thread's kernel task id: "/proc/thread-self" links to "<pid>/task/<tid>". */
function thisThreadId(): number {
  return Number(readlinkSync('/proc/thread-self').split('/').pop());
}

/**
 * Lowers the calling thread's scheduling priority, on Linux only, where a thread is a task with
 * its own nice value (`setpriority` with the thread's id changes that thread alone). Never the
 * process's main thread. Returns whether it took effect; a failure leaves the priority as it was.
 */
export function lowerThisThreadPriority(nice = BACKGROUND_NICE): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const tid = thisThreadId();
    if (!Number.isInteger(tid) || tid <= 0 || tid === process.pid) return false;
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}

/** The calling thread's nice value on Linux (field 19 of its stat), or undefined elsewhere. */
export function thisThreadNice(): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const stat = readFileSync(`/proc/self/task/${thisThreadId()}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count from the closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[16]);
  } catch {
    return undefined;
  }
}
