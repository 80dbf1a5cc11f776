// "Export Report": one self-contained HTML file: the grid with 95% intervals and small-n marks,
// coverage notes, the derived gaps with their paired tests, model-vs-model tests, the figures as
// inline SVG, and (when given) a run diff. No scripts, no external assets; a CSP meta forbids any
// fetch, so opening it makes no network request. Every piece of text from the data is escaped.
import { escapeHtml } from '../../render/escapeHtml';
import { formatInterval as ciText, formatP, formatSigned as signed } from '../gridExport';
import { GRID_COLUMNS, SMALL_N, columnLabel, type GridColumn, type Interval, type StatsReport } from '../statsTypes';
import type { RunDiff } from '../runDiff';
import { intervalChart, lineChart, type LineSeries } from './svgCharts';

export interface HtmlReportOptions {
  title?: string;
  /** When the report was made (shown, so a reader knows what it describes). */
  generatedAt?: Date;
  /** What the numbers were computed from (folders, files). */
  sources?: string[];
  diff?: { a: string; b: string; result: RunDiff };
  /** A link back into the workspace for a conversation, when the editor can open one from a URI. */
  conversationLink?: (convId: string) => string | undefined;
}

const e = escapeHtml;
const pct = (a: number | null | undefined) => (a == null ? '' : a.toFixed(2));
const key = (model: string, domain: string, c: GridColumn) =>
  `${model}\u0000${domain}\u0000${c.mode}\u0000${c.condition}`;

const STYLE = `body{font:13px/1.4 system-ui,sans-serif;margin:24px;color:#222;max-width:1200px}
table{border-collapse:collapse;margin:8px 0 16px;font-variant-numeric:tabular-nums}
th,td{border:1px solid #ccc;padding:3px 6px;vertical-align:top}th{background:#f3f3f3;text-align:left}
td.num{text-align:right}.ci{display:block;font-size:11px;color:#555}.n{font-size:11px;color:#555}
.small{background:repeating-linear-gradient(45deg,#fff,#fff 4px,#f4f0e0 4px,#f4f0e0 8px)}
.missing{color:#777;font-size:11px;max-width:16ch}.overall td,.overall th{font-weight:600;border-top:2px solid #222}
.note{color:#7a4b00}.sig{font-weight:600;color:#0a5}.lost{color:#b00}.gained{color:#070}
figure{display:inline-block;margin:0 16px 16px 0}code{font-size:12px}`;

/** A number with n, its interval, the small-n mark, and an optional coverage warning. */
function cellHtml(
  accuracy: number | null,
  n: number,
  unscored: number,
  ci: Interval | undefined,
  title: string,
  warning?: string,
): string {
  const small = n < SMALL_N;
  return `<td class="num${small ? ' small' : ''}" title="${e(title)}">${pct(accuracy)}${small ? '†' : ''}<span class="n">n=${n}${unscored ? ` +${unscored} unscored` : ''}</span><span class="ci">${ciText(ci)}</span>${warning ? `<span class="note">⚠ ${e(warning)}</span>` : ''}</td>`;
}

function gridHtml(r: StatsReport): string {
  const cells = new Map(r.cells.map((c) => [key(c.model, c.domain, c), c]));
  const pooled = new Map(r.modelOverall.map((c) => [key(c.model, '*', c), c]));
  const missing = new Map(r.coverage.missing.map((m) => [key(m.model, m.domain, m), m.reason]));
  const pooledNotes = new Map(r.coverage.pooled.map((p) => [key(p.model, '*', p), p.note]));
  const missingCell = (k: string) => `<td class="missing">${e(missing.get(k) ?? 'No runs.')}</td>`;
  const rows: string[] = [];
  for (const model of r.models) {
    const domains = r.domains.filter((d) => GRID_COLUMNS.some((c) => cells.has(key(model, d, c))));
    domains.forEach((domain, i) => {
      const tds = GRID_COLUMNS.map((c) => {
        const cell = cells.get(key(model, domain, c));
        if (!cell || cell.accuracy === null) return missingCell(key(model, domain, c));
        return cellHtml(
          cell.accuracy,
          cell.n,
          cell.unscored,
          cell.ci,
          `${model} · ${domain} · ${columnLabel(c)}: 95% Wilson interval ${ciText(cell.ci)}`,
        );
      });
      rows.push(
        `<tr>${i === 0 ? `<th rowspan="${domains.length + 1}">${e(model)}</th>` : ''}<th>${e(domain)}</th>${tds.join('')}</tr>`,
      );
    });
    if (!domains.length) continue;
    const tds = GRID_COLUMNS.map((c) => {
      const p = pooled.get(key(model, '*', c));
      if (!p || p.accuracy === null) return missingCell(key(model, '*', c));
      const note = pooledNotes.get(key(model, '*', c));
      return cellHtml(
        p.accuracy,
        p.n,
        p.unscored,
        p.ci,
        `${model} pooled · ${columnLabel(c)}: bootstrap interval ${ciText(p.ci)}${note ? `; ${note}` : ''}`,
        note ? 'partial' : undefined,
      );
    });
    rows.push(`<tr><th><i>All (pooled)</i></th>${tds.join('')}</tr>`);
  }
  const overall = r.overall.map((o, i) => {
    if (o.accuracy === null) return missingCell(key('*', '*', o));
    const cov = r.coverage.overall[i];
    return cellHtml(
      o.accuracy,
      o.n,
      o.unscored,
      o.ci,
      `Overall ${columnLabel(o)} (mean of ${o.models} models): bootstrap interval ${ciText(o.ci)}${cov?.note ? `; ${cov.note}` : ''}`,
      cov?.unequal ? 'unequal coverage' : undefined,
    );
  });
  const head = `<tr><th rowspan="2">Model</th><th rowspan="2">Domain</th><th colspan="4">Single</th><th colspan="4">Multi</th></tr><tr>${GRID_COLUMNS.map((c) => `<th>${e(columnLabel(c).replace(/^(Single|Multi) /, ''))}</th>`).join('')}</tr>`;
  return `<table id="grid">${head}${rows.join('')}<tr class="overall"><th colspan="2">${r.models.length}-model overall</th>${overall.join('')}</tr></table>`;
}

