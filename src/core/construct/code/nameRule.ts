// The fixed rule that proposes new entry-point names: a descriptive synonym for one of the name's
// words (left to right, synonyms in table order), then systematic verb prefixes. Names keep the
// original's style (snake_case, camelCase, Capitalised_Snake). Deterministic: same name, same list.

/** Python's keywords and soft keywords (3.12). */
export const PYTHON_KEYWORDS: ReadonlySet<string> = new Set(
  (
    'False None True and as assert async await break class continue def del elif else except finally for from ' +
    'global if import in is lambda nonlocal not or pass raise return try while with yield match case type _'
  ).split(' '),
);

/** Python's builtins (3.12, `dir(builtins)` without dunders). */
export const PYTHON_BUILTINS: ReadonlySet<string> = new Set(
  (
    'ArithmeticError AssertionError AttributeError BaseException BaseExceptionGroup BlockingIOError BrokenPipeError ' +
    'BufferError BytesWarning ChildProcessError ConnectionAbortedError ConnectionError ConnectionRefusedError ' +
    'ConnectionResetError DeprecationWarning EOFError Ellipsis EncodingWarning EnvironmentError Exception ' +
    'ExceptionGroup False FileExistsError FileNotFoundError FloatingPointError FutureWarning GeneratorExit IOError ' +
    'ImportError ImportWarning IndentationError IndexError InterruptedError IsADirectoryError KeyError ' +
    'KeyboardInterrupt LookupError MemoryError ModuleNotFoundError NameError None NotADirectoryError NotImplemented ' +
    'NotImplementedError OSError OverflowError PendingDeprecationWarning PermissionError ProcessLookupError ' +
    'RecursionError ReferenceError ResourceWarning RuntimeError RuntimeWarning StopAsyncIteration StopIteration ' +
    'SyntaxError SyntaxWarning SystemError SystemExit TabError TimeoutError True TypeError UnboundLocalError ' +
    'UnicodeDecodeError UnicodeEncodeError UnicodeError UnicodeTranslateError UnicodeWarning UserWarning ValueError ' +
    'Warning ZeroDivisionError abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr ' +
    'classmethod compile complex copyright credits delattr dict dir divmod enumerate eval exec exit filter float ' +
    'format frozenset getattr globals hasattr hash help hex id input int isinstance issubclass iter len license list ' +
    'locals map max memoryview min next object oct open ord pow print property quit range repr reversed round set ' +
    'setattr slice sorted staticmethod str sum super tuple type vars zip'
  ).split(' '),
);

