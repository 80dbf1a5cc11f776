// Indexing one run log through the index cache (runLogCache.ts): an unchanged log (same size and
// mtime, same head and tail bytes at the cached end) gives its cached refs and diagnostics without
// being read; a log that grew past its cached end with those bytes unchanged is scanned from the
// cached cursor (an append); anything else is scanned anew. The entry is then rewritten. Runs on
// the indexing workers (runLogWorker.ts), so neither reading nor writing the cache is on the host.
import type { Diagnostic } from '../jsonl/diagnostics';
import { readCachedScan, writeCachedScan, type CachedScan } from './runLogCache';
import type { ConversationRef } from './runLogRefs';
import { readTail, scanJsonlFile, stillTrue, type FileCursor } from './runLogScan';

/** How the cache served a log: entirely, as the start of an appended log, or not at all. */
export type CacheUse = 'hit' | 'appended' | 'scanned';

export interface CachedScanOptions {
  cacheDir: string;
  maxLineBytes?: number;
  signal?: AbortSignal;
  /** The cached conversations, all at once and before any scanned one. */
  onCachedRefs: (refs: ConversationRef[]) => void;
  /** Each conversation scanned, in line order. */
  onRef: (ref: ConversationRef) => void;
  /** The log changed under the scan (after cached refs were given): they are void. */
  onReset?: () => void;
  /**
   * Takes the entry's write instead of awaiting it (it resolves to a note when it failed): a worker
   * writes while it scans the next log, so the write is not on the load's path.
   */
  deferWrite?: (write: () => Promise<string | undefined>) => void;
}

export interface CachedScanResult {
  cursor: FileCursor;
  /** All of the log's diagnostics (cached and scanned), in line order. */
  diagnostics: Diagnostic[];
  cache: CacheUse;
  /** Why an entry was not used or not written (for the output channel): a corrupt entry, a full disk. */
  notes: string[];
}

/** The cached scan when it still describes the log's first `cursor.indexedBytes` bytes, else undefined. */
async function stillValid(
  path: string,
  cached: CachedScan,
  size: number,
  mtimeMs: number,
): Promise<'same' | 'grew' | undefined> {
  const same = cached.size === size && cached.mtimeMs === mtimeMs;
  // A changed log of the same or a smaller size was edited or truncated, not appended to.
  if (!same && size <= cached.size) return undefined;
  if (size < cached.cursor.indexedBytes) return undefined;
  if ((await readTail(path, cached.cursor.indexedBytes)) !== (cached.cursor.tail ?? '')) return undefined;
  return same ? 'same' : 'grew';
}

/** Indexes a JSONL run log (from the start) through the cache; `size` and `mtimeMs` from a stat just taken. */
export async function scanWithCache(
  path: string,
  size: number,
  mtimeMs: number,
  opts: CachedScanOptions,
): Promise<CachedScanResult> {
  const notes: string[] = [];
  const got = await readCachedScan(opts.cacheDir, path, opts.maxLineBytes);
  if ('ignored' in got) notes.push(got.ignored);
  const cached = 'scan' in got ? got.scan : undefined;
  const state = cached && (await stillValid(path, cached, size, mtimeMs));
  if (cached && state === 'same') {
    opts.onCachedRefs(cached.refs);
    return { cursor: cached.cursor, diagnostics: cached.diagnostics, cache: 'hit', notes };
  }
  const from = state === 'grew' ? cached : undefined;
  if (from) opts.onCachedRefs(from.refs);
  const scanned: ConversationRef[] = [];
  const r = await scanJsonlFile(path, from?.cursor, size, mtimeMs, {
    ...(opts.maxLineBytes ? { maxLineBytes: opts.maxLineBytes } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
    onReset: () => opts.onReset?.(),
    onRef: (ref) => {
      scanned.push(ref);
      opts.onRef(ref);
    },
  });
  const appended = from !== undefined && !r.reset;
  const result: CachedScan = {
    size,
    mtimeMs,
    cursor: r.cursor,
    refs: appended ? [...from.refs, ...scanned] : scanned,
    diagnostics: appended ? [...stillTrue(from.diagnostics), ...r.diagnostics] : r.diagnostics,
  };
  const write = () =>
    writeCachedScan(opts.cacheDir, path, result, opts.maxLineBytes).then(
      (stored) => (stored ? undefined : 'too large to cache'),
      (e: unknown) => `could not write the cache entry: ${e instanceof Error ? e.message : String(e)}`,
    );
  if (opts.deferWrite) opts.deferWrite(write);
  else {
    const note = await write();
    if (note) notes.push(note);
  }
  return { cursor: result.cursor, diagnostics: result.diagnostics, cache: appended ? 'appended' : 'scanned', notes };
}
