// Loads what the CLI's `stats` and `export-opsd` read: records by task_id and a RunLogIndex over
// the run logs under the given files and folders, plus the evolving-intent plans found among them.
import { loadRecordsFile } from '../load/recordsFile';
import { detectFileKind, findDataFiles, loadEvolvingFile } from '../load/dataFiles';
import { RunLogIndex } from '../load/runLogIndex';
import type { BenchmarkRecord } from '../schema/records';
import type { EvolvingPlan } from '../schema/evolving';
import type { Diagnostic } from '../jsonl/diagnostics';

export interface LoadedResults {
  records: Map<string, BenchmarkRecord>;
  /** Evolving-intent plans found among the given files and folders. */
  plans: EvolvingPlan[];
  index: RunLogIndex;
  logFiles: string[];
  diagnostics: Diagnostic[];
}

export async function loadResults(recordsFiles: readonly string[], logPaths: readonly string[], limits: { maxLineBytes?: number } = {}): Promise<LoadedResults> {
  const records = new Map<string, BenchmarkRecord>();
  const diagnostics: Diagnostic[] = [];
  for (const f of recordsFiles) {
    const loaded = await loadRecordsFile(f, limits);
    diagnostics.push(...loaded.diagnostics);
    for (const it of loaded.items) if (!records.has(it.value.task_id)) records.set(it.value.task_id, it.value);
  }
  const index = new RunLogIndex(limits);
  const logFiles: string[] = [];
  const plans: EvolvingPlan[] = [];
  const found = await findDataFiles([...new Set([...logPaths, ...recordsFiles])]);
  diagnostics.push(...found.diagnostics);
  for (const f of found.files) {
    const kind = await detectFileKind(f);
    if (kind === 'evolving') {
      const loaded = await loadEvolvingFile(f, limits);
      diagnostics.push(...loaded.diagnostics);
      plans.push(...loaded.items.map((i) => i.value));
    }
    if (kind !== 'logs') continue;
    logFiles.push(f);
    diagnostics.push(...(await index.indexFile(f)).diagnostics);
  }
  return { records, plans, index, logFiles, diagnostics };
}
