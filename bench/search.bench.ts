// Full-text search at scale (issue 12.3): generates ~1 GB of run logs under .bench/search (reused
// when present) with a Zipf vocabulary of 200,000 words, numbers and identifiers (what makes a
// word index grow on real LLM output), then measures with the real worker threads: index build
// time, memory (process RSS growth and the index worker's heap), time to first results and to
// complete for typical queries, a pathological regex stopped by its budget, and re-indexing an append.
import { appendFileSync, existsSync, mkdirSync, openSync, closeSync, writeSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SearchService } from '../src/core/search/searchService';
import type { SearchQuery } from '../src/core/search/searchQuery';

const SYLLABLES =
  'ka lo mi ne ru sa te vo zi pa do fe gu hi ja ko le ma nu ri so ta ve wo xa yu ze bri cla dro fle gri plo sta tre'.split(
    ' ',
  );

function lcg(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

function vocabulary(n: number, rand: () => number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const len = 1 + Math.floor(rand() * 4);
    let w = '';
    for (let j = 0; j < len; j++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)]!;
    out.push(w);
  }
  return out;
}

/** Zipf-like pick: rank ~ n^u, so a few words are very common and most are rare. */
function zipfPick(words: string[], rand: () => number): string {
  return words[Math.min(words.length - 1, Math.floor(Math.pow(words.length, rand())) - 1)]!;
}

function text(words: string[], rand: () => number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = rand();
    if (r < 0.05) out.push(String(Math.floor(rand() * 1_000_000)));
    else if (r < 0.06) out.push(`${zipfPick(words, rand)}_${zipfPick(words, rand)}(${Math.floor(rand() * 100)})`);
    else out.push(zipfPick(words, rand));
    if (rand() < 0.03) out.push('\n\n');
  }
  return out.join(' ');
}

/** Message texts are drawn from a pool (generating 1 GB word by word takes too long on a shared
 * machine); each conversation adds fresh numbers and identifiers, so the vocabulary keeps growing. */
interface TextPool {
  user: string[];
  assistant: string[];
  words: string[];
}

function makePool(rand: () => number): TextPool {
  const words = vocabulary(200_000, rand);
  return {
    words,
    user: Array.from({ length: 4000 }, () => text(words, rand, 15 + Math.floor(rand() * 30))),
    assistant: Array.from({ length: 8000 }, () => text(words, rand, 300 + Math.floor(rand() * 500))),
  };
}

function conversation(pool: TextPool, rand: () => number, i: number, model: string): string {
  const pick = (list: string[]) => list[Math.floor(rand() * list.length)]!;
  const fresh = () =>
    `${Math.floor(rand() * 10_000_000)} ${zipfPick(pool.words, rand)}_${Math.floor(rand() * 1_000_000)}`;
  const trace: unknown[] = [
    { role: 'system', content: 'As an expert problem solver solve step by step the following mathematical questions.' },
  ];
  const turns = 5 + Math.floor(rand() * 6);
  for (let t = 1; t <= turns; t++) {
    trace.push({ role: 'log', content: { type: 'hint_revealed', shard_id: t } });
    trace.push({ role: 'user', content: `${pick(pool.user)} ${fresh()}` });
    trace.push({
      role: 'assistant',
      content: `${pick(pool.assistant)} ${fresh()} ${pick(pool.assistant).slice(0, 400)}`,
    });
    trace.push({
      role: 'log',
      content: { type: 'answer-evaluation', exact_answer: String(t * 7), is_correct: rand() < 0.5, score: 0 },
    });
  }
  // A rare needle in one conversation of 5,000, to time a selective query.
  if (i % 5000 === 17) trace.push({ role: 'assistant', content: 'The quokkaberry answer is 42.' });
  return JSON.stringify({
    conv_id: `s-${model}-${i}`,
    task: 'math',
    task_id: `sharded-GSM8K/${i % 5000}`,
    assistant_model: model,
    mode: 'multi',
    condition: 'original',
    trace,
    is_correct: rand() < 0.5,
    score: null,
  });
}

