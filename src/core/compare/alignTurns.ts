// Aligns two conversations turn by turn. Turns are matched by what they carried (shard revealed,
// event inserted), not by position, so Original vs Retained lines the shards up around the inserted
// event block. Unmatched runs on both sides are paired up as "changed" rows (reject ↔ accept).
// The first row where the two conversations carry different turns is the branch point; every row
// before it is the shared prefix.

export interface AlignableTurn {
  key: string;
  userText: string;
  /** The assistant replies of the turn, joined. */
  assistantText: string;
}

/**
 * identical: same turn, same user text and same replies; same-turn: same turn key but the text
 * differs (another simulator wording, another model reply); changed: different turns paired
 * (the branch, e.g. reject ↔ accept); left-only / right-only: a turn one side does not have.
 */
export type AlignedRowKind = 'identical' | 'same-turn' | 'changed' | 'left-only' | 'right-only';

export interface AlignedRow {
  kind: AlignedRowKind;
  /** Turn index on each side (absent for one-sided rows). */
  left?: number;
  right?: number;
  /** True when the user messages are identical (after whitespace normalisation). */
  sameUser: boolean;
}

export interface TurnAlignment {
  rows: AlignedRow[];
  /** Row index of the branch point: the first row whose turns differ (undefined: same structure). */
  branchRow?: number;
  /** Rows [0, prefixEnd) are the shared prefix. */
  prefixEnd: number;
  /** True when every prefix row is identical (user turns and replies). */
  prefixIdentical: boolean;
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

type Op = { op: 'equal'; a: number; b: number } | { op: 'del'; a: number } | { op: 'ins'; b: number };

/** Longest common subsequence of turn keys (conversations are short: O(n·m) is fine). */
function lcsOps(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const w = m + 1;
  const len = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      len[i * w + j] =
        a[i] === b[j] ? len[(i + 1) * w + j + 1]! + 1 : Math.max(len[(i + 1) * w + j]!, len[i * w + j + 1]!);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) ops.push({ op: 'equal', a: i++, b: j++ });
    else if (len[(i + 1) * w + j]! >= len[i * w + j + 1]!) ops.push({ op: 'del', a: i++ });
    else ops.push({ op: 'ins', b: j++ });
  }
  while (i < n) ops.push({ op: 'del', a: i++ });
  while (j < m) ops.push({ op: 'ins', b: j++ });
  return ops;
}

export function alignTurns(left: readonly AlignableTurn[], right: readonly AlignableTurn[]): TurnAlignment {
  const ops = lcsOps(
    left.map((t) => t.key),
    right.map((t) => t.key),
  );
  const rows: AlignedRow[] = [];
  const sameUser = (a: number, b: number) => norm(left[a]!.userText) === norm(right[b]!.userText);
  let k = 0;
  while (k < ops.length) {
    const op = ops[k]!;
    if (op.op === 'equal') {
      const same = sameUser(op.a, op.b);
      const identical = same && norm(left[op.a]!.assistantText) === norm(right[op.b]!.assistantText);
      rows.push({ kind: identical ? 'identical' : 'same-turn', left: op.a, right: op.b, sameUser: same });
      k++;
      continue;
    }
    // A hunk of deletions and insertions: pair them in order, the rest stay one-sided.
    const dels: number[] = [];
    const ins: number[] = [];
    while (k < ops.length && ops[k]!.op !== 'equal') {
      const o = ops[k]!;
      if (o.op === 'del') dels.push(o.a);
      else if (o.op === 'ins') ins.push(o.b);
      k++;
    }
    const paired = Math.min(dels.length, ins.length);
    for (let p = 0; p < paired; p++)
      rows.push({ kind: 'changed', left: dels[p]!, right: ins[p]!, sameUser: sameUser(dels[p]!, ins[p]!) });
    for (let p = paired; p < dels.length; p++) rows.push({ kind: 'left-only', left: dels[p]!, sameUser: false });
    for (let p = paired; p < ins.length; p++) rows.push({ kind: 'right-only', right: ins[p]!, sameUser: false });
  }
  const branch = rows.findIndex((r) => r.kind === 'changed' || r.kind === 'left-only' || r.kind === 'right-only');
  const branchRow = branch >= 0 ? branch : undefined;
  let prefixEnd: number;
  if (branchRow !== undefined) prefixEnd = branchRow;
  else {
    // Same structure (two models on one instance): the prefix is what is literally identical.
    const firstDiff = rows.findIndex((r) => r.kind !== 'identical');
    prefixEnd = firstDiff >= 0 ? firstDiff : rows.length;
  }
  const prefixIdentical = rows.slice(0, prefixEnd).every((r) => r.kind === 'identical');
  return { rows, ...(branchRow !== undefined ? { branchRow } : {}), prefixEnd, prefixIdentical };
}
