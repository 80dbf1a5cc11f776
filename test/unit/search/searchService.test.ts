// The search service with real worker threads: results, appends, a catastrophic regex stopped by
// its budget, cancellation, and the CLI on the real shared logs against a brute-force scan.
import { describe, it, expect, afterAll, vi } from 'vitest';
import { appendFileSync, readFileSync } from 'node:fs';
import { SearchService } from '../../../src/core/search/searchService';
import { QueryError } from '../../../src/core/search/searchQuery';
import { listDataFiles, detectFileKind } from '../../../src/core/load/dataFiles';
import { searchCommand } from '../../../src/cli/searchCommand';
import { conversation, hasSharedLogs, sharedLogs, tempLog, testSearchWorker } from './searchFixtures';

const services: SearchService[] = [];
const newService = () => {
  const s = new SearchService(testSearchWorker);
  services.push(s);
  return s;
};
afterAll(() => services.forEach((s) => s.dispose()));

describe('search service (worker threads)', () => {
  it('indexes, searches, and sees appended conversations', async () => {
    const file = tempLog([
      conversation([
        ['user', 'alpha beta'],
        ['assistant', 'gamma'],
      ]),
    ]);
    const service = newService();
    await service.indexFiles([file]);
    expect((await service.search({ text: 'gamma' })).matches.map((m) => m.role)).toEqual(['assistant']);
    appendFileSync(file, conversation([['user', 'more gamma rays']]) + '\n');
    await service.indexFiles([file]);
    const r = await service.search({ text: 'gamma' });
    expect(r.matches.map((m) => m.line)).toEqual([1, 2]);
    expect((await service.stats()).conversations).toBe(2);
    await expect(service.search({ text: '(', regex: true })).rejects.toThrow(QueryError);
  });

  it('scopes a search to the given conversations (a filter), and the limit counts only those', async () => {
    const file = tempLog([
      conversation([['user', 'needle one']]),
      conversation([['user', 'needle two']]),
      conversation([['user', 'needle three']]),
    ]);
    const service = newService();
    await service.indexFiles([file]);
    const all = await service.search({ text: 'needle' });
    expect(all.matches.map((m) => m.line)).toEqual([1, 2, 3]);
    const [first, , third] = all.matches.map((m) => m.conv_id);
    const scoped = await service.search({ text: 'needle' }, { only: new Set([third!]) });
    expect(scoped.matches.map((m) => m.line)).toEqual([3]);
    expect(scoped.candidates).toBe(1);
    expect(
      (await service.search({ text: 'needle' }, { only: new Set([first!, third!]), limit: 1 })).matches.map(
        (m) => m.line,
      ),
    ).toEqual([1]);
    expect((await service.search({ text: 'needle' }, { only: new Set() })).matches).toEqual([]);
  });

  it('stops a catastrophic regex at its budget and keeps answering', async () => {
    const evil = 'a'.repeat(40) + '!';
    const file = tempLog([conversation([['user', 'aaa fine']]), conversation([['assistant', evil]])]);
    const service = newService();
    await service.indexFiles([file]);
    const started = Date.now();
    const r = await service.search({ text: '^(a|aa)+$', regex: true }, { budgetMs: 500 });
    expect(r.timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    // The index worker is unaffected: the next query answers.
    expect((await service.search({ text: 'fine' })).matches).toHaveLength(1);
  });

  it('cancels a running search', async () => {
    const evil = 'a'.repeat(40) + '!';
    const file = tempLog([conversation([['assistant', evil]])]);
    const service = newService();
    await service.indexFiles([file]);
    const ac = new AbortController();
    const pending = service.search({ text: '^(a|aa)+$', regex: true }, { budgetMs: 60_000, signal: ac.signal });
    setTimeout(() => ac.abort(), 50);
    const r = await pending;
    expect(r.cancelled).toBe(true);
    expect(r.timedOut).toBe(false);
  });

  it('cancels a running search when a new one starts, and the new one answers', async () => {
    const file = tempLog([
      conversation([['assistant', 'a'.repeat(40) + '!']]),
      conversation([['user', 'plain words']]),
    ]);
    const service = newService();
    await service.indexFiles([file]);
    const slow = service.search({ text: '^(a|aa)+$', regex: true }, { budgetMs: 60_000 });
    const next = await service.search({ text: 'plain' });
    expect((await slow).cancelled).toBe(true);
    expect(next.matches.map((m) => m.line)).toEqual([2]);
  });
});

describe.skipIf(!hasSharedLogs)('search CLI on the shared logs', () => {
  const run = async (args: string[]) => {
    let out = '';
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out += String(chunk);
      return true;
    });
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const code = await searchCommand(() => newService()).run(args);
      return { code, out };
    } finally {
      spy.mockRestore();
      err.mockRestore();
    }
  };

  it('finds exactly the messages a brute-force scan finds, with the right line and turn', async () => {
    const { code, out } = await run(['--logs', sharedLogs, '--json', '--word', 'onions']);
    expect(code).toBe(0);
    const got = (JSON.parse(out) as { matches: Array<Record<string, unknown>> }).matches;
    expect(Object.keys(got[0] ?? {}).sort()).toEqual([
      'conv_id',
      'file',
      'line',
      'model',
      'role',
      'snippet',
      'task_id',
      'turn',
    ]);
    // Independent oracle: parse every line, count user turns, test each message with a word regex.
    const expected: string[] = [];
    for (const f of await listDataFiles([sharedLogs])) {
      if ((await detectFileKind(f)) !== 'logs') continue;
      readFileSync(f, 'utf8')
        .split('\n')
        .forEach((text, i) => {
          if (!text.trim()) return;
          const e = JSON.parse(text) as { conv_id: string; trace: Array<{ role: string; content: unknown }> };
          let turn = 0;
          e.trace.forEach((m) => {
            if (m.role === 'user') turn++;
            if (
              ['user', 'assistant', 'system'].includes(m.role) &&
              typeof m.content === 'string' &&
              /(^|[^\p{L}\p{N}_])onions($|[^\p{L}\p{N}_])/iu.test(m.content)
            )
              expected.push(`${f}:${i + 1}:${Math.max(1, turn)}:${m.role}`);
          });
        });
    }
    expect(expected.length).toBeGreaterThan(0);
    expect(got.map((m) => `${String(m.file)}:${String(m.line)}:${String(m.turn)}:${String(m.role)}`)).toEqual(expected);
  });

  it('filters by role and reports argument errors in one line', async () => {
    const { out } = await run(['--logs', sharedLogs, '--json', '--role', 'system', 'problem solver']);
    const got = (JSON.parse(out) as { matches: Array<{ role: string }> }).matches;
    expect(got.length).toBeGreaterThan(0);
    expect(new Set(got.map((m) => m.role))).toEqual(new Set(['system']));
    await expect(run(['--logs', sharedLogs, '--role', 'log', 'x'])).rejects.toThrow(/--role must be one of/);
  });
});
