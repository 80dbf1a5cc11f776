// A `.json` file holding one array of the same objects as a JSONL file: split it into element texts
// with their positions, so each element is validated and located like a JSONL line.

export interface ArrayElement {
  /** 1-based line and column where the element starts. */
  line: number;
  column: number;
  /** Character offsets of the element within the text. */
  start: number;
  end: number;
  text: string;
}

/**
 * Splits a top-level JSON array into element texts without parsing them. Returns undefined when the
 * text is not an array (the caller reports that); elements are split on top-level commas, so a
 * syntax error inside one element stays inside that element.
 */
export function splitJsonArray(text: string): ArrayElement[] | undefined {
  let i = 0;
  const n = text.length;
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  let line = 1;
  let lineStart = 0;
  const skipWs = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 10) {
        line++;
        lineStart = i + 1;
        i++;
      } else if (c === 32 || c === 9 || c === 13) i++;
      else break;
    }
  };
  skipWs();
  if (text[i] !== '[') return undefined;
  i++;
  const out: ArrayElement[] = [];
  for (;;) {
    skipWs();
    if (i >= n) return out;
    if (text[i] === ']') return out;
    const start = i;
    const startLine = line;
    const startCol = i - lineStart + 1;
    let depth = 0;
    let inStr = false;
    for (; i < n; i++) {
      const c = text[i];
      if (c === '\n') {
        line++;
        lineStart = i + 1;
      }
      if (inStr) {
        if (c === '\\') i++;
        else if (c === '"') inStr = false;
        continue;
      }
      if (c === '"') inStr = true;
      else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        if (depth === 0) break;
        depth--;
      } else if (c === ',' && depth === 0) break;
    }
    out.push({ line: startLine, column: startCol, start, end: i, text: text.slice(start, i).trimEnd() });
    if (text[i] === ',') i++;
  }
}
