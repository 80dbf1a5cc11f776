// Concurrent and unusual writes of a records file (issue #17, item 6): 20 `review` processes at
// once on different records of one file, a symlinked file, a hard-linked file, file modes, bytes
// that are not UTF-8 on untouched lines, and temp/lock files left by a killed writer.
import { beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  linkSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRecordsText } from '../../../src/core/load/recordsFile';
import { readSnapshot, replaceFile, updateFile, writeAtomic } from '../../../src/core/edit/fileStore';
import { removeHeldFilesSync } from '../../../src/core/edit/exitCleanup';
import { withFileLock, FileLockedError } from '../../../src/core/edit/fileLock';
import { bundleCli } from './cliBundle';

const posix = process.platform !== 'win32';
const rec = (id: string) =>
  `{"task_id": "${id}", "task": "math", "shards": [{"shard_id": 1, "shard": "4 bags"}], "intent": {"shard_id": 1, "requirement": "bags", "original": "4 bags", "revised": "2 bags", "proposal": "use 2 bags?", "accept": "yes", "reject": "no", "neutral": ["a?", "b?"], "single_turn": {"original": "4 bags", "direct_revised": "2 bags"}, "reference": {"original": 4, "revised": 2}}}`;

let cli: string;
beforeAll(async () => {
  cli = await bundleCli();
});

function folder(): string {
  return mkdtempSync(join(tmpdir(), 'il-adv-edit-'));
}

function review(file: string, id: string, status = 'approved'): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [cli, 'review', file, '--task-id', id, '--status', status, '--by', 'tester'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    p.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    p.on('close', (code) => resolve({ code, stderr }));
  });
}

const reviewed = (file: string) =>
  Object.fromEntries(
    parseRecordsText(file, readFileSync(file, 'utf8')).items.map((i) => [
      i.value.task_id,
      i.value.intent?.review?.status ?? null,
    ]),
  );

describe('concurrent reviews', () => {
  it('20 review processes on different records of one file all land', async () => {
    const dir = folder();
    const f = join(dir, 'many.records.jsonl');
    const ids = Array.from({ length: 20 }, (_, i) => `t${i}`);
    writeFileSync(f, ids.map(rec).join('\n') + '\n');
    const results = await Promise.all(ids.map((id) => review(f, id)));
    for (const r of results) expect(r.code, r.stderr).toBe(0);
    expect(reviewed(f)).toEqual(Object.fromEntries(ids.map((id) => [id, 'approved'])));
    // No lock or temp file is left behind.
    expect(readdirSync(dir)).toEqual(['many.records.jsonl']);
  }, 120_000);

  it('in-process updates of one file are serialised by the lock, none lost', async () => {
    const dir = folder();
    const f = join(dir, 'counter.txt');
    writeFileSync(f, '0\n');
    await Promise.all(
      Array.from({ length: 25 }, () =>
        updateFile(f, (snap) => ({ text: `${Number(snap.text.trim()) + 1}\n`, result: undefined })),
      ),
    );
    expect(readFileSync(f, 'utf8')).toBe('25\n');
  });

  it('a held lock makes a writer wait, then give up with a clear message', async () => {
    const dir = folder();
    const f = join(dir, 'a.txt');
    writeFileSync(f, 'x\n');
    await withFileLock(f, async () => {
      await expect(updateFile(f, () => ({ text: 'y\n', result: 0 }), { timeoutMs: 200 })).rejects.toBeInstanceOf(
        FileLockedError,
      );
    });
    expect(readFileSync(f, 'utf8')).toBe('x\n');
  });
});

