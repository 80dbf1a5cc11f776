// The fixed replacement rule for a numerical premise (Appendix A.1: "a fixed rule based on the
// source task selects one valid replacement"): halve an even count, else double, then one more,
// one less. The first value that passes every check is the revision; the next ones are the
// verified alternatives for extended depths.
import { formatNumber } from './calculatorChain';

const NEAR_STEPS = 6;

export function replacementValues(value: number, opts: { percent: boolean }): number[] {
  const out: number[] = [];
  const add = (v: number) => {
    const r = Math.round(v * 100) / 100;
    if (r > 0 && r !== value && !out.includes(r) && (!opts.percent || r <= 100)) out.push(r);
  };
  if (Number.isInteger(value)) {
    if (value % 2 === 0) add(value / 2);
    add(value * 2);
    add(value + 1);
    add(value - 1);
    add(value + 2);
    if (value % 2 !== 0) add(value * 3);
    // Then the nearest whole values, so a division that must stay whole (25 - 5 shared by 4) finds one.
    for (let k = 2; k <= NEAR_STEPS; k++) {
      add(value - k);
      add(value + k + 1);
    }
  } else {
    add(value * 2);
    add(value / 2);
    add(value + 1);
    add(value - 0.5);
  }
  return out;
}

/** A number written like the original: `$` kept, grouping commas and decimal places kept. */
export function writeLike(raw: string, value: number): string {
  const money = raw.includes('$');
  const negative = /^[-−]/.test(raw);
  const body = raw.replace(/^[-−]/, '').replace('$', '');
  const decimals = /\.(\d+)$/.exec(body)?.[1]?.length ?? 0;
  // Cents stay cents (`$1.50` → `$3.00`); otherwise the value as it is (`1.5` → `3`).
  let text = decimals === 2 ? value.toFixed(2) : formatNumber(value);
  if (body.includes(',')) text = text.replace(/^(\d+)/, (d) => d.replace(/\B(?=(\d{3})+$)/g, ','));
  return `${negative ? '-' : ''}${money ? '$' : ''}${text}`;
}

/** The noun agreeing with the new count: `1 boxes` → `1 box`, `1 bag` → `2 bags`. */
export function nounFor(noun: string, from: number, to: number): string {
  if (to === 1 && from !== 1) {
    if (/(x|ch|sh|ss)es$/i.test(noun)) return noun.slice(0, -2);
    if (/[^aeiou]ies$/i.test(noun)) return `${noun.slice(0, -3)}y`;
    if (/[^s]s$/i.test(noun)) return noun.slice(0, -1);
  }
  if (from === 1 && to !== 1 && !/s$/i.test(noun))
    return /(x|ch|sh|s)$/i.test(noun) ? `${noun}es` : /[^aeiou]y$/i.test(noun) ? `${noun.slice(0, -1)}ies` : `${noun}s`;
  return noun;
}
