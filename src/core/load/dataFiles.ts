// Finds data files under paths and tells records, run logs and evolving-intent plans apart.
import { readdir, stat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readLines } from '../jsonl/lineReader';
import { EvolvingPlanSchema, type EvolvingPlan } from '../schema/evolving';
import { parseChunks, splitSource, type LoadedFile } from './recordsFile';
import { diag } from './validateObject';
import type { Diagnostic } from '../jsonl/diagnostics';

export type DataFileKind = 'records' | 'logs' | 'evolving';

/** Lists `.jsonl`/`.json` files under the given files and folders (recursively, sorted, skipping node_modules and dot folders). */
export async function listDataFiles(paths: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  const walk = async (p: string, top: boolean): Promise<void> => {
    const st = await stat(p);
    if (st.isDirectory()) {
      const names = (await readdir(p)).sort();
      for (const n of names) {
        if (n === 'node_modules' || (n.startsWith('.') && !top)) continue;
        await walk(join(p, n), false);
      }
    } else if (top || /\.(jsonl|json)$/i.test(p)) out.push(p);
  };
  for (const p of paths) await walk(p, true);
  return out;
}

/** Classifies a parsed object: a run log has a `trace`, a plan has `anchor` and `turns`, a record has `shards`. */
export function kindOfObject(o: unknown): DataFileKind | undefined {
  if (!o || typeof o !== 'object') return undefined;
  if ('trace' in o) return 'logs';
  if ('anchor' in o && 'turns' in o) return 'evolving';
  if ('shards' in o || 'intent' in o) return 'records';
  return undefined;
}

/** Decides a file's kind from its name, else from its first parseable object. */
export async function detectFileKind(path: string): Promise<DataFileKind | undefined> {
  if (/\.records\.jsonl?$/i.test(path)) return 'records';
  if (/\.evolving\.jsonl?$/i.test(path)) return 'evolving';
  if (/\.json$/i.test(path)) {
    try {
      const v: unknown = JSON.parse((await readFile(path, 'utf8')).replace(/^\uFEFF/, ''));
      return kindOfObject(Array.isArray(v) ? v[0] : v);
    } catch {
      return undefined;
    }
  }
  let checked = 0;
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
  return undefined;
}

/** Checks that each turn's state is consistent and that the last one equals the anchor. */
function checkPlan(plan: EvolvingPlan, loc: { file: string; line: number; column: number }): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (plan.turns[0]?.transition !== 'initial') out.push(diag(loc, 'error', 'plan-first-turn', 'the first turn must be the `initial` transition', 'turns[0].transition'));
  plan.turns.forEach((t, i) => {
    for (const name of t.revealed) if (!(name in t.args)) out.push(diag(loc, 'error', 'plan-revealed-unknown', `revealed argument \`${name}\` has no value in args`, `turns[${i}].revealed`));
  });
  const last = plan.turns[plan.turns.length - 1];
  if (last && (last.function !== plan.anchor.function || JSON.stringify(sortKeys(last.args)) !== JSON.stringify(sortKeys(plan.anchor.args)))) {
    out.push(diag(loc, 'error', 'plan-anchor-mismatch', "the last turn's state (function and args) must equal the anchor", `turns[${plan.turns.length - 1}]`));
  }
  return out;
}

function sortKeys(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
}

export function parseEvolvingText(path: string, text: string): LoadedFile<EvolvingPlan> {
  const { format, chunks, diagnostics: splitDiags } = splitSource(path, text);
  const seen = new Map<string, number>();
  const r = parseChunks(path, chunks, EvolvingPlanSchema, (plan, loc) => {
    const out = checkPlan(plan, loc);
    const prev = seen.get(plan.task_id);
    if (prev !== undefined) out.push(diag(loc, 'error', 'duplicate-task-id', `task_id \`${plan.task_id}\` already defined on line ${prev}`, 'task_id'));
    else seen.set(plan.task_id, loc.line);
    return out;
  });
  const dupLines = new Set(r.diagnostics.filter((d) => d.code === 'duplicate-task-id').map((d) => d.line));
  return { path, format, items: r.items.filter((i) => !dupLines.has(i.line)), diagnostics: [...splitDiags, ...r.diagnostics], seen: r.seen };
}

export async function loadEvolvingFile(path: string): Promise<LoadedFile<EvolvingPlan>> {
  return parseEvolvingText(path, await readFile(path, 'utf8'));
}
