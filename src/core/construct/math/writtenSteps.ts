// Steps a GSM8K solution writes out without a calculator annotation: `They spent a total of
// $20.25 + $15.75 + $66 = $102.`, `Drop 8 degrees = 2 - 8 = -6 degrees`, `60 spools / 150 spools
// * 100% = 40%`, `8 times .25 equals 2`, and unit conversions (`48 quarts = 12 gallons`). A chain
// that skips them misses operands (102, -6, 800) and cannot be recomputed. Each written step is
// kept only when its arithmetic computes the number it states, so a misread sentence never enters
// the chain; only the longest arithmetic run before the `=` is read (no guessing at sub-phrases).
import { ArithmeticError, evaluate, operands, parseArithmetic, type ArithNode } from './arithmetic';
import { sameNumber } from '../../verify/math/numbers';

export interface WrittenStep {
  expr: string;
  tree: ArithNode;
  result: number;
  /** Offset of the `=` in the answer (steps are ordered by position with the annotated ones). */
  position: number;
}

type Token =
  | { kind: 'num'; text: string; value: number }
  | { kind: 'op'; op: string }
  | { kind: 'word'; word: string }
  | { kind: 'eq' }
  | { kind: 'stop' };

const WORD_OPS: Record<string, string> = { times: '*', x: '*', plus: '+', minus: '-', over: '/' };
const TWO_WORD_OPS: Record<string, string> = { 'divided by': '/', 'multiplied by': '*' };
/** Unit-to-unit factors a conversion step may use (`48 quarts = 12 gallons` is 48/4). */
const CONVERSION_FACTORS = [2, 3, 4, 7, 8, 10, 12, 16, 24, 52, 60, 100, 365, 1000];

const TOKEN =
  /(\$?\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?%?|\.\d+%?)|([+\-*/×÷–−()])|(equals\b|=)|([A-Za-z][A-Za-z']*)|(\S)/g;

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    if (m[1]) {
      const body = m[1].replace(/[$\s%,]/g, '');
      // A number glued to letters (`5B`, `3x`) is algebra, not an operand.
      if (/^[A-Za-z]/.test(text.slice(m.index + m[0].length))) out.push({ kind: 'stop' });
      else out.push({ kind: 'num', text: body, value: Number(body) });
    } else if (m[2])
      out.push({
        kind: 'op',
        op: ({ '×': '*', '÷': '/', '–': '-', '−': '-' } as Record<string, string>)[m[2]] ?? m[2],
      });
    else if (m[3]) out.push({ kind: 'eq' });
    else if (m[4]) out.push({ kind: 'word', word: m[4].toLowerCase() });
    else out.push({ kind: 'stop' });
  }
  return out;
}

/** The arithmetic run that ends right before tokens[end] (exclusive), as expression text. */
function runBefore(tokens: readonly Token[], end: number): { expr: string; units: string[] } | undefined {
  const parts: string[] = [];
  const units: string[] = [];
  let i = end - 1;
  // Unit words after the last number (`12 gallons =`) are skipped, and noted for conversions.
  while (i >= 0 && tokens[i]!.kind === 'word' && !WORD_OPS[(tokens[i] as { word: string }).word] && units.length < 2)
    units.unshift((tokens[i--] as { word: string }).word);
  for (; i >= 0; i--) {
    const t = tokens[i]!;
    const prev = tokens[i - 1];
    if (t.kind === 'num') parts.unshift(t.text);
    else if (t.kind === 'op') parts.unshift(t.op);
    else if (
      t.kind === 'word' &&
      prev?.kind === 'word' &&
      TWO_WORD_OPS[`${prev.word} ${t.word}`] &&
      tokens[i + 1]?.kind === 'num'
    ) {
      parts.unshift(TWO_WORD_OPS[`${prev.word} ${t.word}`]!);
      i--;
    } else if (t.kind === 'word' && WORD_OPS[t.word] && prev?.kind === 'num' && tokens[i + 1]?.kind === 'num')
      parts.unshift(WORD_OPS[t.word]!);
    // A unit between a number and an operator (`60 spools / 150 spools`).
    else if (t.kind === 'word' && prev?.kind === 'num' && tokens[i + 1]?.kind === 'op') continue;
    else break;
  }
  // A leading binary operator belongs to the text before (`… + 4 = 19` read from `4`).
  while (parts.length && /^[+*/)]$/.test(parts[0]!)) parts.shift();
  if (!parts.length) return undefined;
  // Implicit products: `2(3)`, `(2)(3)`.
  return { expr: parts.join('').replace(/(\d|\))\(/g, '$1*('), units };
}

/** The number stated right after an `=` (`= $102.`, `= -6 degrees`, `= 40%`), with its unit word. */
function resultAfter(tokens: readonly Token[], at: number): { value: number; unit?: string } | undefined {
  let i = at + 1;
  let sign = 1;
  if (tokens[i]?.kind === 'op' && (tokens[i] as { op: string }).op === '-') {
    sign = -1;
    i++;
  }
  const t = tokens[i];
  if (t?.kind !== 'num') return undefined;
  const next = tokens[i + 1];
  return { value: sign * t.value, ...(next?.kind === 'word' ? { unit: next.word } : {}) };
}

function conversionStep(lhs: string, units: string[], result: { value: number; unit?: string }): string | undefined {
  const n = Number(lhs);
  const unit = units[units.length - 1];
  if (!Number.isFinite(n) || n === 0 || result.value === 0 || !unit || !result.unit || unit === result.unit)
    return undefined;
  const down = CONVERSION_FACTORS.find((f) => sameNumber(n / f, result.value));
  if (down) return `${lhs}/${down}`;
  const up = CONVERSION_FACTORS.find((f) => sameNumber(n * f, result.value));
  return up ? `${lhs}*${up}` : undefined;
}

/** The written steps of one line of an answer (annotations already masked out). */
function lineSteps(line: string, offset: number): WrittenStep[] {
  const out: WrittenStep[] = [];
  const tokens = tokenize(line);
  const positions = [...line.matchAll(TOKEN)].map((m) => m.index);
  tokens.forEach((t, at) => {
    if (t.kind !== 'eq') return;
    const run = runBefore(tokens, at);
    const result = resultAfter(tokens, at);
    if (!run || !result) return;
    let tree: ArithNode;
    try {
      tree = parseArithmetic(run.expr);
    } catch (e) {
      if (e instanceof ArithmeticError) return;
      throw e;
    }
    const single = operands(tree).length < 2;
    const expr = single ? conversionStep(run.expr, run.units, result) : run.expr;
    if (!expr) return;
    const parsed = single ? parseArithmetic(expr) : tree;
    let value: number;
    try {
      value = evaluate(parsed);
    } catch {
      return;
    }
    if (sameNumber(value, result.value) || Math.abs(value - result.value) <= 0.005)
      out.push({ expr, tree: parsed, result: result.value, position: offset + positions[at]! });
  });
  return out;
}

/** Every written (unannotated) step of a GSM8K answer, in order. */
export function writtenSteps(answer: string): WrittenStep[] {
  // Annotations are masked with a character that stops any run, so `2*4 = <<2*4=8>>8` is not read twice.
  const masked = answer.replace(/<<[^<>]*>>/g, (a) => '§'.repeat(a.length));
  const out: WrittenStep[] = [];
  let offset = 0;
  for (const line of masked.split('\n')) {
    if (!line.trim().startsWith('####')) out.push(...lineSteps(line, offset));
    offset += line.length + 1;
  }
  return out;
}
