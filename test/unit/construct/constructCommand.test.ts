import { describe, it, expect, vi } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli';
import { validatePaths } from '../../../src/core/load/validateFiles';
import { intentRecordCheck } from '../../../src/core/checks/intentRecordCheck';
import { mathSource } from './constructFixtures';

async function capture(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const o = vi
    .spyOn(process.stdout, 'write')
    .mockImplementation((c: string | Uint8Array) => ((out += String(c)), true));
  const e = vi
    .spyOn(process.stderr, 'write')
    .mockImplementation((c: string | Uint8Array) => ((err += String(c)), true));
  try {
    return { code: await main(args), out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

function sourcesFile(): { dir: string; file: string; good: string } {
  const dir = mkdtempSync(join(tmpdir(), 'il-construct-cli-'));
  // Unusual spacing and key order: the written line must keep these bytes.
  const good = JSON.stringify(mathSource(), null, 0).replace('"task":"math"', '"task" :  "math"');
  const withIntent = JSON.stringify({ ...mathSource({ task_id: 'has/1' }), intent: undefined, note: 1 }).replace(
    '"note":1',
    '"intent":{"shard_id":2,"requirement":"r","original":"6 boxes","revised":"3 boxes","proposal":"p 3 boxes","accept":"a","reject":"r","neutral":["x","y"],"single_turn":{"original":"o","direct_revised":"d"},"reference":{"original":18,"revised":9}}',
  );
  const lines = [
    good,
    withIntent,
    JSON.stringify({ task_id: 'odd/1', task: 'poetry', shards: [{ shard_id: 1, shard_text: 'x' }] }),
    '{not json',
    JSON.stringify({ ...mathSource({ task_id: 'noanswer/1' }), answer: undefined }),
  ];
  const file = join(dir, 'sources.jsonl');
  writeFileSync(file, lines.join('\n') + '\n');
  return { dir, file, good };
}

describe('construct CLI', () => {
  it('writes one record per constructed source, source bytes kept, byte-identical across runs, valid', async () => {
    const { dir, file, good } = sourcesFile();
    const a = join(dir, 'a.jsonl');
    const b = join(dir, 'b.jsonl');
    const first = await capture(['construct', '--sources', file, '--out', a]);
    expect(first.code).toBe(0);
    expect(first.err).toContain('math: 1/3 constructed');
    expect((await capture(['construct', '--sources', file, '--out', b])).code).toBe(0);
    const written = readFileSync(a, 'utf8');
    expect(readFileSync(b, 'utf8')).toBe(written);
    const lines = written.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.startsWith(good.slice(0, -1) + ',"intent":')).toBe(true);
    const report = await validatePaths([a], { recordChecks: [intentRecordCheck(() => [])] });
    expect(
      report.flatMap((f) => f.diagnostics).filter((d) => d.severity === 'error' || d.severity === 'warning'),
    ).toEqual([]);
    expect(report[0]!.items).toBe(1);
  });
  it('prints every source with its reason and the summary as JSON', async () => {
    const { file } = sourcesFile();
    const { code, out } = await capture(['construct', '--sources', file, '--json']);
    expect(code).toBe(0);
    const json = JSON.parse(out) as {
      sources: Array<{
        task_id: string;
        reason?: string;
        selected: number | null;
        candidates: Array<Record<string, unknown>>;
      }>;
      summary: Record<string, { sources: number; constructed: number; discarded: Record<string, number> }>;
    };
    expect(json.sources.map((s) => [s.task_id, s.reason ?? null])).toEqual([
      ['fixture-math/1', null],
      ['has/1', 'has-intent'],
      ['odd/1', 'unknown-domain'],
      ['line 4', 'invalid-json'],
      ['noanswer/1', 'missing-keys'],
    ]);
    const chosen = json.sources[0]!.candidates[json.sources[0]!.selected!]!;
    expect(Object.keys(chosen)).toEqual(
      expect.arrayContaining(['shard_id', 'requirement', 'original', 'revised', 'reference', 'checks', 'selected']),
    );
    expect(json.summary.math).toEqual({
      sources: 3,
      constructed: 1,
      discarded: { 'has-intent': 1, 'missing-keys': 1 },
      candidatesDiscarded: expect.any(Object),
    });
  });
  it('asks for one candidate with --target/--value', async () => {
    const { file } = sourcesFile();
    const { out } = await capture([
      'construct',
      '--sources',
      file,
      '--json',
      '--task-id',
      'fixture-math/1',
      '--target',
      '12 pencils',
      '--value',
      '24',
    ]);
    const s = (
      JSON.parse(out) as {
        sources: Array<{ selected: number; candidates: Array<{ revised: string; reference: { revised: number } }> }>;
      }
    ).sources[0]!;
    expect([s.candidates[s.selected]!.revised, s.candidates[s.selected]!.reference.revised]).toEqual([
      '24 pencils',
      36,
    ]);
  });
  it('refuses to write over its input', async () => {
    const { file } = sourcesFile();
    const before = readFileSync(file, 'utf8');
    const r = await capture(['construct', '--sources', file, '--out', file]);
    expect(r.code).toBe(2);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
