// `intent-lens stats --records <file> --logs <file-or-folder>... [--json] [--format md|csv|html|latex]`:
// Table 1 (grid, n and 95% interval per cell, equal-weight overall, gaps with paired tests), inactive
// content in new errors (Fig. 4) and depth curves (Fig. 5), from the same computeStats the dashboard
// uses. `stats --diff <logs-A> <logs-B>`: the sources that flipped between two runs.
import { parseArgs } from 'node:util';
import { CliError, type CliCommand } from './cliTypes';
import { Workspace } from '../core/workspace/workspace';
import { DEFAULT_BOOTSTRAP } from '../core/stats/intervals';
import { describeRescoreCounts } from '../core/workspace/verdicts';
import { computeStats } from '../core/stats/computeStats';
import { gridToCsv, gridToMarkdown, statsToJson } from '../core/stats/gridExport';
import { statsToHtml } from '../core/stats/report/htmlReport';
import { gridToLatex } from '../core/stats/report/latexTable';
import { runDiffText } from '../core/stats/runDiffText';
import { diffRuns } from '../core/stats/runDiff';
import { statsDetectors } from '../core/stats/statsDetectors';
import { formatForkStatsTable } from '../core/stats/forkStats';
import { formatDiagnostic } from '../core/jsonl/diagnostics';
import { MAX_LINE_BYTES_HELP, MAX_LINE_BYTES_OPTION, maxLineBytesOf } from './maxLineBytesOption';

const USAGE = `intent-lens stats --records <file> --logs <file-or-folder>... [--json] [--format md|csv|html|latex] [--model M]... [--rescored FILE]
intent-lens stats --diff <logs-A> <logs-B> [--json] [--model M]...
  --json          print {cells (with ci: 95% Wilson [lo, hi] in %), overall (ci: bootstrap),
                  gaps (paired 2x2, delta_pp, p_mcnemar, holm_significant), model_pairs, depth,
                  forks (runs with forked_from: never in the grid; recovery per edit, model, domain), ...}
  --format        md (default) or csv: the grid with intervals; html: a self-contained report
                  (grid, intervals, gaps and tests, figures as SVG); latex: Table 1 in the paper's layout
  --model M       only these models (repeatable; the overall averages them with equal weight)
  --seed N        the bootstrap's seed (default fixed: the same input gives the same intervals)
  --diff A B      per condition, the sources that flipped correct→wrong and wrong→correct from the
                  logs under A to those under B (same model, same source), with an exact McNemar test
  --rescored FILE a re-scored copy of the logs (what score --out wrote): its verdicts replace the logged ones, by conv_id
${MAX_LINE_BYTES_HELP}
Invalid lines and repeated conv_ids are reported on stderr and counted once.
`;

const FORMATS = ['md', 'csv', 'html', 'latex'] as const;
type Format = (typeof FORMATS)[number];
const isFormat = (f: string | undefined): f is Format => (FORMATS as readonly string[]).includes(f ?? '');

async function load(records: readonly string[], logs: readonly string[], maxLineBytes?: number) {
  let loaded;
  try {
    loaded = await Workspace.open(logs, records, maxLineBytes ? { maxLineBytes } : {});
  } catch (e) {
    throw new CliError(e instanceof Error ? e.message : String(e), 1);
  }
  // Never skipped silently: how many lines were invalid, how many conv_ids repeated, and where.
  const diagnostics = loaded.allDiagnostics();
  const duplicates = diagnostics.filter((d) => d.code === 'duplicate-conv-id');
  const invalid = diagnostics.filter((d) => d.severity === 'error' && d.code !== 'duplicate-conv-id');
  const skippedFiles = diagnostics.filter((d) => d.severity === 'warning' && d.line === 1 && ['not-a-file', 'symlink-loop', 'dangling-link', 'unreadable'].includes(d.code));
  for (const d of [...invalid, ...duplicates, ...skippedFiles].slice(0, 20)) process.stderr.write(formatDiagnostic(d) + '\n');
  const invalidLines = new Set(invalid.map((d) => `${d.file}\u0000${d.line}`)).size;
  if (invalid.length || duplicates.length || skippedFiles.length) process.stderr.write(`skipped ${invalidLines} invalid line(s), ${duplicates.length} repeated conv_id(s) (counted once) and ${skippedFiles.length} unreadable path(s)\n`);
  return loaded;
}

