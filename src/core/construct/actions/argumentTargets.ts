// The revisable tool arguments of an actions source. A target is one stated value: every reference
// call argument that holds it changes with it, so a value stated once for several calls ("both in
// the state of California") is a named group of calls. Only scalar values (a number or a non-empty
// string) are targets; the allowed value `""` marks an optional argument and is not a stated value.
import { standardizeString, type PossibleAnswer } from '../../verify/actions/bfclChecker';

export type ScalarValue = number | string;

export interface ArgumentSlot {
  /** Index into `reference_answer`. */
  call: number;
  func: string;
  arg: string;
  /** The element of a list argument (`numbers[2]`), when the value is one element of the first allowed list. */
  index?: number;
}

export interface ArgumentTarget {
  slots: ArgumentSlot[];
  value: ScalarValue;
  /** Every non-empty string form the slots allow (strings only: their surface forms in the text). */
  forms: string[];
  valueKey: string;
}

function scalarOf(allowed: unknown): ScalarValue | undefined {
  if (!Array.isArray(allowed)) return undefined;
  const first: unknown = allowed.find((v) => v !== '');
  if (typeof first === 'number' && Number.isFinite(first)) return first;
  if (typeof first === 'string' && first.trim()) return first;
  return undefined;
}

export function valueKeyOf(value: ScalarValue): string {
  return typeof value === 'number' ? `n:${value}` : `s:${standardizeString(value)}`;
}

export function slotPath(s: ArgumentSlot): string {
  return `${s.func}[${s.call}].${s.arg}${s.index !== undefined ? `[${s.index}]` : ''}`;
}

/** `spotify.play[1].duration`; `calc_area_triangle[0,2].height` for one argument of several calls; else paths joined by `+`. */
export function targetName(t: Pick<ArgumentTarget, 'slots'>): string {
  const first = t.slots[0]!;
  const oneArg = t.slots.every((s) => s.func === first.func && s.arg === first.arg && s.index === first.index);
  if (oneArg)
    return `${first.func}[${t.slots.map((s) => s.call).join(',')}].${first.arg}${first.index !== undefined ? `[${first.index}]` : ''}`;
  return t.slots.map(slotPath).join('+');
}

/** Every target of the reference, in order of first appearance (call order, then argument order). */
export function argumentTargets(reference: PossibleAnswer): ArgumentTarget[] {
  const byKey = new Map<string, ArgumentTarget>();
  reference.forEach((call, i) => {
    if (!call || typeof call !== 'object') return;
    const [func, args] = Object.entries(call)[0] ?? [];
    if (!func || !args || typeof args !== 'object') return;
    const add = (slot: ArgumentSlot, value: ScalarValue, forms: string[]) => {
      const valueKey = valueKeyOf(value);
      const known = byKey.get(valueKey);
      if (known) {
        known.slots.push(slot);
        for (const f of forms) if (!known.forms.includes(f)) known.forms.push(f);
      } else byKey.set(valueKey, { slots: [slot], value, forms, valueKey });
    };
    for (const [arg, allowed] of Object.entries(args)) {
      const value = scalarOf(allowed);
      if (value !== undefined)
        add(
          { call: i, func, arg },
          value,
          (allowed as unknown[]).filter((v): v is string => typeof v === 'string' && v.trim() !== ''),
        );
      const list: unknown = Array.isArray(allowed) ? allowed.find((v) => v !== '') : undefined;
      if (!Array.isArray(list)) continue;
      list.forEach((item: unknown, index) => {
        const v = scalarOf([item]);
        if (v !== undefined) add({ call: i, func, arg, index }, v, typeof v === 'string' ? [v] : []);
      });
    }
  });
  return [...byKey.values()];
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

function argWords(arg: string, index?: number): string {
  // Ordinal words, not digits: the requirement's name must not look like a value (neutral questions quote it).
  if (index !== undefined) return `${ORDINALS[index] ?? 'one'} value of ${argWords(arg)}`;
  return arg
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Words for the requirement: `height of the first calc_area_triangle call`, `state of every lawsuit_search call`. */
export function requirementName(t: ArgumentTarget, reference: PossibleAnswer): string {
  const first = t.slots[0]!;
  const args = [...new Set(t.slots.map((s) => argWords(s.arg, s.index)))];
  if (!t.slots.every((s) => s.func === first.func))
    return `${args.join(' / ')} of the ${[...new Set(t.slots.map((s) => s.func))].join(' and ')} calls`;
  const words = args.join(' / ');
  const sameFunc = reference
    .map((c, i) => (c && typeof c === 'object' && Object.keys(c)[0] === first.func ? i : -1))
    .filter((i) => i >= 0);
  if (sameFunc.length <= 1) return words;
  const calls = [...new Set(t.slots.map((s) => s.call))];
  const ordinal = (i: number) => ORDINALS[sameFunc.indexOf(i)] ?? `#${sameFunc.indexOf(i) + 1}`;
  if (calls.length === 1) return `${words} of the ${ordinal(calls[0]!)} ${first.func} call`;
  if (calls.length === sameFunc.length) return `${words} of every ${first.func} call`;
  return `${words} of the ${calls.map(ordinal).join(' and ')} ${first.func} calls`;
}
