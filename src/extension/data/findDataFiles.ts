// Which files the data globs name: VS Code's file search is the answer, but its first call of a
// session took 1.3–2.1 s on a quiet machine, and each call spawns a ripgrep from the extension host,
// whose thread the fork holds 30–60 ms at 1 GB of data (the host's memory is copied). So a direct walk
// of the workspace folders answers first, and the search runs once, after the first load, for the
// load to reconcile with (WorkspaceData): what is loaded in the end is what the search found. Where
// the walk cannot answer (not a local folder, too big a tree) or is slow, the search starts at once.
import * as vscode from 'vscode';
import { walkMatching } from '../../core/load/walkDataFiles';
import { classifyByGlobs, unionGlob } from '../../core/load/globPatterns';

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
/** A walk that has not answered by then races the search (a slow disk): the search starts. */
const WALK_ALONE_MS = 1_000;

/** VS Code's file search for the three globs: one search (one ripgrep) where the globs can be joined. */
export async function searchDataFiles(globs: DataGlobs): Promise<FoundDataFiles> {
  const started = Date.now();
  const exclude = `**/${EXCLUDED_DIR}/**`;
  const kinds = [globs.records, globs.logs, globs.evolving];
  const union = unionGlob(kinds);
  let lists: string[][];
  if (union) {
    const uris = await vscode.workspace.findFiles(union, exclude);
    // Sorted by kind as the walk does: by each glob, on the path relative to its workspace folder.
    lists = classifyByGlobs(
      uris.map((u) => ({ path: u.fsPath, relative: vscode.workspace.asRelativePath(u, false) })),
      kinds,
    );
  } else
    lists = await Promise.all(
      kinds.map(async (g) => (await vscode.workspace.findFiles(g, exclude)).map((u) => u.fsPath)),
    );
  const [records, logs, evolving] = lists;
  return { records: records!, logs: logs!, evolving: evolving!, by: 'search', ms: Date.now() - started };
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

/**
 * `first`: the walk's answer, or the search's where the walk cannot answer or the search answers
 * first; `search()`: the search's answer, started on the first call (or already, as above).
 */
export function findDataFiles(globs: DataGlobs): {
  first: Promise<FoundDataFiles>;
  search: () => Promise<FoundDataFiles>;
} {
  const started = Date.now();
  let searched: Promise<FoundDataFiles> | undefined;
  const search = () => (searched ??= searchDataFiles(globs));
  const first = new Promise<FoundDataFiles>((resolve, reject) => {
    const race = setTimeout(() => search().then(resolve, reject), WALK_ALONE_MS);
    void walk(globs, started)
      .catch(() => undefined)
      .then((walked) => {
        clearTimeout(race);
        if (walked) resolve(walked);
        else search().then(resolve, reject);
      });
  });
  return { first, search };
}

/** What the file search found that the folder walk did not (by kind), and what it did not find. */
export interface FoundFilesDiff {
  removed: string[];
  /** Every added file, whatever its kind. */
  added: string[];
  records: string[];
  evolving: string[];
  logs: string[];
}

/** How the search's answer differs from the walk's (a file is the same only with the same kind). */
export function diffFoundFiles(walked: FoundDataFiles, searched: FoundDataFiles): FoundFilesDiff {
  const keys = (f: FoundDataFiles) =>
    new Set([
      ...f.records.map((p) => `records\0${p}`),
      ...f.evolving.map((p) => `evolving\0${p}`),
      ...f.logs.map((p) => `logs\0${p}`),
    ]);
  const had = keys(walked);
  const want = keys(searched);
  const removed = [...had].filter((k) => !want.has(k)).map((k) => k.slice(k.indexOf('\0') + 1));
  const isNew = (kind: string) => (p: string) => !had.has(`${kind}\0${p}`);
  const records = searched.records.filter(isNew('records'));
  const evolving = searched.evolving.filter(isNew('evolving'));
  const logs = searched.logs.filter(isNew('logs'));
  return { removed, added: [...records, ...evolving, ...logs], records, evolving, logs };
}
