// Table 1 as text: CSV (one row per model × domain plus the overall row) and Markdown, and the
// CLI's `--json` projection. Accuracies in percent with two decimals, as in the paper.
import { GRID_COLUMNS, columnLabel, type StatsReport } from './statsTypes';

const pct = (a: number | null | undefined): string => (a == null ? '' : a.toFixed(2));

function cellIndex(report: StatsReport): Map<string, StatsReport['cells'][number]> {
  const m = new Map<string, StatsReport['cells'][number]>();
  for (const c of report.cells) m.set(`${c.model}\u0000${c.domain}\u0000${c.mode}\u0000${c.condition}`, c);
  return m;
}

function rows(report: StatsReport): Array<{ model: string; domain: string }> {
  const seen = new Set(report.cells.map((c) => `${c.model}\u0000${c.domain}`));
  const out: Array<{ model: string; domain: string }> = [];
  for (const model of report.models) for (const domain of report.domains) if (seen.has(`${model}\u0000${domain}`)) out.push({ model, domain });
  return out;
}

function csvField(s: string): string {
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV: accuracy and n for each of the eight columns. */
export function gridToCsv(report: StatsReport): string {
  const header = ['model', 'domain', ...GRID_COLUMNS.flatMap((c) => [`${c.mode}_${c.condition}`, `${c.mode}_${c.condition}_n`])];
  const idx = cellIndex(report);
  const lines = [header.join(',')];
  for (const r of rows(report)) {
    const vals = GRID_COLUMNS.flatMap((c) => {
      const cell = idx.get(`${r.model}\u0000${r.domain}\u0000${c.mode}\u0000${c.condition}`);
      return [pct(cell?.accuracy), cell ? String(cell.n) : ''];
    });
    lines.push([csvField(r.model), csvField(r.domain), ...vals].join(','));
  }
  const overall = GRID_COLUMNS.flatMap((c, i) => [pct(report.overall[i]?.accuracy), String(report.overall[i]?.n ?? '')]);
  lines.push([csvField(`${report.models.length}-model overall`), '', ...overall].join(','));
  return lines.join('\n') + '\n';
}

function mdEscape(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** Markdown: Table 1 with `acc (n)` cells. */
export function gridToMarkdown(report: StatsReport): string {
  const idx = cellIndex(report);
  const head = ['Model', 'Domain', ...GRID_COLUMNS.map(columnLabel)];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i < 2 ? ' --- ' : ' ---: ')).join('|')}|`];
  for (const r of rows(report)) {
    const vals = GRID_COLUMNS.map((c) => {
      const cell = idx.get(`${r.model}\u0000${r.domain}\u0000${c.mode}\u0000${c.condition}`);
      if (!cell) return '–';
      return cell.accuracy === null ? `– (0/${cell.unscored} unscored)` : `${pct(cell.accuracy)} (${cell.n})`;
    });
    lines.push(`| ${mdEscape(r.model)} | ${mdEscape(r.domain)} | ${vals.join(' | ')} |`);
  }
  lines.push(`| **${report.models.length}-model overall** | | ${report.overall.map((o) => (o.accuracy === null ? '–' : `**${pct(o.accuracy)}**`)).join(' | ')} |`);
  const gaps = report.gaps.filter((g) => g.scope === 'overall' && g.drop !== null);
  if (gaps.length) {
    lines.push('', '| Gap (overall) | pp |', '| --- | ---: |');
    for (const g of gaps) lines.push(`| ${g.label} | ${g.drop!.toFixed(2)} |`);
  }
  return lines.join('\n') + '\n';
}

/** The CLI's `--json`: the three contract arrays, plus depth, gaps and the rest under their own keys. */
export function statsToJson(report: StatsReport): Record<string, unknown> {
  return {
    cells: report.cells.map((c) => ({ model: c.model, domain: c.domain, mode: c.mode, condition: c.condition, n: c.n, correct: c.correct, accuracy: c.accuracy })),
    overall: report.overall.map((o) => ({ mode: o.mode, condition: o.condition, accuracy: o.accuracy })),
    inactive_in_new_errors: report.inactive
      .filter((r) => r.model !== '*' && r.domain !== '*')
      .map((r) => ({ model: r.model, domain: r.domain, condition: r.condition, new_errors: r.new_errors, with_inactive: r.with_inactive })),
    unscored: report.cells.filter((c) => c.unscored > 0).map((c) => ({ model: c.model, domain: c.domain, mode: c.mode, condition: c.condition, unscored: c.unscored })),
    model_overall: report.modelOverall.map((m) => ({ model: m.model, mode: m.mode, condition: m.condition, n: m.n, correct: m.correct, accuracy: m.accuracy })),
    gaps: report.gaps.map((g) => ({ id: g.id, scope: g.scope, from: `${g.from.mode} ${g.from.condition}`, to: `${g.to.mode} ${g.to.condition}`, drop: g.drop })),
    inactive_pooled: report.inactive
      .filter((r) => r.model === '*' || r.domain === '*')
      .map((r) => ({ model: r.model, domain: r.domain, condition: r.condition, new_errors: r.new_errors, with_inactive: r.with_inactive, undetermined: r.undetermined, share: r.share })),
    depth: report.depth.map((d) => ({ model: d.model, path: d.path, k: d.k, n: d.n, correct: d.correct, accuracy: d.accuracy, source: d.source })),
    totals: report.totals,
    ...(report.evolving !== undefined ? { evolving: report.evolving } : {}),
  };
}
