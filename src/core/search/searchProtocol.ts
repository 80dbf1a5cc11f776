// Messages between the search service and its two worker threads: the index worker (holds the
// word index, answers with candidates) and a disposable match worker (reads candidates back and
// runs the user's pattern; terminated when it overruns its time budget).
import type { SearchMatch } from './messageMatches';
import type { CandidateRef } from './scanConversations';
import type { QueryTerm, SearchQuery } from './searchQuery';

export type WorkerRole = 'index' | 'match';

export type IndexRequest =
  | { id: number; type: 'index'; files: string[] }
  | { id: number; type: 'remove'; files: string[] }
  | { id: number; type: 'candidates'; terms: QueryTerm[] }
  | { id: number; type: 'stats' };

export interface IndexStats {
  conversations: number;
  files: number;
  words: number;
  postingBytes: number;
  heapUsed: number;
  diagnostics: number;
}

export type IndexResponse =
  | { id: number; ok: true; type: 'indexed'; conversations: number; diagnostics: number }
  | { id: number; ok: true; type: 'candidates'; refs: CandidateRef[] }
  | { id: number; ok: true; type: 'stats'; stats: IndexStats }
  | { id: number; ok: true; type: 'removed' }
  | { id: number; ok: false; error: string };

export interface MatchRequest {
  id: number;
  query: SearchQuery;
  refs: CandidateRef[];
  limit?: number;
}

export type MatchResponse =
  | { id: number; type: 'matches'; matches: SearchMatch[] }
  | { id: number; type: 'done'; truncated: boolean; unreadable: number }
  | { id: number; type: 'error'; error: string };