function coverageHtml(r: StatsReport): string {
  const items = [
    ...r.coverage.overall.filter((o) => o.note).map((o) => `Overall ${columnLabel(o)}: ${o.note}.`),
    ...r.coverage.pooled.map((p) => `${p.model}, ${columnLabel(p)}: ${p.note}.`),
  ];
  return items.length
    ? `<h3>Coverage</h3><ul>${items.map((t) => `<li class="note">${e(t)}</li>`).join('')}</ul>`
    : '<p>Every averaged model covers the same domains in every column.</p>';
}

/** A gap's `drop` (from − to) shown as the change to − from. */
const gridChange = (drop: number | null | undefined) => (drop == null ? '' : signed(-drop));

function gapsHtml(r: StatsReport): string {
  const drop = new Map(r.gaps.map((g) => [`${g.id}\u0000${g.scope}`, g.drop]));
  const rows = r.pairedGaps
    .filter((t) => t.n > 0)
    .map(
      (t) =>
        `<tr><td>${e(t.label)}</td><td>${e(t.model)}</td><td class="num">${gridChange(drop.get(`${t.id}\u0000${t.model}`))}</td><td class="num">${t.n}</td><td class="num">${t.both}</td><td class="num">${t.only_from}</td><td class="num">${t.only_to}</td><td class="num">${t.neither}</td><td class="num">${signed(t.delta_pp)}</td><td class="num">${formatP(t.p_mcnemar)}</td><td>${t.holm_significant ? '<span class="sig">survives Holm</span>' : ''}</td></tr>`,
    );
  if (!rows.length) return '<p>No gap has sources scored under both of its columns.</p>';
  return `<table id="gaps"><tr><th>Gap</th><th>Model</th><th>Change (pp, grid)</th><th>Paired n</th><th>Both ✓</th><th>Only from ✓</th><th>Only to ✓</th><th>Neither</th><th>Paired Δ pp</th><th>McNemar p (exact)</th><th>Holm (α = 0.05, ${r.pairedGaps.filter((t) => t.p_mcnemar !== null).length} tests)</th></tr>${rows.join('')}</table>`;
}

function modelPairsHtml(r: StatsReport): string {
  if (!r.modelPairs.length) return '<p>No two models share scored sources in any column.</p>';
  const rows = r.modelPairs.map(
    (t) =>
      `<tr><td>${e(columnLabel(t))}</td><td>${e(t.model_a)}</td><td>${e(t.model_b)}</td><td class="num">${t.n}</td><td class="num">${t.both}</td><td class="num">${t.only_from}</td><td class="num">${t.only_to}</td><td class="num">${t.neither}</td><td class="num">${signed(t.delta_pp)}</td><td class="num">${formatP(t.p_mcnemar)}</td><td>${t.holm_significant ? '<span class="sig">survives Holm</span>' : ''}</td></tr>`,
  );
  return `<table id="model-pairs"><tr><th>Column</th><th>A</th><th>B</th><th>Shared n</th><th>Both ✓</th><th>Only A ✓</th><th>Only B ✓</th><th>Neither</th><th>B − A (pp)</th><th>McNemar p</th><th>Holm</th></tr>${rows.join('')}</table>`;
}

function figuresHtml(r: StatsReport): string {
  const figs: string[] = [];
  figs.push(
    intervalChart(
      r.overall.map((o) => ({ label: `Overall · ${columnLabel(o)}`, value: o.accuracy, ci: o.ci ?? null })),
      'Overall accuracy with 95% bootstrap intervals',
    ),
  );
  const pooled = r.modelOverall.filter(
    (m) => (m.mode === 'single' || m.mode === 'multi') && m.condition === 'original',
  );
  if (pooled.length)
    figs.push(
      intervalChart(
        pooled.map((m) => ({
          label: `${m.model} · ${columnLabel(m)}`,
          value: m.accuracy,
          ci: m.ci ?? null,
          small: m.n < SMALL_N,
        })),
        'Each model pooled: Original, single vs multi',
      ),
    );
  for (const model of [...r.models, '*']) {
    const points = r.depth.filter((d) => d.model === model);
    if (!points.length) continue;
    const series: LineSeries[] = [...new Set(points.map((p) => p.path))].map((path) => ({
      label: path,
      points: points.filter((p) => p.path === path).map((p) => ({ x: p.k, y: p.accuracy })),
    }));
    figs.push(lineChart(series, `Depth curves: ${model === '*' ? 'all models pooled' : model}`, 'added blocks k', 4));
  }
  return figs.map((f) => `<figure>${f}</figure>`).join('');
}

