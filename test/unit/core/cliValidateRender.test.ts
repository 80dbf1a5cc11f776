import { describe, it, expect } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import validateCommand from '../../../src/cli/validateCommand';
import renderCommand from '../../../src/cli/renderCommand';
import { runCli as capture } from '../fixtures/cliOutput';

const ROOT = resolve(__dirname, '../../..');

describe('intent-lens validate', () => {
  it('prints located diagnostics as JSON and exits 1 on errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'il-validate-'));
    const f = join(dir, 'x.records.jsonl');
    writeFileSync(
      f,
      '{"task_id": "a", "task": "math", "shards": [{"shard_id": 1, "shard_text": "g"}]}\n{"task_id": "b", "task": "math", "shards": 3}\n',
    );
    const { code, out } = await capture(() => validateCommand.run([dir, '--json']));
    expect(code).toBe(1);
    const parsed = JSON.parse(out) as {
      files: Array<{ kind: string; items: number; diagnostics: Array<{ line: number; code: string; path: string }> }>;
    };
    expect(parsed.files[0]).toMatchObject({ kind: 'records', items: 1 });
    expect(parsed.files[0]!.diagnostics).toContainEqual(
      expect.objectContaining({ line: 2, code: 'schema', path: 'shards' }),
    );
  });

  it('accepts --databases for the reference-SQL check on the samples', async () => {
    const { code } = await capture(() =>
      validateCommand.run([join(ROOT, 'samples/intent.records.jsonl'), '--databases', join(ROOT, 'samples/databases')]),
    );
    expect(code).toBe(0);
  });

  it('runs the intent checks, looking for databases where --databases says first', async () => {
    // A database record away from samples/, so only --databases (or the cwd) can find its database.
    const dir = mkdtempSync(join(tmpdir(), 'il-validate-db-'));
    const empty = join(dir, 'no-databases');
    mkdirSync(empty);
    const line = readFileSync(join(ROOT, 'samples/intent.records.jsonl'), 'utf8')
      .split('\n')
      .find((l) => l.includes('"task": "database"') || l.includes('"task":"database"'))!;
    const f = join(dir, 'db.records.jsonl');
    writeFileSync(f, line + '\n');
    const missing = async (databases: string) => {
      const { out } = await capture(() => validateCommand.run([f, '--databases', databases, '--json']));
      const parsed = JSON.parse(out) as { files: Array<{ diagnostics: Array<{ code: string; message: string }> }> };
      return parsed.files[0]!.diagnostics.filter((d) => d.code === 'intent-reference-db-missing').map((d) => d.message);
    };
    const notFound = await missing(empty);
    expect(notFound).toHaveLength(1);
    expect(notFound[0]).toContain(empty);
    expect(await missing(join(ROOT, 'samples/databases'))).toEqual([]);
  });
});

describe('intent-lens render', () => {
  it('renders a record instance as the specified JSON', async () => {
    const { code, out } = await capture(() =>
      renderCommand.run([
        join(ROOT, 'samples/intent.records.jsonl'),
        '--task-id',
        'sample-math/muffin-trays',
        '--mode',
        'multi',
        '--condition',
        'retained',
        '--json',
      ]),
    );
    expect(code).toBe(0);
    const r = JSON.parse(out) as { active: string; messages: Array<{ kind: string; event?: string }> };
    expect(r.active).toBe('original');
    expect(r.messages.filter((m) => m.kind === 'event').map((m) => m.event)).toEqual(['proposal', 'reject']);
  });

  it('renders an evolving-intent plan with an oracle recap', async () => {
    const { code, out } = await capture(() =>
      renderCommand.run([
        join(ROOT, 'samples/evolving/sample.evolving.jsonl'),
        '--task-id',
        'sample-evolving-math/orchard',
        '--mode',
        'evolving',
        '--recap',
        'oracle',
        '--json',
      ]),
    );
    expect(code).toBe(0);
    const r = JSON.parse(out) as {
      mode: string;
      recap: string;
      messages: Array<{ transition?: string; content: string }>;
    };
    expect([r.mode, r.recap]).toEqual(['evolving', 'oracle']);
    expect(r.messages.map((m) => m.transition)).toEqual(
      expect.arrayContaining(['initial', 'reveal', 'revise', 'switch']),
    );
    expect(r.messages.at(-1)!.content).toContain('price_per_apple is 0.5');
  });
});
