// Worker-thread entry of search (bundled as dist/searchWorker.js). As the index worker it keeps
// the SearchIndex for the life of the service; as a match worker it confirms one query's
// candidates; a runaway user regex costs only this thread, which the service then replaces.
import { parentPort, workerData } from 'node:worker_threads';
import { SearchIndex } from './searchIndex';
import { scanConversations } from './scanConversations';
import { compileQuery } from './searchQuery';
import type { IndexRequest, IndexResponse, MatchRequest, MatchResponse, WorkerRole } from './searchProtocol';

const role = (workerData as { role?: WorkerRole } | undefined)?.role;
const port = parentPort;

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

if (port && role === 'index') {
  const index = new SearchIndex();
  // One request at a time, in order: an append indexed before a query is seen by it.
  let queue: Promise<void> = Promise.resolve();
  const handle = async (req: IndexRequest): Promise<IndexResponse> => {
    switch (req.type) {
      case 'index': {
        let diagnostics = 0;
        for (const f of req.files) {
          try {
            diagnostics += (await index.indexFile(f)).diagnostics.length;
          } catch {
            // Gone or unreadable since it was listed: drop what was indexed of it.
            index.removeFile(f);
          }
        }
        return { id: req.id, ok: true, type: 'indexed', conversations: index.stats().conversations, diagnostics };
      }
      case 'remove':
        for (const f of req.files) index.removeFile(f);
        return { id: req.id, ok: true, type: 'removed' };
      case 'candidates':
        return {
          id: req.id,
          ok: true,
          type: 'candidates',
          refs: index.candidates(req.terms).map(({ file, line, offset, length, conv_id, task_id, model }) => ({
            file,
            line,
            offset,
            length,
            conv_id,
            task_id,
            model,
          })),
        };
      case 'stats':
        return {
          id: req.id,
          ok: true,
          type: 'stats',
          stats: {
            ...index.stats(),
            heapUsed: process.memoryUsage().heapUsed,
            diagnostics: index.logs.diagnostics().length,
          },
        };
    }
  };
  port.on('message', (req: IndexRequest) => {
    queue = queue.then(async () => {
      let res: IndexResponse;
      try {
        res = await handle(req);
      } catch (e) {
        res = { id: req.id, ok: false, error: errorText(e) };
      }
      port.postMessage(res);
    });
  });
} else if (port && role === 'match') {
  // Queries one after another; the service terminates this thread if one overruns its budget.
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (req: MatchRequest) => {
    const send = (m: MatchResponse) => port.postMessage(m);
    queue = queue.then(async () => {
      try {
        const query = compileQuery(req.query);
        const r = await scanConversations(req.refs, query, {
          limit: req.limit,
          onMatches: (matches) => send({ id: req.id, type: 'matches', matches }),
        });
        send({ id: req.id, type: 'done', truncated: r.truncated, unreadable: r.unreadable });
      } catch (e) {
        send({ id: req.id, type: 'error', error: errorText(e) });
      }
    });
  });
}