function inactiveHtml(r: StatsReport): string {
  const rows = r.inactive.filter((x) => x.model === '*');
  if (!rows.length) return '<p>No Original-correct multi-turn sources with Retained or Revised runs.</p>';
  return `<table id="inactive"><tr><th>Domain</th><th>Condition</th><th>New errors</th><th>With inactive content</th><th>Share %</th><th>Undetermined</th></tr>${rows
    .map(
      (x) =>
        `<tr><td>${e(x.domain === '*' ? 'All domains' : x.domain)}</td><td>${e(x.condition)}</td><td class="num">${x.new_errors}</td><td class="num">${x.with_inactive ?? ''}</td><td class="num">${pct(x.share)}</td><td class="num">${x.undetermined}</td></tr>`,
    )
    .join('')}</table>`;
}

function diffHtml(d: NonNullable<HtmlReportOptions['diff']>, link: HtmlReportOptions['conversationLink']): string {
  const conv = (id: string) => {
    const href = link?.(id);
    return href ? `<a href="${e(href)}"><code>${e(id)}</code></a>` : `<code>${e(id)}</code>`;
  };
  const flips = (list: RunDiff['instances'][number]['lost'], cls: string) =>
    list
      .map(
        (f) =>
          `<li class="${cls}">${e(f.model ? `${f.model} · ` : '')}${e(f.task_id)}: ${conv(f.conv_a)} ↔ ${conv(f.conv_b)}</li>`,
      )
      .join('');
  const rows = d.result.instances.map(
    (i) =>
      `<tr><td>${e(i.label)}</td><td class="num">${i.n}</td><td class="num">${i.lost.length}</td><td class="num">${i.gained.length}</td><td class="num">${signed(i.delta_pp)}</td><td class="num">${formatP(i.p_mcnemar)}</td><td>${i.holm_significant ? '<span class="sig">survives Holm</span>' : ''}</td><td><ul>${flips(i.lost, 'lost')}${flips(i.gained, 'gained')}</ul></td></tr>`,
  );
  return `<h2>Run diff</h2><p>A: ${e(d.a)}<br>B: ${e(d.b)}<br>${d.result.paired} paired source(s); unpaired: ${d.result.unpaired.a} only in A, ${d.result.unpaired.b} only in B.</p>
<table id="run-diff"><tr><th>Instance</th><th>Paired n</th><th class="lost">✓→✗</th><th class="gained">✗→✓</th><th>B − A (pp)</th><th>McNemar p</th><th>Holm</th><th>Flipped sources (A ↔ B conversation)</th></tr>${rows.join('')}</table>`;
}

export function statsToHtml(r: StatsReport, opts: HtmlReportOptions = {}): string {
  const title = opts.title ?? 'Intent-Eval results';
  const meta = [
    `${r.totals.conversations} conversations, ${r.models.length} model(s), ${r.totals.unscored} unscored${r.totals.forks ? `; ${r.totals.forks} fork(s) not counted` : ''}`,
    opts.generatedAt ? `generated ${opts.generatedAt.toISOString()}` : '',
    `intervals: 95% Wilson per cell; pooled and overall: percentile bootstrap over sources (seed ${r.bootstrap.seed}, ${r.bootstrap.resamples} resamples)`,
  ].filter(Boolean);
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title><style>${STYLE}</style></head><body>
<h1>${e(title)}</h1>
<p>${meta.map(e).join('<br>')}</p>
${opts.sources?.length ? `<p>From: ${opts.sources.map((s) => `<code>${e(s)}</code>`).join(', ')}</p>` : ''}
<h2>Accuracy (Table 1)</h2>
<p>Accuracy % with n scored runs and the 95% interval below it. † and hatching: n &lt; ${SMALL_N}, the interval is wide. Empty cells say why they are empty.</p>
${gridHtml(r)}
${coverageHtml(r)}
<h2>Figures</h2>
${figuresHtml(r)}
<h2>Derived gaps with paired tests</h2>
<p>Each gap on the sources scored under both columns (a source counts as correct when most of its scored runs are). Change (pp, grid): the grid's difference (to − from). Paired Δ: the same on paired sources. p: exact McNemar (two-sided binomial on the discordant sources); Holm over all gap tests.</p>
${gapsHtml(r)}
<h2>Model vs model on the same sources</h2>
${modelPairsHtml(r)}
<h2>Inactive content in new errors (Intent-Eval Fig. 4)</h2>
${inactiveHtml(r)}
${opts.diff ? diffHtml(opts.diff, opts.conversationLink) : ''}
</body></html>
`;
}
