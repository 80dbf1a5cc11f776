// Worker-thread entry of run-log indexing (bundled as dist/runLogWorker.js): reads and parses one
// JSONL file per request with the same scan as the calling thread (runLogScan.ts) and posts the refs
// back in batches, then the cursor and the diagnostics, so the extension host only merges. With a
// cache folder, a log indexed from its start goes through the index cache (runLogCachedScan.ts).
import { parentPort } from 'node:worker_threads';
import { scanJsonlFile, type FileCursor } from './runLogScan';
import { scanWithCache, type CacheUse } from './runLogCachedScan';
import type { Diagnostic } from '../jsonl/diagnostics';
import { FileTooLargeError, NotRegularFileError } from '../jsonl/regularFile';
import type { ConversationRef } from './runLogRefs';
import type { RunLogWorkerMessage, RunLogWorkerReply } from './runLogPool';
import { lowerThisThreadPriority } from '../workers/threadPriority';

/** Refs per message: small enough that merging one never holds the host's thread for long. */
const BATCH = 200;
/** The first message of a file comes sooner: the tree shows its first conversations early. */
const FIRST_BATCH = 25;

const port = parentPort;
// Indexing is background work: the host's thread and the window drawing the tree come first.
if (port) lowerThisThreadPriority();
/** Cache entries being written, one after another, while the next log is scanned. */
let writes: Promise<void> = Promise.resolve();
port?.on('message', (req: RunLogWorkerMessage) => {
  const post = (m: RunLogWorkerReply) => port.postMessage(m);
  if ('close' in req) {
    // The pool is idle: end once the cache is written (the thread exits when its port is closed).
    void writes.then(() => port.close());
    return;
  }
  let batch: ConversationRef[] = [];
  let limit = FIRST_BATCH;
  const flush = () => {
    if (batch.length) post({ id: req.id, kind: 'refs', refs: batch });
    batch = [];
    limit = BATCH;
  };
  const onRef = (ref: ConversationRef) => {
    batch.push(ref);
    if (batch.length >= limit) flush();
  };
  const onReset = () => post({ id: req.id, kind: 'reset' });
  const maxLineBytes = req.maxLineBytes ? { maxLineBytes: req.maxLineBytes } : {};
  // The cache serves a log indexed from its start (the first load), not a later append.
  const scan: Promise<{ cursor: FileCursor; diagnostics: Diagnostic[]; cache?: CacheUse; notes?: string[] }> =
    req.cacheDir && !req.prev?.indexedBytes
      ? scanWithCache(req.path, req.size, req.mtimeMs, {
          cacheDir: req.cacheDir,
          ...maxLineBytes,
          onReset,
          onRef,
          onCachedRefs: (refs) => refs.forEach(onRef),
          deferWrite: (write) => {
            writes = writes.then(write).then((note) => {
              if (note) post({ id: req.id, kind: 'note', path: req.path, note });
            });
          },
        })
      : scanJsonlFile(req.path, req.prev, req.size, req.mtimeMs, { ...maxLineBytes, onReset, onRef });
  scan.then(
    (r) => {
      flush();
      post({
        id: req.id,
        kind: 'done',
        cursor: r.cursor,
        diagnostics: r.diagnostics,
        ...(r.cache ? { cache: r.cache } : {}),
        ...(r.notes?.length ? { notes: r.notes } : {}),
      });
    },
    (e: unknown) =>
      post({
        id: req.id,
        kind: 'error',
        message: e instanceof Error ? e.message : String(e),
        unreadable: e instanceof NotRegularFileError || e instanceof FileTooLargeError,
      }),
  );
});
