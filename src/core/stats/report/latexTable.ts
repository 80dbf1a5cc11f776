// Table 1 as LaTeX in the paper's layout: Model × Domain rows (model as a multirow), Single-turn and
// Multi-turn column groups, the equal-weight overall row in bold. Needs booktabs and multirow.
import { GRID_COLUMNS, SMALL_N, type StatsReport } from '../statsTypes';

const SPECIALS: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '{': '\\{',
  '}': '\\}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
};

export function escapeLatex(s: string): string {
  return s.replace(/[\\&%$#_{}~^]/g, (c) => SPECIALS[c]!).replace(/[\r\n]+/g, ' ');
}

const DOMAIN_NAMES: Record<string, string> = { math: 'Math', code: 'Code', database: 'Database', actions: 'Actions' };
const HEADS: Record<string, string> = {
  original: 'Original',
  direct: 'Direct Rev.',
  revised: 'Revised',
  retained: 'Retained',
  neutral: 'Neutral',
};

export function gridToLatex(report: StatsReport): string {
  const cells = new Map(report.cells.map((c) => [`${c.model}\u0000${c.domain}\u0000${c.mode}\u0000${c.condition}`, c]));
  const out: string[] = [
    '% Requires \\usepackage{booktabs} and \\usepackage{multirow}.',
    '\\begin{table*}[t]',
    '\\centering',
    '\\small',
    '\\begin{tabular}{ll cccc cccc}',
    '\\toprule',
    ' & & \\multicolumn{4}{c}{Single-turn} & \\multicolumn{4}{c}{Multi-turn} \\\\',
    '\\cmidrule(lr){3-6}\\cmidrule(lr){7-10}',
    `Model & Domain & ${GRID_COLUMNS.map((c) => HEADS[c.condition]).join(' & ')} \\\\`,
    '\\midrule',
  ];
  let small = false;
  for (const model of report.models) {
    const domains = report.domains.filter((d) =>
      GRID_COLUMNS.some((c) => cells.has(`${model}\u0000${d}\u0000${c.mode}\u0000${c.condition}`)),
    );
    if (!domains.length) continue;
    domains.forEach((domain, i) => {
      const vals = GRID_COLUMNS.map((c) => {
        const cell = cells.get(`${model}\u0000${domain}\u0000${c.mode}\u0000${c.condition}`);
        if (!cell || cell.accuracy === null) return '--';
        if (cell.n < SMALL_N) small = true;
        return `${cell.accuracy.toFixed(2)}${cell.n < SMALL_N ? '$^\\dagger$' : ''}`;
      });
      const head =
        i === 0
          ? domains.length > 1
            ? `\\multirow{${domains.length}}{*}{${escapeLatex(model)}}`
            : escapeLatex(model)
          : '';
      out.push(`${head} & ${escapeLatex(DOMAIN_NAMES[domain] ?? domain)} & ${vals.join(' & ')} \\\\`);
    });
    out.push('\\midrule');
  }
  out.push(
    `\\multicolumn{2}{l}{\\textbf{${report.models.length}-model overall}} & ${report.overall.map((o) => (o.accuracy === null ? '--' : `\\textbf{${o.accuracy.toFixed(2)}}`)).join(' & ')} \\\\`,
  );
  out.push('\\bottomrule', '\\end{tabular}');
  const notes = report.coverage.overall
    .filter((o) => o.note)
    .map((o) => `${HEADS[o.condition]} (${o.mode}): ${o.note}`);
  const caption = [
    'Accuracy (\\%) per model, domain and condition. Overall: each model pooled over its sources, models averaged with equal weight.',
    '-- : no scored runs.',
    small ? `$^\\dagger$ fewer than ${SMALL_N} scored runs.` : '',
    notes.length ? `Coverage: ${notes.map(escapeLatex).join('; ')}.` : '',
  ].filter(Boolean);
  out.push(`\\caption{${caption.join(' ')}}`, '\\label{tab:accuracy}', '\\end{table*}');
  return out.join('\n') + '\n';
}
