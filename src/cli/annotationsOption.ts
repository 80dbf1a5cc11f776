// `--annotations FILE` (repeatable: several annotators' sidecars are read together), shared by
// `annotate`, `annotations`, `stats` and `export-opsd`. Default: `.intent-lens/annotations.jsonl`
// under the current folder. Lines that do not parse are reported on stderr and skipped.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { formatDiagnostic } from '../core/jsonl/diagnostics';
import { readSidecars, type AnnotationSet } from '../core/annotations/annotationLog';
import { ANNOTATION_SIDECAR, labelSet } from '../core/annotations/annotationTypes';
import type { Workspace } from '../core/workspace/workspace';

export const ANNOTATIONS_OPTION = { annotations: { type: 'string', multiple: true } } as const;

export const ANNOTATIONS_HELP = `  --annotations FILE  an annotation sidecar (repeatable; default ./${ANNOTATION_SIDECAR})`;

/** The sidecars named by `--annotations`, or the default one under the current folder. */
export function sidecarPaths(given: readonly string[] | undefined): string[] {
  return given?.length ? given.map((p) => resolve(p)) : [join(process.cwd(), ANNOTATION_SIDECAR)];
}

/** Reads the sidecars, reporting each line that does not parse (file:line) on stderr. */
export async function loadAnnotations(paths: readonly string[]): Promise<AnnotationSet> {
  const set = await readSidecars(paths);
  for (const p of set.problems.slice(0, 20)) process.stderr.write(formatDiagnostic(p) + '\n');
  if (set.problems.length)
    process.stderr.write(`annotations: ${set.problems.length} line(s) skipped (kept in the file)\n`);
  return set;
}

/** Puts the sidecars' human verdicts on the workspace's verdict overlay; returns the set read. */
export async function applyAnnotations(ws: Workspace, paths: readonly string[]): Promise<AnnotationSet> {
  const set = await loadAnnotations(paths);
  ws.annotations.set(set);
  return set;
}

/** The labels of the current folder's workspace: the defaults plus `intentLens.annotations.labels` in .vscode/settings.json. */
export async function workspaceLabels(folder = process.cwd()): Promise<string[]> {
  try {
    // settings.json may carry comments: strip whole-line ones, then parse; anything else keeps the defaults.
    const text = (await readFile(join(folder, '.vscode', 'settings.json'), 'utf8')).replace(/^\s*\/\/.*$/gm, '');
    const extra = (JSON.parse(text) as Record<string, unknown>)['intentLens.annotations.labels'];
    return labelSet(Array.isArray(extra) ? extra.filter((l): l is string => typeof l === 'string') : []);
  } catch {
    return labelSet();
  }
}
