// The folder e2e and host suites open: a temp copy of the repo's samples/ when it holds data (the
// extension writes into its workspace, e.g. re-scores to `.intent-lens/`, and no suite may change the
// repo or what a later suite sees), otherwise a temp folder with the shared sample records and the
// head of one real run log (never copied into the repo).
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, sharedDataDir } from './toolPaths';

export interface SampleWorkspace {
  path: string;
  /** true when samples/ had no data and a temp copy of the shared sample is used. */
  isFallback: boolean;
  dispose(): void;
}

function hasRecords(dir: string): boolean {
  if (!existsSync(dir)) return false;
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop() as string;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory() && e.name !== 'node_modules') stack.push(join(d, e.name));
      else if (/\.records\.jsonl?$/.test(e.name)) return true;
    }
  }
  return false;
}

/** Lines kept from the shared log: enough conversations, small enough for a quick load. */
const fallbackLogLines = 20;

export function sampleWorkspace(): SampleWorkspace {
  const samples = join(repoRoot, 'samples');
  if (hasRecords(samples)) {
    const copy = mkdtempSync(join(tmpdir(), 'intent-lens-samples-'));
    cpSync(samples, copy, { recursive: true, filter: (src) => !/[\\/]\.intent-lens([\\/]|$)/.test(src) });
    return { path: copy, isFallback: false, dispose: () => rmSync(copy, { recursive: true, force: true }) };
  }
  const records = join(sharedDataDir, 'intent-sample.records.jsonl');
  if (!existsSync(records)) throw new Error(`samples/ has no data and ${records} is absent`);
  const dir = mkdtempSync(join(tmpdir(), 'intent-lens-ws-'));
  copyFileSync(records, join(dir, 'intent-sample.records.jsonl'));
  const logRel = 'logs/math/snowball-stateful/snowball-stateful_math_anthropic_claude-3-haiku.jsonl';
  const log = join(sharedDataDir, logRel);
  if (existsSync(log)) {
    mkdirSync(join(dir, 'logs/math/snowball-stateful'), { recursive: true });
    const head = readFileSync(log, 'utf8').split('\n').filter(Boolean).slice(0, fallbackLogLines);
    writeFileSync(join(dir, logRel), head.join('\n') + '\n');
  }
  return { path: dir, isFallback: true, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
