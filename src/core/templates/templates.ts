// The template library: reusable wordings for proposals, decisions and clarification questions,
// with `{requirement}`, `{original}` and `{revised}` placeholders, stored in
// `.intent-lens/templates.json`. As in the paper, when a field has several variants a stable rule
// on the record id picks one (FNV-1a hash of task_id mod n), so re-applying never reshuffles.
import { z } from 'zod';
import { DomainSchema, type BenchmarkRecord, type IntentBlock } from '../schema/records';
import type { FieldEdit } from '../edit/editRaw';

export const TEMPLATES_FILE = '.intent-lens/templates.json';
export const PLACEHOLDERS = ['requirement', 'original', 'revised'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

const PLACEHOLDER_RE = /\{([A-Za-z_]+)\}/g;

const TemplateText = z
  .string()
  .min(1)
  .refine((s) => [...s.matchAll(PLACEHOLDER_RE)].every((m) => (PLACEHOLDERS as readonly string[]).includes(m[1]!)), {
    message: `unknown placeholder: use only ${PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}`,
  });

export const TemplateSetSchema = z
  .object({
    id: z.string().min(1).describe('Stable name of this set'),
    description: z.string().optional(),
    task: DomainSchema.optional().describe('Only records of this domain (all when absent)'),
    requirement: z.string().optional().describe('Only records whose requirement contains this text (case-insensitive)'),
    proposal: z.array(TemplateText).min(1).optional().describe('Proposal variants; must contain {revised}'),
    accept: z.array(TemplateText).min(1).optional().describe('Accept variants; must not contain {revised}'),
    reject: z.array(TemplateText).min(1).optional().describe('Reject variants; must not contain {revised}'),
    neutral: z
      .array(z.tuple([TemplateText, TemplateText]))
      .min(1)
      .optional()
      .describe('Clarification question pairs; must contain neither {original} nor {revised}'),
    connector: z.array(z.string().min(1)).min(1).optional(),
  })
  .superRefine((set, ctx) => {
    for (const i of lintTemplateSet(set)) ctx.addIssue({ code: 'custom', message: i.message, path: i.path });
  });
export type TemplateSet = z.infer<typeof TemplateSetSchema>;

export const TemplateLibrarySchema = z.object({
  $schema: z.string().optional(),
  version: z.literal(1).optional(),
  sets: z.array(TemplateSetSchema),
});
export type TemplateLibrary = z.infer<typeof TemplateLibrarySchema>;

export interface TemplateLint {
  path: Array<string | number>;
  message: string;
}

type TemplateSetShape = Pick<TemplateSet, 'proposal' | 'accept' | 'reject' | 'neutral' | 'connector'>;

/** The paper's checks, applied to the templates themselves: a bad template is caught before use. */
export function lintTemplateSet(set: TemplateSetShape): TemplateLint[] {
  const out: TemplateLint[] = [];
  const has = (s: string, p: Placeholder) => s.includes(`{${p}}`);
  set.proposal?.forEach((t, i) => {
    if (!has(t, 'revised'))
      out.push({ path: ['proposal', i], message: 'a proposal must state the new value: add {revised}' });
  });
  for (const kind of ['accept', 'reject'] as const) {
    set[kind]?.forEach((t, i) => {
      if (has(t, 'revised'))
        out.push({
          path: [kind, i],
          message: `a ${kind} message must not repeat the proposed value: remove {revised}`,
        });
    });
  }
  set.neutral?.forEach((pair, i) =>
    pair.forEach((t, j) => {
      for (const p of ['original', 'revised'] as const)
        if (has(t, p))
          out.push({
            path: ['neutral', i, j],
            message: `a clarification question must reveal neither value: remove {${p}}`,
          });
    }),
  );
  set.connector?.forEach((t, i) => {
    if (PLACEHOLDER_RE.test(t)) out.push({ path: ['connector', i], message: 'a connector takes no placeholders' });
    PLACEHOLDER_RE.lastIndex = 0;
  });
  return out;
}

export function parseTemplateLibrary(text: string): { library: TemplateLibrary } | { errors: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { errors: [`invalid JSON: ${e instanceof Error ? e.message : String(e)}`] };
  }
  const r = TemplateLibrarySchema.safeParse(json);
  if (!r.success) return { errors: r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`) };
  return { library: r.data };
}

/** 32-bit FNV-1a of a string's UTF-16 code units: stable across runs, platforms and processes. */
export function stableHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The variant a record gets: hash(task_id) mod n, shifted by `offset` for extra blocks. */
export function variantIndex(taskId: string, n: number, offset = 0): number {
  return (stableHash(taskId) + offset) % n;
}

export function fillTemplate(template: string, intent: Pick<IntentBlock, Placeholder>): string {
  return template.replace(PLACEHOLDER_RE, (whole, name: string) =>
    (PLACEHOLDERS as readonly string[]).includes(name) ? intent[name as Placeholder] : whole,
  );
}

/** The first set that fits a record (domain and requirement filters), in file order. */
export function templateSetFor(lib: TemplateLibrary, rec: BenchmarkRecord): TemplateSet | undefined {
  const it = rec.intent;
  if (!it) return undefined;
  return lib.sets.find(
    (s) =>
      (!s.task || s.task === rec.task) &&
      (!s.requirement || it.requirement.toLowerCase().includes(s.requirement.toLowerCase())),
  );
}

export interface TemplateApplication {
  setId: string;
  edits: FieldEdit[];
  /** Which variant each field got, e.g. { proposal: 1, accept: 0 }. */
  variants: Record<string, number>;
}

/**
 * The edits that render a record's messages from the library. Extra proposals keep their values and
 * get the next variants in turn (so block k's wording differs from block 1's when n > 1).
 */
export function applyTemplates(lib: TemplateLibrary, rec: BenchmarkRecord): TemplateApplication | undefined {
  const set = templateSetFor(lib, rec);
  return set ? applyTemplateSet(set, rec) : undefined;
}

/** The edits of one given set (the user's pick), whatever its filters say. */
export function applyTemplateSet(set: TemplateSet, rec: BenchmarkRecord): TemplateApplication | undefined {
  const it = rec.intent;
  if (!it) return undefined;
  const edits: FieldEdit[] = [];
  const variants: Record<string, number> = {};
  const pick = <T>(field: string, list: readonly T[] | undefined, offset = 0): T | undefined => {
    if (!list || list.length === 0) return undefined;
    const i = variantIndex(rec.task_id, list.length, offset);
    if (offset === 0) variants[field] = i;
    return list[i];
  };
  const fill = (t: string, revised = it.revised) =>
    fillTemplate(t, { requirement: it.requirement, original: it.original, revised });
  const proposal = pick('proposal', set.proposal);
  if (proposal) edits.push({ path: ['intent', 'proposal'], value: fill(proposal) });
  const accept = pick('accept', set.accept);
  if (accept) edits.push({ path: ['intent', 'accept'], value: fill(accept) });
  const reject = pick('reject', set.reject);
  if (reject) edits.push({ path: ['intent', 'reject'], value: fill(reject) });
  const neutral = pick('neutral', set.neutral);
  if (neutral) edits.push({ path: ['intent', 'neutral'], value: [fill(neutral[0]), fill(neutral[1])] });
  const connector = pick('connector', set.connector);
  if (connector) edits.push({ path: ['intent', 'connector'], value: connector });
  (it.extra_proposals ?? []).forEach((p, i) => {
    const ep = pick('extra_proposal', set.proposal, i + 1);
    if (ep) edits.push({ path: ['intent', 'extra_proposals', i, 'proposal'], value: fill(ep, p.revised) });
    const er = pick('extra_reject', set.reject, i + 1);
    if (er) edits.push({ path: ['intent', 'extra_proposals', i, 'reject'], value: fill(er, p.revised) });
  });
  (it.extra_neutral ?? []).forEach((_, i) => {
    const en = pick('extra_neutral', set.neutral, i + 1);
    if (en) edits.push({ path: ['intent', 'extra_neutral', i], value: [fill(en[0]), fill(en[1])] });
  });
  return { setId: set.id, edits, variants };
}

/** A starter library written by "Apply Templates" when the workspace has none. */
export function starterLibrary(): TemplateLibrary {
  return {
    version: 1,
    sets: [
      {
        id: 'default',
        description: 'Generic wording for any domain; copy and specialise per task or requirement.',
        proposal: [
          'Actually, can we change the {requirement} to {revised}?',
          'Hmm, on second thought, could we use {revised} instead?',
        ],
        accept: ["Yes, let's go with that change.", 'Yes, go with that.'],
        reject: [
          'On second thought, no. Keep the {requirement} the way I first said it.',
          'No, never mind. Keep the {requirement} I originally gave.',
        ],
        neutral: [
          [
            'Is the {requirement} I gave clear enough to work with?',
            'Are you using the {requirement} exactly as I stated it?',
          ],
        ],
        connector: ['Before you go, I have one quick last minute thought:'],
      },
    ],
  };
}
