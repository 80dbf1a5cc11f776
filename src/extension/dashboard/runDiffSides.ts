// The run diff's sides as the dashboard names them: a model, a workspace-relative log folder, or
// both; the re-scored runs of such a scope, logged vs re-scored; or a fork batch vs its parents.
// Resolves the choice to two outcome lists and runs the core diff on them.
import * as vscode from 'vscode';
import { dirname } from 'node:path';
import type { ConversationRef } from '../../core/load/runLogIndex';
import type { Workspace } from '../../core/workspace/workspace';
import { diffRuns } from '../../core/stats/runDiff';
import { describeForkBatch, forkBatches, loggedVsCurrent, parentVsForks } from '../../core/stats/diffSides';
import type { VerdictMode } from '../../core/annotations/adjudication';
import type { DashboardReport, DiffSide, RunDiffParams, RunDiffResult } from '../../shared/protocol/dashboard';

/** What the diff reads of the workspace: logged and current verdicts, and the re-scores. */
export type DiffData = Pick<Workspace, 'conversations' | 'conversationsWithCurrentVerdicts' | 'verdicts'>;

/** Folder of a log file relative to the workspace, cached per file (100k refs share a few files). */
function folderLookup(): (file: string) => string {
  const cache = new Map<string, string>();
  return (file) => {
    let f = cache.get(file);
    if (f === undefined) cache.set(file, (f = vscode.workspace.asRelativePath(dirname(file), false)));
    return f;
  };
}

export function logFolders(refs: readonly ConversationRef[]): string[] {
  const folderOf = folderLookup();
  return [...new Set(refs.map((r) => folderOf(r.file)))].sort();
}

function sideRefs(
  refs: readonly ConversationRef[],
  side: DiffSide,
  folderOf: (file: string) => string,
): ConversationRef[] {
  return refs.filter((r) => {
    if (side.model !== undefined && r.model !== side.model) return false;
    if (side.folder === undefined) return true;
    const f = folderOf(r.file);
    return f === side.folder || f.startsWith(`${side.folder}/`);
  });
}

export function sideLabel(side: DiffSide): string {
  return [side.model ?? 'all models', side.folder !== undefined ? `in ${side.folder}` : ''].filter(Boolean).join(' ');
}

/** The run diff's choices beyond models: log folders, fork batches, and whether anything was re-scored. */
export function diffChoices(data: DiffData): Pick<DashboardReport, 'logFolders' | 'forkBatches' | 'rescoredRuns'> {
  const refs = data.conversations();
  const rescoredRuns = refs.filter((r) => {
    const re = data.verdicts.get(r.conv_id);
    return re !== undefined && re.is_correct !== null;
  }).length;
  const forks = forkBatches(refs).map((b) => ({
    id: b.id,
    label: describeForkBatch(b, vscode.workspace.asRelativePath(b.file, false)),
    forks: b.forks,
  }));
  return { logFolders: logFolders(refs), forkBatches: forks, rescoredRuns };
}

/** The diff of `params`, every verdict as `mode` reads it (adjudicated: human overrides win). */
export function computeRunDiff(
  data: DiffData,
  params: RunDiffParams,
  mode: VerdictMode = 'adjudicated',
): RunDiffResult {
  const folderOf = folderLookup();
  if (params.kind === 'rescored') {
    const scope = sideLabel(params.scope);
    const d = loggedVsCurrent(sideRefs(data.conversations(), params.scope, folderOf), data.verdicts, mode);
    return { ...diffRuns(d.a, d.b, d.pairByModel), a: `${scope}, as logged`, b: `${scope}, re-scored` };
  }
  if (params.kind === 'forks') {
    const refs = data.conversationsWithCurrentVerdicts(mode);
    const batch = forkBatches(refs).find((x) => x.id === params.batch);
    if (!batch) throw new Error('that fork batch is no longer in the workspace');
    const d = parentVsForks(refs, batch.id);
    return {
      ...diffRuns(d.a, d.b, d.pairByModel),
      a: 'parents',
      b: `forks: ${describeForkBatch(batch, vscode.workspace.asRelativePath(batch.file, false))}`,
    };
  }
  const { a, b } = params;
  const refs = data.conversationsWithCurrentVerdicts(mode);
  // Two named models pair on the source alone; otherwise a source pairs with the same model's.
  const pairByModel = !(a.model !== undefined && b.model !== undefined);
  return {
    ...diffRuns(sideRefs(refs, a, folderOf), sideRefs(refs, b, folderOf), pairByModel),
    a: sideLabel(a),
    b: sideLabel(b),
  };
}
