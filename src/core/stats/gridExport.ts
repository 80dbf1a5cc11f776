// Table 1 as text: CSV (one row per model × domain plus the overall row) and Markdown, and the
// CLI's `--json` projection. Accuracies in percent with two decimals, as in the paper.
import { GRID_COLUMNS, SMALL_N, columnLabel, type Interval, type StatsReport } from './statsTypes';

const pct = (a: number | null | undefined): string => (a == null ? '' : a.toFixed(2));
/** A 95% interval in percent as `[lo, hi]` with one decimal; '' when there is none. */
export const formatInterval = (ci: Interval | undefined): string =>
  ci ? `[${ci[0].toFixed(1)}, ${ci[1].toFixed(1)}]` : '';
/** A change in pp with its sign (− as a minus sign, ± for none); '' when null. */
export const formatSigned = (d: number | null | undefined): string =>
  d == null ? '' : `${d > 0 ? '+' : d < 0 ? '−' : '±'}${Math.abs(d).toFixed(2)}`;
const roundCi = (ci: Interval | undefined): Interval =>
  ci ? [Number(ci[0].toFixed(4)), Number(ci[1].toFixed(4))] : null;

function cellIndex(report: StatsReport): Map<string, StatsReport['cells'][number]> {
  const m = new Map<string, StatsReport['cells'][number]>();
  for (const c of report.cells) m.set(`${c.model}\u0000${c.domain}\u0000${c.mode}\u0000${c.condition}`, c);
  return m;
}

function rows(report: StatsReport): Array<{ model: string; domain: string }> {
  const seen = new Set(report.cells.map((c) => `${c.model}\u0000${c.domain}`));
  const out: Array<{ model: string; domain: string }> = [];
  for (const model of report.models)
    for (const domain of report.domains) if (seen.has(`${model}\u0000${domain}`)) out.push({ model, domain });
  return out;
}

