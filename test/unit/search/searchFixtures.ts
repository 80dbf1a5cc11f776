// Builds the search worker for tests (a worker thread needs plain JS) and writes small run logs.
import { buildSync } from 'esbuild';
import { mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(__dirname, '../../..');
export const sharedLogs = resolve(repoRoot, '../shared/data/logs');
export const hasSharedLogs = existsSync(sharedLogs);

let script: string | undefined;
export function testSearchWorker(): string {
  if (script) return script;
  const dir = mkdtempSync(join(tmpdir(), 'intent-lens-searchworker-'));
  script = join(dir, 'searchWorker.js');
  buildSync({
    entryPoints: [join(repoRoot, 'src/core/search/searchWorker.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: script,
    logLevel: 'silent',
  });
  return script;
}

let n = 0;
export function conversation(
  trace: Array<[role: string, content: unknown]>,
  extra: Record<string, unknown> = {},
): string {
  return JSON.stringify({
    conv_id: `c${++n}-${Math.random().toString(36).slice(2, 8)}`,
    task: 'math',
    task_id: `t/${n}`,
    assistant_model: 'model-a',
    trace: trace.map(([role, content]) => ({ role, content })),
    is_correct: null,
    ...extra,
  });
}

export function tempLog(lines: string[], name = 'run.jsonl'): string {
  const dir = mkdtempSync(join(tmpdir(), 'intent-lens-search-'));
  const file = join(dir, name);
  writeFileSync(file, lines.map((l) => l + '\n').join(''));
  return file;
}
