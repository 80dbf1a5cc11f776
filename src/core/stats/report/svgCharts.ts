// Static SVG charts for the exported report (no scripts, no fonts or assets to fetch): accuracies
// with their 95% intervals as dots and whiskers, and depth curves as lines. All text is escaped.
import { escapeHtml } from '../../render/escapeHtml';

export interface IntervalItem {
  label: string;
  /** Percent, null when nothing was scored. */
  value: number | null;
  ci?: [number, number] | null;
  /** Drawn hollow: a value resting on few runs. */
  small?: boolean;
}

const PALETTE = ['#1f77b4', '#d62728', '#ff7f0e', '#2ca02c', '#9467bd', '#8c564b'];
const num = (x: number) => x.toFixed(1);

/** Horizontal dot-and-whisker chart on a 0–100 % axis, one row per item. */
export function intervalChart(items: readonly IntervalItem[], title: string): string {
  const rowH = 22;
  const left = 210;
  const width = 620;
  const plotW = width - left - 20;
  const top = 28;
  const height = top + items.length * rowH + 30;
  const x = (v: number) => left + (plotW * Math.max(0, Math.min(100, v))) / 100;
  const parts: string[] = [`<text x="${left}" y="16" font-weight="600">${escapeHtml(title)}</text>`];
  for (const t of [0, 25, 50, 75, 100]) {
    parts.push(
      `<line x1="${num(x(t))}" x2="${num(x(t))}" y1="${top - 4}" y2="${height - 26}" stroke="#ccc"/>`,
      `<text x="${num(x(t))}" y="${height - 12}" text-anchor="middle">${t}%</text>`,
    );
  }
  items.forEach((it, i) => {
    const y = top + i * rowH + rowH / 2;
    parts.push(`<text x="${left - 8}" y="${y + 4}" text-anchor="end">${escapeHtml(it.label)}</text>`);
    if (it.value === null) {
      parts.push(`<text x="${left + 4}" y="${y + 4}" fill="#888">no scored runs</text>`);
      return;
    }
    if (it.ci)
      parts.push(
        `<line x1="${num(x(it.ci[0]))}" x2="${num(x(it.ci[1]))}" y1="${y}" y2="${y}" stroke="#1f77b4" stroke-width="2"/>`,
      );
    parts.push(
      `<circle cx="${num(x(it.value))}" cy="${y}" r="4" fill="${it.small ? 'white' : '#1f77b4'}" stroke="#1f77b4" stroke-width="1.5"><title>${escapeHtml(`${it.label}: ${it.value.toFixed(2)}%${it.ci ? ` [${it.ci[0].toFixed(2)}, ${it.ci[1].toFixed(2)}]` : ''}`)}</title></circle>`,
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${escapeHtml(title)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">${parts.join('')}</svg>`;
}

export interface LineSeries {
  label: string;
  points: Array<{ x: number; y: number | null }>;
}

/** Accuracy (0–100 %) over x = 0..xMax, one coloured line per series, with a legend. */
export function lineChart(series: readonly LineSeries[], title: string, xLabel: string, xMax: number): string {
  const width = 380;
  const height = 240;
  const m = { left: 40, right: 10, top: 24, bottom: 36 };
  const x = (v: number) => m.left + ((width - m.left - m.right) * v) / Math.max(1, xMax);
  const y = (v: number) => height - m.bottom - ((height - m.top - m.bottom) * v) / 100;
  const parts: string[] = [`<text x="${m.left}" y="14" font-weight="600">${escapeHtml(title)}</text>`];
  for (const t of [0, 50, 100])
    parts.push(
      `<line x1="${m.left}" x2="${width - m.right}" y1="${num(y(t))}" y2="${num(y(t))}" stroke="#ddd"/>`,
      `<text x="${m.left - 4}" y="${num(y(t)) + 4}" text-anchor="end">${t}</text>`,
    );
  for (let k = 0; k <= xMax; k++)
    parts.push(`<text x="${num(x(k))}" y="${height - m.bottom + 14}" text-anchor="middle">${k}</text>`);
  parts.push(`<text x="${(width + m.left) / 2}" y="${height - 6}" text-anchor="middle">${escapeHtml(xLabel)}</text>`);
  series.forEach((s, i) => {
    const colour = PALETTE[i % PALETTE.length]!;
    const pts = s.points.filter((p): p is { x: number; y: number } => p.y !== null);
    if (pts.length > 1)
      parts.push(
        `<polyline fill="none" stroke="${colour}" stroke-width="2" points="${pts.map((p) => `${num(x(p.x))},${num(y(p.y))}`).join(' ')}"/>`,
      );
    for (const p of pts)
      parts.push(
        `<circle cx="${num(x(p.x))}" cy="${num(y(p.y))}" r="3" fill="${colour}"><title>${escapeHtml(`${s.label}, ${xLabel} ${p.x}: ${p.y.toFixed(2)}%`)}</title></circle>`,
      );
    parts.push(
      `<rect x="${width - 150}" y="${m.top + i * 14}" width="10" height="3" fill="${colour}"/>`,
      `<text x="${width - 136}" y="${m.top + i * 14 + 4}">${escapeHtml(s.label)}</text>`,
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${escapeHtml(title)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="10">${parts.join('')}</svg>`;
}
