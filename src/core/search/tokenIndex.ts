// A compact inverted index from lower-cased words to the conversations that contain them. Each
// posting list is a growable byte array of delta-encoded varints (ascending conversation numbers),
// so 1 GB of logs costs tens of MB, not the gigabytes that per-message postings or kept text would.
// Words get numbers from a Vocabulary that hashes ASCII words straight from the message text: a
// word's string is made once, when first seen, not for each of its millions of occurrences (that
// allocation and re-hashing was most of the indexing time at benchmark scale).
import { WORD_RE, type QueryTerm } from './searchQuery';
import { ASCII_WORD, FNV_OFFSET, FNV_PRIME, Vocabulary, hashString } from './vocabulary';

class PostingList {
  bytes = new Uint8Array(8);
  used = 0;
  last = -1;

  add(doc: number): void {
    if (doc === this.last) return;
    let delta = doc - this.last - 1;
    this.last = doc;
    if (this.used + 5 > this.bytes.length) {
      const bigger = new Uint8Array(this.bytes.length * 2);
      bigger.set(this.bytes.subarray(0, this.used));
      this.bytes = bigger;
    }
    while (delta >= 0x80) {
      this.bytes[this.used++] = (delta & 0x7f) | 0x80;
      delta >>>= 7;
    }
    this.bytes[this.used++] = delta;
  }

  forEach(visit: (doc: number) => void): void {
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
      visit(doc);
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
  private readonly vocabulary = new Vocabulary();
  /** Per word: the conversation last added (dedups a word repeated within one conversation). */
  private lastDoc = new Int32Array(1024).fill(-1);
  /** Per word: its only conversation while it occurs in one (most words), else -1 and a list. */
  private single = new Int32Array(1024);
  private readonly lists: Array<PostingList | undefined> = [];
  private docCount = 0;

  /** Adds a conversation's text; documents must be added in ascending number. */
  addDocument(doc: number, texts: Iterable<string>): void {
    if (doc + 1 > this.docCount) this.docCount = doc + 1;
    for (const text of texts) this.addText(doc, text);
  }

  private addText(doc: number, text: string): void {
    const n = text.length;
    let i = 0;
    while (i < n) {
      let c = text.charCodeAt(i);
      if (c < 128 && ASCII_WORD[c] === 0) {
        i++;
        continue;
      }
      // A run of ASCII word characters and non-ASCII characters: hashed in place when all ASCII,
      // else split and lower-cased exactly as the query side does (Unicode word characters).
      const start = i;
      let h = FNV_OFFSET;
      let ascii = true;
      for (; i < n; i++) {
        c = text.charCodeAt(i);
        if (c < 128) {
          if (ASCII_WORD[c] === 0) break;
          h = Math.imul(h ^ (c >= 65 && c <= 90 ? c + 32 : c), FNV_PRIME);
        } else ascii = false;
      }
      if (ascii) this.addWord(doc, this.vocabulary.idOfRange(text, start, i, h));
      else
        for (const m of text.slice(start, i).toLowerCase().matchAll(WORD_RE))
          this.addWord(doc, this.vocabulary.idOf(m[0], hashString(m[0]), true));
    }
  }

  private addWord(doc: number, id: number): void {
    if (id >= this.lastDoc.length) this.grow(id + 1);
    if (this.lastDoc[id] === doc) return;
    const first = this.lastDoc[id] === -1;
    this.lastDoc[id] = doc;
    if (first) {
      this.single[id] = doc;
      return;
    }
    let list = this.lists[id];
    if (!list) {
      list = new PostingList();
      list.add(this.single[id]!);
      this.single[id] = -1;
      while (this.lists.length <= id) this.lists.push(undefined);
      this.lists[id] = list;
    }
    list.add(doc);
  }

  private grow(min: number): void {
    let size = this.lastDoc.length;
    while (size < min) size *= 2;
    const lastDoc = new Int32Array(size).fill(-1);
    lastDoc.set(this.lastDoc);
    this.lastDoc = lastDoc;
    const single = new Int32Array(size);
    single.set(this.single);
    this.single = single;
  }

  private markDocs(id: number, marks: Uint8Array): void {
    if (this.lastDoc[id] === -1) return;
    const list = this.lists[id];
    if (list) list.forEach((d) => (marks[d] = 1));
    else marks[this.single[id]!] = 1;
  }

  /** Marks the documents that contain a word accepted by the term. */
  private docsFor(term: QueryTerm): Uint8Array {
    const marks = new Uint8Array(this.docCount);
    if (term.match === 'exact') {
      const id = this.vocabulary.idOf(term.word, hashString(term.word), false);
      if (id >= 0) this.markDocs(id, marks);
    } else {
      const words = this.vocabulary.words;
      for (let id = 0; id < words.length; id++) if (termAccepts(term, words[id]!)) this.markDocs(id, marks);
    }
    return marks;
  }

  /** Documents holding every term, ascending; undefined when there are no terms (no narrowing). */
  candidates(terms: readonly QueryTerm[]): number[] | undefined {
    if (terms.length === 0) return undefined;
    const all = terms.map((t) => this.docsFor(t));
    const out: number[] = [];
    for (let d = 0; d < this.docCount; d++) if (all.every((m) => m[d] === 1)) out.push(d);
    return out;
  }

  stats(): { words: number; postingBytes: number } {
    let postingBytes = this.lastDoc.byteLength + this.single.byteLength + this.lists.length * 8;
    for (const l of this.lists) if (l) postingBytes += l.size();
    for (const w of this.vocabulary.words) postingBytes += w.length * 2 + 24;
    return { words: this.vocabulary.words.length, postingBytes: postingBytes + this.vocabulary.tableBytes() };
  }
}
