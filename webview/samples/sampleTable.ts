// The Samples state's columns, unpacked once per state: the grid reads only the rows on screen
// (`row`), sorting reads the packed numbers directly (`sortKeys`). Unpacking checks every index
// (a bad one throws, and the error boundary reports it) instead of zod walking 100,000 rows.
// Conversation ids are not in the state: the pages the host sent (`convIds`) are kept here.
import { RESCORED_CODES, VERDICT_CODES, type SampleColumns, type SampleRow, type SamplesState } from '../../src/shared/protocol/samples';
import { unpackBits, unpackDict, unpackUints } from '../../src/shared/protocol/packedColumns';

export type DictKey = 'taskId' | 'domain' | 'model' | 'instance' | 'responseTypes' | 'file' | 'annotations';
const DICT_KEYS: readonly DictKey[] = ['taskId', 'domain', 'model', 'instance', 'responseTypes', 'file', 'annotations'];
/** A column every row leaves empty when the host sends none (no row is annotated). */
const NO_VALUES = { values: [] as string[] };

const collator = new Intl.Collator('en', { numeric: true });

export class SampleTable {
  readonly count: number;
  /** The ids the host sent so far, by row (the rows on screen and their margins). */
  private readonly convIds: Array<string | undefined>;
  private readonly asked = new Set<number>();
  private readonly index: Record<DictKey, Uint32Array>;
  private readonly ranks = new Map<DictKey, Float64Array>();
  readonly verdict: Uint32Array;
  readonly turns: Uint32Array;
  readonly line: Uint32Array;
  /** Inactive count + 1 (0: not re-scored), cost in micro-dollars + 1 (0: not logged). */
  readonly inactive: Uint32Array | undefined;
  readonly cost: Uint32Array | undefined;
  /** Tokens + 1 (0: not logged). */
  readonly tokens: Uint32Array | undefined;

  constructor(private readonly columns: SampleColumns, count: number) {
    this.count = count;
    this.convIds = new Array<string | undefined>(count);
    this.index = Object.fromEntries(DICT_KEYS.map((k) => [k, columns[k] ? unpackDict(columns[k], count) : new Uint32Array(count)])) as Record<DictKey, Uint32Array>;
    this.verdict = unpackUints(columns.verdict, count);
    for (const v of this.verdict) if (v >= VERDICT_CODES.length * RESCORED_CODES.length) throw new Error(`verdict code ${v} out of range`);
    this.turns = unpackUints(columns.turns, count);
    this.line = unpackUints(columns.line, count);
    this.inactive = columns.inactive && unpackUints(columns.inactive, count);
    this.cost = columns.costMicroUsd && unpackUints(columns.costMicroUsd, count);
    this.tokens = columns.tokens && unpackUints(columns.tokens, count);
  }

  convId(row: number): string | undefined {
    return this.convIds[row];
  }

  /** Of `rows`, those whose id the page neither has nor has asked for, marked as asked for (at most `max`). */
  claimMissingIds(rows: Iterable<number>, max: number): number[] {
    const out: number[] = [];
    for (const r of rows) {
      if (out.length >= max) break;
      if (r < this.count && this.convIds[r] === undefined && !this.asked.has(r)) out.push(r);
    }
    for (const r of out) this.asked.add(r);
    return out;
  }

  /** A page of ids from the host (`ids[i]` is the id of `rows[i]`), or none (`ids` undefined: asked again later). */
  settleIds(rows: readonly number[], ids: readonly string[] | undefined): void {
    for (const r of rows) this.asked.delete(r);
    if (!ids) return;
    if (ids.length !== rows.length) throw new Error(`${ids.length} conversation ids for ${rows.length} rows`);
    rows.forEach((r, i) => {
      if (r < this.count) this.convIds[r] = ids[i];
    });
  }

  text(key: DictKey, row: number): string | undefined {
    const n = this.index[key][row]!;
    return n === 0 ? undefined : this.dict(key).values[n - 1];
  }

  private dict(key: DictKey): { values: string[] } {
    return this.columns[key] ?? NO_VALUES;
  }

  /** A dictionary column's sort key per row: the rank of its value in natural order; NaN when absent. */
  rank(key: DictKey): (row: number) => number {
    let ranks = this.ranks.get(key);
    if (!ranks) {
      // The collator runs once per distinct value, not per comparison: 100,000 rows sort on numbers.
      const values = this.dict(key).values;
      const order = values.map((_, i) => i).sort((a, b) => collator.compare(values[a]!, values[b]!));
      ranks = new Float64Array(values.length + 1);
      ranks[0] = NaN;
      order.forEach((v, r) => (ranks![v + 1] = r));
      this.ranks.set(key, ranks);
    }
    const r = ranks;
    const index = this.index[key];
    return (row) => r[index[row]!]!;
  }

  row(i: number): SampleRow {
    const v = this.verdict[i]!;
    const rescored = RESCORED_CODES[v % RESCORED_CODES.length];
    const inactive = this.inactive?.[i];
    const cost = this.cost?.[i];
    const tokens = this.tokens?.[i];
    const responseTypes = this.text('responseTypes', i);
    const annotations = this.text('annotations', i);
    const convId = this.convIds[i];
    return {
      ...(convId !== undefined ? { convId } : {}),
      taskId: this.text('taskId', i) ?? '',
      domain: this.text('domain', i) ?? '',
      model: this.text('model', i) ?? '',
      instance: this.text('instance', i) ?? '',
      verdict: VERDICT_CODES[Math.floor(v / RESCORED_CODES.length)]!,
      ...(rescored ? { rescored } : {}),
      ...(inactive ? { inactive: inactive - 1 } : {}),
      turns: this.turns[i]!,
      ...(responseTypes !== undefined ? { responseTypes } : {}),
      ...(cost ? { costUsd: (cost - 1) / 1e6 } : {}),
      ...(tokens ? { tokens: tokens - 1 } : {}),
      ...(annotations !== undefined ? { annotations } : {}),
      file: this.text('file', i) ?? '',
      line: this.line[i]!,
    };
  }
}

/** The visible rows, ascending (the tree's order). */
export function visibleRowsOf(visible: SamplesState['visible'], count: number): Uint32Array {
  return unpackBits(visible, count);
}
