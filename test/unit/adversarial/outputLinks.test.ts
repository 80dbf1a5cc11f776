// Issue 40.8: an output path that is, or links to, an input is refused by every command that writes
// (`fork`, `run`, `score --out`, `export-opsd --out`), before any provider call, and the input keeps
// its bytes. One helper (src/cli/outputPath.ts) compares the files the paths name.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtemp, mkdir, readFile, rm, symlink, link, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forkCommand from '../../../src/cli/forkCommand';
import runCommand from '../../../src/cli/runCommand';
import scoreCommand from '../../../src/cli/scoreCommand';
import exportOpsdCommand from '../../../src/cli/exportOpsdCommand';
import { fileIdentity, inputNamedBy, sameIdentity } from '../../../src/cli/outputPath';
import { startFakeServer, type FakeServer } from '../runner/fakeOpenAIServer';
import { mathRecord } from '../runner/runnerFixtures';
import { worldHandler } from '../fork/forkFixtures';

let server: FakeServer;
let dir: string;
let records: string;
let log: string;

async function cli(cmd: { run(a: string[]): Promise<number> }, args: string[]): Promise<number> {
  const w = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const e = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return await cmd.run(args);
  } finally {
    w.mockRestore();
    e.mockRestore();
  }
}

/** Runs `f`, expecting it to be refused with `message`, and checks no provider call and `file` unchanged. */
async function refusedKeeping(file: string, message: RegExp, f: () => Promise<number>): Promise<void> {
  const before = await readFile(file);
  const calls = server.requests.length;
  await expect(f()).rejects.toThrow(message);
  expect((await readFile(file)).equals(before)).toBe(true);
  expect(server.requests.length).toBe(calls);
}

beforeAll(async () => {
  server = await startFakeServer(worldHandler());
  dir = await mkdtemp(join(tmpdir(), 'intent-lens-outlinks-'));
  records = join(dir, 'bench.records.jsonl');
  await writeFile(records, JSON.stringify(mathRecord) + '\n');
  await mkdir(join(dir, 'logs'));
  log = join(dir, 'logs', 'model-a.jsonl');
  const args = [
    '--records',
    records,
    '--task-id',
    mathRecord.task_id,
    '--mode',
    'multi',
    '--condition',
    'retained',
    '--base-url',
    server.baseUrl,
    '--model',
    'asst',
    '--user-model',
    'sim',
    '--out',
    log,
  ];
  expect(await cli(runCommand, args)).toBe(0);
  await symlink(log, join(dir, 'alias.jsonl'));
  await symlink(records, join(dir, 'records-alias.jsonl'));
}, 60_000);
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const parentId = async () => (JSON.parse((await readFile(log, 'utf8')).split('\n')[0]!) as { conv_id: string }).conv_id;
const forkArgs = async (out: string, edit = '--drop-proposal') => [
  '--records',
  records,
  '--logs',
  join(dir, 'logs'),
  '--conv-id',
  await parentId(),
  edit,
  '--base-url',
  server.baseUrl,
  '--model',
  'asst',
  '--user-model',
  'sim',
  '--out',
  out,
];

describe('an output that links to an input is refused', () => {
  it('fork: --out a link to the input log (and the log named directly)', async () => {
    await refusedKeeping(log, /links to the input log .*model-a\.jsonl/, async () =>
      cli(forkCommand, await forkArgs(join(dir, 'alias.jsonl'))),
    );
    await refusedKeeping(log, /is the input log/, async () => cli(forkCommand, await forkArgs(log)));
  });

  it('fork: --out a link to the records file', async () => {
    await refusedKeeping(records, /links to the input .*bench\.records\.jsonl/, async () =>
      cli(forkCommand, await forkArgs(join(dir, 'records-alias.jsonl'))),
    );
  });

  it('fork: a fork log under --logs stays a valid --out, through a link too', async () => {
    const forks = join(dir, 'logs', 'forks.jsonl');
    expect(await cli(forkCommand, await forkArgs(forks))).toBe(0);
    await symlink(forks, join(dir, 'forks-alias.jsonl'));
    const before = (await readFile(forks, 'utf8')).split('\n').filter(Boolean).length;
    const logBefore = await readFile(log);
    expect(await cli(forkCommand, await forkArgs(join(dir, 'forks-alias.jsonl'), '--flip-decision'))).toBe(0);
    expect((await readFile(forks, 'utf8')).split('\n').filter(Boolean).length).toBe(before + 1);
    expect((await readFile(log)).equals(logBefore)).toBe(true);
  });

  it('run: --out a link to the records file', async () => {
    const args = [
      '--records',
      records,
      '--task-id',
      mathRecord.task_id,
      '--mode',
      'single',
      '--base-url',
      server.baseUrl,
      '--model',
      'asst',
      '--out',
      join(dir, 'records-alias.jsonl'),
    ];
    await refusedKeeping(records, /links to the input/, () => cli(runCommand, args));
  });

  it('score: --out a link to the records file or to the input log', async () => {
    await refusedKeeping(records, /links to the input/, () =>
      cli(scoreCommand, ['--records', records, '--logs', log, '--out', join(dir, 'records-alias.jsonl')]),
    );
    await refusedKeeping(log, /links to the input/, () =>
      cli(scoreCommand, ['--records', records, '--logs', join(dir, 'logs'), '--out', join(dir, 'alias.jsonl')]),
    );
  });

  it('export-opsd: --out a link to the input log', async () => {
    await refusedKeeping(log, /links to the input/, () =>
      cli(exportOpsdCommand, ['--records', records, '--logs', log, '--out', join(dir, 'alias.jsonl')]),
    );
  });
});

describe('outputPath', () => {
  it('names a hard link, a symbolic link and a dotted path as the same file; a new path as none', async () => {
    const hard = join(dir, 'hard.jsonl');
    await link(log, hard);
    expect(await inputNamedBy(hard, [log])).toBe(log);
    expect(await inputNamedBy(join(dir, 'logs', '..', 'alias.jsonl'), [join(dir, 'other.jsonl'), log])).toBe(log);
    expect(await inputNamedBy(join(dir, 'new.jsonl'), [log])).toBeUndefined();
    expect(sameIdentity(await fileIdentity(records), await fileIdentity(log))).toBe(false);
  });
});
