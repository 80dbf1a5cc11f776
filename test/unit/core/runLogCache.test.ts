// The run-log index cache: an unchanged log comes from it without being read, an appended one is
// scanned from the cached cursor, a rewritten or truncated one anew, and an entry that is corrupt,
// of another format, of another file or of another line limit is ignored with a reason. What comes
// out (refs, diagnostics, cursor) is always what a plain scan of the log gives.
import { describe, it, expect, beforeAll } from 'vitest';
import { buildSync } from 'esbuild';
import { appendFileSync, mkdtempSync, readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { scanJsonlFile } from '../../../src/core/load/runLogScan';
import { scanWithCache, type CachedScanResult } from '../../../src/core/load/runLogCachedScan';
import { cacheEntryPath, pruneCache, INDEX_CACHE_VERSION } from '../../../src/core/load/runLogCache';
import type { ConversationRef } from '../../../src/core/load/runLogRefs';
import { RunLogIndex } from '../../../src/core/load/runLogIndex';
import { RunLogPool } from '../../../src/core/load/runLogPool';

const line = (i: number, extra: object = {}) =>
  JSON.stringify({
    conv_id: `c-${i}`,
    task: 'math',
    task_id: `t-${i % 3}`,
    assistant_model: 'm',
    trace: [
      { role: 'user', content: `question ${i}` },
      { role: 'assistant', content: `answer ${i}`, cost_usd: 0.5 },
    ],
    is_correct: i % 2 === 0,
    ...extra,
  });

/** A log with good lines, one bad JSON line and one schema error: diagnostics that must survive the cache. */
function fixture(): { dir: string; log: string; cache: string } {
  const dir = mkdtempSync(join(tmpdir(), 'intent-lens-indexcache-'));
  const log = join(dir, 'run.jsonl');
  writeFileSync(
    log,
    [line(1), line(2), '{"conv_id": "broken", ', line(3, { mode: 'sideways' }), line(4)].join('\n') + '\n',
  );
  return { dir, log, cache: join(dir, 'cache') };
}

interface Run extends CachedScanResult {
  refs: ConversationRef[];
  cachedRefs: number;
  scannedRefs: number;
}

async function viaCache(log: string, cache: string, maxLineBytes?: number): Promise<Run> {
  const st = statSync(log);
  const refs: ConversationRef[] = [];
  let cachedRefs = 0;
  let scannedRefs = 0;
  const r = await scanWithCache(log, st.size, st.mtimeMs, {
    cacheDir: cache,
    ...(maxLineBytes ? { maxLineBytes } : {}),
    onCachedRefs: (rs) => {
      cachedRefs += rs.length;
      refs.push(...rs);
    },
    onRef: (ref) => {
      scannedRefs++;
      refs.push(ref);
    },
    onReset: () => refs.splice(0),
  });
  return { ...r, refs, cachedRefs, scannedRefs };
}

/** What a plain scan of the whole log gives. */
async function plain(log: string, maxLineBytes?: number) {
  const st = statSync(log);
  const refs: ConversationRef[] = [];
  const r = await scanJsonlFile(log, undefined, st.size, st.mtimeMs, {
    ...(maxLineBytes ? { maxLineBytes } : {}),
    onRef: (ref) => refs.push(ref),
  });
  return { refs, diagnostics: r.diagnostics, cursor: r.cursor };
}

const same = (r: Run, p: Awaited<ReturnType<typeof plain>>) => {
  expect(r.refs).toEqual(p.refs);
  expect(r.diagnostics).toEqual(p.diagnostics);
  expect(r.cursor).toEqual(p.cursor);
};

/** Changes a byte of the log without changing its size or mtime: only a read of the log would see it. */
function tamperKeepingStat(log: string): void {
  writeFileSync(log, readFileSync(log, 'utf8').replace('question 2', 'QUESTION 2'));
  utimesSync(log, FIXED_TIME, FIXED_TIME);
}

/** Whole seconds: a time set back exactly (a Date would round the sub-millisecond part away). */
const FIXED_TIME = 1_700_000_000;

describe('run-log index cache', () => {
  it('serves an unchanged log from the cache, with the same refs, cursor and diagnostics (a bad line still has its problem)', async () => {
    const { log, cache } = fixture();
    utimesSync(log, FIXED_TIME, FIXED_TIME);
    const first = await viaCache(log, cache);
    expect(first.cache).toBe('scanned');
    expect(first.notes).toEqual([]);
    const expected = await plain(log);
    same(first, expected);
    expect(expected.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(['json-syntax']));
    expect(expected.diagnostics.some((d) => d.line === 4)).toBe(true);

    tamperKeepingStat(log);
    const second = await viaCache(log, cache);
    expect(second.cache).toBe('hit');
    expect(second.scannedRefs).toBe(0);
    expect(second.cachedRefs).toBe(expected.refs.length);
    // Not parsed: the tampered line's bytes were never read, yet the refs and problems are all there.
    same(second, expected);
  });

  it('serves every summary field a view reads from the cache, the logged token count included', async () => {
    const { log, cache } = fixture();
    appendFileSync(
      log,
      line(7, {
        trace: [
          { role: 'user', content: 'q' },
          { role: 'assistant', content: 'a', usage: { input_tokens: 12, output_tokens: 30 } },
        ],
      }) + '\n',
    );
    utimesSync(log, FIXED_TIME, FIXED_TIME);
    const expected = await plain(log);
    expect(expected.refs.find((r) => r.conv_id === 'c-7')?.tokens).toBe(42);
    await viaCache(log, cache);
    const second = await viaCache(log, cache);
    expect(second.cache).toBe('hit');
    expect(second.notes).toEqual([]);
    same(second, expected);
  });

  it('scans only the appended lines of a log that grew, and the result is a full scan of the log', async () => {
    const { log, cache } = fixture();
    await viaCache(log, cache);
    appendFileSync(log, line(5) + '\n' + line(6) + '\n');
    const r = await viaCache(log, cache);
    expect(r.cache).toBe('appended');
    expect(r.scannedRefs).toBe(2);
    same(r, await plain(log));
    // The entry now holds the appended lines too.
    const again = await viaCache(log, cache);
    expect(again.cache).toBe('hit');
    same(again, await plain(log));
  });

  it('completes a truncated last line from the cached cursor (its incomplete-line warning goes)', async () => {
    const { log, cache } = fixture();
    const last = line(7);
    appendFileSync(log, last.slice(0, 20));
    const first = await viaCache(log, cache);
    expect(first.diagnostics.map((d) => d.code)).toContain('incomplete-line');
    appendFileSync(log, last.slice(20) + '\n');
    const r = await viaCache(log, cache);
    expect(r.cache).toBe('appended');
    expect(r.diagnostics.map((d) => d.code)).not.toContain('incomplete-line');
    same(r, await plain(log));
  });

  it('scans anew a log rewritten in place or truncated', async () => {
    const { log, cache } = fixture();
    await viaCache(log, cache);
    // Same size, other content (an edit in an editor): not an append.
    const text = readFileSync(log, 'utf8');
    writeFileSync(log, text.replace('"is_correct":true', '"is_correct":null'.padEnd('"is_correct":true'.length)));
    utimesSync(log, new Date(), new Date(Date.now() + 5000));
    const edited = await viaCache(log, cache);
    expect(edited.cache).toBe('scanned');
    same(edited, await plain(log));

    writeFileSync(log, line(9) + '\n');
    const truncated = await viaCache(log, cache);
    expect(truncated.cache).toBe('scanned');
    expect(truncated.refs.map((r) => r.conv_id)).toEqual(['c-9']);
    same(truncated, await plain(log));

    // Grown, but its start rewritten: the fingerprint at the cached end no longer matches.
    writeFileSync(log, line(10) + '\n' + line(11) + '\n');
    const rewritten = await viaCache(log, cache);
    expect(rewritten.cache).toBe('scanned');
    same(rewritten, await plain(log));
  });

  it('ignores a corrupt, foreign, old-format or other-limit entry with a reason, and rebuilds it', async () => {
    const { dir, log, cache } = fixture();
    await viaCache(log, cache);
    const entry = cacheEntryPath(cache, log);
    const good = JSON.parse(readFileSync(entry, 'utf8')) as Record<string, unknown>;
    const expected = await plain(log);
    const cases: [string, string | object, RegExp][] = [
      ['not JSON', '{"version": 1, "path": ', /not JSON/],
      ['old format', { ...good, version: INDEX_CACHE_VERSION + 1 }, /format/],
      ['malformed', { ...good, refs: [{ ...(good.refs as object[])[0], offset: -5 }] }, /malformed/],
      ['unknown mode', { ...good, refs: [{ ...(good.refs as object[])[0], mode: 'sideways' }] }, /malformed/],
      ['unknown field', { ...good, refs: [{ ...(good.refs as object[])[0], injected: '<script>' }] }, /malformed/],
      ['another file', { ...good, path: join(dir, 'other.jsonl') }, /another file/],
      ['not an object', '[]', /format/],
    ];
    for (const [what, content, reason] of cases) {
      writeFileSync(entry, typeof content === 'string' ? content : JSON.stringify(content));
      const r = await viaCache(log, cache);
      expect(r.cache, what).toBe('scanned');
      expect(r.notes.join(' '), what).toMatch(reason);
      same(r, expected);
      // Rebuilt: the next start is a hit again.
      expect((await viaCache(log, cache)).cache, what).toBe('hit');
    }
    const otherLimit = await viaCache(log, cache, 4096);
    expect(otherLimit.cache).toBe('scanned');
    expect(otherLimit.notes.join(' ')).toMatch(/line limit/);
    same(otherLimit, await plain(log, 4096));
  });

  it('is pruned to its size bound, least recently used entries first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'intent-lens-indexcache-prune-'));
    const cache = join(dir, 'cache');
    const logs = [0, 1, 2].map((i) => {
      const log = join(dir, `run-${i}.jsonl`);
      writeFileSync(log, line(i) + '\n');
      return log;
    });
    for (const log of logs) await viaCache(log, cache);
    // The first one was used last.
    const old = new Date(Date.now() - 60_000);
    for (const log of logs.slice(1)) utimesSync(cacheEntryPath(cache, log), old, old);
    const one = statSync(cacheEntryPath(cache, logs[0]!)).size;
    expect(await pruneCache(cache, one + 10)).toBe(2);
    expect(readdirSync(cache).filter((n) => n.endsWith('.json'))).toEqual([
      cacheEntryPath(cache, logs[0]!).split('/').pop(),
    ]);
  });
});

