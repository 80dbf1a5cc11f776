// Records and plans files are parsed on the extension host's thread during the first load: the
// parse must let the event loop turn between slices (issue 14: no host task over 50 ms), and give
// the same result as the synchronous parse the CLI and an open editor's text use.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadRecordsFile, parseRecordsText, parseRecordsTextSliced } from '../../../src/core/load/recordsFile';
import { loadEvolvingFile, parseEvolvingText } from '../../../src/core/load/dataFiles';
import { runSteps, runStepsSliced, sliceTurns, type Steps } from '../../../src/core/load/steps';

const SAMPLES = resolve(__dirname, '../../../samples');

/** Counts the event-loop turns a run gives, with a clock that moves 10 ms per read (every step ends a slice). */
async function turnsDuring<T>(run: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => (now += 10));
  const immediate = vi.spyOn(globalThis, 'setImmediate');
  const result = await run();
  const turns = immediate.mock.calls.length;
  vi.restoreAllMocks();
  return { result, turns };
}

afterEach(() => vi.restoreAllMocks());

function* counting(n: number, log: string[]): Steps<number> {
  for (let i = 0; i < n; i++) {
    log.push(`step ${i}`);
    yield;
  }
  return n;
}

describe('steps', () => {
  it('runSteps runs to the end at once', () => {
    const log: string[] = [];
    expect(runSteps(counting(3, log))).toBe(3);
    expect(log).toEqual(['step 0', 'step 1', 'step 2']);
  });

  it('runStepsSliced lets other tasks run between slices and returns the same result', async () => {
    const log: string[] = [];
    // A slice of 0 ms ends after every step: a task queued before the run gets in after the first.
    setImmediate(() => log.push('other task'));
    expect(await runStepsSliced(counting(3, log), 0)).toBe(3);
    expect(log).toEqual(['step 0', 'other task', 'step 1', 'step 2']);
  });
});

describe('sliceTurns (an async loop in slices: the review diagnostics, the Test Explorer rebuild)', () => {
  it('lets the event loop turn once a slice is used up, and not before', async () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const log: string[] = [];
    const turn = sliceTurns(8);
    setImmediate(() => log.push('other task'));
    // 3 units of 3 ms: the third ends the 8 ms slice, so the other task runs before the fourth.
    for (let i = 0; i < 5; i++) {
      log.push(`unit ${i}`);
      now += 3;
      await turn();
    }
    expect(log).toEqual(['unit 0', 'unit 1', 'unit 2', 'other task', 'unit 3', 'unit 4']);
  });

  it('a records text parsed in slices gives what the synchronous parse gives', async () => {
    const path = join(SAMPLES, 'intent.records.jsonl');
    const text = readFileSync(path, 'utf8');
    const { result, turns } = await turnsDuring(() => parseRecordsTextSliced(path, text));
    expect(result).toEqual(parseRecordsText(path, text));
    expect(turns).toBeGreaterThanOrEqual(result.items.length - 1);
  });
});

describe('records and plans files parsed in slices', () => {
  it('a records file: same items and diagnostics as the synchronous parse, with event-loop turns between records', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'il-sliced-'));
    const one = readFileSync(join(SAMPLES, 'intent.records.jsonl'), 'utf8').split('\n').filter(Boolean);
    // Many records (ids made unique) and one bad line, so diagnostics are compared too.
    const lines = Array.from({ length: 200 }, (_, i) => {
      const r = JSON.parse(one[i % one.length]!) as { task_id: string };
      return JSON.stringify({ ...r, task_id: `${r.task_id}-${i}` });
    });
    lines.splice(7, 0, '{"task_id": broken');
    const path = join(dir, 'many.records.jsonl');
    writeFileSync(path, lines.join('\n') + '\n');
    const { result, turns } = await turnsDuring(() => loadRecordsFile(path));
    const sync = parseRecordsText(path, readFileSync(path, 'utf8'));
    expect(result.items.length).toBe(200);
    expect(result).toEqual(sync);
    expect(result.diagnostics.some((d) => d.code === 'json-syntax' && d.line === 8)).toBe(true);
    // With a clock that moves 10 ms a read, each record is a slice of its own.
    expect(turns).toBeGreaterThanOrEqual(100);
  });

  it('a plans file: same result as the synchronous parse, in slices', async () => {
    const name = readdirSync(join(SAMPLES, 'evolving')).find((n) => n.endsWith('.evolving.jsonl'));
    expect(name).toBeDefined();
    const path = join(SAMPLES, 'evolving', name!);
    const { result, turns } = await turnsDuring(() => loadEvolvingFile(path));
    const sync = parseEvolvingText(path, readFileSync(path, 'utf8'));
    expect(result.items.length).toBeGreaterThan(1);
    expect(result).toEqual(sync);
    expect(turns).toBeGreaterThanOrEqual(result.items.length - 1);
  });
});
