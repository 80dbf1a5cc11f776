// Number formatting and the grid's colour scale (change from Single Original, in pp).
export const pct = (a: number | null | undefined): string => (a == null ? '–' : a.toFixed(2));
export const signed = (d: number | null | undefined): string =>
  d == null ? '' : `${d > 0 ? '+' : d < 0 ? '−' : '±'}${Math.abs(d).toFixed(2)}`;

export { SMALL_N } from '../../src/core/stats/statsTypes';
export { formatInterval as ciText, formatP as pText } from '../../src/core/stats/gridExport';

export type Change = 'decline' | 'gain' | 'same' | 'none';

export function changeOf(delta: number | null | undefined): Change {
  if (delta == null) return 'none';
  if (Math.abs(delta) < 0.005) return 'same';
  return delta < 0 ? 'decline' : 'gain';
}

/** Background for a cell: the theme's chart red/green, stronger with a larger change. */
export function changeBackground(delta: number | null | undefined): string | undefined {
  const c = changeOf(delta);
  if (c === 'none') return undefined;
  if (c === 'same') return 'color-mix(in srgb, var(--vscode-charts-blue) 14%, transparent)';
  const strength = Math.round(Math.min(65, 10 + Math.abs(delta!) * 1.1));
  return `color-mix(in srgb, var(--vscode-charts-${c === 'decline' ? 'red' : 'green'}) ${strength}%, transparent)`;
}

export const CONDITION_LABEL: Record<string, string> = {
  original: 'Original',
  direct: 'Direct Rev.',
  revised: 'Revised',
  retained: 'Retained',
  neutral: 'Neutral',
};
export const PATH_LABEL: Record<string, string> = {
  'accumulation-neutral': 'Accumulation: Neutral',
  'accumulation-retained': 'Accumulation: Retained',
  'persistence-retained': 'Persistence: Retained',
  'persistence-revised': 'Persistence: Revised',
};
export const DOMAIN_LABEL: Record<string, string> = { math: 'Math', code: 'Code', database: 'DB', actions: 'Actions' };
export const domainLabel = (d: string): string => (d === '*' ? 'All domains' : (DOMAIN_LABEL[d] ?? d));
