// `stats --diff A B`, `stats --diff-rescored` and `stats --diff-forks`: the run diffs of the CLI, on
// the same core diff the dashboard runs: two log folders; the re-scored runs as logged vs as
// re-scored (a `score --out` copy, or the extension's verdict sidecar); each fork batch vs its parents.
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { CliError } from './cliTypes';
import { loadStatsWorkspace } from './statsLoad';
import type { Workspace } from '../core/workspace/workspace';
import { VERDICT_SIDECAR, describeRescoreCounts, readVerdictSidecar } from '../core/workspace/verdicts';
import { diffRuns, type DiffOutcome, type RunDiff } from '../core/stats/runDiff';
import { runDiffText } from '../core/stats/runDiffText';
import { describeForkBatch, forkBatches, loggedVsCurrent, parentVsForks } from '../core/stats/diffSides';
import type { VerdictMode } from '../core/annotations/adjudication';
import type { AnnotationSet } from '../core/annotations/annotationLog';
import { loadAnnotations, sidecarPaths } from './annotationsOption';

export interface StatsDiffOptions {
  records: readonly string[];
  logs: readonly string[];
  json: boolean;
  /** Only these models (a fork counts as its parent's model). */
  models?: ReadonlySet<string>;
  /** A re-scored copy of the logs (what `score --out` wrote). */
  rescored?: string;
  /** The verdict sidecar, or the workspace folder that holds `.intent-lens/rescored-verdicts.json`. */
  verdicts?: string;
  /** Only fork batches with this edit (e.g. flip-decision) or this batch id. */
  batch?: string;
  maxLineBytes?: number;
  /** Whose verdicts count: human overrides from the sidecars win (adjudicated, the default) or not (machine). */
  mode?: VerdictMode;
  /** The annotation sidecars (`--annotations`; the default one under the current folder when absent). */
  annotations?: readonly string[];
}

const ofModels = (models: ReadonlySet<string> | undefined) => (o: DiffOutcome) => !models || models.has(o.model);

function print(opts: StatsDiffOptions, a: string, b: string, diff: RunDiff): void {
  process.stdout.write(opts.json ? JSON.stringify({ a, b, ...diff }, null, 2) + '\n' : runDiffText(diff, a, b));
}

/**
 * Puts the sidecars' human verdicts on the workspaces' verdict layer, as plain `stats` does; says on
 * stderr how many there are and whether they count. Returns the mode the diff reads verdicts in.
 */
function adjudicate(workspaces: readonly Workspace[], set: AnnotationSet, opts: StatsDiffOptions): VerdictMode {
  const mode = opts.mode ?? 'adjudicated';
  for (const ws of workspaces) ws.annotations.set(set);
  const overrides = Math.max(0, ...workspaces.map((ws) => ws.verdicts.humanOverrideCount()));
  if (overrides > 0)
    process.stderr.write(
      `verdicts: ${mode}; ${overrides} human verdict override(s)${mode === 'machine' ? ' (not applied)' : ''}\n`,
    );
  return mode;
}

const readAnnotations = (opts: StatsDiffOptions) => loadAnnotations(sidecarPaths(opts.annotations));

/** Per condition, the sources that flipped from the logs under `a` to those under `b` (same model, same source). */
export async function diffLogPaths(a: string, b: string, opts: StatsDiffOptions): Promise<void> {
  const set = await readAnnotations(opts);
  const [wsA, wsB] = [
    await loadStatsWorkspace([], [a], opts.maxLineBytes),
    await loadStatsWorkspace([], [b], opts.maxLineBytes),
  ];
  const mode = adjudicate([wsA, wsB], set, opts);
  const refsOf = (ws: Workspace) => ws.conversationsWithCurrentVerdicts(mode).filter(ofModels(opts.models));
  print(opts, a, b, diffRuns(refsOf(wsA), refsOf(wsB), true));
}

/**
 * Overlays the re-scores named by the options (with `useDefault`, the sidecar in the folder the
 * command runs in when none is named); returns where they came from, or undefined when none.
 */
