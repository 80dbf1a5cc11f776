// Inactive content in a response: where a rejected or superseded value (FORMAT.md: "what is in
// effect now?") shows up in the final answer. The inactive values come from the intent timeline,
// the one notion of "inactive" the whole extension shares; this module only locates them, per
// domain: Math numbers (normalised), Code entry-point identifiers, Database SQL literals,
// predicates and output columns, Actions argument values. Explanations and comments count too.
import type { BenchmarkRecord, Domain } from '../schema/records';
import type { EvolvingPlan } from '../schema/evolving';
import { evolvingTimeline } from '../state/evolvingTimeline';
import { planReference } from '../verify/planReference';
import { renderInstance, referenceFor, activeTaskOf, RenderError, type InstanceSpec } from '../render/instances';
import { intentEvalTimeline, tagsFromRendered, type InactiveItem, type IntentTimeline } from '../state/intentTimeline';
import { scanNumbers, numbersIn, sameNumber, type NumberToken } from '../verify/math/numbers';
import { mathReferenceNumber } from '../verify/math/mathVerifier';
import { extractSql, closingQuote } from '../verify/database/sqlText';
import { inactiveSqlForms, inactiveSqlTargets, sqlForms, type SqlTarget } from './sqlDiff';
import { parseCalls } from '../verify/actions/parseCalls';
import { pyEquals, type PyValue } from '../verify/actions/pyValue';
import { possibleValues, standardizeString } from '../verify/actions/bfclChecker';
import { isPossibleAnswer } from '../verify/actions/actionsVerifier';
import { escapeRegExp } from '../text/escapeRegExp';

export type InactiveMatch =
  'number' | 'identifier' | 'sql-literal' | 'sql-predicate' | 'sql-column' | 'argument' | 'text';

export interface InactiveSpan {
  /** The inactive value as the record states it (`2 bags`, `insert_delimiter`, `30`). */
  value: string;
  start: number;
  end: number;
  kind: InactiveItem['kind'];
  match: InactiveMatch;
  requirement: string;
  /** For hovers, e.g. `rejected proposal value "2 bags"`. */
  describe: string;
}

/**
 * A detector of inactive content in a response (the compare and conversation views take one):
 * `timeline` is the intent timeline up to the message, so a reply is only checked against what
 * was inactive when it was written; absent = the rendered instance's.
 */
export type InactiveSpanDetector = (
  record: BenchmarkRecord,
  spec: InstanceSpec,
  text: string,
  timeline?: IntentTimeline,
) => InactiveSpan[];

/** The timeline of an instance as rendered (a logged trace's timeline can be passed instead). */
export function instanceTimeline(record: BenchmarkRecord, spec: InstanceSpec): IntentTimeline {
  return intentEvalTimeline(record, tagsFromRendered(renderInstance(record, spec)), spec);
}

const IDENT = '[A-Za-z0-9_]';

