import { describe, it, expect } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunLogReader, lastAssistantFromLine } from '../../../src/core/load/runLogReader';

const line = (trace: unknown[], extra: Record<string, unknown> = {}) =>
  Buffer.from(JSON.stringify({ conv_id: 'c', trace, ...extra }));

describe('final answer from the end of a log line', () => {
  it('takes the last assistant message, whatever its key order and escapes', () => {
    const tricky = 'She said "role": "assistant" {not json} \\ and "}" ünïcödé';
    const buf = line([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'first' },
      { content: tricky, timestamp: 't', role: 'assistant' },
      { role: 'log', content: { type: 'answer-evaluation', exact_answer: '{"role": "assistant"}' } },
    ]);
    expect(lastAssistantFromLine(buf)).toBe(tricky);
  });

  it('ignores the pattern inside strings and returns undefined without an assistant message', () => {
    expect(lastAssistantFromLine(line([{ role: 'user', content: '"role": "assistant"' }]))).toBeUndefined();
  });

  it('reads answers by offset, falling back to a whole parse', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'il-final-'));
    const a = line([
      { role: 'user', content: 'x' },
      { role: 'assistant', content: 'A1' },
    ]).toString();
    const b = line([{ role: 'user', content: 'y' }]).toString();
    const file = join(dir, 'l.jsonl');
    writeFileSync(file, `${a}\n${b}\n`);
    const r = new RunLogReader();
    expect(await r.lastAnswer({ file, offset: 0, length: Buffer.byteLength(a) })).toBe('A1');
    expect(
      await r.lastAnswer({ file, offset: Buffer.byteLength(a) + 1, length: Buffer.byteLength(b) }),
    ).toBeUndefined();
    await r.close();
  });
});