async function overlayRescores(
  ws: Workspace,
  opts: StatsDiffOptions,
  useDefault: boolean,
): Promise<string | undefined> {
  const from: string[] = [];
  if (opts.rescored) {
    process.stderr.write(
      `verdicts from ${opts.rescored}: ${describeRescoreCounts(await ws.overlayRescoredLog(opts.rescored))}\n`,
    );
    from.push(opts.rescored);
  }
  // Without either option, the sidecar the extension keeps in its workspace folder.
  const sidecar = opts.verdicts ?? (opts.rescored || !useDefault ? undefined : join(process.cwd(), VERDICT_SIDECAR));
  if (sidecar && existsSync(sidecar)) {
    try {
      if (statSync(sidecar).isDirectory()) {
        if (!(await readVerdictSidecar(sidecar, ws.verdicts))) throw new Error(`no ${VERDICT_SIDECAR} in it`);
      } else ws.verdicts.loadSidecar(await readFile(sidecar, 'utf8'));
    } catch (e) {
      throw new CliError(
        `cannot read the re-scored verdicts ${sidecar}: ${e instanceof Error ? e.message : String(e)}`,
        1,
      );
    }
    from.push(sidecar);
  } else if (opts.verdicts) throw new CliError(`--verdicts ${opts.verdicts}: not found`, 1);
  return from.length ? from.join(' + ') : undefined;
}

/** The re-scored runs of the logs, logged (A) vs re-scored (B). */
export async function diffRescored(opts: StatsDiffOptions): Promise<void> {
  if (!opts.logs.length) throw new CliError('--diff-rescored needs --logs <file-or-folder>');
  const ws = await loadStatsWorkspace(opts.records, opts.logs, opts.maxLineBytes);
  const from = await overlayRescores(ws, opts, true);
  if (!from)
    throw new CliError(
      `--diff-rescored needs re-scored verdicts: --rescored FILE (what score --out wrote) or --verdicts PATH (${VERDICT_SIDECAR} or its workspace folder)`,
    );
  const mode = adjudicate([ws], await readAnnotations(opts), opts);
  const d = loggedVsCurrent(ws.conversations().filter(ofModels(opts.models)), ws.verdicts, mode);
  if (!d.b.length) process.stderr.write(`no conversation of these logs has a re-scored verdict in ${from}\n`);
  print(opts, 'as logged', `re-scored (${from})`, diffRuns(d.a, d.b, d.pairByModel));
}

/** Each fork batch (one log file, one edit) vs its parents, verdicts current (re-scored where re-scored). */
export async function diffForks(opts: StatsDiffOptions): Promise<void> {
  if (!opts.logs.length) throw new CliError('--diff-forks needs --logs <file-or-folder> (the parents and the forks)');
  const ws = await loadStatsWorkspace(opts.records, opts.logs, opts.maxLineBytes);
  await overlayRescores(ws, opts, false);
  const mode = adjudicate([ws], await readAnnotations(opts), opts);
  const refs = ws.conversationsWithCurrentVerdicts(mode);
  const all = forkBatches(refs);
  const batches = all.filter((b) => opts.batch === undefined || b.edit === opts.batch || b.id === opts.batch);
  if (!batches.length)
    throw new CliError(
      all.length
        ? `no fork batch matches --batch ${opts.batch}; there are: ${all.map((b) => b.edit).join(', ')}`
        : 'no forks (lines with forked_from) in these logs',
      1,
    );
  const results = batches.map((batch) => {
    const d = parentVsForks(refs, batch.id);
    const keep = ofModels(opts.models);
    return {
      batch,
      label: describeForkBatch(batch, relative(process.cwd(), batch.file) || batch.file),
      diff: diffRuns(d.a.filter(keep), d.b.filter(keep), d.pairByModel),
    };
  });
  if (opts.json) {
    const out = results.map(({ batch, label, diff }) => ({
      batch: { ...batch, label },
      a: 'parents',
      b: 'forks',
      ...diff,
    }));
    process.stdout.write(JSON.stringify({ batches: out }, null, 2) + '\n');
    return;
  }
  process.stdout.write(
    results.map(({ label, diff }) => `# Fork batch: ${label}\n${runDiffText(diff, 'parents', 'forks')}`).join('\n'),
  );
}
