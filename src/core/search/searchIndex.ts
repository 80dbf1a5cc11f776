// The search index over run logs: the conversation index (offsets, append-aware, shared with the
// tree) plus a word index of every user, assistant and system message. Only offsets and postings
// are kept; hits are confirmed by reading the conversation back by its offset.
import { RunLogIndex, type ConversationRef, type IndexFileResult } from '../load/runLogIndex';
import type { RunLogEntry } from '../schema/runlog';
import { SEARCH_ROLES } from './searchQuery';
import type { QueryTerm } from './searchQuery';
import { TokenIndex } from './tokenIndex';

const SEARCHED_ROLES: ReadonlySet<string> = new Set(SEARCH_ROLES);

function* searchableTexts(entry: RunLogEntry): Generator<string> {
  for (const m of entry.trace) if (SEARCHED_ROLES.has(m.role) && typeof m.content === 'string') yield m.content;
}

export class SearchIndex {
  readonly logs = new RunLogIndex();
  private readonly words = new TokenIndex();
  /** Conversation numbers of the word index; a file indexed anew leaves holes (undefined). */
  private readonly docs: Array<ConversationRef | undefined> = [];
  private readonly docsByFile = new Map<string, number[]>();

  /** Indexes a file, or only what was appended since the last call. */
  async indexFile(path: string, signal?: AbortSignal): Promise<IndexFileResult> {
    const firstNew = this.docs.length;
    const added: number[] = [];
    const result = await this.logs.indexFile(path, {
      signal,
      onEntry: (ref, entry) => {
        const doc = this.docs.length;
        this.docs.push(ref);
        added.push(doc);
        this.words.addDocument(doc, searchableTexts(entry));
      },
    });
    if (result.reset) this.forgetDocs(path, firstNew);
    const list = this.docsByFile.get(path) ?? [];
    list.push(...added);
    this.docsByFile.set(path, list);
    return result;
  }

  removeFile(path: string): void {
    this.logs.removeFile(path);
    this.forgetDocs(path, Infinity);
  }

  /** Drops a file's conversations numbered below `before` (their postings stay, pointing at holes). */
  private forgetDocs(path: string, before: number): void {
    const list = this.docsByFile.get(path);
    if (!list) return;
    const kept = list.filter((d) => d >= before);
    for (const d of list) if (d < before) this.docs[d] = undefined;
    if (kept.length) this.docsByFile.set(path, kept);
    else this.docsByFile.delete(path);
  }

  /** Conversations that may hold a hit, in index order (all of them when the terms cannot narrow). */
  candidates(terms: readonly QueryTerm[]): ConversationRef[] {
    const nums = this.words.candidates(terms);
    const out: ConversationRef[] = [];
    if (!nums) {
      for (const r of this.docs) if (r) out.push(r);
      return out;
    }
    for (const d of nums) {
      const r = this.docs[d];
      if (r) out.push(r);
    }
    return out;
  }

  stats(): { conversations: number; files: number; words: number; postingBytes: number } {
    let conversations = 0;
    for (const r of this.docs) if (r) conversations++;
    return { conversations, files: this.logs.indexedFiles().length, ...this.words.stats() };
  }
}
