// What "Apply Templates" would change in one record, before anything is written: the template
// edits minus the fields a person has written (kept unless asked), and the filled sentences that
// may not read well (number agreement, articles), which mark the record for review.
import type { BenchmarkRecord } from '../schema/records';
import type { FieldEdit, JsonPath } from '../edit/editRaw';
import { reviewEdits } from '../edit/reviewEdits';
import { applyTemplateSet, fillTemplate, templateSetFor, type TemplateLibrary, type TemplateSet } from './templates';

export interface TemplatePlanOptions {
  /** The set the user picked; absent: the first set whose filters fit the record. */
  setId?: string;
  /** Replace text a person has written too (default: keep it). */
  replaceWritten?: boolean;
}

export interface TemplatePlan {
  setId: string;
  /** The edits to write (empty when nothing would change). */
  edits: FieldEdit[];
  /** Fields kept because a person wrote them, e.g. `intent.proposal`. */
  keptWritten: string[];
  /** Filled sentences that may not read well; when any, the record is marked needs-work. */
  wording: string[];
}

function valueAt(root: unknown, path: JsonPath): unknown {
  let v = root;
  for (const k of path) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, k)) return undefined;
    v = (v as Record<string | number, unknown>)[k];
  }
  return v;
}

const pathText = (path: JsonPath) =>
  path
    .map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`))
    .join('')
    .slice(1);

/** The template field a path is filled from (`extra_proposals[i].proposal` → proposal). */
function templateField(path: JsonPath): 'proposal' | 'accept' | 'reject' | 'neutral' | 'connector' | undefined {
  const last = path[path.length - 1];
  if (path[1] === 'extra_neutral') return 'neutral';
  return last === 'proposal' || last === 'accept' || last === 'reject' || last === 'neutral' || last === 'connector'
    ? last
    : undefined;
}

/** Text that any template of the library would produce for this field (so no person wrote it). */
function isTemplateOutput(lib: TemplateLibrary, rec: BenchmarkRecord, path: JsonPath, current: unknown): boolean {
  const it = rec.intent;
  const field = templateField(path);
  if (!it || !field) return false;
  const revised =
    path[1] === 'extra_proposals' ? (it.extra_proposals?.[path[2] as number]?.revised ?? it.revised) : it.revised;
  const fill = (t: string) => fillTemplate(t, { requirement: it.requirement, original: it.original, revised });
  const outputs = lib.sets.flatMap((s: TemplateSet) =>
    field === 'neutral'
      ? (s.neutral ?? []).map((pair) => JSON.stringify([fill(pair[0]), fill(pair[1])]))
      : (s[field] ?? []).map((t) => JSON.stringify(field === 'connector' ? t : fill(t))),
  );
  return outputs.includes(JSON.stringify(current));
}

function isBlank(v: unknown): boolean {
  return (
    v === undefined ||
    v === null ||
    (typeof v === 'string' && v.trim() === '') ||
    (Array.isArray(v) && v.every(isBlank))
  );
}

const SINGULAR_VERB_PLURAL_NOUN = /\b(is|was|does|has)\s+the\s+([a-z]+[^s\W]s)\b/gi;
const NOT_PLURAL = /(?:ss|us|is|ics|news)$/i;
const A_BEFORE_VOWEL = /\ba\s+([aeiou][a-z]*)/gi;
const AN_BEFORE_CONSONANT = /\ban\s+([b-df-hj-np-tv-z][a-z]*)/gi;
const VOWEL_SOUND_EXCEPTIONS = /^(?:uni|use|usu|one|once|eu|ewe|ur)/i;
const SILENT_H = /^(?:hour|honest|honou?r|heir)/i;

/** Why a filled sentence may not read well (number agreement, articles); empty when it reads fine. */
export function wordingProblems(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(SINGULAR_VERB_PLURAL_NOUN))
    if (!NOT_PLURAL.test(m[2]!)) out.push(`"${m[0]}": singular verb with a plural noun`);
  for (const m of text.matchAll(A_BEFORE_VOWEL))
    if (!VOWEL_SOUND_EXCEPTIONS.test(m[1]!)) out.push(`"${m[0]}": "a" before a vowel sound`);
  for (const m of text.matchAll(AN_BEFORE_CONSONANT))
    if (!SILENT_H.test(m[1]!)) out.push(`"${m[0]}": "an" before a consonant`);
  return out;
}

function strings(v: unknown): string[] {
  return typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(strings) : [];
}

export function planTemplates(
  lib: TemplateLibrary,
  rec: BenchmarkRecord,
  opts: TemplatePlanOptions = {},
): TemplatePlan | undefined {
  const set = opts.setId !== undefined ? lib.sets.find((s) => s.id === opts.setId) : templateSetFor(lib, rec);
  const app = set ? applyTemplateSet(set, rec) : undefined;
  if (!set || !app) return undefined;
  const edits: FieldEdit[] = [];
  const keptWritten: string[] = [];
  const wording: string[] = [];
  for (const e of app.edits) {
    if (!('value' in e)) continue;
    const current = valueAt(rec, e.path);
    if (JSON.stringify(current) === JSON.stringify(e.value)) continue;
    if (!opts.replaceWritten && !isBlank(current) && !isTemplateOutput(lib, rec, e.path, current)) {
      keptWritten.push(pathText(e.path));
      continue;
    }
    edits.push(e);
    for (const t of strings(e.value)) for (const w of wordingProblems(t)) wording.push(`${pathText(e.path)}: ${w}`);
  }
  if (wording.length && edits.length)
    edits.push(
      ...reviewEdits(rec, { status: 'needs-work', note: `Apply Templates: check the wording (${wording.join('; ')})` }),
    );
  return { setId: set.id, edits, keptWritten, wording };
}
