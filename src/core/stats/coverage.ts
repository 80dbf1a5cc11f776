// Coverage honesty: an average over models that ran different domains, or a model pooled over fewer
// domains in one column than it has, is not what it looks like; say so in words. Also why a cell has
// no number. Works on the computed grid cells only.
import { GRID_COLUMNS, columnLabel, type CoverageNotes, type GridCell, type GridColumn } from './statsTypes';

const list = (xs: readonly string[]) => xs.join(', ');
const key = (c: GridColumn) => `${c.mode}|${c.condition}`;

export function coverageNotes(report: {
  models: readonly string[];
  domains: readonly string[];
  cells: readonly GridCell[];
}): CoverageNotes {
  const byModel = new Map<string, Map<string, Map<string, GridCell>>>(); // model → domain → column key → cell
  for (const c of report.cells) {
    let d = byModel.get(c.model);
    if (!d) byModel.set(c.model, (d = new Map()));
    let cols = d.get(c.domain);
    if (!cols) d.set(c.domain, (cols = new Map()));
    cols.set(key(c), c);
  }
  const scoredDomains = (model: string, col: GridColumn) =>
    report.domains.filter((d) => {
      const c = byModel.get(model)?.get(d)?.get(key(col));
      return c !== undefined && c.n > 0;
    });
  const modelDomains = (model: string) => report.domains.filter((d) => byModel.get(model)?.has(d));

  const overall: CoverageNotes['overall'] = [];
  const pooled: CoverageNotes['pooled'] = [];
  const missing: CoverageNotes['missing'] = [];
  for (const col of GRID_COLUMNS) {
    const terms = report.models
      .map((m) => ({ model: m, domains: scoredDomains(m, col) }))
      .filter((t) => t.domains.length > 0);
    const signature = new Set(terms.map((t) => t.domains.join('|')));
    const unequal = signature.size > 1;
    const absent = report.models.filter((m) => !terms.some((t) => t.model === m));
    const parts: string[] = [];
    if (unequal)
      parts.push(
        `averages models over different domains: ${terms.map((t) => `${t.model}: ${list(t.domains)}${t.domains.length === 1 ? ' only' : ''}`).join('; ')}`,
      );
    if (absent.length && terms.length)
      parts.push(`not in the average (no scored ${columnLabel(col)} runs): ${list(absent)}`);
    if (!terms.length)
      missing.push({ ...col, model: '*', domain: '*', reason: `No model has scored ${columnLabel(col)} runs.` });
    overall.push({
      ...col,
      unequal: unequal || (absent.length > 0 && terms.length > 0),
      note: parts.length ? parts.join('; ') : null,
    });

    for (const model of report.models) {
      const all = modelDomains(model);
      const here = scoredDomains(model, col);
      if (here.length === 0)
        missing.push({
          ...col,
          model,
          domain: '*',
          reason: `${model} has no scored ${columnLabel(col)} runs in any domain.`,
        });
      else if (here.length < all.length)
        pooled.push({
          ...col,
          model,
          note: `pooled over ${list(here)} only; no scored ${columnLabel(col)} runs in ${list(all.filter((d) => !here.includes(d)))}`,
        });
      for (const domain of all) {
        const cell = byModel.get(model)?.get(domain)?.get(key(col));
        if (cell && cell.n > 0) continue;
        if (cell) {
          missing.push({
            ...col,
            model,
            domain,
            reason: `All ${cell.unscored} ${columnLabel(col)} run(s) of ${model} in ${domain} are unscored (null verdict).`,
          });
          continue;
        }
        const present = GRID_COLUMNS.filter((c) => byModel.get(model)?.get(domain)?.has(key(c))).map(columnLabel);
        missing.push({
          ...col,
          model,
          domain,
          reason: `No ${columnLabel(col)} runs of ${model} in ${domain}; its ${domain} logs have ${list(present)}${present.length === 1 ? ' only' : ''}.`,
        });
      }
    }
  }
  return { overall, pooled, missing };
}
