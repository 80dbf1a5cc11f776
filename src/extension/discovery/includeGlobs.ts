// Widening a data glob setting to take in files found outside it. vscode-free (unit-tested).
// VS Code globs do not nest brace groups, so the old glob's own group is expanded first and
// everything joins into one flat `{a,b,c}`.
import { posix } from 'node:path';
import { expandBraces } from '../../core/load/globPatterns';

/** Glob characters in a folder name become `?` (any one character): VS Code globs have no escape. */
function literal(path: string): string {
  return path.replace(/[[\]{}*?!,]/g, '?');
}

/**
 * The glob widened by each file's folder and extension (`runs/a.jsonl` → `runs/*.jsonl` under any folder), so
 * later files beside them are found too. Paths are relative to a workspace folder, with `/`. Every
 * pattern starts with a double-star folder: file watchers match a string glob against absolute paths.
 */
export function includeFiles(glob: string, relativePaths: readonly string[]): string {
  const patterns = expandBraces(glob);
  for (const rel of relativePaths) {
    const dir = posix.dirname(rel);
    const ext = posix.extname(rel);
    const pattern = dir === '.' ? `**/${literal(posix.basename(rel))}` : `**/${literal(dir)}/*${ext}`;
    if (!patterns.includes(pattern)) patterns.push(pattern);
  }
  return patterns.length === 1 ? patterns[0]! : `{${patterns.join(',')}}`;
}