const command: CliCommand = {
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        records: { type: 'string', multiple: true },
        rescored: { type: 'string' },
        logs: { type: 'string', multiple: true },
        json: { type: 'boolean' },
        format: { type: 'string', default: 'md' },
        model: { type: 'string', multiple: true },
        seed: { type: 'string' },
        diff: { type: 'boolean' },
        ...MAX_LINE_BYTES_OPTION,
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    const onlyModels = values.model ? new Set(values.model) : undefined;
    if (values.diff) {
      if (positionals.length !== 2) throw new CliError('--diff needs two log files or folders: --diff <logs-A> <logs-B>');
      const [a, b] = positionals as [string, string];
      const refsOf = async (p: string) => (await load([], [p], maxLineBytesOf(values['max-line-bytes'])))
        .conversations()
        .filter((r) => !onlyModels || onlyModels.has(r.model));
      const diff = diffRuns(await refsOf(a), await refsOf(b), true);
      process.stdout.write(values.json ? JSON.stringify({ a, b, ...diff }, null, 2) + '\n' : runDiffText(diff, a, b));
      return 0;
    }
    // `--logs a b c`: parseArgs takes one value per flag, so later positionals are more log paths.
    const logs = [...(values.logs ?? []), ...positionals];
    if (logs.length === 0) throw new CliError('--logs <file-or-folder> is required');
    if (!isFormat(values.format)) throw new CliError('--format must be md, csv, html or latex');
    const seed = values.seed === undefined ? undefined : Number(values.seed);
    if (seed !== undefined && !Number.isInteger(seed)) throw new CliError('--seed must be an integer');
    const loaded = await load(values.records ?? [], logs, maxLineBytesOf(values['max-line-bytes']));
    if (values.rescored) process.stderr.write(`verdicts from ${values.rescored}: ${describeRescoreCounts(await loaded.overlayRescoredLog(values.rescored))}\n`);
    const refs = loaded.conversationsWithCurrentVerdicts();
    const { detectorName, close, ...detectors } = statsDetectors((id) => loaded.record(id)?.record, [...loaded.plans().values()].map((p) => p.plan));
    const report = await computeStats(refs, { ...detectors, ...(values.model ? { models: values.model } : {}), ...(seed !== undefined ? { bootstrap: { ...DEFAULT_BOOTSTRAP, seed } } : {}) });
    await close();
    if (values.json) process.stdout.write(JSON.stringify(statsToJson(report), null, 2) + '\n');
    else if (values.format === 'csv') process.stdout.write(gridToCsv(report));
    else if (values.format === 'html') process.stdout.write(statsToHtml(report, { generatedAt: new Date(), sources: logs }));
    else if (values.format === 'latex') process.stdout.write(gridToLatex(report));
    else {
      process.stdout.write(gridToMarkdown(report));
      const pooled = report.inactive.filter((r) => r.model === '*' && r.domain === '*');
      if (pooled.length) {
        process.stdout.write('\n| Inactive content in new errors | new errors | with inactive | share % |\n| --- | ---: | ---: | ---: |\n');
        for (const r of pooled) process.stdout.write(`| ${r.condition} | ${r.new_errors} | ${r.with_inactive ?? '–'} | ${r.share === null ? '–' : r.share.toFixed(2)} |\n`);
      }
      if (report.forks.length) process.stdout.write('\n' + formatForkStatsTable(report.forks));
    }
    process.stderr.write(`${report.totals.conversations} conversation(s)${report.totals.forks ? ` and ${report.totals.forks} fork(s) (not counted in the grid)` : ''} in ${loaded.logFilePaths().length} file(s); ${report.totals.unscored} unscored; ${report.models.length} model(s); inactive-content detector: ${detectorName}\n`);
    return 0;
  },
};
export default command;
