// Hostile folders and files for the loaders and the `score`/`stats`/`validate` reading paths
// (issue #17, item 5): a FIFO, /dev/zero behind a symlink, symlink loops, dangling links, a line
// over the length limit, invalid UTF-8, a bad `.json` array element, invalid lines and repeated
// conv_ids, a hostile db_id, and CLI argument errors. Each asserts the safe outcome: a located
// diagnostic, the rest still loaded, nothing hangs.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findDataFiles, detectFileKind } from '../../../src/core/load/dataFiles';
import { RunLogIndex } from '../../../src/core/load/runLogIndex';
import { loadRecordsFile, parseRecordsText } from '../../../src/core/load/recordsFile';
import { validatePaths } from '../../../src/core/load/validateFiles';
import { readLines } from '../../../src/core/jsonl/lineReader';
import { locateDatabase } from '../../../src/core/verify/database/databaseVerifier';
import scoreCommand from '../../../src/cli/scoreCommand';
import statsCommand from '../../../src/cli/statsCommand';
import { main } from '../../../src/cli';
import { bundleCli } from './cliBundle';

const repoRoot = resolve(__dirname, '../../..');
const posix = process.platform !== 'win32';
const conv = (id: string, answer = '42') =>
  JSON.stringify({
    conv_id: id,
    task: 'math',
    task_id: 'sample-math/muffin-trays',
    mode: 'multi',
    condition: 'original',
    trace: [
      { role: 'user', content: 'q' },
      { role: 'assistant', content: answer },
    ],
  });

function folder(): string {
  return mkdtempSync(join(tmpdir(), 'il-adv-load-'));
}

