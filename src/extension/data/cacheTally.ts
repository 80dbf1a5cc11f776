// What the run-log index cache did during one load, told in the output channel: how many logs
// came from it (users and the UI bench read this line), and why entries were not used.
import type { CacheUse } from '../../core/load/runLogCachedScan';

/** At most this many notes are told one by one; the rest are counted. */
const MAX_NOTES = 5;

export class CacheTally {
  private readonly uses: Record<CacheUse, number> = { hit: 0, appended: 0, scanned: 0 };
  private readonly notes: string[] = [];

  readonly add = (path: string, use: CacheUse, notes: readonly string[]): void => {
    this.uses[use]++;
    for (const n of notes) this.notes.push(`${path}: ${n}`);
  };

  /** `[data]` lines: `run-log index: N of M files from the cache (…)`, then the notes. */
  describe(total: number): string[] {
    const { hit, appended, scanned } = this.uses;
    const lines = [
      `run-log index: ${hit} of ${total} files from the cache (${appended} appended to since, ${scanned} scanned)`,
    ];
    for (const n of this.notes.slice(0, MAX_NOTES)) lines.push(`run-log index cache: ${n}`);
    if (this.notes.length > MAX_NOTES) lines.push(`run-log index cache: ${this.notes.length - MAX_NOTES} more note(s)`);
    return lines;
  }
}
