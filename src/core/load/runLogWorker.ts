// Worker-thread entry of run-log indexing (bundled as dist/runLogWorker.js): reads and parses one
// JSONL file per request with the same scan as the calling thread (runLogScan.ts) and posts the refs
// back in batches, then the cursor and the diagnostics, so the extension host only merges.
import { parentPort } from 'node:worker_threads';
import { scanJsonlFile } from './runLogScan';
import { FileTooLargeError, NotRegularFileError } from '../jsonl/regularFile';
import type { ConversationRef } from './runLogRefs';
import type { RunLogWorkerReply, RunLogWorkerRequest } from './runLogPool';

/** Refs per message: small enough that merging one never holds the host's thread for long. */
const BATCH = 200;
/** The first message of a file comes sooner: the tree shows its first conversations early. */
const FIRST_BATCH = 25;

const port = parentPort;
port?.on('message', (req: RunLogWorkerRequest) => {
  const post = (m: RunLogWorkerReply) => port.postMessage(m);
  let batch: ConversationRef[] = [];
  let limit = FIRST_BATCH;
  const flush = () => {
    if (batch.length) post({ id: req.id, kind: 'refs', refs: batch });
    batch = [];
    limit = BATCH;
  };
  scanJsonlFile(req.path, req.prev, req.size, req.mtimeMs, {
    ...(req.maxLineBytes ? { maxLineBytes: req.maxLineBytes } : {}),
    onReset: () => post({ id: req.id, kind: 'reset' }),
    onRef: (ref) => {
      batch.push(ref);
      if (batch.length >= limit) flush();
    },
  }).then(
    (r) => {
      flush();
      post({ id: req.id, kind: 'done', cursor: r.cursor, diagnostics: r.diagnostics });
    },
    (e: unknown) => post({ id: req.id, kind: 'error', message: e instanceof Error ? e.message : String(e), unreadable: e instanceof NotRegularFileError || e instanceof FileTooLargeError }),
  );
});
