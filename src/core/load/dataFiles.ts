// Finds data files under paths and tells records, run logs and evolving-intent plans apart.
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readLines } from '../jsonl/lineReader';
import { describeFileType, readRegularFile } from '../jsonl/regularFile';
import { splitJsonArray } from '../jsonl/jsonArray';
import { decodeDataFile } from './decodeDataFile';
import { EvolvingPlanSchema, type EvolvingPlan } from '../schema/evolving';
import { parseChunkSteps, splitSource, type LoadedFile } from './recordsFile';
import { runSteps, runStepsSliced, type Steps } from './steps';
import { diag } from './validateObject';
import type { Diagnostic } from '../jsonl/diagnostics';

export type DataFileKind = 'records' | 'logs' | 'evolving';

const DATA_FILE = /\.(jsonl|json)$/i;

function errnoOf(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'string'
    ? (e as { code: string }).code
    : undefined;
}

/**
 * Finds `.jsonl`/`.json` files under the given files and folders (recursively, sorted, skipping
 * node_modules and dot folders). What cannot be read as a data file (a FIFO, a device, a dangling
 * link, a symlink loop, an unreadable folder) becomes a located diagnostic and the rest still loads.
 * A path given explicitly that does not exist is an error (a typo), thrown.
 */
export async function findDataFiles(paths: readonly string[]): Promise<{ files: string[]; diagnostics: Diagnostic[] }> {
  const files: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const seenFolders = new Set<string>();
  const skip = (file: string, code: string, message: string) =>
    diagnostics.push(diag({ file, line: 1, column: 1 }, 'warning', code, message));
  const walk = async (p: string, top: boolean): Promise<void> => {
    const link = await lstat(p).catch((e: unknown) => {
      if (top) throw e;
      skip(p, 'unreadable', `cannot read: ${errnoOf(e) ?? String(e)}`);
      return undefined;
    });
    if (!link) return;
    if (!top && !link.isDirectory() && !link.isSymbolicLink() && !DATA_FILE.test(p)) return;
    let st = link;
    if (link.isSymbolicLink()) {
      try {
        st = await stat(p);
      } catch (e) {
        const code = errnoOf(e);
        if (code === 'ELOOP') skip(p, 'symlink-loop', 'symbolic link loop: skipped');
        else if (code === 'ENOENT') skip(p, 'dangling-link', 'symbolic link to a missing target: skipped');
        else skip(p, 'unreadable', `cannot follow the link: ${code ?? String(e)}`);
        return;
      }
    }
    if (st.isDirectory()) {
      // A link back to an ancestor (or two links to one folder) would walk forever or twice.
      const real = await realpath(p).catch(() => p);
      if (seenFolders.has(real)) {
        if (link.isSymbolicLink()) skip(p, 'symlink-loop', `link to a folder already walked (${real}): skipped`);
        return;
      }
      seenFolders.add(real);
      let names: string[];
      try {
        names = (await readdir(p)).sort();
      } catch (e) {
        skip(p, 'unreadable', `cannot list the folder: ${errnoOf(e) ?? String(e)}`);
        return;
      }
      for (const n of names) {
        if (n === 'node_modules' || (n.startsWith('.') && !top)) continue;
        await walk(join(p, n), false);
      }
      return;
    }
    if (!top && !DATA_FILE.test(p)) return;
    if (!st.isFile()) {
      skip(p, 'not-a-file', `${describeFileType(st)}, not a regular file: skipped`);
      return;
    }
    files.push(p);
  };
  for (const p of paths) await walk(p, true);
  return { files, diagnostics };
}

/** The data files under the given paths, without the diagnostics of what was skipped. */
export async function listDataFiles(paths: readonly string[]): Promise<string[]> {
  return (await findDataFiles(paths)).files;
}

/** Classifies a parsed object: a run log has a `trace`, a plan has `anchor` and `turns`, a record has `shards`. */
export function kindOfObject(o: unknown): DataFileKind | undefined {
  if (!o || typeof o !== 'object') return undefined;
  if ('trace' in o) return 'logs';
  if ('anchor' in o && 'turns' in o) return 'evolving';
  if ('shards' in o || 'intent' in o) return 'records';
  return undefined;
}