/** Runs a CLI command in-process and captures stdout and stderr. */
async function capture(run: () => Promise<number>): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const o = vi
    .spyOn(process.stdout, 'write')
    .mockImplementation((c: string | Uint8Array) => ((out += String(c)), true));
  const e = vi
    .spyOn(process.stderr, 'write')
    .mockImplementation((c: string | Uint8Array) => ((err += String(c)), true));
  try {
    return { code: await run(), out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}
afterEach(() => vi.restoreAllMocks());

describe.skipIf(!posix)('non-regular files and links in a logs folder', () => {
  let dir: string;
  beforeAll(() => {
    dir = folder();
    const logs = join(dir, 'logs');
    mkdirSync(logs);
    writeFileSync(join(logs, 'good.jsonl'), `${conv('c1')}\n${conv('c2')}\n`);
    execFileSync('mkfifo', [join(logs, 'pipe.jsonl')]);
    symlinkSync('/dev/zero', join(logs, 'zero.jsonl'));
    symlinkSync(join(logs, 'loop-b.jsonl'), join(logs, 'loop-a.jsonl'));
    symlinkSync(join(logs, 'loop-a.jsonl'), join(logs, 'loop-b.jsonl'));
    symlinkSync(join(logs, 'missing.jsonl'), join(logs, 'dangling.jsonl'));
    symlinkSync(logs, join(logs, 'again')); // a folder link back to itself
  });

  it('lists the good file and a located diagnostic for each bad entry, without hanging', async () => {
    const { files, diagnostics } = await findDataFiles([join(dir, 'logs')]);
    expect(files.map((f) => f.slice(dir.length))).toEqual(['/logs/good.jsonl']);
    const byName = Object.fromEntries(diagnostics.map((d) => [d.file.slice(dir.length + 6), d.code]));
    expect(byName).toEqual({
      'pipe.jsonl': 'not-a-file',
      'zero.jsonl': 'not-a-file',
      'loop-a.jsonl': 'symlink-loop',
      'loop-b.jsonl': 'symlink-loop',
      'dangling.jsonl': 'dangling-link',
      again: 'symlink-loop',
    });
    for (const d of diagnostics) expect(d.line).toBe(1);
  });

  it('the run-log index refuses a FIFO and /dev/zero with a diagnostic, never blocks on them', async () => {
    const index = new RunLogIndex();
    for (const name of ['pipe.jsonl', 'zero.jsonl', 'loop-a.jsonl', 'dangling.jsonl']) {
      const r = await index.indexFile(join(dir, 'logs', name));
      expect(r.added).toEqual([]);
      expect(r.diagnostics[0]?.code).toBe('not-a-file');
    }
    expect((await index.indexFile(join(dir, 'logs', 'good.jsonl'))).added).toHaveLength(2);
    await expect(loadRecordsFile(join(dir, 'logs', 'pipe.jsonl'))).rejects.toThrow(/named pipe/);
    await expect(detectFileKind(join(dir, 'logs', 'zero.jsonl'))).resolves.toBeUndefined();
  });

  it('validate, score and stats still load the rest of the folder', async () => {
    const v = await validatePaths([join(dir, 'logs')]);
    expect(v.filter((f) => f.kind === 'logs').map((f) => f.items)).toEqual([2]);
    expect(
      v
        .flatMap((f) => f.diagnostics)
        .map((d) => d.code)
        .sort(),
    ).toEqual(['dangling-link', 'not-a-file', 'not-a-file', 'symlink-loop', 'symlink-loop', 'symlink-loop']);
    const s = await capture(() =>
      scoreCommand.run([
        '--records',
        join(repoRoot, 'samples/intent.records.jsonl'),
        '--logs',
        join(dir, 'logs'),
        '--json',
      ]),
    );
    expect(s.code).toBe(0);
    expect((JSON.parse(s.out) as { summary: { conversations: number } }).summary.conversations).toBe(2);
    const st = await capture(() =>
      statsCommand.run([
        '--records',
        join(repoRoot, 'samples/intent.records.jsonl'),
        '--logs',
        join(dir, 'logs'),
        '--json',
      ]),
    );
    expect(st.code).toBe(0);
    expect(st.err).toMatch(/2 conversation\(s\) in 1 file/);
    expect(st.err).toMatch(/6 unreadable path/);
  });
});

describe('line length limit', () => {
  it('a line over the configured limit is a located diagnostic; reading stays bounded and the next lines load', async () => {
    const dir = folder();
    const f = join(dir, 'big.jsonl');
    // 300 KB line under a 64 KB limit (stands in for a 300 MB line under the 256 MB default).
    const huge = JSON.stringify({
      conv_id: 'huge',
      task: 'math',
      task_id: 't',
      trace: [{ role: 'assistant', content: 'x'.repeat(300_000) }],
    });
    writeFileSync(f, `${conv('c1')}\n${huge}\n${conv('c2')}\n`);
    const lines = [];
    for await (const l of readLines(f, { maxLineBytes: 64 * 1024, chunkSize: 4096 })) lines.push(l);
    expect(lines.map((l) => [l.line, l.tooLong ?? false, l.text.length > 0])).toEqual([
      [1, false, true],
      [2, true, false],
      [3, false, true],
    ]);
    expect(lines[1]!.length).toBe(Buffer.byteLength(huge));
    const index = new RunLogIndex({ maxLineBytes: 64 * 1024 });
    const r = await index.indexFile(f);
    expect(r.added.map((c) => c.conv_id)).toEqual(['c1', 'c2']);
    expect(r.diagnostics).toMatchObject([{ line: 2, code: 'line-too-long', severity: 'error' }]);
    // score reports it, and --out copies the long line byte for byte without parsing it.
    const out = join(dir, 'out.jsonl');
    const s = await capture(() =>
      scoreCommand.run([
        '--records',
        join(repoRoot, 'samples/intent.records.jsonl'),
        '--logs',
        f,
        '--max-line-bytes',
        '64K',
        '--out',
        out,
        '--json',
      ]),
    );
    const report = JSON.parse(s.out) as {
      summary: { conversations: number; invalid_lines: number };
      diagnostics: Array<{ line: number; code: string }>;
    };
    expect(report.summary).toMatchObject({ conversations: 2, invalid_lines: 1 });
    expect(report.diagnostics).toContainEqual(expect.objectContaining({ line: 2, code: 'line-too-long' }));
    expect(readFileSync(out, 'utf8').split('\n')[1]).toBe(huge);
  });
});

describe('encoding and partial damage', () => {
  it('invalid UTF-8 is a located warning and the line still loads', async () => {
    const dir = folder();
    const f = join(dir, 'latin1.jsonl');
    writeFileSync(
      f,
      Buffer.concat([
        Buffer.from(
          `${conv('c1')}\n{"conv_id": "c2", "task": "math", "task_id": "t", "trace": [{"role": "assistant", "content": "caf`,
        ),
        Buffer.from([0xe9, 0xff]),
        Buffer.from('"}]}\n'),
      ]),
    );
    const r = await new RunLogIndex().indexFile(f);
    expect(r.added.map((c) => c.conv_id)).toEqual(['c1', 'c2']);
    expect(r.diagnostics).toMatchObject([{ line: 2, code: 'invalid-utf8', severity: 'warning' }]);
    const rec = join(dir, 'x.records.jsonl');
    writeFileSync(
      rec,
      Buffer.concat([
        Buffer.from('{"task_id": "a", "task": "math", "shards": [{"shard_id": 1, "shard": "caf'),
        Buffer.from([0xe9]),
        Buffer.from('"}]}\n'),
      ]),
    );
    const loaded = await loadRecordsFile(rec);
    expect(loaded.items).toHaveLength(1);
    expect(loaded.diagnostics).toMatchObject([{ line: 1, code: 'invalid-utf8' }]);
  });

  it('a .json array with one bad element keeps its good elements and locates the bad one', async () => {
    const dir = folder();
    const good = (id: string) => `{"task_id": "${id}", "task": "math", "shards": [{"shard_id": 1, "shard": "s"}]}`;
    const text = `[\n  ${good('a')},\n  {"task_id": "b", "task": "math", "shards": [,]},\n  ${good('c')}\n]\n`;
    const f = join(dir, 'three.records.json');
    writeFileSync(f, text);
    const loaded = parseRecordsText(f, text);
    expect(loaded.items.map((i) => i.value.task_id)).toEqual(['a', 'c']);
    expect(loaded.diagnostics).toMatchObject([{ line: 3, code: 'json-syntax' }]);
    // The kind is still detected from a good element, so validate reports it as records.
    const logs = join(dir, 'runs.json');
    writeFileSync(logs, `[${conv('c1')},\n{"conv_id": "c2", "task": "math", "trace": [,]}, \n${conv('c3')}]`);
    expect(await detectFileKind(logs)).toBe('logs');
    const r = await new RunLogIndex().indexFile(logs);
    expect(r.added.map((c) => c.conv_id)).toEqual(['c1', 'c3']);
    expect(r.diagnostics).toMatchObject([{ line: 2, code: 'json-syntax' }]);
  });

  it('score and stats report invalid lines and repeated conv_ids, counting each conversation once', async () => {
    const dir = folder();
    const f = join(dir, 'dups.jsonl');
    writeFileSync(
      f,
      `${conv('c1')}\n{"conv_id": "broken"\n${conv('c1', '7')}\n{"conv_id": "c9", "task": "math"}\n${conv('c2')}\n`,
    );
    const s = await capture(() =>
      scoreCommand.run(['--records', join(repoRoot, 'samples/intent.records.jsonl'), '--logs', f, '--json']),
    );
    const report = JSON.parse(s.out) as {
      conversations: Array<{ conv_id: string }>;
      summary: { conversations: number; invalid_lines: number; duplicate_conv_ids: number };
      diagnostics: Array<{ line: number; code: string }>;
    };
    expect(report.conversations.map((c) => c.conv_id)).toEqual(['c1', 'c2']);
    expect(report.summary).toMatchObject({ conversations: 2, invalid_lines: 2, duplicate_conv_ids: 1 });
    expect(report.diagnostics.map((d) => [d.line, d.code])).toEqual([
      [2, 'json-syntax'],
      [3, 'duplicate-conv-id'],
      [4, 'schema'],
    ]);
    const text = await capture(() =>
      scoreCommand.run(['--records', join(repoRoot, 'samples/intent.records.jsonl'), '--logs', f]),
    );
    expect(text.err).toContain(`${f}:3:1: error duplicate-conv-id`);
    expect(text.out).toMatch(/skipped 2 invalid line\(s\) and 1 repeated conv_id/);
    const st = await capture(() => statsCommand.run(['--logs', f, '--json']));
    expect(st.err).toMatch(/skipped 2 invalid line\(s\), 1 repeated conv_id\(s\)/);
    expect(st.err).toMatch(/2 conversation\(s\) in 1 file/);
  });

  it('a record whose tool schema would crash the actions verifier does not validate', () => {
    const rec = (params: string) =>
      `{"task_id": "x", "task": "actions", "shards": [{"shard_id": 1, "shard": "s"}], "function": [{"name": "f", "parameters": ${params}}]}`;
    expect(
      parseRecordsText('a.records.jsonl', rec('{"properties": {"n": {"type": "integer"}}, "required": ["n"]}')).items,
    ).toHaveLength(1);
    for (const bad of ['{"properties": "n"}', '{"properties": {"n": null}}', '{"required": "n"}', '"dict"']) {
      const r = parseRecordsText('a.records.jsonl', rec(bad));
      expect(r.items, bad).toHaveLength(0);
      expect(r.diagnostics[0]?.path).toMatch(/^function\[0\]\.parameters/);
    }
  });
});

describe('db_id stays inside the databases folder', () => {
  it('refuses ../, absolute paths and symlinks out; finds a real database', () => {
    const dir = folder();
    const dbs = join(dir, 'databases');
    mkdirSync(join(dbs, 'ok'), { recursive: true });
    writeFileSync(join(dbs, 'ok', 'ok.sqlite'), '');
    writeFileSync(join(dir, 'secret.sqlite'), '');
    mkdirSync(join(dir, 'outside'));
    writeFileSync(join(dir, 'outside', 'outside.sqlite'), '');
    expect(locateDatabase(dbs, 'ok')).toBe(join(dbs, 'ok', 'ok.sqlite'));
    expect(locateDatabase(dbs, '../secret')).toBeUndefined();
    expect(locateDatabase(dbs, join(dir, 'secret'))).toBeUndefined();
    expect(locateDatabase(dbs, '..')).toBeUndefined();
    if (posix) {
      symlinkSync(join(dir, 'outside'), join(dbs, 'outside'));
      symlinkSync(join(dir, 'secret.sqlite'), join(dbs, 'leak.sqlite'));
      expect(existsSync(join(dbs, 'outside', 'outside.sqlite'))).toBe(true);
      expect(locateDatabase(dbs, 'outside')).toBeUndefined();
      expect(locateDatabase(dbs, 'leak')).toBeUndefined();
    }
  });
});

describe('CLI argument errors', () => {
  it('are one line with exit code 2, never a stack trace (in-process and as a real process)', async () => {
    for (const args of [
      ['score', '--bogus'],
      ['stats', '--logs'],
      ['score', '--records', 'r', '--logs', 'l', '--max-line-bytes', 'lots'],
      ['review', 'a', 'b'],
    ]) {
      const r = await capture(() => main(args));
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
    const cli = await bundleCli();
    const p = spawnSync(process.execPath, [cli, 'score', '--nope'], { encoding: 'utf8' });
    expect(p.status).toBe(2);
    expect(p.stderr.trim().split('\n')).toHaveLength(1);
    expect(p.stderr).toMatch(/^intent-lens score: Unknown option '--nope'/);
  });
});
