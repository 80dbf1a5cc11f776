// `intent-lens stats --records <file> --logs <file-or-folder>... [--json] [--format md|csv]`:
// Table 1 (grid, n per cell, equal-weight overall, gaps), inactive content in new errors (Fig. 4)
// and depth curves (Fig. 5), from the same computeStats the dashboard uses.
import { parseArgs } from 'node:util';
import { CliError, type CliCommand } from './cliTypes';
import { loadResults } from '../core/stats/loadResults';
import { computeStats } from '../core/stats/computeStats';
import { gridToCsv, gridToMarkdown, statsToJson } from '../core/stats/gridExport';
import { statsDetectors } from '../core/stats/statsDetectors';
import { formatDiagnostic } from '../core/jsonl/diagnostics';

const USAGE = `intent-lens stats --records <file> --logs <file-or-folder>... [--json] [--format md|csv] [--model M]...
  --json          print {cells, overall, inactive_in_new_errors, gaps, depth, ...}
  --format md|csv the grid as Markdown (default) or CSV
  --model M       only these models (repeatable; the overall averages them with equal weight)
`;

const command: CliCommand = {
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        records: { type: 'string', multiple: true },
        logs: { type: 'string', multiple: true },
        json: { type: 'boolean' },
        format: { type: 'string', default: 'md' },
        model: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    // `--logs a b c`: parseArgs takes one value per flag, so later positionals are more log paths.
    const logs = [...(values.logs ?? []), ...positionals];
    if (logs.length === 0) throw new CliError('--logs <file-or-folder> is required');
    if (values.format !== 'md' && values.format !== 'csv') throw new CliError('--format must be md or csv');
    let loaded;
    try {
      loaded = await loadResults(values.records ?? [], logs);
    } catch (e) {
      throw new CliError(e instanceof Error ? e.message : String(e), 1);
    }
    const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length) process.stderr.write(`${errors.length} invalid line(s) skipped, e.g. ${formatDiagnostic(errors[0]!)}\n`);
    const refs = loaded.index.conversations();
    const { detectorName, close, ...detectors } = statsDetectors((id) => loaded.records.get(id), loaded.plans);
    const report = await computeStats(refs, { ...detectors, ...(values.model ? { models: values.model } : {}) });
    await close();
    if (values.json) process.stdout.write(JSON.stringify(statsToJson(report), null, 2) + '\n');
    else if (values.format === 'csv') process.stdout.write(gridToCsv(report));
    else {
      process.stdout.write(gridToMarkdown(report));
      const pooled = report.inactive.filter((r) => r.model === '*' && r.domain === '*');
      if (pooled.length) {
        process.stdout.write('\n| Inactive content in new errors | new errors | with inactive | share % |\n| --- | ---: | ---: | ---: |\n');
        for (const r of pooled) process.stdout.write(`| ${r.condition} | ${r.new_errors} | ${r.with_inactive ?? '–'} | ${r.share === null ? '–' : r.share.toFixed(2)} |\n`);
      }
    }
    process.stderr.write(`${report.totals.conversations} conversation(s) in ${loaded.logFiles.length} file(s); ${report.totals.unscored} unscored; ${report.models.length} model(s); inactive-content detector: ${detectorName}\n`);
    return 0;
  },
};
export default command;
