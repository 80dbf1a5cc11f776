// A schema issue as a sentence a data author can act on: which field, what it must be, and what was
// found there ("`turn` must be a number, found the text "3""). The one mapping from zod's issue
// kinds to words; the loaders' diagnostics, the CLI and the revision editor all use it.
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;
type Path = ReadonlyArray<PropertyKey>;

const EXPECTED: Record<string, string> = {
  string: 'a text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  tuple: 'a list',
  object: 'an object',
  record: 'an object',
  map: 'an object',
  null: 'null',
  undefined: 'absent',
  date: 'a date',
  literal: 'a fixed value',
  nan: 'NaN',
};

const SHOWN_TEXT = 40;

/** A found value in words: `the text "3"`, `the number 3`, `a list of 2 items`, `null`. */
export function describeFound(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    const shown = value.length > SHOWN_TEXT ? `${value.slice(0, SHOWN_TEXT - 1)}…` : value;
    return value === '' ? 'an empty text' : `the text ${JSON.stringify(shown)}`;
  }
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return `the value ${value}`;
  if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** The field an issue is about, as written in the data: `turn`, `neutral[1]`; empty for the whole object. */
export function fieldName(path: Path): string {
  let name = '';
  for (let i = path.length - 1; i >= 0; i--) {
    const p = path[i]!;
    if (typeof p === 'number') name = `[${p}]${name}`;
    else return `${String(p)}${name}`;
  }
  return name ? `item ${name}` : '';
}

/** The value at `path` inside `root` (undefined where the path does not lead). */
export function valueAt(root: unknown, path: Path): unknown {
  let v = root;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[p as string];
  }
  return v;
}

const quoteList = (values: readonly unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');
const plural = (n: number | bigint, one: string, many = `${one}s`) => `${n} ${Number(n) === 1 ? one : many}`;

function sizeText(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>, small: boolean): string {
  const bound = small
    ? (issue as { minimum: number | bigint }).minimum
    : (issue as { maximum: number | bigint }).maximum;
  const inclusive = issue.inclusive !== false;
  const atLeast = small ? (inclusive ? 'at least' : 'more than') : inclusive ? 'at most' : 'less than';
  switch (issue.origin) {
    case 'string':
      if (small && Number(bound) === 1 && inclusive) return 'must not be empty';
      return `must have ${atLeast} ${plural(bound, 'character')}`;
    case 'array':
    case 'set':
      if (small && Number(bound) === 1 && inclusive) return 'must have at least one item';
      return `must have ${atLeast} ${plural(bound, 'item')}`;
    default:
      return `must be ${atLeast} ${String(bound)}`;
  }
}

/**
 * One issue as a sentence. `input` is the object that was validated (the issue's path is read in
 * it for what was found); without it, `issue.input` is used when zod reported one.
 */
export function describeZodIssue(issue: Issue, input?: unknown): string {
  const name = fieldName(issue.path);
  const subject = name ? `\`${name}\`` : 'The value';
  const found = input !== undefined ? valueAt(input, issue.path) : (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_type': {
      const expected = EXPECTED[issue.expected] ?? `a ${issue.expected}`;
      const missing = input !== undefined ? found === undefined : /received undefined/.test(issue.message);
      if (missing) return `${subject} is missing: it must be ${expected}`;
      if (issue.expected === 'int' && typeof found === 'number')
        return `${subject} must be a whole number, found ${found}`;
      return `${subject} must be ${expected}, found ${describeFound(found)}`;
    }
    case 'too_small':
      return `${subject} ${sizeText(issue, true)}${found !== undefined ? `, found ${describeFound(found)}` : ''}`;
    case 'too_big':
      return `${subject} ${sizeText(issue, false)}${found !== undefined ? `, found ${describeFound(found)}` : ''}`;
    case 'invalid_value': {
      const what =
        issue.values.length === 1 ? `must be ${quoteList(issue.values)}` : `must be one of ${quoteList(issue.values)}`;
      return `${subject} ${what}, found ${describeFound(found)}`;
    }
    case 'invalid_format': {
      const format =
        issue.format === 'regex' && issue.pattern
          ? `text matching ${issue.pattern}`
          : issue.format === 'starts_with' || issue.format === 'ends_with' || issue.format === 'includes'
            ? issue.message.replace(/^Invalid string: /, '')
            : `a valid ${issue.format}`;
      return `${subject} must be ${format}, found ${describeFound(found)}`;
    }
    case 'not_multiple_of':
      return `${subject} must be a multiple of ${String(issue.divisor)}, found ${describeFound(found)}`;
    case 'unrecognized_keys':
      return `${name ? subject : 'The object'} has ${issue.keys.length === 1 ? 'an unknown field' : 'unknown fields'} ${issue.keys.map((k) => `\`${k}\``).join(', ')}`;
    case 'invalid_union': {
      const note = issue as { discriminator?: string; options?: unknown[] };
      if (note.options?.length)
        return `${subject} must be one of ${quoteList(note.options)}, found ${describeFound(found)}`;
      return `${subject} matches none of its allowed forms, found ${describeFound(found)}`;
    }
    case 'invalid_key': {
      const owner = fieldName(issue.path.slice(0, -1));
      return `${subject} is not an allowed key${owner ? ` of \`${owner}\`` : ''}`;
    }
    case 'invalid_element':
      return `${subject} holds an element that is not allowed`;
    case 'custom':
      return name ? `${subject}: ${issue.message}` : issue.message;
  }
}
