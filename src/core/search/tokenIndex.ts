// A compact inverted index from lower-cased words to the conversations that contain them. Each
// posting list is a growable byte array of delta-encoded varints (ascending conversation numbers),
// so 1 GB of logs costs tens of MB, not the gigabytes that per-message postings or kept text would.
import { WORD_RE, type QueryTerm } from './searchQuery';

class PostingList {
  bytes = new Uint8Array(8);
  used = 0;
  last = -1;
  count = 0;

  add(doc: number): void {
    if (doc === this.last) return;
    let delta = doc - this.last - 1;
    this.last = doc;
    this.count++;
    if (this.used + 5 > this.bytes.length) {
      const bigger = new Uint8Array(Math.max(8, this.bytes.length * 2));
      bigger.set(this.bytes.subarray(0, this.used));
      this.bytes = bigger;
    }
    while (delta >= 0x80) {
      this.bytes[this.used++] = (delta & 0x7f) | 0x80;
      delta >>>= 7;
    }
    this.bytes[this.used++] = delta;
  }

  *docs(): Generator<number> {
    let doc = -1;
    let i = 0;
    while (i < this.used) {
      let delta = 0;
      let shift = 0;
      let b: number;
      do {
        b = this.bytes[i++]!;
        delta |= (b & 0x7f) << shift;
        shift += 7;
      } while (b & 0x80);
      doc += delta + 1;
      yield doc;
    }
  }

  /** Bytes held: the array plus a rough per-object overhead. */
  size(): number {
    return this.bytes.byteLength + 64;
  }
}

function termAccepts(term: QueryTerm, word: string): boolean {
  switch (term.match) {
    case 'exact':
      return word === term.word;
    case 'prefix':
      return word.startsWith(term.word);
    case 'suffix':
      return word.endsWith(term.word);
    case 'contains':
      return word.includes(term.word);
  }
}

/**
 * A copy that does not share memory with the text it was matched in: V8 keeps longer regex matches
 * as slices of their source, and a slice kept as a key would keep the whole message alive.
 */
function ownCopy(word: string): string {
  return word.length < 13 ? word : Buffer.from(word, 'utf8').toString('utf8');
}

export class TokenIndex {
  /** A word's conversations: one number while it occurs in one, else a posting list. */
  private readonly postings = new Map<string, number | PostingList>();

  /** Adds a conversation's text; documents must be added in ascending number. */
  addDocument(doc: number, texts: Iterable<string>): void {
    // Distinct words first: a long reply repeats its words many times, the postings see each once.
    const seen = new Set<string>();
    for (const text of texts) {
      const re = new RegExp(WORD_RE.source, WORD_RE.flags);
      const lower = text.toLowerCase();
      let m: RegExpExecArray | null;
      while ((m = re.exec(lower)) !== null) seen.add(m[0]);
    }
    for (const word of seen) {
      const cur = this.postings.get(word);
      if (cur === undefined) this.postings.set(ownCopy(word), doc);
      else if (typeof cur === 'number') {
        // Most words occur in one conversation: they stay a plain number until a second one.
        const list = new PostingList();
        list.add(cur);
        list.add(doc);
        this.postings.set(word, list);
      } else cur.add(doc);
    }
  }

  /** Documents that contain a word accepted by the term (sorted ascending). */
  private docsFor(term: QueryTerm): Set<number> {
    const out = new Set<number>();
    const addAll = (list: number | PostingList | undefined) => {
      if (typeof list === 'number') out.add(list);
      else if (list) for (const d of list.docs()) out.add(d);
    };
    if (term.match === 'exact') addAll(this.postings.get(term.word));
    else for (const [word, list] of this.postings) if (termAccepts(term, word)) addAll(list);
    return out;
  }

  /** Documents holding every term, ascending; undefined when there are no terms (no narrowing). */
  candidates(terms: readonly QueryTerm[]): number[] | undefined {
    if (terms.length === 0) return undefined;
    // Narrowest term first: exact lookups are cheap, and intersections only shrink.
    const sets = terms.map((t) => this.docsFor(t)).sort((a, b) => a.size - b.size);
    const [first, ...rest] = sets;
    const out: number[] = [];
    for (const d of first!) if (rest.every((s) => s.has(d))) out.push(d);
    return out.sort((a, b) => a - b);
  }

  stats(): { words: number; postingBytes: number } {
    let postingBytes = 0;
    for (const [w, l] of this.postings) postingBytes += (typeof l === 'number' ? 0 : l.size()) + w.length * 2 + 32;
    return { words: this.postings.size, postingBytes };
  }
}