describe('run-log index cache on the indexing workers', () => {
  let script: string;
  beforeAll(() => {
    script = join(mkdtempSync(join(tmpdir(), 'intent-lens-runlogworker-')), 'runLogWorker.js');
    buildSync({
      entryPoints: [resolve(__dirname, '../../../src/core/load/runLogWorker.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      outfile: script,
      logLevel: 'silent',
    });
  }, 60000);

  it('a second load takes every file from the cache and gives the same index, diagnostics included; an appended line is picked up', async () => {
    const { dir, log, cache } = fixture();
    const second = join(dir, 'second.jsonl');
    // A duplicate conv_id across files: decided when merging, so it must survive a cached load too.
    writeFileSync(second, line(2) + '\n' + line(8) + '\n');
    const files = [log, second];
    const load = async () => {
      const ix = new RunLogIndex();
      const uses: string[] = [];
      const pool = new RunLogPool(() => script, 2);
      await ix.indexFiles(files, { pool, cacheDir: cache, onCache: (_p, use) => uses.push(use) });
      // The workers write the entries after handing the files back, and end once written.
      await pool.closed();
      pool.dispose();
      return { ix, uses: uses.sort() };
    };
    const inThread = new RunLogIndex();
    for (const f of files) await inThread.indexFile(f);
    const snapshot = (ix: RunLogIndex) => ({ refs: ix.conversations(), diagnostics: ix.diagnostics() });

    const cold = await load();
    expect(cold.uses).toEqual(['scanned', 'scanned']);
    expect(snapshot(cold.ix)).toEqual(snapshot(inThread));
    expect(inThread.diagnostics().map((d) => d.code)).toEqual(
      expect.arrayContaining(['json-syntax', 'duplicate-conv-id']),
    );

    const warm = await load();
    expect(warm.uses).toEqual(['hit', 'hit']);
    expect(snapshot(warm.ix)).toEqual(snapshot(inThread));

    appendFileSync(log, line(12) + '\n');
    await inThread.indexFile(log);
    const appended = await load();
    expect(appended.uses).toEqual(['appended', 'hit']);
    expect(appended.ix.get('c-12')).toBeDefined();
    expect(snapshot(appended.ix)).toEqual(snapshot(inThread));
  });
});
