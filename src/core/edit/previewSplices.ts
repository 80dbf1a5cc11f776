// Turns a record's field edits into the smallest text replacements a refactor preview can show,
// one per field: a whole-line replacement of a JSONL record is unreadable in a preview (only the
// struck-out start of the old line fits, and its checkbox is squeezed to a sliver), while
// `"proposal": "~~old~~ new"` is what a reviewer needs to judge. Every replacement alone still
// leaves valid JSON, so accepting some fields of a record and not others is safe.
import { applyFieldEdits, type FieldEdit } from './editRaw';

/** Replace `[start, end)` of the original text with `text` (offsets in UTF-16 code units). */
export interface TextSplice {
  start: number;
  end: number;
  text: string;
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/**
 * The replacement that turns `before` into `after`, leaving out their common prefix and suffix;
 * undefined when they are equal. Never splits a surrogate pair (an editor would move such a
 * position and misplace the edit).
 */
export function minimalSplice(before: string, after: string): TextSplice | undefined {
  if (before === after) return undefined;
  const max = Math.min(before.length, after.length);
  let p = 0;
  while (p < max && before.charCodeAt(p) === after.charCodeAt(p)) p++;
  if (p > 0 && isHigh(before.charCodeAt(p - 1))) p--;
  let s = 0;
  while (s < max - p && before.charCodeAt(before.length - 1 - s) === after.charCodeAt(after.length - 1 - s)) s++;
  if (s > 0 && isLow(before.charCodeAt(before.length - s))) s--;
  return { start: p, end: before.length - s, text: after.slice(p, after.length - s) };
}

function spliceAll(text: string, splices: readonly TextSplice[]): string {
  let out = '';
  let at = 0;
  for (const sp of splices) {
    out += text.slice(at, sp.start) + sp.text;
    at = sp.end;
  }
  return out + text.slice(at);
}

/** Edits that belong together: the same top-level intent field (`intent.review`'s keys are one decision). */
const groupKey = (e: FieldEdit) => JSON.stringify(e.path.slice(0, 2));

/**
 * The replacements, in order, that together turn `raw` into `applyFieldEdits(raw, edits)`: one per
 * field when each can be accepted on its own, else (or when `atomic`) one covering every change.
 */
export function fieldSplices(raw: string, edits: readonly FieldEdit[], opts: { atomic?: boolean } = {}): TextSplice[] {
  const whole = applyFieldEdits(raw, edits);
  const single = minimalSplice(raw, whole);
  if (!single) return [];
  if (opts.atomic) return [single];
  const groups = new Map<string, FieldEdit[]>();
  for (const e of edits) groups.set(groupKey(e), [...(groups.get(groupKey(e)) ?? []), e]);
  const splices: TextSplice[] = [];
  for (const group of groups.values()) {
    const sp = minimalSplice(raw, applyFieldEdits(raw, group));
    if (sp) splices.push(sp);
  }
  splices.sort((a, b) => a.start - b.start || a.end - b.end);
  // Separate edits are only offered when they are independent: apart (two insertions at one place
  // would have no defined order) and together exactly the full result.
  const apart = splices.every((sp, i) => i === 0 || splices[i - 1]!.end < sp.start);
  return apart && spliceAll(raw, splices) === whole ? splices : [single];
}