describe.skipIf(!posix)('links, modes and bytes', () => {
  it('writing through a symlink edits the target and keeps the link', async () => {
    const dir = folder();
    const target = join(dir, 'real.records.jsonl');
    const link = join(dir, 'link.records.jsonl');
    writeFileSync(target, `${rec('a')}\n${rec('b')}\n`);
    symlinkSync(target, link);
    expect((await review(link, 'b', 'rejected')).code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(reviewed(target)).toEqual({ a: null, b: 'rejected' });
  });

  it('a hard-linked file is edited in place: every name sees the edit, the inode stays', async () => {
    const dir = folder();
    const a = join(dir, 'a.records.jsonl');
    const b = join(dir, 'b.records.jsonl');
    writeFileSync(a, `${rec('x')}\n`);
    linkSync(a, b);
    const inode = statSync(a).ino;
    expect((await review(b, 'x')).code).toBe(0);
    expect(statSync(a).ino).toBe(inode);
    expect(statSync(b).ino).toBe(inode);
    expect(statSync(a).nlink).toBe(2);
    expect(reviewed(a)).toEqual({ x: 'approved' });
    expect(readdirSync(dir).sort()).toEqual(['a.records.jsonl', 'b.records.jsonl']);
  });

  it('the file mode is kept', async () => {
    const dir = folder();
    const f = join(dir, 'm.records.jsonl');
    writeFileSync(f, `${rec('x')}\n`);
    chmodSync(f, 0o640);
    expect((await review(f, 'x')).code).toBe(0);
    expect(statSync(f).mode & 0o777).toBe(0o640);
  });

  it('a new file (score --out) gets the usual mode, not the private mode of the temp file', async () => {
    const dir = folder();
    const f = join(dir, 'new.jsonl');
    await replaceFile(f, async (sink) => sink.write('x\n'));
    const umask = process.umask();
    expect(statSync(f).mode & 0o777).toBe(0o666 & ~umask);
  });

  it('untouched lines keep their exact bytes even when they are not valid UTF-8', async () => {
    const dir = folder();
    const f = join(dir, 'bytes.records.jsonl');
    const latin1 = Buffer.concat([
      Buffer.from('{"task_id": "l", "task": "math", "shards": [{"shard_id": 1, "shard": "caf'),
      Buffer.from([0xe9, 0xff]),
      Buffer.from('"}]}'),
    ]);
    const before = Buffer.concat([latin1, Buffer.from(`\r\n${rec('x')}\n`), latin1, Buffer.from('\n')]);
    writeFileSync(f, before);
    expect((await review(f, 'x')).code).toBe(0);
    const after = readFileSync(f);
    const lines = (b: Buffer) => {
      const out: Buffer[] = [];
      let s = 0;
      for (let i = b.indexOf(10); i >= 0; s = i + 1, i = b.indexOf(10, s)) out.push(b.subarray(s, i));
      return out;
    };
    const [b0, b1, b2] = lines(before);
    const [a0, a1, a2] = lines(after);
    expect(a0!.equals(b0!)).toBe(true);
    expect(a2!.equals(b2!)).toBe(true);
    expect(a1!.equals(b1!)).toBe(false);
    expect(JSON.parse(a1!.toString('utf8')).intent.review.status).toBe('approved');
  });
});

describe.skipIf(!posix)('killed writers', () => {
  it('a temp file and a lock left by a killed writer are cleaned by the next write', async () => {
    const dir = folder();
    const f = join(dir, 'k.records.jsonl');
    writeFileSync(f, `${rec('x')}\n`);
    // A real process id that has exited: what a SIGKILLed writer leaves behind.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const pid = Number(dead.stdout);
    const { hostname } = await import('node:os');
    writeFileSync(join(dir, `.k.records.jsonl.${pid}.0badf00d.tmp`), 'half a wri');
    writeFileSync(`${f}.lock`, JSON.stringify({ pid, host: hostname(), at: Date.now() }));
    expect((await review(f, 'x')).code).toBe(0);
    expect(readdirSync(dir)).toEqual(['k.records.jsonl']);
    expect(reviewed(f)).toEqual({ x: 'approved' });
  });

  it('an interrupted writer (SIGINT/SIGTERM handler) removes its own temp and lock files', async () => {
    const dir = folder();
    const f = join(dir, 's.jsonl');
    writeFileSync(f, 'old\n');
    let reached!: () => void;
    const inside = new Promise<void>((r) => (reached = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const writing = replaceFile(f, async (sink) => {
      await sink.write('new\n');
      reached();
      await gate;
    });
    await inside;
    // Mid-write: a temp file and the lock exist; the CLI's signal handler removes exactly those.
    expect(readdirSync(dir).length).toBe(3);
    removeHeldFilesSync();
    expect(readdirSync(dir)).toEqual(['s.jsonl']);
    release();
    await expect(writing).rejects.toThrow();
    expect(readFileSync(f, 'utf8')).toBe('old\n');
  });

  it('writeAtomic refuses a file changed by a program that does not lock, and cleans its temp', async () => {
    const dir = folder();
    const f = join(dir, 'c.txt');
    writeFileSync(f, 'one\n');
    const snap = await readSnapshot(f);
    writeFileSync(f, 'two\n');
    await expect(writeAtomic(snap, 'three\n')).rejects.toThrow(/changed on disk/);
    expect(readFileSync(f, 'utf8')).toBe('two\n');
    expect(readdirSync(dir)).toEqual(['c.txt']);
  });
});
