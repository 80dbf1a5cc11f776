// The run diff's sides as the dashboard names them: a model, a workspace-relative log folder, or
// both. Resolves a side to its conversations and runs the core diff on the two.
import * as vscode from 'vscode';
import { dirname } from 'node:path';
import type { ConversationRef } from '../../core/load/runLogIndex';
import { diffRuns } from '../../core/stats/runDiff';
import type { DiffSide, RunDiffResult } from '../../shared/protocol/dashboard';

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

function sideRefs(refs: readonly ConversationRef[], side: DiffSide, folderOf: (file: string) => string): ConversationRef[] {
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

export function computeRunDiff(refs: readonly ConversationRef[], a: DiffSide, b: DiffSide): RunDiffResult {
  const folderOf = folderLookup();
  // Two named models pair on the source alone; otherwise a source pairs with the same model's.
  const pairByModel = !(a.model !== undefined && b.model !== undefined);
  return { ...diffRuns(sideRefs(refs, a, folderOf), sideRefs(refs, b, folderOf), pairByModel), a: sideLabel(a), b: sideLabel(b) };
}
