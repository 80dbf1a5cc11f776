// `--follow-db-links` on `score`, `validate`, `run` and `fork`: a databases folder whose entries link
// to a download elsewhere is refused (and said to be a link) without it, and used with it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import scoreCommand from '../../../src/cli/scoreCommand';
import validateCommand from '../../../src/cli/validateCommand';
import runCommand from '../../../src/cli/runCommand';
import forkCommand from '../../../src/cli/forkCommand';
import { startFakeServer, eligibleShardsInPrompt, type FakeServer } from '../runner/fakeOpenAIServer';

const ROOT = resolve(__dirname, '../../..');
const ANSWER = '```sql\nSELECT title FROM book WHERE year < 1950\n```';
const LINK_MESSAGE = 'is a link to outside the databases folder';

const dir = mkdtempSync(join(tmpdir(), 'intent-lens-dblinks-cli-'));
const records = join(dir, 'db.records.jsonl');
const recordLine = readFileSync(join(ROOT, 'samples/intent.records.jsonl'), 'utf8')
  .split('\n')
  .find((l) => /"task":\s*"database"/.test(l))!;
const record = JSON.parse(recordLine) as { task_id: string; db_id: string };
writeFileSync(records, recordLine + '\n');
// The Spider-like layout: databases/<db_id> is a link to the download (here: the samples folder).
const databases = join(dir, 'databases');
mkdirSync(databases);
symlinkSync(join(ROOT, 'samples/databases', record.db_id), join(databases, record.db_id));

async function cli(cmd: { run(a: string[]): Promise<number> }, args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const w = vi
    .spyOn(process.stdout, 'write')
    .mockImplementation((c: string | Uint8Array) => ((out += String(c)), true));
  const e = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return { code: await cmd.run(args), out };
  } finally {
    w.mockRestore();
    e.mockRestore();
  }
}

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer((req) => {
    if (req.body.model !== 'sim') return { kind: 'chat', text: ANSWER };
    const s = eligibleShardsInPrompt(req.body.messages[0]!.content)[0];
    return {
      kind: 'chat',
      text: JSON.stringify(
        s ? { response: `also ${s.shard}`, shard_id: s.shard_id } : { response: 'that is all', shard_id: -1 },
      ),
    };
  });
});
afterAll(() => server.close());

describe('--follow-db-links', () => {
  it('score: a linked database is named as a link without it, and scored with it', async () => {
    const log = join(dir, 'scored.jsonl');
    const conv = {
      conv_id: 'db1',
      task: 'database',
      task_id: record.task_id,
      assistant_model: 'm',
      mode: 'multi',
      condition: 'original',
      trace: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: ANSWER },
      ],
      is_correct: true,
    };
    writeFileSync(log, JSON.stringify(conv) + '\n');
    type Report = { conversations: Array<{ is_correct: boolean | null; details: { message: string } }> };
    const refused = JSON.parse(
      (await cli(scoreCommand, ['--records', records, '--logs', log, '--databases', databases, '--json'])).out,
    ) as Report;
    expect(refused.conversations[0]!.is_correct).toBeNull();
    expect(refused.conversations[0]!.details.message).toContain(LINK_MESSAGE);
    const followed = JSON.parse(
      (
        await cli(scoreCommand, [
          '--records',
          records,
          '--logs',
          log,
          '--databases',
          databases,
          '--follow-db-links',
          '--json',
        ])
      ).out,
    ) as Report;
    expect(followed.conversations[0]!.is_correct).toBe(true);
  });

  it('validate: the reference check names the link without it, and runs the references with it', async () => {
    const messages = async (extra: string[]) => {
      const { out } = await cli(validateCommand, [records, '--databases', databases, '--json', ...extra]);
      const parsed = JSON.parse(out) as { files: Array<{ diagnostics: Array<{ code: string; message: string }> }> };
      return parsed.files[0]!.diagnostics.filter((d) => d.code.startsWith('intent-reference')).map((d) => d.message);
    };
    const refused = await messages([]);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toContain(LINK_MESSAGE);
    expect(await messages(['--follow-db-links'])).toEqual([]);
  });

  it('run and fork: the final answer is scored on the linked database only with it', async () => {
    const run = async (out: string, extra: string[]) => {
      const args = [
        '--records',
        records,
        '--task-id',
        record.task_id,
        '--mode',
        'multi',
        '--condition',
        'original',
        '--base-url',
        server.baseUrl,
        '--model',
        'm',
        '--user-model',
        'sim',
        '--databases',
        databases,
        '--out',
        out,
        '--json',
        ...extra,
      ];
      const { code, out: stdout } = await cli(runCommand, args);
      expect(code).toBe(0);
      return JSON.parse(stdout.trim().split('\n').pop()!) as { conv_id: string; is_correct: boolean | null };
    };
    const logs = join(dir, 'logs');
    mkdirSync(logs);
    expect((await run(join(logs, 'refused.jsonl'), [])).is_correct).toBeNull();
    const parent = await run(join(logs, 'followed.jsonl'), ['--follow-db-links']);
    expect(parent.is_correct).toBe(true);

    const fork = async (out: string, extra: string[]) => {
      const args = [
        '--records',
        records,
        '--logs',
        logs,
        '--conv-id',
        parent.conv_id,
        '--turn',
        '1',
        '--replace-user',
        'titles of the older books please',
        '--base-url',
        server.baseUrl,
        '--user-model',
        'sim',
        '--databases',
        databases,
        '--out',
        out,
        '--json',
        ...extra,
      ];
      const { code, out: stdout } = await cli(forkCommand, args);
      expect(code).toBe(0);
      return JSON.parse(stdout.trim().split('\n')[0]!) as { is_correct: boolean | null };
    };
    expect((await fork(join(dir, 'fork-refused.jsonl'), [])).is_correct).toBeNull();
    expect((await fork(join(dir, 'fork-followed.jsonl'), ['--follow-db-links'])).is_correct).toBe(true);
  }, 60_000);
});
