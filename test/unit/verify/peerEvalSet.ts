// The packaged peer set (../shared/peer-eval, see its README): real model outputs with the official
// evaluators' verdicts. Agreement is a population estimate: each line weighted by `sample.weight`,
// because the set keeps every known disagreement and only a sample of the agreeing lines.
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRecordsText } from '../../../src/core/load/recordsFile';
import type { BenchmarkRecord } from '../../../src/core/schema/records';
import { RunLogEntrySchema, type RunLogEntry } from '../../../src/core/schema/runlog';
import { parseConversation } from '../../../src/core/conversation';
import { repoRoot, sharedData } from './sqlTestAssets';

export const peerEval = join(repoRoot, '../shared/peer-eval');
export const hasPeerEval = existsSync(join(peerEval, 'README.md'));

export type PeerDomain = 'database' | 'actions' | 'code' | 'math';

export interface PeerLine {
  entry: RunLogEntry;
  record: BenchmarkRecord;
  response: string;
  peer: boolean;
  lic?: boolean;
  /** LiC math: the answer span its LLM extractor returned (`''` when it found none). */
  licExact?: string;
  weight: number;
  sourceSet: string;
}

interface PeerExtras {
  peer?: { is_correct?: unknown };
  lic_is_correct?: unknown;
  origin?: { lic_exact_answer?: unknown };
  sample?: { weight?: unknown };
  source_set?: unknown;
}

export function peerLines(domain: PeerDomain): PeerLine[] {
  const records = new Map(
    parseRecordsText('records', readFileSync(join(peerEval, `${domain}.records.jsonl`), 'utf8')).items.map((i) => [
      i.value.task_id,
      i.value,
    ]),
  );
  return readFileSync(join(peerEval, 'logs', `${domain}.jsonl`), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const raw = JSON.parse(l) as PeerExtras;
      const entry = RunLogEntrySchema.parse(raw);
      const record = records.get(entry.task_id);
      if (!record) throw new Error(`peer set: no record ${entry.task_id}`);
      return {
        entry,
        record,
        response: parseConversation(entry).finalAnswer?.text ?? '',
        peer: raw.peer?.is_correct === true,
        ...(typeof raw.lic_is_correct === 'boolean' ? { lic: raw.lic_is_correct } : {}),
        ...(typeof raw.origin?.lic_exact_answer === 'string' ? { licExact: raw.origin.lic_exact_answer } : {}),
        weight: typeof raw.sample?.weight === 'number' ? raw.sample.weight : 1,
        sourceSet: typeof raw.source_set === 'string' ? raw.source_set : '',
      };
    });
}

let mergedDatabases: string | undefined;
/**
 * The databases the peer lines use live in two folders; one temporary folder holds copies of them
 * all (a db_id resolves only inside its folder, links out of it included: about 1 MB).
 */
export function peerDatabasesDir(): string {
  if (mergedDatabases) return mergedDatabases;
  const dir = mkdtempSync(join(tmpdir(), 'intent-lens-peer-db-'));
  for (const from of [join(peerEval, 'databases'), join(sharedData, 'databases')]) {
    if (!existsSync(from)) continue;
    for (const name of readdirSync(from)) {
      if (!existsSync(join(dir, name)))
        cpSync(join(from, name), join(dir, name), { recursive: true, dereference: true });
    }
  }
  return (mergedDatabases = dir);
}

export interface Agreement {
  /** Weighted share of lines where our verdict equals the reference verdict. */
  rate: number;
  disagreements: Array<{ conv_id: string; ours: boolean | null; theirs: boolean; message: string }>;
}

export function agreement(
  results: ReadonlyArray<{ line: PeerLine; ours: boolean | null; message: string }>,
  theirs: (l: PeerLine) => boolean | undefined,
): Agreement {
  let total = 0;
  let agree = 0;
  const disagreements: Agreement['disagreements'] = [];
  for (const { line, ours, message } of results) {
    const t = theirs(line);
    if (t === undefined) continue;
    total += line.weight;
    if (ours === t) agree += line.weight;
    else disagreements.push({ conv_id: line.entry.conv_id, ours, theirs: t, message });
  }
  return { rate: total ? agree / total : 0, disagreements };
}
