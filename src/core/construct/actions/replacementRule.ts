// The fixed rule that proposes replacement values for a tool argument, in order:
// - an `enum` in the tool schema: the enum's next values (wrapping);
// - a number: steps of its last significant digit (5 → 6, 7, 8, 4; 20 → 30; 5,000,000 → 6,000,000;
//   0.05 → 0.06), as written (grouping, percent, decimals);
// - a string: the other values its schema description lists with it (`Can be 'delete' or 'add'`), then
//   the next entries of its list in the built-in bank (a city by a city), then for a file path another
//   file name (`cars.csv` → `cars_v2.csv`).
// Each value comes with the text that states it in place of the original.
import type { TextSpan } from './statedValues';
import { formatLike, statedAsPercent } from './statedValues';
import { bankReplacements } from './stringBank';
import { describedOptions, pathReplacements } from './schemaOptions';
import type { ScalarValue } from './argumentTargets';

export interface Replacement {
  value: ScalarValue;
  /** The text stated in place of the original span. */
  text: string;
}

export interface ParamSchema {
  type?: unknown;
  enum?: unknown;
  description?: unknown;
}

function trailingZeros(n: number): number {
  let z = 0;
  for (let v = Math.abs(n); v >= 10 && v % 10 === 0; v /= 10) z++;
  return z;
}

function decimalsOf(n: number): number {
  const s = String(n);
  return s.includes('e') ? 0 : (s.split('.')[1] ?? '').length;
}

/** The number rule on the figure as stated (the percent figure when the value is stated as a percent). */
function numberReplacements(value: number, span: TextSpan, integerOnly: boolean): Replacement[] {
  const asPercent = statedAsPercent(span, value);
  const figure = asPercent ? value * 100 : value;
  const decimals = Math.max(span.number?.decimals ?? 0, asPercent ? 0 : decimalsOf(value));
  const step = decimals > 0 ? 10 ** -decimals : 10 ** trailingZeros(figure);
  const figures = [figure + step, figure + 2 * step, figure + 3 * step, figure - step].filter(
    (f) => figure <= 0 || f > 0,
  );
  const out: Replacement[] = [];
  for (const f of figures) {
    const rounded = Number(f.toFixed(decimals));
    const v = asPercent ? Number((rounded / 100).toFixed(decimals + 2)) : rounded;
    if (integerOnly && !Number.isInteger(v)) continue;
    out.push({ value: v, text: formatLike(v, span, asPercent) });
  }
  return out;
}

/** Keeps the stated casing style: `rock` → `jazz`, `Rock` → `Jazz`. */
function caseLike(value: string, stated: string): string {
  if (stated === stated.toLowerCase()) return value.toLowerCase();
  if (stated === stated.toUpperCase() && stated.length > 1) return value.toUpperCase();
  if (/^[A-Z]/.test(stated) && /^[a-z]/.test(value)) return value[0]!.toUpperCase() + value.slice(1);
  return value;
}

function enumReplacements(value: ScalarValue, options: readonly unknown[], span: TextSpan): Replacement[] {
  const at = options.findIndex((o) =>
    typeof o === 'string' && typeof value === 'string' ? o.toLowerCase() === value.toLowerCase() : o === value,
  );
  const out: Replacement[] = [];
  for (let k = 1; k < options.length; k++) {
    const o: unknown = options[(Math.max(at, 0) + k) % options.length];
    if (typeof o === 'number' && Number.isFinite(o)) out.push({ value: o, text: String(o) });
    else if (typeof o === 'string' && o.trim())
      out.push({ value: o, text: typeof value === 'string' ? caseLike(o, span.text) : o });
  }
  return out;
}

/** The rule's replacement values for `value` stated as `span`, in order (unchecked against the task). */
export function replacementsFor(
  value: ScalarValue,
  span: TextSpan,
  schema: ParamSchema | undefined,
  forms: readonly string[],
): Replacement[] {
  if (Array.isArray(schema?.enum) && schema.enum.length > 1) return enumReplacements(value, schema.enum, span);
  if (typeof value === 'number')
    return numberReplacements(
      value,
      span,
      schema?.type === 'integer' || (schema?.type === undefined && Number.isInteger(value)),
    );
  const seen = new Set<string>();
  const out: Replacement[] = [];
  // The schema's own listed values first, then the built-in lists, then a new file name for a path.
  // The schema's values are written as the schema writes them (lower case where the task writes so);
  // a path keeps its own case.
  const lower = span.text === span.text.toLowerCase();
  const rules = (key: string) => [
    ...describedOptions(schema?.description, key).map((r) => (lower ? r.toLowerCase() : r)),
    ...bankReplacements(key).map((r) => caseLike(r, span.text)),
    ...pathReplacements(key),
  ];
  for (const key of [span.text, value, ...forms]) {
    for (const text of rules(key)) {
      if (seen.has(text.toLowerCase())) continue;
      seen.add(text.toLowerCase());
      out.push({ value: text, text });
    }
  }
  return out;
}
