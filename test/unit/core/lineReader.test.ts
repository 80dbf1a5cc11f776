// The line reader reads one chunk ahead (src/core/jsonl/readAhead.ts). These tests hold it to what
// the index relies on: every line with its exact offsets, at every chunk size (lines across chunk
// edges, a tail longer than the carry room), a file that grows while it is read, an early stop.
import { afterEach, describe, expect, it } from 'vitest';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLineBytes, readLines, type RawLine } from '../../../src/core/jsonl/lineReader';
import { ReadAhead } from '../../../src/core/jsonl/readAhead';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function file(content: Buffer | string): string {
  const d = mkdtempSync(join(tmpdir(), 'il-lines-'));
  dirs.push(d);
  const p = join(d, 'log.jsonl');
  writeFileSync(p, content);
  return p;
}

/** A seeded generator, so a failure names its case. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** What the reader must give for `bytes`: the lines split by hand. */
function expected(bytes: Buffer, maxLine: number): Array<Omit<RawLine, 'text' | 'invalidUtf8'> & { text: string }> {
  const out: Array<Omit<RawLine, 'text' | 'invalidUtf8'> & { text: string }> = [];
  let start = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  let line = 1;
  while (start < bytes.length) {
    const nl = bytes.indexOf(10, start);
    const terminated = nl >= 0;
    const end = terminated ? nl : bytes.length;
    const next = terminated ? nl + 1 : bytes.length;
    if (end - start > maxLine) {
      out.push({ line, offset: start, length: end - start, text: '', terminated, next, tooLong: true });
    } else {
      const lineEnd = terminated && end > start && bytes[end - 1] === 13 ? end - 1 : end;
      out.push({
        line,
        offset: start,
        length: lineEnd - start,
        text: bytes.toString('utf8', start, lineEnd),
        terminated,
        next,
      });
    }
    line++;
    start = next;
  }
  return out;
}

function randomLog(rand: () => number, longLines = true): Buffer {
  const parts: string[] = [];
  if (rand() < 0.3) parts.push('\ufeff');
  const n = Math.floor(rand() * 40);
  for (let i = 0; i < n; i++) {
    const len = longLines && rand() < 0.1 ? Math.floor(rand() * 200_000) : Math.floor(rand() * 300);
    const text = JSON.stringify({ conv_id: `c${i}`, body: 'é✓ab'.repeat(Math.ceil(len / 4)).slice(0, len) });
    parts.push(rand() < 0.2 ? '' : text, rand() < 0.3 ? '\r\n' : '\n');
  }
  if (rand() < 0.5) parts.push('{"unterminated": true');
  return Buffer.from(parts.join(''), 'utf8');
}

describe('readLines, read one chunk ahead', () => {
  it('gives every line with its offsets at any chunk size, line limit and content', async () => {
    for (let seed = 1; seed <= 60; seed++) {
      const rand = lcg(seed);
      const chunkSize = [1, 2, 7, 64, 4096, 65_536, 1 << 20][seed % 7]!;
      // Lines over the carry room (64 KB) where a read is not a few bytes (each is a thread-pool trip).
      const bytes = randomLog(rand, chunkSize >= 4096);
      const p = file(bytes);
      const maxLineBytes = seed % 3 === 0 ? 1000 : 256 * 1024 * 1024;
      const got: unknown[] = [];
      for await (const l of readLines(p, { chunkSize, maxLineBytes })) got.push({ ...l });
      expect(got, `seed ${seed}, chunk ${chunkSize}`).toEqual(expected(bytes, maxLineBytes));
    }
  });

  it('starts at an offset and reads bytes the same way as text', async () => {
    const bytes = randomLog(lcg(99));
    const p = file(bytes);
    const all = expected(bytes, 1 << 28);
    const from = all[Math.floor(all.length / 2)]!;
    const got: Array<{ line: number; offset: number; text: string }> = [];
    for await (const l of readLineBytes(p, { startOffset: from.offset, startLine: from.line, chunkSize: 333 }))
      got.push({ line: l.line, offset: l.offset, text: l.bytes.toString('utf8') });
    expect(got).toEqual(
      all.filter((l) => l.offset >= from.offset).map((l) => ({ line: l.line, offset: l.offset, text: l.text })),
    );
  });

  it('reads on into lines appended while it reads (a log still being written)', async () => {
    const p = file('{"a":1}\n{"a":2}\n{"a":3}\n');
    const texts: string[] = [];
    for await (const l of readLines(p, { chunkSize: 4 })) {
      texts.push(l.text);
      if (texts.length === 1) appendFileSync(p, '{"a":4}\n{"a":5}');
    }
    expect(texts).toEqual(['{"a":1}', '{"a":2}', '{"a":3}', '{"a":4}', '{"a":5}']);
  });

  it('stops early without an unhandled failure and closes the file', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const p = file('x\n'.repeat(100_000));
      for (let i = 0; i < 20; i++) {
        for await (const l of readLines(p, { chunkSize: 64 })) if (l.line === 3) break;
      }
      const controller = new AbortController();
      const reading = (async () => {
        for await (const l of readLines(p, { chunkSize: 64, signal: controller.signal }))
          if (l.line === 5) controller.abort();
      })();
      await expect(reading).rejects.toThrow();
      await new Promise((r) => setImmediate(r));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('ReadAhead', () => {
  it('hands out the file in order whatever the size of each request', async () => {
    const bytes = Buffer.from(Array.from({ length: 20_000 }, (_, i) => i % 251));
    const p = file(bytes);
    const rand = lcg(7);
    for (const chunk of [1, 10, 4096, 100_000]) {
      const fh = await open(p, 'r');
      try {
        const source = new ReadAhead(fh, chunk, 123);
        const into = Buffer.alloc(bytes.length);
        let at = 0;
        for (;;) {
          const n = await source.read(into, at, 1 + Math.floor(rand() * 5000));
          if (n === 0) break;
          at += n;
        }
        await source.settle();
        expect(at).toBe(bytes.length - 123);
        expect(into.subarray(0, at).equals(bytes.subarray(123)), `chunk ${chunk}`).toBe(true);
      } finally {
        await fh.close();
      }
    }
  });

  it('passes a failed read to the reader', async () => {
    const p = file('abc');
    const fh = await open(p, 'r');
    const source = new ReadAhead(fh, 2, 0);
    expect(await source.read(Buffer.alloc(2), 0, 2)).toBe(2);
    await source.settle();
    await fh.close();
    await expect(source.read(Buffer.alloc(2), 0, 2)).rejects.toThrow();
  });
});