function identifierSpans(text: string, name: string, caseInsensitive = false): Array<{ start: number; end: number }> {
  if (!name) return [];
  const re = new RegExp(`(?<!${IDENT})${escapeRegExp(name)}(?!${IDENT})`, caseInsensitive ? 'gi' : 'g');
  return [...text.matchAll(re)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

/** `Step 2`, `2.` at a line start: numbering, not quantities. */
function isLabel(text: string, t: NumberToken): boolean {
  const before = text.slice(Math.max(0, t.start - 12), t.start);
  if (/\b(step|part|case|option|method|approach)\s*#?$/i.test(before)) return true;
  const lineStart = text.lastIndexOf('\n', t.start - 1) + 1;
  return /^\s*(?:[-*]\s*)?$/.test(text.slice(lineStart, t.start)) && /^[.)]\s/.test(text.slice(t.end, t.end + 2));
}

function span(item: InactiveItem, start: number, end: number, match: InactiveMatch, detail?: string): InactiveSpan {
  return {
    value: item.value,
    start,
    end,
    kind: item.kind,
    match,
    requirement: item.requirement,
    describe: detail ? `${item.describe} (${detail})` : item.describe,
  };
}

function mathSpans(text: string, items: readonly InactiveItem[]): InactiveSpan[] {
  const out: InactiveSpan[] = [];
  const tokens = scanNumbers(text);
  for (const item of items) {
    const values = item.isReference
      ? [mathReferenceNumber(item.reference)].filter((n): n is number => n !== undefined)
      : numbersIn(item.value);
    for (const t of tokens) {
      if (values.some((v) => sameNumber(v, t.value)) && !isLabel(text, t))
        out.push(span(item, t.start, t.end, 'number', item.isReference ? `= ${t.raw}` : undefined));
    }
  }
  return out;
}

function codeSpans(text: string, items: readonly InactiveItem[]): InactiveSpan[] {
  const out: InactiveSpan[] = [];
  for (const item of items) {
    const name = item.isReference ? (typeof item.reference === 'string' ? item.reference : '') : item.value;
    if (!/^[A-Za-z_]\w*$/.test(name)) continue;
    for (const s of identifierSpans(text, name)) out.push(span(item, s.start, s.end, 'identifier'));
  }
  return out;
}

/** Quoted literals of a SQL text, with offsets of their content. */
function quotedLiterals(sql: string, offset: number): Array<{ value: string; start: number; end: number }> {
  const out: Array<{ value: string; start: number; end: number }> = [];
  for (let i = 0; i < sql.length; i++) {
    if (sql[i] === "'" || sql[i] === '"') {
      const end = closingQuote(sql, i);
      out.push({ value: sql.slice(i + 1, end - 1).replace(/''/g, "'"), start: offset + i, end: offset + end });
      i = end - 1;
    }
  }
  return out;
}

const PREDICATE_BEFORE =
  /([A-Za-z_][\w]*\.)?([A-Za-z_]\w*)\s*(<=|>=|<>|!=|==|=|<|>|\bnot\s+like\b|\blike\b|\bin\s*\(\s*)\s*$/i;

/** `active` is the reference in effect (SQL), which the inactive ones are diffed against. */
function databaseSpans(text: string, items: readonly InactiveItem[], active: unknown): InactiveSpan[] {
  const out: InactiveSpan[] = [];
  const sqlPart = extractSql(text);
  const inSql = (s: number) => !!sqlPart && s >= sqlPart.start && s < sqlPart.end;
  const numbers = scanNumbers(text);
  const activeNumbers = typeof active === 'string' ? numbersIn(active) : [];
  const locateNumber = (item: InactiveItem, value: number, column?: string) => {
    for (const t of numbers) {
      if (!sameNumber(t.value, value)) continue;
      if (!inSql(t.start)) {
        out.push(span(item, t.start, t.end, 'number'));
        continue;
      }
      const before = PREDICATE_BEFORE.exec(text.slice(Math.max(sqlPart!.start, t.start - 80), t.start));
      if (before && (!column || before[2]!.toLowerCase() === column.toLowerCase()))
        out.push(
          span(item, t.start - before[0].length, t.end, 'sql-predicate', `${before[2]} ${before[3]!.trim()} ${t.raw}`),
        );
      else out.push(span(item, t.start, t.end, 'sql-literal'));
    }
  };
  const locateString = (item: InactiveItem, value: string) => {
    if (sqlPart)
      for (const q of quotedLiterals(text.slice(sqlPart.start, sqlPart.end), sqlPart.start))
        if (q.value.toLowerCase() === value.toLowerCase()) out.push(span(item, q.start, q.end, 'sql-literal'));
    for (const s of identifierSpans(text, value, true))
      if (!inSql(s.start)) out.push(span(item, s.start, s.end, 'text'));
  };
  for (const item of items) {
    if (item.isReference) {
      const inactiveSql = typeof item.reference === 'string' ? item.reference : undefined;
      const targets: SqlTarget[] =
        inactiveSql && typeof active === 'string' ? (inactiveSqlTargets(active, inactiveSql) ?? []) : [];
      // Polarity and operators (`NOT IN` for `IN`, `>=` for `>`, `DESC` for `ASC`): the answer's
      // SQL carries a form only the inactive reference has.
      const forms = inactiveSql && typeof active === 'string' && sqlPart ? inactiveSqlForms(active, inactiveSql) : [];
      if (forms.length)
        for (const f of sqlForms(text.slice(sqlPart!.start, sqlPart!.end)))
          if (forms.includes(f.form))
            out.push(
              span(
                item,
                sqlPart!.start + f.start,
                sqlPart!.start + f.end,
                'sql-predicate',
                `${f.form}: the inactive query's form`,
              ),
            );
      for (const t of targets) {
        if (t.type === 'column')
          for (const s of identifierSpans(text, t.name, true))
            out.push(span(item, s.start, s.end, 'sql-column', `output column ${t.name}`));
        else if (typeof t.value === 'number') locateNumber(item, t.value, t.column);
        else locateString(item, t.value);
      }
    } else {
      // The premise value (`under age 30`): its numbers, unless the active query uses them too.
      for (const n of numbersIn(item.value)) if (!activeNumbers.some((a) => sameNumber(a, n))) locateNumber(item, n);
    }
  }
  return out;
}

interface ArgTarget {
  fn: string;
  arg: string;
  values: PyValue[];
}

/** Per (function, argument): the allowed values only the inactive reference has. */
function argumentDiff(active: unknown, inactive: unknown): ArgTarget[] {
  if (!isPossibleAnswer(active) || !isPossibleAnswer(inactive)) return [];
  const allowed = new Map<string, PyValue[]>();
  for (const call of active)
    for (const [fn, args] of Object.entries(call))
      for (const arg of Object.keys(args))
        allowed.set(`${fn}\u0000${arg}`, [...(allowed.get(`${fn}\u0000${arg}`) ?? []), ...possibleValues(args, arg)]);
  const out: ArgTarget[] = [];
  for (const call of inactive) {
    for (const [fn, args] of Object.entries(call)) {
      for (const arg of Object.keys(args)) {
        const act = allowed.get(`${fn}\u0000${arg}`) ?? [];
        const only = possibleValues(args, arg).filter(
          (v) => !(v.t === 'str' && v.v === '') && !act.some((a) => valueMatches(a, v)),
        );
        if (only.length) out.push({ fn, arg, values: only });
      }
    }
  }
  return out;
}

function valueMatches(a: PyValue, b: PyValue): boolean {
  if (a.t === 'str' && b.t === 'str') return standardizeString(a.v) === standardizeString(b.v);
  return pyEquals(a, b);
}

/** `active` is the reference call list in effect, which the inactive one is diffed against. */
function actionsSpans(text: string, items: readonly InactiveItem[], active: unknown): InactiveSpan[] {
  const out: InactiveSpan[] = [];
  const refItem = items.find((i) => i.isReference);
  const diff = refItem ? argumentDiff(active, refItem.reference) : [];
  const args = new Set(diff.map((d) => `${d.fn}\u0000${d.arg}`));
  const activeAllowed = (fn: string, arg: string): PyValue[] =>
    isPossibleAnswer(active)
      ? active.flatMap((c) =>
          Object.entries(c)
            .filter(([f]) => f === fn)
            .flatMap(([, a]) => possibleValues(a, arg)),
        )
      : [];
  // Values to look for, per (function, argument): the reference diff, plus each premise value
  // (`6 meters` → 6, `Alameda`) applied to the arguments that the revision changes.
  const targets: Array<{ item: InactiveItem; fn: string; arg: string; value: PyValue }> = [];
  for (const d of diff) for (const v of d.values) targets.push({ item: refItem!, fn: d.fn, arg: d.arg, value: v });
  for (const item of items) {
    if (item.isReference) continue;
    const nums = numbersIn(item.value);
    const candidates: PyValue[] = nums.length
      ? nums.map((n) => (Number.isInteger(n) ? { t: 'int', v: n } : { t: 'float', v: n }))
      : [{ t: 'str', v: item.value }];
    for (const key of args) {
      const [fn, arg] = key.split('\u0000') as [string, string];
      for (const v of candidates)
        if (!activeAllowed(fn, arg).some((a) => valueMatches(a, v))) targets.push({ item, fn, arg, value: v });
    }
  }
  const parsed = parseCalls(text);
  if (parsed && parsed.format === 'python') {
    for (const call of parsed.calls) {
      for (const t of targets) {
        const given = call.args[t.arg];
        const at = call.argSpans[t.arg];
        if (call.name === t.fn && given && at && valueMatches(given, t.value))
          out.push(span(t.item, at.start, at.end, 'argument', `${t.fn}(${t.arg}=…)`));
      }
    }
    return out;
  }
  // No call syntax (JSON or prose): look for the values as whole tokens.
  const numbers = scanNumbers(text);
  for (const t of targets) {
    if (t.value.t === 'int' || t.value.t === 'float') {
      const v = t.value.v;
      for (const n of numbers) if (sameNumber(n.value, v)) out.push(span(t.item, n.start, n.end, 'text', t.arg));
    } else if (t.value.t === 'str')
      for (const s of identifierSpans(text, t.value.v, true)) out.push(span(t.item, s.start, s.end, 'text', t.arg));
  }
  return out;
}

/**
 * Spans of inactive content in a response for an instance. `timeline` defaults to the rendered
 * instance's timeline; pass the one built from a logged trace to follow what was actually said.
 */
export function detectInactive(
  record: BenchmarkRecord,
  spec: InstanceSpec,
  responseText: string,
  timeline?: IntentTimeline,
): InactiveSpan[] {
  if (!record.intent) return [];
  let items: InactiveItem[];
  try {
    items = (timeline ?? instanceTimeline(record, spec)).inactive;
  } catch (e) {
    // An instance the record cannot render (e.g. a depth it cannot fill) has no timeline to go by.
    if (e instanceof RenderError) return [];
    throw e;
  }
  if (!items.length || !responseText) return [];
  return locateInactive(record.task, responseText, items, referenceFor(record, activeTaskOf(spec)));
}

/**
 * Spans of inactive content in the final answer of an evolving-intent conversation: superseded
 * argument values, functions and earlier intents' answers, located as for records, with the
 * anchor as the reference in effect. Pass the timeline built from the log to follow what was said.
 */
export function detectPlanInactive(
  plan: EvolvingPlan,
  responseText: string,
  timeline?: IntentTimeline,
): InactiveSpan[] {
  if (plan.task === 'search' || !responseText) return [];
  const items = (timeline ?? evolvingTimeline(plan)).inactive;
  if (!items.length) return [];
  return locateInactive(plan.task, responseText, items, planReference(plan));
}

function locateInactive(
  domain: Domain,
  responseText: string,
  items: readonly InactiveItem[],
  active: unknown,
): InactiveSpan[] {
  let spans: InactiveSpan[];
  switch (domain) {
    case 'math':
      spans = mathSpans(responseText, items);
      break;
    case 'code':
      spans = codeSpans(responseText, items);
      break;
    case 'database':
      spans = databaseSpans(responseText, items, active);
      break;
    case 'actions':
      spans = actionsSpans(responseText, items, active);
      break;
  }
  // One span per place: the same number can be both the premise and a reference diff.
  const seen = new Set<string>();
  return spans
    .sort((a, b) => a.start - b.start || b.end - a.end)
    .filter((s) => {
      const k = `${s.start}:${s.end}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
}