/** A file's kind by its name alone (`*.records.jsonl`, `*.evolving.jsonl`); run logs have no suffix. */
export function kindByName(path: string): Exclude<DataFileKind, 'logs'> | undefined {
  if (/\.records\.jsonl?$/i.test(path)) return 'records';
  if (/\.evolving\.jsonl?$/i.test(path)) return 'evolving';
  return undefined;
}

/** Decides a file's kind from its name, else from its first parseable object. */
export async function detectFileKind(path: string): Promise<DataFileKind | undefined> {
  const named = kindByName(path);
  if (named) return named;
  if (/\.json$/i.test(path)) {
    let text: string;
    try {
      text = (await readRegularFile(path)).toString('utf8').replace(/^\uFEFF/, '');
    } catch {
      return undefined;
    }
    // The first element that parses decides: one bad element must not hide a whole file.
    const elements = splitJsonArray(text) ?? [{ text }];
    for (const el of elements.slice(0, 20)) {
      try {
        const k = kindOfObject(JSON.parse(el.text));
        if (k) return k;
      } catch {
        /* a bad element: look at the next one */
      }
    }
    return undefined;
  }
  let checked = 0;
  try {
    for await (const l of readLines(path, { chunkSize: 1 << 16 })) {
      if (l.text.trim() === '') continue;
      try {
        const k = kindOfObject(JSON.parse(l.text));
        if (k) return k;
      } catch {
        /* a bad line: look at the next one */
      }
      if (++checked >= 20) break;
    }
  } catch {
    /* not readable as a data file (a FIFO, a device, gone): no kind */
  }
  return undefined;
}

/** Checks that each turn's state is consistent and that the last one equals the anchor. */
function checkPlan(plan: EvolvingPlan, loc: { file: string; line: number; column: number }): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (plan.turns[0]?.transition !== 'initial')
    out.push(
      diag(loc, 'error', 'plan-first-turn', 'the first turn must be the `initial` transition', 'turns[0].transition'),
    );
  plan.turns.forEach((t, i) => {
    for (const name of t.revealed)
      if (!(name in t.args))
        out.push(
          diag(
            loc,
            'error',
            'plan-revealed-unknown',
            `revealed argument \`${name}\` has no value in args`,
            `turns[${i}].revealed`,
          ),
        );
  });
  const last = plan.turns[plan.turns.length - 1];
  if (
    last &&
    (last.function !== plan.anchor.function ||
      JSON.stringify(sortKeys(last.args)) !== JSON.stringify(sortKeys(plan.anchor.args)))
  ) {
    out.push(
      diag(
        loc,
        'error',
        'plan-anchor-mismatch',
        "the last turn's state (function and args) must equal the anchor",
        `turns[${plan.turns.length - 1}]`,
      ),
    );
  }
  return out;
}

function sortKeys(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
}

export function parseEvolvingText(path: string, text: string): LoadedFile<EvolvingPlan> {
  return runSteps(evolvingTextSteps(path, text));
}

function* evolvingTextSteps(path: string, text: string): Steps<LoadedFile<EvolvingPlan>> {
  const { format, chunks, diagnostics: splitDiags } = splitSource(path, text);
  const seen = new Map<string, number>();
  const r = yield* parseChunkSteps(path, chunks, EvolvingPlanSchema, (plan, loc) => {
    const out = checkPlan(plan, loc);
    const prev = seen.get(plan.task_id);
    if (prev !== undefined)
      out.push(
        diag(
          loc,
          'error',
          'duplicate-task-id',
          `task_id \`${plan.task_id}\` already defined on line ${prev}`,
          'task_id',
        ),
      );
    else seen.set(plan.task_id, loc.line);
    return out;
  });
  const dupLines = new Set(r.diagnostics.filter((d) => d.code === 'duplicate-task-id').map((d) => d.line));
  return {
    path,
    format,
    items: r.items.filter((i) => !dupLines.has(i.line)),
    diagnostics: [...splitDiags, ...r.diagnostics],
    seen: r.seen,
  };
}

/** Reads and parses a plans file in slices (as `loadRecordsFile`). */
export async function loadEvolvingFile(
  path: string,
  opts: { maxLineBytes?: number } = {},
): Promise<LoadedFile<EvolvingPlan>> {
  const { text, diagnostics } = await decodeDataFile(path, opts.maxLineBytes);
  const loaded = await runStepsSliced(evolvingTextSteps(path, text));
  return { ...loaded, diagnostics: [...diagnostics, ...loaded.diagnostics] };
}
