// Word numbers for the token index: an open-addressing hash table over FNV-1a hashes of the
// lower-cased word. An ASCII word is looked up straight from the message text by its range (no
// string is made unless the word is new); other words come in as strings.

/** 1 for the ASCII characters the index counts as word characters (letters, digits, `_`). */
export const ASCII_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  ASCII_WORD[c] = /[A-Za-z0-9_]/.test(ch) ? 1 : 0;
}

/** FNV-1a over UTF-16 code units, shared by the in-place and the string lookups. */
export const FNV_OFFSET = 0x811c9dc5 | 0;
export const FNV_PRIME = 16777619;

/** The hash `idOfRange` computes in place, for a word given as a (lower-case) string. */
export function hashString(word: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), FNV_PRIME);
  return h;
}

/**
 * A copy that does not share memory with the text it was cut from: V8 keeps longer substrings as
 * slices of their source, and a slice kept in the vocabulary would keep the whole message alive.
 */
function ownCopy(word: string): string {
  return word.length < 13 ? word : Buffer.from(word, 'utf8').toString('utf8');
}

export class Vocabulary {
  readonly words: string[] = [];
  private hashes = new Int32Array(1024);
  /** Slot → word number + 1 (0: empty). Kept at most half full. */
  private slots = new Int32Array(2048);
  private mask = 2047;

  /** The number of the ASCII word text[start, end) (compared case-insensitively), added if new. */
  idOfRange(text: string, start: number, end: number, hash: number): number {
    const len = end - start;
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const entry = this.slots[slot]!;
      if (entry === 0) return this.insert(slot, ownCopy(text.slice(start, end).toLowerCase()), hash);
      const id = entry - 1;
      if (this.hashes[id] !== hash) continue;
      const word = this.words[id]!;
      if (word.length !== len) continue;
      let same = true;
      for (let i = 0; i < len; i++) {
        const c = text.charCodeAt(start + i);
        if ((c >= 65 && c <= 90 ? c + 32 : c) !== word.charCodeAt(i)) {
          same = false;
          break;
        }
      }
      if (same) return id;
    }
  }

  /** The number of a lower-cased word; with `add` false, -1 when it is not known. */
  idOf(word: string, hash: number, add: boolean): number {
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const entry = this.slots[slot]!;
      if (entry === 0) return add ? this.insert(slot, ownCopy(word), hash) : -1;
      const id = entry - 1;
      if (this.hashes[id] === hash && this.words[id] === word) return id;
    }
  }

  private insert(slot: number, word: string, hash: number): number {
    const id = this.words.length;
    this.words.push(word);
    if (id >= this.hashes.length) {
      const bigger = new Int32Array(this.hashes.length * 2);
      bigger.set(this.hashes);
      this.hashes = bigger;
    }
    this.hashes[id] = hash;
    this.slots[slot] = id + 1;
    if ((id + 1) * 2 > this.slots.length) this.rehash();
    return id;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let id = 0; id < this.words.length; id++) {
      let slot = this.hashes[id]! & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    }
    this.slots = slots;
    this.mask = mask;
  }

  tableBytes(): number {
    return this.slots.byteLength + this.hashes.byteLength;
  }
}
