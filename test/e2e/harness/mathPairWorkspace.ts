// The workspace the verdict suites share (verdicts.e2e.ts, annotations.e2e.ts): two real shared-data
// runs of sharded-GSM8K/248, both logged ✗ (the math verifier re-scores them ✓), with their record,
// in a private folder (shared data is read, never written); and the workbench opened on it, the
// extension active and the data loaded.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCodeServer, type CodeServer } from './codeServer';
import { openWorkbench, type Workbench } from './workbench';
import { sharedDataDir } from './toolPaths';

export const MATH_PAIR_TASK = 'sharded-GSM8K/248';
export const MATH_PAIR_RUNS = [
  {
    convId: '6a33dd2b642cb1563bb94701',
    model: 'google/gemini-2.5-flash',
    log: 'snowball-stateful_math_google_gemini-2.5-flash.jsonl',
  },
  {
    convId: '6a34d0cba325b32d812ae088',
    model: 'meta-llama/llama-4-scout',
    log: 'snowball-stateful_math_meta-llama_llama-4-scout.jsonl',
  },
] as const;
const mathLogs = join(sharedDataDir, 'logs/math/snowball-stateful');
const recordsFile = join(sharedDataDir, 'intent-sample.records.jsonl');
export const haveMathPairData =
  existsSync(recordsFile) && MATH_PAIR_RUNS.every((r) => existsSync(join(mathLogs, r.log)));

/** The one line of a JSONL file whose JSON has `key` equal to `value`. */
function lineWith(file: string, key: string, value: string): string {
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.includes(value) && (JSON.parse(l) as Record<string, unknown>)[key] === value);
  if (!line) throw new Error(`no line with ${key}=${value} in ${file}`);
  return line;
}

export interface MathPairSession {
  dir: string;
  server: CodeServer;
  wb: Workbench;
  close(): Promise<void>;
}

/** Writes the workspace, starts code-server on it and waits until the Sources' data is loaded. */
export async function openMathPairWorkspace(suite: string, env: Record<string, string> = {}): Promise<MathPairSession> {
  const dir = mkdtempSync(join(tmpdir(), `intent-lens-${suite}-`));
  writeFileSync(join(dir, 'gsm8k.records.jsonl'), lineWith(recordsFile, 'task_id', MATH_PAIR_TASK) + '\n');
  mkdirSync(join(dir, 'logs'));
  for (const r of MATH_PAIR_RUNS)
    writeFileSync(join(dir, 'logs', r.log), lineWith(join(mathLogs, r.log), 'conv_id', r.convId) + '\n');
  const server = await startCodeServer({ workspace: dir, env });
  const stop = async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  const wb = await openWorkbench(server, { suite, timeoutMs: 180_000 }).catch(async (e: unknown) => {
    await stop();
    throw e;
  });
  // Opening the view activates the extension (onView) rather than waiting for workspaceContains,
  // whose file search a loaded machine can hold up for minutes; the summary shows once data loaded.
  await wb.openView('Intent Lens');
  await wb.extensionsActivated();
  await wb.page
    .locator('.part.statusbar .statusbar-item', { hasText: /\d+ records · \d+ conversations/ })
    .waitFor({ state: 'visible', timeout: wb.timeoutMs });
  return {
    dir,
    server,
    wb,
    close: async () => {
      await wb.close();
      await stop();
    },
  };
}
