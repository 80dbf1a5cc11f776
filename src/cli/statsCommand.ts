// `intent-lens stats --records <file> --logs <file-or-folder>... [--json] [--format md|csv|html|latex]`:
// Table 1 (grid, n and 95% interval per cell, equal-weight overall, gaps with paired tests), inactive
// content in new errors (Fig. 4) and depth curves (Fig. 5), from the same computeStats the dashboard
// uses. `stats --diff <logs-A> <logs-B>`, `--diff-rescored`, `--diff-forks`: the sources that
// flipped between two runs (statsDiff.ts).
import { CliError, type CliCommand } from './cliTypes';
import { readOptions } from './readOptions';
import { DEFAULT_BOOTSTRAP } from '../core/stats/intervals';
import { describeRescoreCounts } from '../core/workspace/verdicts';
import { computeStats } from '../core/stats/computeStats';
import { gridToCsv, gridToMarkdown, statsToJson } from '../core/stats/gridExport';
import { statsToHtml } from '../core/stats/report/htmlReport';
import { gridToLatex } from '../core/stats/report/latexTable';
import { diffForks, diffLogPaths, diffRescored, type StatsDiffOptions } from './statsDiff';
import { statsDetectors } from '../core/stats/statsDetectors';
import { formatForkStatsTable } from '../core/stats/forkStats';
import { loadStatsWorkspace as load, WORKSPACE_OPTIONS } from './statsLoad';
import { ANNOTATIONS_HELP, ANNOTATIONS_OPTION, applyAnnotations, sidecarPaths } from './annotationsOption';
import { VERDICT_MODES } from '../core/annotations/adjudication';
import { describeOverrideEffect, overrideEffect, type OverrideEffect } from '../core/stats/overrideEffect';
import { MAX_LINE_BYTES_HELP, MAX_LINE_BYTES_OPTION, maxLineBytesOf } from './maxLineBytesOption';

const USAGE = `intent-lens stats --records <file> --logs <file-or-folder>... [--json] [--format md|csv|html|latex] [--model M]... [--rescored FILE]
                  [--verdicts adjudicated|machine] [--annotations FILE]...
intent-lens stats --diff <logs-A> <logs-B> [--json] [--model M]... [--verdicts adjudicated|machine] [--annotations FILE]...
intent-lens stats --diff-rescored --logs <file-or-folder>... [--rescored FILE | --verdicts PATH] [--json] [--model M]...
intent-lens stats --diff-forks --logs <file-or-folder>... [--batch EDIT] [--rescored FILE | --verdicts PATH] [--json] [--model M]...
                  (both also take --verdicts adjudicated|machine and --annotations FILE)
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
  --verdicts adjudicated (default): human verdict overrides from the annotation sidecars win;
                  machine: the logged or re-scored verdicts only (stderr says how many cells overrides changed);
                  the run diffs too: --diff and --diff-forks count adjudicated verdicts on both sides,
                  --diff-rescored on its re-scored side
${ANNOTATIONS_HELP}
  --verdicts PATH with --diff-rescored / --diff-forks: the extension's re-scored verdicts: .intent-lens/rescored-verdicts.json or its workspace folder
  --diff-rescored the re-scored runs, as logged (A) vs re-scored (B): which sources the re-score flipped
                  (re-scores from --rescored, --verdicts, or ./.intent-lens/rescored-verdicts.json)
  --diff-forks    each fork batch (forks in one log file made with one edit) vs its parents: which
                  sources the edit flipped; a fork counts as its parent's model and condition
  --batch EDIT    with --diff-forks: only batches of this edit (e.g. flip-decision) or batch id
${MAX_LINE_BYTES_HELP}
Invalid lines and repeated conv_ids are reported on stderr and counted once.
`;

function adjudicationJson(e: OverrideEffect, annotations: number): Record<string, unknown> {
  return {
    annotations,
    changed_conversations: e.changedConversations,
    changed_cells: e.changedCells.map((c) => ({
      model: c.model,
      domain: c.domain,
      mode: c.mode,
      condition: c.condition,
      machine: c.machine,
      adjudicated: c.adjudicated,
      conv_ids: c.conv_ids,
    })),
  };
}

const FORMATS = ['md', 'csv', 'html', 'latex'] as const;
type Format = (typeof FORMATS)[number];
const isFormat = (f: string | undefined): f is Format => (FORMATS as readonly string[]).includes(f ?? '');

/** The report in --format on stdout (markdown adds the pooled inactive-content table and the forks). */
function writeReport(report: Awaited<ReturnType<typeof computeStats>>, format: string, logs: readonly string[]): void {
  if (format === 'csv') process.stdout.write(gridToCsv(report));
  else if (format === 'html')
    process.stdout.write(statsToHtml(report, { generatedAt: new Date(), sources: [...logs] }));
  else if (format === 'latex') process.stdout.write(gridToLatex(report));
  else {
    process.stdout.write(gridToMarkdown(report));
    const pooled = report.inactive.filter((r) => r.model === '*' && r.domain === '*');
    if (pooled.length) {
      process.stdout.write(
        '\n| Inactive content in new errors | new errors | with inactive | share % |\n| --- | ---: | ---: | ---: |\n',
      );
      for (const r of pooled)
        process.stdout.write(
          `| ${r.condition} | ${r.new_errors} | ${r.with_inactive ?? '–'} | ${r.share === null ? '–' : r.share.toFixed(2)} |\n`,
        );
    }
    if (report.forks.length) process.stdout.write('\n' + formatForkStatsTable(report.forks));
  }
}

