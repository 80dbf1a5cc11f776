// Confirms candidate conversations: reads each back by its byte offset (the run-log reader) and
// runs the compiled query over its messages.
import { RunLogReader } from '../load/runLogReader';
import type { ConversationRef } from '../load/runLogIndex';
import { findInConversation, type SearchMatch } from './messageMatches';
import type { CompiledQuery } from './searchQuery';

export type CandidateRef = Pick<
  ConversationRef,
  'file' | 'line' | 'offset' | 'length' | 'conv_id' | 'task_id' | 'model'
>;

export interface ScanOptions {
  /** Stop after this many matches (default: no limit). */
  limit?: number;
  /** Receives matches in batches as they are found (first results early). */
  onMatches?: (matches: SearchMatch[]) => void;
  signal?: AbortSignal;
}

export interface ScanResult {
  matches: number;
  truncated: boolean;
  /** Conversations that could not be read back (file changed or removed since indexing). */
  unreadable: number;
}

export async function scanConversations(
  refs: readonly CandidateRef[],
  query: CompiledQuery,
  opts: ScanOptions = {},
): Promise<ScanResult> {
  const limit = opts.limit ?? Infinity;
  let count = 0;
  let unreadable = 0;
  let batch: SearchMatch[] = [];
  let lastFlush = Date.now();
  const reader = new RunLogReader();
  const flush = () => {
    if (batch.length) opts.onMatches?.(batch);
    batch = [];
    lastFlush = Date.now();
  };
  try {
    for (const ref of refs) {
      opts.signal?.throwIfAborted();
      // A file changed or removed since indexing: the conversation is not there any more.
      const trace = await reader.trace(ref).catch(() => undefined);
      if (!trace) {
        unreadable++;
        continue;
      }
      const found = findInConversation(
        { conv_id: ref.conv_id, task_id: ref.task_id, model: ref.model, file: ref.file, line: ref.line },
        trace,
        query,
        limit - count,
      );
      count += found.length;
      batch.push(...found);
      if (batch.length >= 200 || Date.now() - lastFlush > 100) flush();
      if (count >= limit) return { matches: count, truncated: true, unreadable };
    }
    return { matches: count, truncated: false, unreadable };
  } finally {
    flush();
    await reader.close();
  }
}
