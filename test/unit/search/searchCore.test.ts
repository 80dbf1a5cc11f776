import { describe, it, expect } from 'vitest';
import { appendFileSync, writeFileSync } from 'node:fs';
import { compileQuery, plainTerms, QueryError } from '../../../src/core/search/searchQuery';
import { findInConversation, snippetAround } from '../../../src/core/search/messageMatches';
import { TokenIndex } from '../../../src/core/search/tokenIndex';
import { SearchIndex } from '../../../src/core/search/searchIndex';
import { scanConversations } from '../../../src/core/search/scanConversations';
import type { SearchMatch } from '../../../src/core/search/messageMatches';
import { conversation, tempLog } from './searchFixtures';

const meta = { conv_id: 'c', task_id: 't', model: 'm', file: 'f', line: 3 };

describe('query terms', () => {
  it('marks edge words as partial and inner words as exact', () => {
    expect(plainTerms('chef bought 4 bags', false)).toEqual([
      { word: 'chef', match: 'suffix' },
      { word: 'bought', match: 'exact' },
      { word: '4', match: 'exact' },
      { word: 'bags', match: 'prefix' },
    ]);
    expect(plainTerms('Onion', false)).toEqual([{ word: 'onion', match: 'contains' }]);
    expect(plainTerms('onion', true)).toEqual([{ word: 'onion', match: 'exact' }]);
    expect(plainTerms('</script>', false)).toEqual([{ word: 'script', match: 'exact' }]);
  });
  it('rejects an invalid regex with a QueryError and gives a regex no terms', () => {
    expect(() => compileQuery({ text: '(a', regex: true })).toThrow(QueryError);
    expect(compileQuery({ text: 'a.b', regex: true }).terms).toEqual([]);
  });
});

describe('finding hits in one conversation', () => {
  const trace = [
    ['system', 'You are a helpful assistant.'],
    ['user', 'How many BAGS did the chef buy?'],
    ['log', { type: 'shard_revealed', shard_id: 1 }],
    ['assistant', 'The chef bought 4 bags of onions.'],
    ['user', 'Make it handbags instead.'],
    ['assistant', 'Handbags: 2 handbags.'],
  ].map(([role, content]) => ({ role: role as string, content }));

  it('numbers turns by user turn (a leading system message is turn 1) and reports the trace index', () => {
    const hits = findInConversation(meta, trace, compileQuery({ text: 'bags' }));
    expect(hits.map((h) => [h.turn, h.role, h.trace_index])).toEqual([
      [1, 'user', 1],
      [1, 'assistant', 3],
      [2, 'user', 4],
      [2, 'assistant', 5],
    ]);
    expect(findInConversation(meta, trace, compileQuery({ text: 'helpful' }))[0]).toMatchObject({
      turn: 1,
      role: 'system',
    });
  });
  it('honours case, whole word and role filters', () => {
    expect(
      findInConversation(meta, trace, compileQuery({ text: 'bags', caseSensitive: true })).map((h) => h.trace_index),
    ).toEqual([3, 4, 5]);
    expect(
      findInConversation(meta, trace, compileQuery({ text: 'bags', wholeWord: true })).map((h) => h.trace_index),
    ).toEqual([1, 3]);
    expect(
      findInConversation(meta, trace, compileQuery({ text: 'bags', roles: ['assistant'] })).map((h) => h.trace_index),
    ).toEqual([3, 5]);
    expect(
      findInConversation(meta, trace, compileQuery({ text: '\\d+ (hand)?bags', regex: true })).map((h) => h.snippet),
    ).toEqual(['The chef bought 4 bags of onions.', 'Handbags: 2 handbags.']);
  });
  it('skips empty regex matches instead of reporting every message', () => {
    expect(findInConversation(meta, trace, compileQuery({ text: 'x*', regex: true }))).toEqual([]);
  });
  it('cuts context to a window and marks the hit', () => {
    const text = 'a'.repeat(100) + '\n\nNEEDLE\n' + 'b'.repeat(100);
    const s = snippetAround(text, 102, 108);
    expect(s.snippet.startsWith('…')).toBe(true);
    expect(s.snippet.endsWith('…')).toBe(true);
    expect(s.snippet.slice(...s.highlight)).toBe('NEEDLE');
    expect(s.snippet).not.toContain('\n');
  });
});

