// A light word diff of two texts (Myers' O(ND) on word, space and punctuation tokens), for the
// compare view's final responses: it paints with the rows, in a few milliseconds, while Monaco's
// diff editor (megabytes of code) loads to replace it. Texts that differ too much to be worth
// aligning come back as one changed segment per side.

export interface DiffSegment {
  /** `changed`: removed on the left side, added on the right side. */
  kind: 'same' | 'changed';
  text: string;
}

export interface WordDiff {
  left: DiffSegment[];
  right: DiffSegment[];
}

/**
 * Beyond this many differing tokens (≈ 250 words) the alignment stops being readable, and its cost,
 * O((N+M)·D) time and O(D²) memory, starts to show in the first paint: two unrelated 1,700-word
 * replies took ~0.5 s to give up at 2,000 on a loaded core, ~40 ms at 500.
 */
const MAX_EDITS = 500;

export function tokenize(text: string): string[] {
  return text.match(/\s+|[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu) ?? [];
}

function push(out: DiffSegment[], kind: DiffSegment['kind'], text: string): void {
  if (!text) return;
  const last = out[out.length - 1];
  if (last && last.kind === kind) last.text += text;
  else out.push({ kind, text });
}

type Op = 0 | 1 | 2; // same, delete (left), insert (right)

/** Myers' shortest edit script between a and b, as ops in order; undefined past `maxEdits`. */
function editScript(a: string[], b: string[], maxEdits: number): Op[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d] holds v[k] for k in [-d-1, d+1] as it was before round d (index k + d + 1).
  const trace: Int32Array[] = [];
  for (let d = 0; d <= Math.min(max, maxEdits); d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, n, m);
    }
  }
  return undefined;
}

function backtrack(trace: Int32Array[], n: number, m: number): Op[] {
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const snap = trace[d]!;
    const at = (k: number) => snap[k + d + 1]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push(0);
      x--;
      y--;
    }
    if (d > 0) ops.push(x === prevX ? 2 : 1);
    x = prevX;
    y = prevY;
  }
  return ops.reverse();
}

export function wordDiff(left: string, right: string, maxEdits = MAX_EDITS): WordDiff {
  const a = tokenize(left);
  const b = tokenize(right);
  // The common head and tail cost nothing to align: strip them before Myers.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const out: WordDiff = { left: [], right: [] };
  const same = (text: string) => {
    push(out.left, 'same', text);
    push(out.right, 'same', text);
  };
  same(a.slice(0, head).join(''));
  const ops = editScript(midA, midB, maxEdits);
  if (!ops) {
    push(out.left, 'changed', midA.join(''));
    push(out.right, 'changed', midB.join(''));
  } else {
    let i = 0;
    let j = 0;
    for (const op of ops) {
      if (op === 0) {
        same(midA[i++]!);
        j++;
      } else if (op === 1) push(out.left, 'changed', midA[i++]!);
      else push(out.right, 'changed', midB[j++]!);
    }
  }
  same(a.slice(a.length - tail).join(''));
  return out;
}