const command: CliCommand = {
  async run(args) {
    const { values, positionals } = readOptions(args, USAGE, {
      ...WORKSPACE_OPTIONS,
      json: { type: 'boolean' },
      format: { type: 'string', default: 'md' },
      seed: { type: 'string' },
      diff: { type: 'boolean' },
      'diff-rescored': { type: 'boolean' },
      'diff-forks': { type: 'boolean' },
      verdicts: { type: 'string' },
      batch: { type: 'string' },
      ...MAX_LINE_BYTES_OPTION,
      ...ANNOTATIONS_OPTION,
    });
    const verdictMode = VERDICT_MODES.find((m) => m === values.verdicts);
    const onlyModels = values.model ? new Set(values.model) : undefined;
    const maxLineBytes = maxLineBytesOf(values['max-line-bytes']);
    const diffOpts: StatsDiffOptions = {
      records: values.records ?? [],
      // `--logs a b c`: parseArgs takes one value per flag, so later positionals are more log paths.
      logs: [...(values.logs ?? []), ...(values.diff ? [] : positionals)],
      json: values.json ?? false,
      ...(onlyModels ? { models: onlyModels } : {}),
      ...(values.rescored !== undefined ? { rescored: values.rescored } : {}),
      ...(values.verdicts !== undefined && !verdictMode ? { verdicts: values.verdicts } : {}),
      ...(values.batch !== undefined ? { batch: values.batch } : {}),
      ...(maxLineBytes ? { maxLineBytes } : {}),
      ...(verdictMode ? { mode: verdictMode } : {}),
      ...(values.annotations ? { annotations: values.annotations } : {}),
    };
    if ([values.diff, values['diff-rescored'], values['diff-forks']].filter(Boolean).length > 1)
      throw new CliError('give one of --diff, --diff-rescored, --diff-forks');
    if (values.diff) {
      if (positionals.length !== 2)
        throw new CliError('--diff needs two log files or folders: --diff <logs-A> <logs-B>');
      await diffLogPaths(positionals[0]!, positionals[1]!, diffOpts);
      return 0;
    }
    if (values['diff-rescored']) {
      await diffRescored(diffOpts);
      return 0;
    }
    if (values['diff-forks']) {
      await diffForks(diffOpts);
      return 0;
    }
    const { logs } = diffOpts;
    if (logs.length === 0) throw new CliError('--logs <file-or-folder> is required');
    if (values.verdicts !== undefined && !verdictMode)
      throw new CliError(
        '--verdicts must be adjudicated or machine (a re-scored verdicts PATH goes with --diff-rescored / --diff-forks)',
      );
    if (!isFormat(values.format)) throw new CliError('--format must be md, csv, html or latex');
    const seed = values.seed === undefined ? undefined : Number(values.seed);
    if (seed !== undefined && !Number.isInteger(seed)) throw new CliError('--seed must be an integer');
    const loaded = await load(values.records ?? [], logs, maxLineBytes);
    if (values.rescored)
      process.stderr.write(
        `verdicts from ${values.rescored}: ${describeRescoreCounts(await loaded.overlayRescoredLog(values.rescored))}\n`,
      );
    const mode = verdictMode ?? 'adjudicated';
    const annotations = await applyAnnotations(loaded, sidecarPaths(values.annotations));
    const refs = loaded.conversationsWithCurrentVerdicts(mode);
    const effect = overrideEffect(
      loaded.conversationsWithCurrentVerdicts('machine'),
      loaded.conversationsWithCurrentVerdicts('adjudicated'),
      values.model,
    );
    const { detectorName, close, ...detectors } = statsDetectors(
      (id) => loaded.record(id)?.record,
      [...loaded.plans().values()].map((p) => p.plan),
    );
    const report = await computeStats(refs, {
      ...detectors,
      ...(values.model ? { models: values.model } : {}),
      ...(seed !== undefined ? { bootstrap: { ...DEFAULT_BOOTSTRAP, seed } } : {}),
    });
    await close();
    // Only an adjudicated report that overrides changed says so: otherwise the bytes are the machine report's.
    const adjudication =
      mode === 'adjudicated' && effect.changedConversations > 0
        ? adjudicationJson(effect, annotations.annotations.length)
        : undefined;
    if (values.json)
      process.stdout.write(
        JSON.stringify({ ...statsToJson(report), ...(adjudication ? { adjudication } : {}) }, null, 2) + '\n',
      );
    else writeReport(report, values.format, logs);
    if (loaded.verdicts.humanOverrideCount() > 0)
      process.stderr.write(
        `verdicts: ${mode}; ${describeOverrideEffect(loaded.verdicts.humanOverrideCount(), effect)}${mode === 'machine' ? ' (not applied)' : ''}\n`,
      );
    process.stderr.write(
      `${report.totals.conversations} conversation(s)${report.totals.forks ? ` and ${report.totals.forks} fork(s) (not counted in the grid)` : ''} in ${loaded.logFilePaths().length} file(s); ${report.totals.unscored} unscored; ${report.models.length} model(s); inactive-content detector: ${detectorName}\n`,
    );
    return 0;
  },
};
export default command;
