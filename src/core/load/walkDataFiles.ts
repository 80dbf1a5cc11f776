// A direct walk of the workspace folders for the data globs. VS Code's first file search of a session
// took 1.3–2.1 s on a quiet 2-core machine (7 s loaded) before the first record could be read; a
// walk of a data folder takes milliseconds. The extension races the two and reconciles with the
// search's answer, so the walk only makes the start earlier (src/extension/data/workspaceData.ts).
import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { classifyByGlobs } from './globPatterns';

export interface WalkOptions {
  /** Directory names never entered (the exclude `**\/node_modules/**`). */
  skipDirs: ReadonlySet<string>;
  /** Gives up (returns undefined) after this many directory entries: a big tree is the search's job. */
  maxEntries: number;
}

/**
 * The files under `roots` matching each glob (relative to the root they are under), one sorted list
 * per glob; undefined when the tree has more than `maxEntries` entries or a
 * root cannot be read. Symbolic links are followed (as VS Code's search does), each directory once.
 */
export async function walkMatching(
  roots: readonly string[],
  globs: readonly string[],
  opts: WalkOptions,
): Promise<string[][] | undefined> {
  const files: Array<{ path: string; relative: string }> = [];
  const seen = new Set<string>();
  let entries = 0;
  const visit = async (dir: string, rel: string): Promise<boolean> => {
    const real = await realpath(dir);
    if (seen.has(real)) return true;
    seen.add(real);
    const list = await readdir(dir, { withFileTypes: true });
    entries += list.length;
    if (entries > opts.maxEntries) return false;
    for (const e of list) {
      const path = join(dir, e.name);
      const relPath = rel ? `${rel}/${e.name}` : e.name;
      let isDir = e.isDirectory();
      let isFile = e.isFile();
      if (e.isSymbolicLink()) {
        const s = await stat(path).catch(() => undefined);
        isDir = s?.isDirectory() ?? false;
        isFile = s?.isFile() ?? false;
      }
      if (isDir) {
        if (!opts.skipDirs.has(e.name) && !(await visit(path, relPath))) return false;
      } else if (isFile) {
        files.push({ path, relative: relPath });
      }
    }
    return true;
  };
  try {
    for (const root of roots) if (!(await visit(root, ''))) return undefined;
  } catch {
    return undefined;
  }
  return classifyByGlobs(files, globs);
}
