// Revision construction for one source and for a batch (the paper's steps I–III): the domain's
// enumerator lists and checks every candidate, the selection takes one (Appendix A.1 order, or
// the one `--target`/`--value` asks for), and the chosen one is rendered into the `intent` block.
// Bad input never throws: the source gets `selected: null` and a reason.
import type { BenchmarkRecord, IntentBlock } from '../schema/records';
import { setAtPath } from '../edit/editRaw';
import { checkIntent } from '../checks/intentChecks';
import {
  SourceConstructionError,
  type Candidate,
  type ConstructContext,
  type ConstructSummary,
  type SourceConstruction,
} from './constructTypes';
import { DOMAIN_CONSTRUCTORS } from './domainConstructors';
import { compareRank, matchesTarget, matchesValue } from './candidateChecks';
import { renderIntentBlock } from './wording/renderIntent';

/** The FORMAT.md `intent` block for a candidate, worded from the built-in bank. */
export function intentBlockFor(source: BenchmarkRecord, candidate: Candidate): IntentBlock {
  return renderIntentBlock(source, candidate);
}

/** The source's JSON line with `intent` added; every other byte of the line is kept. */
export function recordWithIntent(rawLine: string, block: IntentBlock): string {
  return setAtPath(rawLine, ['intent'], block);
}

/** The template checks' errors on the rendered block (a wording that fails them is not emitted). */
function wordingErrors(source: BenchmarkRecord, candidate: Candidate): string[] {
  const rec = { ...source, intent: intentBlockFor(source, candidate) };
  return checkIntent(rec)
    .filter((i) => i.severity === 'error')
    .map((i) => `${i.code}: ${i.message}`);
}

type Selection = { index: number } | { reason: string; message: string };

function select(source: BenchmarkRecord, candidates: Candidate[], ctx: ConstructContext): Selection {
  const order = candidates.map((c, index) => ({ c, index })).sort((a, b) => compareRank(a.c, b.c) || a.index - b.index);
  const request = ctx.request;
  const eligible = request
    ? order.filter(
        ({ c }) =>
          matchesTarget(c, request.target) && (request.value === undefined || matchesValue(c.revised, request.value)),
      )
    : order;
  if (request && !eligible.length)
    return {
      reason: 'target-not-found',
      message: `no candidate matches --target ${JSON.stringify(request.target)}${request.value !== undefined ? ` with --value ${JSON.stringify(request.value)}` : ''}`,
    };
  for (const { c, index } of eligible) {
    if (c.discarded) continue;
    const errors = wordingErrors(source, c);
    if (!errors.length) return { index };
    c.checks['wording'] = { ok: false, evidence: errors.join('; ') };
    c.discarded = 'wording-check';
  }
  const first = eligible[0]?.c;
  if (!first) return { reason: 'no-candidates', message: 'the editing rules found no target in this source' };
  return {
    reason: first.discarded ?? 'no-valid-candidate',
    message: `no candidate passes every check; the first-ranked (${first.target}) failed: ${first.discarded}`,
  };
}

export async function constructSource(source: BenchmarkRecord, ctx: ConstructContext): Promise<SourceConstruction> {
  const base = { task_id: source.task_id, domain: source.task };
  if (source.intent)
    return {
      ...base,
      candidates: [],
      selected: null,
      reason: 'has-intent',
      message: 'the record already has an intent block',
    };
  const constructor = DOMAIN_CONSTRUCTORS[source.task];
  if (!constructor)
    return {
      ...base,
      candidates: [],
      selected: null,
      reason: 'unsupported-domain',
      message: `no constructor for the ${source.task} domain yet`,
    };
  let candidates: Candidate[];
  try {
    candidates = await constructor.enumerate(source, ctx);
  } catch (e) {
    if (e instanceof SourceConstructionError)
      return { ...base, candidates: [], selected: null, reason: e.reason, message: e.message };
    return {
      ...base,
      candidates: [],
      selected: null,
      reason: 'constructor-error',
      message: e instanceof Error ? e.message : String(e),
    };
  }
  const chosen = select(source, candidates, ctx);
  if ('reason' in chosen)
    return { ...base, candidates, selected: null, reason: chosen.reason, message: chosen.message };
  candidates[chosen.index]!.selected = true;
  return { ...base, candidates, selected: chosen.index };
}

export function summarize(results: readonly SourceConstruction[]): ConstructSummary {
  const summary: ConstructSummary = {};
  for (const r of results) {
    const d = (summary[r.domain] ??= { sources: 0, constructed: 0, discarded: {}, candidatesDiscarded: {} });
    d.sources++;
    if (r.selected !== null) d.constructed++;
    else d.discarded[r.reason ?? 'unknown'] = (d.discarded[r.reason ?? 'unknown'] ?? 0) + 1;
    for (const c of r.candidates)
      if (c.discarded) d.candidatesDiscarded![c.discarded] = (d.candidatesDiscarded![c.discarded] ?? 0) + 1;
  }
  return summary;
}

export async function constructSources(
  sources: Iterable<BenchmarkRecord>,
  ctx: ConstructContext,
  onProgress?: (done: number, total: number) => void,
): Promise<{ results: SourceConstruction[]; summary: ConstructSummary }> {
  const list = [...sources];
  const results: SourceConstruction[] = [];
  for (const source of list) {
    if (ctx.signal?.aborted) break;
    results.push(await constructSource(source, ctx));
    onProgress?.(results.length, list.length);
  }
  return { results, summary: summarize(results) };
}
