// Which files the data globs name: VS Code's file search is the answer, but its first call of a
// session took 1.3–2.1 s on a quiet machine, so a direct walk of the workspace folders races it and
// the load starts from whichever answers first. The load then reconciles with the search's answer
// (WorkspaceData), so what is loaded in the end is what the search found.
import * as vscode from 'vscode';
import { walkMatching } from '../../core/load/walkDataFiles';

export interface DataGlobs {
  records: string;
  logs: string;
  evolving: string;
}

export interface FoundDataFiles {
  records: string[];
  logs: string[];
  evolving: string[];
  by: 'walk' | 'search';
  ms: number;
}

/** Folders named this are never searched (the loader's exclude glob is `**\/<name>/**`). */
export const EXCLUDED_DIR = 'node_modules';
/** A workspace with more entries than this is left to the search (a walk of it would not be faster). */
const WALK_MAX_ENTRIES = 20_000;

function search(globs: DataGlobs, started: number): Promise<FoundDataFiles> {
  const exclude = `**/${EXCLUDED_DIR}/**`;
  return Promise.all([globs.records, globs.logs, globs.evolving].map((g) => vscode.workspace.findFiles(g, exclude))).then(([records, logs, evolving]) => ({
    records: records!.map((u) => u.fsPath),
    logs: logs!.map((u) => u.fsPath),
    evolving: evolving!.map((u) => u.fsPath),
    by: 'search',
    ms: Date.now() - started,
  }));
}

async function walk(globs: DataGlobs, started: number): Promise<FoundDataFiles | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (!folders.length || folders.some((f) => f.uri.scheme !== 'file')) return undefined;
  const found = await walkMatching(
    folders.map((f) => f.uri.fsPath),
    [globs.records, globs.logs, globs.evolving],
    { skipDirs: new Set([EXCLUDED_DIR]), maxEntries: WALK_MAX_ENTRIES },
  );
  if (!found) return undefined;
  const [records, logs, evolving] = found;
  return { records: records!, logs: logs!, evolving: evolving!, by: 'walk', ms: Date.now() - started };
}

/** `first`: the walk's answer or the search's, whichever comes first; `search`: the search's. */
export function findDataFiles(globs: DataGlobs): { first: Promise<FoundDataFiles>; search: Promise<FoundDataFiles> } {
  const started = Date.now();
  const searched = search(globs, started);
  const walked = walk(globs, started).catch(() => undefined);
  const first = Promise.race([searched, walked.then((w) => w ?? searched)]);
  return { first, search: searched };
}
