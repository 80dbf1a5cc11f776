// The output-field revision of a counting query (Appendix A.1: "then … aggregation, output fields"):
// `SELECT count(*) FROM singer` ("How many singers are there?") asks instead for the listed field
// ("What are the names of the singers?" → `SELECT name FROM singer`). The listed field must be
// unambiguous: the counted column itself (`count(DISTINCT pettype)` → the different types), else
// the table's one name column, else its one id column. The question is reworded by countQuestion.ts.
import { columnOf, tablesOf, type AstNode, type QueryPart } from './sqlAst';
import type { SqlSite } from './sqlSites';
import type { SiteEdit } from './siteEdits';
import { columnsOf, type DatabaseHandle } from './databaseRun';
import { findCountPhrase, listingQuestion, nameTokens, namesToken, type CountPhrase } from './countQuestion';

/** What a counting query counts: rows of a table, or a column's (distinct) values. */
export interface CountTarget {
  table: string;
  /** The counted column of `count(col)` / `count(DISTINCT col)`, as written. */
  column?: { column: string; table: string | null };
  distinct: boolean;
}

const NAME_COLUMN = /(^|_)name$|[a-z]Name$|^name$/i;
const ID_COLUMN = /(^|_)id$|[a-z]Id$|^id$/i;

/** How a listing of a counted column is named: its ids, its names, or (``) the counted values themselves. */
function columnListing(column: string): string {
  return ID_COLUMN.test(column) ? 'ids' : NAME_COLUMN.test(column) ? 'names' : '';
}

/** The count site of a single-part, single-column, ungrouped `SELECT count(…) FROM …`. */
export function countSite(parts: readonly QueryPart[], order: number): SqlSite | undefined {
  if (parts.length !== 1) return undefined;
  const select = parts[0]!.ast;
  const columns = Array.isArray(select.columns) ? (select.columns as Array<{ expr?: AstNode }>) : [];
  const expr = columns[0]?.expr;
  if (columns.length !== 1 || expr?.type !== 'aggr_func' || String(expr.name).toUpperCase() !== 'COUNT') return;
  if ((select.groupby as { columns?: unknown[] } | null)?.columns?.length || select.having || select.limit) return;
  const args = expr.args as { expr?: AstNode; distinct?: unknown } | undefined;
  const col = columnOf(args?.expr);
  const tables = tablesOf(select);
  const from = Array.isArray(select.from) ? (select.from as Array<{ table?: unknown }>) : [];
  const table = col?.table ? tables.get(col.table.toLowerCase()) : from.length === 1 ? from[0]!.table : undefined;
  if (typeof table !== 'string' || (!col && args?.expr?.type !== 'star')) return undefined;
  const count: CountTarget = { table, distinct: !!args?.distinct, ...(col ? { column: col } : {}) };
  return {
    kind: 'output',
    partIndex: 0,
    path: ['columns', 0, 'expr'],
    clause: `SELECT COUNT(${col ? `${count.distinct ? 'DISTINCT ' : ''}${col.column}` : '*'})`,
    column: { name: col?.column ?? '*', tables: [table] },
    count,
    order,
  };
}

/** Words the counted noun phrase must name: the table's, and the counted column's. */
export function countAnchors(count: CountTarget): string[] {
  return [...nameTokens(count.table), ...(count.column ? nameTokens(count.column.column) : [])];
}

/** `courses` → `course`, `categories` → `category`. */
const singular = (w: string) => w.replace(/ies$/, 'y').replace(/(?<!s)s$/, '');

/**
 * The column a listing of the table shows: its name (`name`, `<table>_name`, or a column named as the
 * table: `Continent` of `continents`), else its one name-like column, else its own id (`<table>_id`, `id`).
 */
function listedColumn(
  columns: readonly string[],
  table: string,
): { column: string; kind: 'names' | 'ids' } | undefined {
  const tokens = nameTokens(table).map(singular);
  const own = tokens.join('_?');
  const exact = columns.filter(
    (c) => new RegExp(`^(name|${own}_?name|${own}s?)$`, 'i').test(c) || tokens.includes(singular(c.toLowerCase())),
  );
  const names = exact.length ? exact : columns.filter((c) => NAME_COLUMN.test(c));
  if (names.length === 1) return { column: names[0]!, kind: 'names' };
  const ids = columns.filter((c) => new RegExp(`^(${own}_?)?id$`, 'i').test(c));
  return ids.length === 1 ? { column: ids[0]!, kind: 'ids' } : undefined;
}

/** The listed field as an edit: `value` is how the listing is named (`names`, `ids`, or `` for the counted values). */
export async function countListingEdits(site: SqlSite, db: DatabaseHandle): Promise<SiteEdit[]> {
  const count = site.count!;
  let column = count.column?.column;
  let value = column ? columnListing(column) : '';
  if (!column) {
    const listed = listedColumn(await columnsOf(db, count.table), count.table);
    if (!listed) return [];
    column = listed.column;
    value = listed.kind;
  }
  return [
    {
      value,
      apply: (parts) => {
        const select = parts[site.partIndex]!.ast;
        const columns = select.columns as Array<{ expr: AstNode }>;
        columns[0]!.expr = { type: 'column_ref', table: count.column?.table ?? null, column: column! };
        if (count.distinct) select.distinct = 'DISTINCT';
      },
    },
  ];
}

/**
 * How a listing is stated: `the names of the singers`, or the noun phrase itself where it already
 * names the listed values (`the different types of pet`, `the different degree names`).
 */
export function listingText(phrase: CountPhrase, value: string): string {
  const named = value && (phrase.noun.match(/[A-Za-z]+/g) ?? []).some((w) => namesToken(w, singular(value)));
  return value && !named ? `the ${value} of the ${phrase.noun}` : `the ${phrase.noun}`;
}

/** Whether a word of the text names a token of a column (`types` names `pettype`, `nationalities` names `nationality`). */
function coversToken(word: string, token: string): boolean {
  if (namesToken(word, token)) return true;
  const w = singular(word.toLowerCase());
  return w.length >= 3 && token.length > w.length && (token.endsWith(w) || token.startsWith(w));
}

/** The finder of a count site: the counting phrase, the listing it becomes, and the reworded question. */
export function countFinder(site: SqlSite) {
  const count = site.count!;
  const anchors = countAnchors(count);
  // A counted column is listed only where the noun phrase names it ("different types of pet" for
  // `pettype`, "dogs" for `dog_id`), not only its table ("animals" for `count(DISTINCT keeper_id)`).
  const own = count.column ? nameTokens(count.column.column) : undefined;
  const find = (text: string) => {
    const phrase = findCountPhrase(text, anchors);
    const words = phrase?.noun.match(/[A-Za-z]+/g) ?? [];
    return own && !words.some((w) => own.some((t) => coversToken(w, t))) ? undefined : phrase;
  };
  return (text: string) => {
    const phrase = find(text);
    if (!phrase) return undefined;
    return {
      hit: { text: phrase.text, index: phrase.index },
      revisedText: (v: number | string) => listingText(phrase, String(v)),
      revisedQuestion: (question: string, v: number | string) => {
        const asked = find(question);
        return asked ? listingQuestion(question, asked, listingText(asked, String(v))) : undefined;
      },
    };
  };
}