/** Word → descriptive replacements, in preference order (lower case; multi-word values use `_`). */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  add: ['sum_up', 'combine'],
  all: ['every'],
  any: ['some'],
  anti: ['reverse'],
  area: ['surface'],
  array: ['list', 'sequence'],
  average: ['mean'],
  avg: ['mean'],
  below: ['under', 'beneath'],
  bracketing: ['brackets', 'nesting'],
  base: ['radix'],
  calculate: ['compute'],
  can: ['may'],
  car: ['vehicle'],
  case: ['casing'],
  change: ['convert'],
  characters: ['chars', 'symbols'],
  chars: ['letters'],
  check: ['verify', 'validate'],
  choose: ['pick', 'select'],
  circular: ['rotating'],
  closest: ['nearest'],
  collision: ['crash'],
  common: ['shared'],
  compare: ['contrast', 'match_up'],
  concatenate: ['join', 'combine'],
  correct: ['valid', 'balanced'],
  count: ['tally', 'total'],
  cyclic: ['rotated'],
  decode: ['decipher', 'unpack'],
  delete: ['drop'],
  derivative: ['slope', 'differentiate'],
  digits: ['numerals'],
  distinct: ['unique'],
  divisor: ['factor'],
  do: ['perform', 'run'],
  double: ['twice'],
  elements: ['items', 'entries'],
  element: ['item', 'entry'],
  encode: ['encipher', 'pack'],
  encrypt: ['encipher', 'scramble'],
  ends: ['finishes'],
  exchange: ['swap', 'trade'],
  extension: ['suffix'],
  factorial: ['product'],
  factorize: ['prime_factors', 'decompose'],
  fib: ['fibonacci'],
  file: ['document'],
  filter: ['select', 'keep'],
  find: ['locate', 'search'],
  fix: ['repair', 'clean'],
  flip: ['swap', 'toggle'],
  fruit: ['produce'],
  generate: ['produce', 'create'],
  get: ['fetch', 'obtain'],
  greatest: ['largest', 'biggest'],
  groups: ['clusters'],
  has: ['contains', 'includes'],
  histogram: ['frequency', 'tally'],
  how: ['count'],
  incr: ['increment', 'bump'],
  integers: ['ints', 'whole_numbers'],
  intersection: ['overlap', 'common_part'],
  intersperse: ['interleave', 'insert_between', 'separate_with'],
  is: ['check', 'test'],
  largest: ['biggest', 'maximum'],
  length: ['size', 'len'],
  letter: ['char'],
  list: ['sequence', 'array'],
  longest: ['lengthiest'],
  make: ['build', 'create'],
  match: ['pair', 'balance'],
  max: ['maximum', 'biggest'],
  maximum: ['largest', 'biggest'],
  mean: ['average'],
  median: ['middle_value', 'midpoint'],
  min: ['minimum', 'smallest'],
  move: ['shift', 'rotate'],
  multiply: ['times'],
  nested: ['inner'],
  next: ['following'],
  numbers: ['values', 'nums'],
  num: ['number'],
  nums: ['numbers'],
  order: ['arrange', 'sort'],
  parse: ['read', 'interpret'],
  path: ['route'],
  pairs: ['couples', 'pairings'],
  parens: ['parentheses', 'brackets'],
  pile: ['stack'],
  points: ['scores'],
  positive: ['nonnegative'],
  prefix: ['start', 'head'],
  prefixes: ['heads', 'beginnings'],
  prime: ['primal'],
  prod: ['product'],
  product: ['multiply'],
  race: ['contest'],
  remove: ['drop', 'strip'],
  rescale: ['normalize'],
  reverse: ['invert', 'flip'],
  right: ['perpendicular'],
  rolling: ['running', 'cumulative'],
  rounded: ['approximate'],
  row: ['line'],
  same: ['identical', 'equal'],
  search: ['find', 'seek'],
  select: ['pick', 'choose'],
  sentence: ['phrase'],
  separate: ['split', 'divide'],
  sequence: ['series'],
  shift: ['rotate'],
  shuffle: ['reorder'],
  simplify: ['reduce'],
  smallest: ['minimum', 'least'],
  solve: ['resolve', 'work_out'],
  sort: ['order', 'arrange'],
  special: ['custom'],
  split: ['divide', 'break'],
  spaces: ['blanks', 'whitespace'],
  squares: ['squared'],
  string: ['text'],
  strlen: ['text_length'],
  sum: ['total', 'add'],
  threshold: ['limit', 'cutoff'],
  times: ['occurrences'],
  total: ['overall'],
  triangle: ['trigon'],
  triples: ['trios', 'triplets'],
  truncate: ['trim', 'cut'],
  unique: ['distinct'],
  unit: ['one'],
  valid: ['legal', 'correct'],
  vowels: ['vowel'],
  word: ['term'],
  words: ['terms', 'tokens'],
  xor: ['exclusive_or'],
  zero: ['root', 'nil'],
};

/** Words that read as a verb or predicate only at the start of a name (`is_prime`, not `check_if_last_char_is_a_letter`). */
const LEADING_ONLY: ReadonlySet<string> = new Set(['is', 'has', 'can', 'do', 'how', 'get', 'make', 'find']);

/** Systematic prefixes for names none of whose words has a synonym (and for more variants). */
const VERB_PREFIXES = ['compute', 'find', 'get', 'solve'] as const;

type NameStyle = 'snake' | 'camel' | 'capital-snake';

function styleOf(name: string): NameStyle {
  if (!name.includes('_') && /[a-z][A-Z]/.test(name)) return 'camel';
  if (/^[A-Z][a-z]/.test(name) && name.includes('_')) return 'capital-snake';
  return 'snake';
}

/** Lower-case words of an identifier (`digitSum` → digit, sum; `fib4` → fib4; `_x_` → x). */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .split('_')
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

function joinWords(words: readonly string[], style: NameStyle): string {
  const parts = words.flatMap((w) => w.split('_')).filter(Boolean);
  if (style === 'camel') return parts.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
  if (style === 'capital-snake') return parts.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('_');
  return parts.join('_');
}

/**
 * New names for `name`, in the rule's fixed order, distinct and different from `name` (any case):
 * one synonym per word from the left, then the verb prefixes. The first valid one is proposed, the
 * next valid ones become the alternatives.
 */
export function nameCandidates(name: string): string[] {
  const words = nameWords(name);
  const style = styleOf(name);
  const out: string[] = [];
  const add = (ws: readonly string[]) => {
    const n = joinWords(ws, style);
    if (n && n.toLowerCase() !== name.toLowerCase() && !out.includes(n)) out.push(n);
  };
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const base = /^([a-z]+)(\d+)$/.exec(word);
    const key = base ? base[1]! : word;
    if (i > 0 && LEADING_ONLY.has(key)) continue;
    for (const syn of SYNONYMS[key] ?? [])
      add([...words.slice(0, i), syn + (base ? base[2]! : ''), ...words.slice(i + 1)]);
  }
  for (const verb of VERB_PREFIXES) if (words[0] !== verb) add([verb, ...words]);
  return out;
}

export function isPythonIdentifier(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name);
}