describe('token index', () => {
  it('narrows to documents holding every term, by exact, prefix, suffix and substring', () => {
    const idx = new TokenIndex();
    idx.addDocument(0, ['the chef bought bags']);
    idx.addDocument(1, ['handbags for the chef']);
    idx.addDocument(2, ['nothing here']);
    for (let d = 3; d < 300; d++) idx.addDocument(d, [`filler ${d}`]);
    idx.addDocument(300, ['baggage chef']);
    expect(idx.candidates(plainTerms('bags', false))).toEqual([0, 1]);
    expect(idx.candidates(plainTerms('bags', true))).toEqual([0]);
    expect(idx.candidates(plainTerms('chef bag', false))).toEqual([0, 300]);
    expect(idx.candidates(plainTerms('ef bought', false))).toEqual([0]);
    expect(idx.candidates(plainTerms('2999', true))).toEqual([]);
    expect(idx.candidates(plainTerms('filler 299', false))).toEqual([299]);
    expect(idx.candidates([])).toBeUndefined();
  });

  it('never misses a document the matcher would find: mixed scripts, case, punctuation, long words', () => {
    // The index hashes ASCII words in place and splits other runs with the query's Unicode rules;
    // every whole-word query must find exactly the documents a brute-force regex finds.
    const pieces = [
      'Bags',
      'bags',
      'BAGS',
      'naïve',
      'NAÏVE',
      'a—b',
      'Straße',
      'Ωmega',
      'ΣΊΣΥΦΟΣ',
      '\u212Aelvin',
      'İstanbul',
      'x_1',
      '42',
      '4.2',
      '😀emoji',
      'über-cool',
      'supercalifragilisticexpialidocious',
      'Supercalifragilisticexpialidocious!',
      '«quoted»',
      'tab\there',
    ];
    let seed = 7;
    const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const docs = Array.from({ length: 200 }, () =>
      Array.from({ length: 6 }, () => pieces[Math.floor(rand() * pieces.length)]).join(rand() < 0.5 ? ' ' : ', '),
    );
    const idx = new TokenIndex();
    docs.forEach((d, i) => idx.addDocument(i, [d]));
    const queryWords = new Set(
      docs.flatMap((d) => [...d.toLowerCase().matchAll(/[\p{L}\p{M}\p{N}_]+/gu)].map((m) => m[0])),
    );
    expect(queryWords.size).toBeGreaterThan(15);
    for (const word of queryWords) {
      const q = compileQuery({ text: word, wholeWord: true });
      const expected = docs.flatMap((d, i) => (new RegExp(q.pattern.source, q.pattern.flags).test(d) ? [i] : []));
      const got = idx.candidates(q.terms)!;
      // Candidates may include more (the matcher confirms) but never fewer.
      for (const d of expected) expect(got, `"${word}" in doc ${d}`).toContain(d);
    }
    expect(idx.candidates(plainTerms('bags', true))).toEqual(docs.flatMap((d, i) => (/\bbags\b/i.test(d) ? [i] : [])));
  });
});

describe('search index over a growing log', () => {
  const collect = async (index: SearchIndex, text: string, opts = {}) => {
    const q = compileQuery({ text, ...opts });
    const out: SearchMatch[] = [];
    await scanConversations(index.candidates(q.terms), q, { onMatches: (m) => out.push(...m) });
    return out;
  };

  it('finds hits by line, picks up appends and forgets rewritten content', async () => {
    const file = tempLog([
      conversation([
        ['user', 'first needle here'],
        ['assistant', 'ok'],
      ]),
      conversation([
        ['user', 'nothing'],
        ['assistant', 'Needles everywhere'],
      ]),
    ]);
    const index = new SearchIndex();
    await index.indexFile(file);
    expect((await collect(index, 'needle')).map((m) => [m.line, m.role])).toEqual([
      [1, 'user'],
      [2, 'assistant'],
    ]);
    appendFileSync(
      file,
      conversation([
        ['user', 'a'],
        ['assistant', 'b'],
        ['user', 'late needle'],
      ]) + '\n',
    );
    await index.indexFile(file);
    expect((await collect(index, 'late needle')).map((m) => [m.line, m.turn])).toEqual([[3, 2]]);
    writeFileSync(file, conversation([['user', 'replaced entirely']]) + '\n');
    await index.indexFile(file);
    expect(await collect(index, 'needle')).toEqual([]);
    expect((await collect(index, 'replaced')).map((m) => m.line)).toEqual([1]);
    expect(index.stats().conversations).toBe(1);
  });

  it('stops at the limit and reports truncation', async () => {
    const file = tempLog(Array.from({ length: 20 }, () => conversation([['user', 'same words']])));
    const index = new SearchIndex();
    await index.indexFile(file);
    const q = compileQuery({ text: 'same' });
    const r = await scanConversations(index.candidates(q.terms), q, { limit: 5 });
    expect(r).toMatchObject({ matches: 5, truncated: true });
  });
});
