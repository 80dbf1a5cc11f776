// A compact inverted index from lower-cased words to the conversations that contain them. Each
// posting list is a growable byte array of delta-encoded varints (ascending conversation numbers),
// so 1 GB of logs costs tens of MB, not the gigabytes that per-message postings or kept text would.
import { WORD_RE, type QueryTerm } from './searchQuery';

class PostingList {
  bytes = new Uint8Array(4);
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

export class TokenIndex {
  private readonly postings = new Map<string, PostingList>();

  /** Adds a conversation's text; documents must be added in ascending number. */
  addDocument(doc: number, texts: Iterable<string>): void {
    for (const text of texts) {
      for (const m of text.toLowerCase().matchAll(WORD_RE)) {
        const word = m[0];
        let list = this.postings.get(word);
        if (!list) {
          list = new PostingList();
          this.postings.set(word, list);
        }
        list.add(doc);
      }
    }
  }

  /** Documents that contain a word accepted by the term (sorted ascending). */
  private docsFor(term: QueryTerm): Set<number> {
    const out = new Set<number>();
    if (term.match === 'exact') {
      const list = this.postings.get(term.word);
      if (list) for (const d of list.docs()) out.add(d);
      return out;
    }
    for (const [word, list] of this.postings) if (termAccepts(term, word)) for (const d of list.docs()) out.add(d);
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
    for (const [w, l] of this.postings) postingBytes += l.size() + w.length * 2 + 32;
    return { words: this.postings.size, postingBytes };
  }
}
