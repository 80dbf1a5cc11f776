// A small arithmetic parser for GSM8K calculator annotations (`<<1.5*50=75>>`): numbers, + - * / ^,
// unary minus and parentheses. Safe by construction (no eval): anything else is a parse error.
// The parsed expression keeps each number's position, so a premise can be substituted by operand.

export type ArithNode =
  | { kind: 'num'; value: number; index: number }
  | { kind: 'neg'; operand: ArithNode }
  | { kind: 'bin'; op: '+' | '-' | '*' | '/' | '^'; left: ArithNode; right: ArithNode };

export class ArithmeticError extends Error {}

type Token = { kind: 'num'; value: number } | { kind: 'op'; op: string };

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const src = text.replace(/\s+/g, '');
  for (let i = 0; i < src.length;) {
    const m = /^(\d+(?:,\d{3})*(?:\.\d+)?|\.\d+)/.exec(src.slice(i));
    if (m) {
      out.push({ kind: 'num', value: Number(m[1]!.replace(/,/g, '')) });
      i += m[1]!.length;
      continue;
    }
    const c = src[i]!;
    // GSM8K writes `x` rarely and `**` sometimes for powers; `%` never appears inside `<<>>` as an operator.
    if (src.startsWith('**', i)) {
      out.push({ kind: 'op', op: '^' });
      i += 2;
    } else if ('+-*/^()'.includes(c)) {
      out.push({ kind: 'op', op: c });
      i++;
    } else throw new ArithmeticError(`unexpected ${JSON.stringify(c)} in ${JSON.stringify(text)}`);
  }
  return out;
}

/** Parses an expression; numbers are indexed left to right (0, 1, …). */
export function parseArithmetic(text: string): ArithNode {
  const tokens = tokenize(text);
  let pos = 0;
  let numIndex = 0;
  const peek = () => tokens[pos];
  const isOp = (op: string) => {
    const t = peek();
    return t?.kind === 'op' && t.op === op;
  };
  function primary(): ArithNode {
    const t = tokens[pos++];
    if (!t) throw new ArithmeticError('unexpected end of expression');
    if (t.kind === 'num') return { kind: 'num', value: t.value, index: numIndex++ };
    if (t.op === '-') return { kind: 'neg', operand: power() };
    if (t.op === '+') return power();
    if (t.op === '(') {
      const inner = sum();
      if (!isOp(')')) throw new ArithmeticError('missing )');
      pos++;
      return inner;
    }
    throw new ArithmeticError(`unexpected ${t.op}`);
  }
  function power(): ArithNode {
    const base = primary();
    if (isOp('^')) {
      pos++;
      return { kind: 'bin', op: '^', left: base, right: power() };
    }
    return base;
  }
  function product(): ArithNode {
    let left = power();
    while (isOp('*') || isOp('/')) {
      const op = (tokens[pos++] as { op: '*' | '/' }).op;
      left = { kind: 'bin', op, left, right: power() };
    }
    return left;
  }
  function sum(): ArithNode {
    let left = product();
    while (isOp('+') || isOp('-')) {
      const op = (tokens[pos++] as { op: '+' | '-' }).op;
      left = { kind: 'bin', op, left, right: product() };
    }
    return left;
  }
  const tree = sum();
  if (pos !== tokens.length) throw new ArithmeticError(`trailing input in ${JSON.stringify(text)}`);
  return tree;
}

/** Evaluates with `value(num)` giving each number's value (so operands can be substituted). */
export function evaluate(
  node: ArithNode,
  value: (n: Extract<ArithNode, { kind: 'num' }>) => number = (n) => n.value,
): number {
  switch (node.kind) {
    case 'num':
      return value(node);
    case 'neg':
      return -evaluate(node.operand, value);
    case 'bin': {
      const a = evaluate(node.left, value);
      const b = evaluate(node.right, value);
      switch (node.op) {
        case '+':
          return a + b;
        case '-':
          return a - b;
        case '*':
          return a * b;
        case '/':
          if (b === 0) throw new ArithmeticError('division by zero');
          return a / b;
        case '^':
          return a ** b;
      }
    }
  }
}

/** Every number of an expression, in order. */
export function operands(node: ArithNode): Array<Extract<ArithNode, { kind: 'num' }>> {
  if (node.kind === 'num') return [node];
  if (node.kind === 'neg') return operands(node.operand);
  return [...operands(node.left), ...operands(node.right)];
}