function generate(dir: string, targetMB: number): string[] {
  const marker = join(dir, `.done-${targetMB}`);
  if (!existsSync(marker)) {
    mkdirSync(dir, { recursive: true });
    const rand = lcg(12);
    const pool = makePool(rand);
    const models = ['model-a', 'model-b', 'model-c', 'model-d'];
    const perFile = (targetMB * 1024 * 1024) / models.length;
    let i = 0;
    for (const m of models) {
      const fd = openSync(join(dir, `${m}.jsonl`), 'w');
      let bytes = 0;
      while (bytes < perFile) {
        const line = conversation(pool, rand, i++, m) + '\n';
        bytes += Buffer.byteLength(line);
        writeSync(fd, line);
      }
      closeSync(fd);
    }
    closeSync(openSync(marker, 'w'));
  }
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => join(dir, f));
}

async function timeQuery(service: SearchService, query: SearchQuery, limit: number, budgetMs = 30_000) {
  const t0 = performance.now();
  let first: number | undefined;
  const r = await service.search(query, { limit, budgetMs, onMatches: () => (first ??= performance.now() - t0) });
  return {
    firstMs: first === undefined ? '–' : first.toFixed(0),
    totalMs: (performance.now() - t0).toFixed(0),
    matches: r.matches.length,
    candidates: r.candidates,
    timedOut: r.timedOut,
  };
}

export async function benchSearch(opts: { targetMB: number }): Promise<Record<string, number | string>> {
  const dir = join('.bench', 'search');
  const t0 = performance.now();
  const files = generate(dir, opts.targetMB);
  const generateS = (performance.now() - t0) / 1000;
  const totalMB = files.reduce((s, f) => s + statSync(f).size, 0) / 1024 / 1024;
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage().rss;
  const service = new SearchService();
  try {
    const t1 = performance.now();
    const indexed = await service.indexFiles(files);
    const buildS = (performance.now() - t1) / 1000;
    const stats = await service.stats();
    const rssAfter = process.memoryUsage().rss;
    const out: Record<string, number | string> = {
      'data MB': totalMB.toFixed(0),
      'generate s (0 when reused)': generateS.toFixed(1),
      conversations: indexed.conversations,
      'index build s': buildS.toFixed(1),
      'index MB/s': (totalMB / buildS).toFixed(1),
      'index words': stats.words,
      'index postings MB (estimate)': (stats.postingBytes / 1024 / 1024).toFixed(1),
      'index worker heap MB': (stats.heapUsed / 1024 / 1024).toFixed(0),
      'process RSS growth MB': ((rssAfter - rssBefore) / 1024 / 1024).toFixed(0),
    };
    const queries: Array<[string, SearchQuery, number]> = [
      ['rare word', { text: 'quokkaberry' }, 1000],
      ['common word (limit 200)', { text: 'ka' }, 200],
      ['phrase', { text: 'answer is 42' }, 1000],
      ['whole word, case', { text: 'Quokkaberry', wholeWord: true, caseSensitive: true }, 1000],
      ['regex (limit 200)', { text: 'quokka\\w+ answer', regex: true }, 200],
      ['role user (limit 200)', { text: 'lo', roles: ['user'] }, 200],
    ];
    for (const [name, q, limit] of queries) {
      await service.search(q, { limit }); // warm (page cache, JIT)
      const r = await timeQuery(service, q, limit);
      out[`${name}: first ms`] = r.firstMs;
      out[`${name}: total ms (matches/candidates)`] = `${r.totalMs} (${r.matches}/${r.candidates})`;
    }
    const evil = await timeQuery(service, { text: '^(\\w+\\s?)*$', regex: true }, 10, 2000);
    out['catastrophic regex, 2 s budget: ms'] = `${evil.totalMs} (timed out: ${evil.timedOut})`;
    appendFileSync(files[0]!, conversation(makePool(lcg(3)), lcg(5), 9_999_999, 'model-a') + '\n');
    const t2 = performance.now();
    await service.indexFiles(files);
    out['re-index after 1 append ms'] = (performance.now() - t2).toFixed(0);
    return out;
  } finally {
    service.dispose();
  }
}
