// Loads what the CLI's `stats` and `export-opsd` read: records by task_id and a RunLogIndex over
// the run logs under the given files and folders (records and plans found there are skipped).
import { loadRecordsFile } from '../load/recordsFile';
import { detectFileKind, listDataFiles } from '../load/dataFiles';
import { RunLogIndex } from '../load/runLogIndex';
import type { BenchmarkRecord } from '../schema/records';
import type { Diagnostic } from '../jsonl/diagnostics';

export interface LoadedResults {
  records: Map<string, BenchmarkRecord>;
  index: RunLogIndex;
  logFiles: string[];
  diagnostics: Diagnostic[];
}

export async function loadResults(recordsFiles: readonly string[], logPaths: readonly string[]): Promise<LoadedResults> {
  const records = new Map<string, BenchmarkRecord>();
  const diagnostics: Diagnostic[] = [];
  for (const f of recordsFiles) {
    const loaded = await loadRecordsFile(f);
    diagnostics.push(...loaded.diagnostics);
    for (const it of loaded.items) if (!records.has(it.value.task_id)) records.set(it.value.task_id, it.value);
  }
  const index = new RunLogIndex();
  const logFiles: string[] = [];
  for (const f of await listDataFiles(logPaths)) {
    if ((await detectFileKind(f)) !== 'logs') continue;
    logFiles.push(f);
    diagnostics.push(...(await index.indexFile(f)).diagnostics);
  }
  return { records, index, logFiles, diagnostics };
}