function csvField(s: string): string {
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV: accuracy, n and the 95% interval bounds for each of the eight columns. */
export function gridToCsv(report: StatsReport): string {
  const header = [
    'model',
    'domain',
    ...GRID_COLUMNS.flatMap((c) => [
      `${c.mode}_${c.condition}`,
      `${c.mode}_${c.condition}_n`,
      `${c.mode}_${c.condition}_ci_lo`,
      `${c.mode}_${c.condition}_ci_hi`,
    ]),
  ];
  const idx = cellIndex(report);
  const lines = [header.join(',')];
  for (const r of rows(report)) {
    const vals = GRID_COLUMNS.flatMap((c) => {
      const cell = idx.get(`${r.model}\u0000${r.domain}\u0000${c.mode}\u0000${c.condition}`);
      return [pct(cell?.accuracy), cell ? String(cell.n) : '', pct(cell?.ci?.[0]), pct(cell?.ci?.[1])];
    });
    lines.push([csvField(r.model), csvField(r.domain), ...vals].join(','));
  }
  const overall = GRID_COLUMNS.flatMap((c, i) => [
    pct(report.overall[i]?.accuracy),
    String(report.overall[i]?.n ?? ''),
    pct(report.overall[i]?.ci?.[0]),
    pct(report.overall[i]?.ci?.[1]),
  ]);
  lines.push([csvField(`${report.models.length}-model overall`), '', ...overall].join(','));
  return lines.join('\n') + '\n';
}

function mdEscape(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** Markdown: Table 1 with `acc (n) [95% interval]` cells; † marks n < SMALL_N. */
export function gridToMarkdown(report: StatsReport): string {
  const idx = cellIndex(report);
  const head = ['Model', 'Domain', ...GRID_COLUMNS.map(columnLabel)];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i < 2 ? ' --- ' : ' ---: ')).join('|')}|`];
  for (const r of rows(report)) {
    const vals = GRID_COLUMNS.map((c) => {
      const cell = idx.get(`${r.model}\u0000${r.domain}\u0000${c.mode}\u0000${c.condition}`);
      if (!cell) return '–';
      return cell.accuracy === null
        ? `– (0/${cell.unscored} unscored)`
        : `${pct(cell.accuracy)} (${cell.n}${cell.n < SMALL_N ? '†' : ''}) ${formatInterval(cell.ci)}`;
    });
    lines.push(`| ${mdEscape(r.model)} | ${mdEscape(r.domain)} | ${vals.join(' | ')} |`);
  }
  lines.push(
    `| **${report.models.length}-model overall** | | ${report.overall.map((o) => (o.accuracy === null ? '–' : `**${pct(o.accuracy)}** ${formatInterval(o.ci)}`)).join(' | ')} |`,
  );
  lines.push(
    '',
    `† n < ${SMALL_N}. Intervals: 95% Wilson per cell; overall: bootstrap over sources (seed ${report.bootstrap.seed}, ${report.bootstrap.resamples} resamples).`,
  );
  for (const o of report.coverage.overall) if (o.note) lines.push(`Overall ${columnLabel(o)}: ${mdEscape(o.note)}.`);
  const gaps = report.gaps.filter((g) => g.scope === 'overall' && g.drop !== null);
  if (gaps.length) {
    const tests = new Map(report.pairedGaps.filter((t) => t.model === 'overall').map((t) => [t.id, t]));
    lines.push(
      '',
      '| Gap (overall) | pp | paired n | only from | only to | McNemar p | Holm |',
      '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    );
    for (const g of gaps) {
      const t = tests.get(g.id);
      lines.push(
        `| ${g.label} | ${g.drop!.toFixed(2)} | ${t?.n ?? ''} | ${t?.only_from ?? ''} | ${t?.only_to ?? ''} | ${formatP(t?.p_mcnemar)} | ${t?.holm_significant ? 'significant' : ''} |`,
      );
    }
  }
  return lines.join('\n') + '\n';
}

/** A p-value as text: 3 significant digits, "<0.0001" below. */
export function formatP(p: number | null | undefined): string {
  if (p == null) return '';
  return p < 1e-4 ? '<0.0001' : p.toPrecision(3);
}

/** The CLI's `--json`: the three contract arrays, plus depth, gaps and the rest under their own keys. */
export function statsToJson(report: StatsReport): Record<string, unknown> {
  return {
    cells: report.cells.map((c) => ({
      model: c.model,
      domain: c.domain,
      mode: c.mode,
      condition: c.condition,
      n: c.n,
      correct: c.correct,
      accuracy: c.accuracy,
      ci: roundCi(c.ci),
    })),
    overall: report.overall.map((o) => ({
      mode: o.mode,
      condition: o.condition,
      accuracy: o.accuracy,
      ci: roundCi(o.ci),
    })),
    inactive_in_new_errors: report.inactive
      .filter((r) => r.model !== '*' && r.domain !== '*')
      .map((r) => ({
        model: r.model,
        domain: r.domain,
        condition: r.condition,
        new_errors: r.new_errors,
        with_inactive: r.with_inactive,
      })),
    unscored: report.cells
      .filter((c) => c.unscored > 0)
      .map((c) => ({ model: c.model, domain: c.domain, mode: c.mode, condition: c.condition, unscored: c.unscored })),
    model_overall: report.modelOverall.map((m) => ({
      model: m.model,
      mode: m.mode,
      condition: m.condition,
      n: m.n,
      correct: m.correct,
      accuracy: m.accuracy,
      ci: roundCi(m.ci),
    })),
    // One entry per gap and model ('overall': every model's paired sources); drop is the unpaired
    // difference of the grid's values (equal-weight for 'overall'), delta_pp the paired one (to − from).
    gaps: report.pairedGaps.map((t) => ({
      model: t.model,
      id: t.id,
      from: { mode: t.from.mode, condition: t.from.condition },
      to: { mode: t.to.mode, condition: t.to.condition },
      n: t.n,
      both: t.both,
      only_from: t.only_from,
      only_to: t.only_to,
      neither: t.neither,
      delta_pp: t.delta_pp,
      p_mcnemar: t.p_mcnemar,
      holm_significant: t.holm_significant,
      drop: report.gaps.find((g) => g.id === t.id && g.scope === t.model)?.drop ?? null,
    })),
    model_pairs: report.modelPairs,
    coverage: report.coverage,
    bootstrap: report.bootstrap,
    inactive_pooled: report.inactive
      .filter((r) => r.model === '*' || r.domain === '*')
      .map((r) => ({
        model: r.model,
        domain: r.domain,
        condition: r.condition,
        new_errors: r.new_errors,
        with_inactive: r.with_inactive,
        undetermined: r.undetermined,
        share: r.share,
      })),
    depth: report.depth.map((d) => ({
      model: d.model,
      path: d.path,
      k: d.k,
      n: d.n,
      correct: d.correct,
      accuracy: d.accuracy,
      source: d.source,
    })),
    totals: report.totals,
    forks: report.forks,
    ...(report.evolving !== undefined ? { evolving: report.evolving } : {}),
  };
}
