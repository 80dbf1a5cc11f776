// Facts of an actions task the checks read: the full single-turn question, shared settings (units),
// schema fit, totals the task states, and the unit word after a stated number.
import type { BenchmarkRecord } from '../../schema/records';
import type { PossibleAnswer } from '../../verify/actions/bfclChecker';
import type { ArgumentSlot, ScalarValue } from './argumentTargets';
import type { ParamSchema } from './replacementRule';
import { GLUED_UNITS, numberTokens, tokenValue } from './statedValues';

/** The full question: a string, or BFCL's turns of chat messages, their contents joined by newlines. */
export function actionsQuestion(record: BenchmarkRecord): string | undefined {
  const fsq = record.fully_specified_question;
  if (typeof fsq === 'string') return fsq;
  if (!Array.isArray(fsq)) return undefined;
  const parts = (fsq as unknown[])
    .flat(3)
    .map((m) =>
      typeof m === 'string'
        ? m
        : m && typeof m === 'object' && 'content' in m
          ? String((m as { content: unknown }).content)
          : '',
    );
  const text = parts.filter(Boolean).join('\n');
  return text || undefined;
}

/** Argument names that set how other values read (units, currency of amounts, precision, format). */
const SETTING_ARG =
  /(^|_)(units?|unit_system|measure(ment)?|scale|precision|rounding|round(_to)?|decimals?|format|system|metric)$|^(currency|timezone|tz)$/i;
/** Values that are units themselves. */
const UNIT_VALUES = new Set(
  (
    'm meter meters metre metres cm centimeter centimeters mm millimeter millimeters km kilometer kilometers mile miles ' +
    'ft foot feet inch inches yard yards kg kilogram kilograms g gram grams lb lbs pound pounds ounce ounces oz ' +
    'celsius fahrenheit kelvin c f k second seconds minute minutes hour hours day days sec min hr ' +
    'metric imperial si liter liters litre litres ml gallon gallons cup cups km/h mph m/s kmh knots ' +
    'g/mol grams/mole kg/m³ g/cm³ square meters square feet percent percentage degrees radians'
  ).split(' '),
);

/** Why changing this argument would change a shared setting (undefined when it would not). */
export function namesSharedSetting(arg: string, value: ScalarValue): string | undefined {
  if (SETTING_ARG.test(arg)) return `\`${arg}\` is a shared setting (a unit, scale or format other values are read in)`;
  if (typeof value === 'string' && UNIT_VALUES.has(value.trim().toLowerCase()))
    return `${JSON.stringify(value)} is a unit: changing it would change the meaning of other values`;
  return undefined;
}

/** Whether the schema accepts the value: its type and, when it has one, its enum. */
export function schemaAccepts(schema: ParamSchema | undefined, value: ScalarValue): { ok: boolean; why: string } {
  if (!schema) return { ok: false, why: 'the argument is not in the tool schema' };
  const type = typeof schema.type === 'string' ? schema.type : 'any';
  const isNumberType = type === 'integer' || type === 'float' || type === 'number';
  if (type === 'integer' && !(typeof value === 'number' && Number.isInteger(value)))
    return { ok: false, why: `${JSON.stringify(value)} is not an integer` };
  if (isNumberType && typeof value !== 'number')
    return { ok: false, why: `${JSON.stringify(value)} is not a number (${type})` };
  if (type === 'string' && typeof value !== 'string')
    return { ok: false, why: `${JSON.stringify(value)} is not a string` };
  if (!isNumberType && type !== 'string' && type !== 'any') return { ok: false, why: `the schema type is ${type}` };
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => e === value))
    return {
      ok: false,
      why: `${JSON.stringify(value)} is not one of the schema's values (${schema.enum.map((e) => JSON.stringify(e)).join(', ')})`,
    };
  return {
    ok: true,
    why: `${JSON.stringify(value)} fits the schema (${type}${Array.isArray(schema.enum) ? ', enum' : ''})`,
  };
}

/** Words that make a number a stated total rather than a coincidence. */
const TOTAL_WORDS = /\b(total|totals|sum|combined|altogether|overall|in all|split|divided)\b/i;

/**
 * A total the task states over this argument: a number in the question equal to the sum of the
 * argument over the calls of the same tool (two or more), which is none of the summed values, with a
 * word such as `total` or `combined` near it.
 */
export function statedTotal(question: string, reference: PossibleAnswer, t: ArgumentSlot): string | undefined {
  const values: number[] = [];
  for (const call of reference) {
    const args = call[t.func];
    const allowed: unknown = args?.[t.arg];
    const v: unknown = Array.isArray(allowed) ? allowed.find((x) => x !== '') : undefined;
    if (t.index !== undefined) {
      // An element of a list: the total would be the list's sum (in the call that holds it).
      if (call === reference[t.call] && Array.isArray(v))
        for (const x of v as unknown[]) if (typeof x === 'number') values.push(x);
    } else if (typeof v === 'number') values.push(v);
  }
  if (values.length < 2) return undefined;
  const sum = values.reduce((a, b) => a + b, 0);
  if (values.includes(sum)) return undefined;
  const stated = numberTokens(question).find(
    (s) =>
      Math.abs(tokenValue(s) - sum) < 1e-9 && TOTAL_WORDS.test(question.slice(Math.max(0, s.from - 50), s.to + 30)),
  );
  return stated
    ? `the task states the total ${stated.text} of \`${t.arg}\` over the ${t.func} calls; changing one value breaks it`
    : undefined;
}

const UNIT_WORD = /^(\s?)(%|[A-Za-z$€£°/³²]+)(\s[A-Za-z]+)?/;

/** The unit written right after a stated number (` meters`, `cm`, ` square feet`), or '' when none. */
export function unitAfter(text: string, end: number): string {
  const m = UNIT_WORD.exec(text.slice(end));
  if (!m) return '';
  const word = m[2]!.toLowerCase();
  if ((word === 'square' || word === 'cubic') && m[3]) return m[1]! + m[2]! + m[3];
  if (!m[1] && GLUED_UNITS.has(word)) return m[2]!;
  return UNIT_VALUES.has(word) ||
    /^(dollars?|euros?|years?|months?|weeks?|people|persons?|items?|times|points|%)$/.test(word)
    ? m[1]! + m[2]!
    : '';
}
