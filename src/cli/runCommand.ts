// `intent-lens run`: runs one instance (or a sweep with --all) against a model through the
// Intent-Eval protocol, scores it with the domain verifier and appends one line per finished
// conversation to --out. Keys come from the environment only and are never written.
import { resolve } from 'node:path';
import pLimit from 'p-limit';
import { CliError, type CliCommand } from './cliTypes';
import { readFlags } from './readOptions';
import { loadRecordsFile } from '../core/load/recordsFile';
import { renderInstance, RenderError, instanceLabel, type InstanceSpec } from '../core/render/instances';
import { ConditionSchema, PathSchema } from '../core/schema/runlog';
import { formatDiagnostic } from '../core/jsonl/diagnostics';
import { ProviderError, redactUrl } from '../core/providers/providerErrors';
import { runInstanceToLog } from '../core/simulator/runToLog';
import { RunAbortedError } from '../core/simulator/runInstance';
import { completedKeys, plannedRunKey, planSweep, selectShard, type PlannedRun } from '../core/simulator/runPlan';
import { addEstimates, describeEstimate, emptyEstimate, estimateRun } from '../core/cost/estimate';
import { addCost } from '../core/cost/priceTable';
import {
  abortOnSigint,
  batchScorer,
  BATCH_OPTIONS,
  PROVIDER_OPTIONS,
  PROVIDER_USAGE,
  providerInputFiles,
  setupProviders,
  type ProviderSetup,
  shardOption,
  toInt,
} from './providerOptions';
import { refuseOutputOverInputs } from './outputPath';
import { VERIFY_USAGE } from './verifyFlags';
import { MAX_CONCURRENCY, requireConsent, SPEND_HELP } from './spendGuard';
import { verdictOfBoolean } from '../shared/verdicts';
import type { ScoreFinal } from '../core/simulator/runTypes';

const USAGE = `intent-lens run --records <file> --task-id ID --mode multi|single --condition C [--path P --k K]
                 (--provider ID | --base-url URL) --model M [--user-model M] [--user-provider ID]
                 [--databases DIR] [--no-exec] [--allow-unisolated] [--lenient-actions] --out <log.jsonl> [--json]
intent-lens run --records <file> --all [--mode M] [--condition C] [--extended] [--concurrency N] [--shard i/n|auto] [--cache DIR] ... --out <log.jsonl>

  --model M            the assistant model (with --provider: overrides its model)
  --user-model M       the user-simulator model (default: --model), on the same provider
                       unless --user-provider is given
${PROVIDER_USAGE}
  --all                every instance of every record (the eight per source; --extended adds
                       the extended paths); finished conversations already in --out are skipped
  --concurrency N      conversations at once with --all (default 1, at most ${MAX_CONCURRENCY})
  --max-runs N         run at most N of the planned conversations
${SPEND_HELP}
  --shard i/n|auto     with --all: this job runs every n-th instance starting at the i-th (1-based);
                       auto reads a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, JOB_COMPLETIONS)
                       or a Slurm array (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT)
  --estimate           print the number of conversations, calls and tokens, and run nothing
${VERIFY_USAGE}
  --json               one JSON summary per finished conversation on stdout`;

/** The flags, checked: what to run and how many at once. */
function readRunOptions(args: string[]) {
  const values = readFlags(args, USAGE, {
    records: { type: 'string' },
    'task-id': { type: 'string' },
    mode: { type: 'string' },
    condition: { type: 'string' },
    path: { type: 'string' },
    k: { type: 'string' },
    extended: { type: 'boolean' },
    'max-runs': { type: 'string' },
    ...PROVIDER_OPTIONS,
    ...BATCH_OPTIONS,
  });
  if (!values.records) throw new CliError('--records is required');
  if (!values.out) throw new CliError('--out is required');
  if (values.mode !== undefined && values.mode !== 'multi' && values.mode !== 'single')
    throw new CliError('--mode must be multi or single');
  const mode = values.mode as InstanceSpec['mode'] | undefined;
  if (values.condition !== undefined && !ConditionSchema.safeParse(values.condition).success)
    throw new CliError(`--condition must be one of ${ConditionSchema.options.join(', ')}`);
  const path = values.path !== undefined ? PathSchema.safeParse(values.path) : undefined;
  if (path && !path.success) throw new CliError(`--path must be one of ${PathSchema.options.join(', ')}`);
  return {
    values,
    records: values.records,
    out: values.out,
    mode,
    path: path?.success ? path.data : undefined,
    k: toInt('k', values.k, 0, 4),
    concurrency: toInt('concurrency', values.concurrency, 1, MAX_CONCURRENCY) ?? 1,
    maxRuns: toInt('max-runs', values['max-runs'], 1, 1_000_000),
    shard: shardOption(values.shard, values.all),
  };
}

type RunOptions = ReturnType<typeof readRunOptions>;

/** The conversations to run: the sweep (--all, this shard of it) or the one instance asked for. */
async function planRuns(o: RunOptions): Promise<PlannedRun[]> {
  const { values, mode, path, k } = o;
  const loaded = await loadRecordsFile(o.records);
  const records = loaded.items.map((i) => i.value);
  if (values.all) {
    const plan = planSweep(records, {
      extended: values.extended === true,
      ...(mode ? { mode } : {}),
      ...(values.condition ? { condition: values.condition } : {}),
      ...(path ? { path } : {}),
      ...(k !== undefined ? { k } : {}),
    });
    return o.shard ? selectShard(plan, o.shard) : plan;
  }
  if (!values['task-id']) throw new CliError('--task-id is required (or --all)');
  if (!mode) throw new CliError('--mode is required (multi or single)');
  const record = records.find((r) => r.task_id === values['task-id']);
  if (!record) {
    const bad = loaded.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
    throw new CliError(
      `no valid record with task_id ${values['task-id']} in ${o.records}${bad.length ? `\n${bad.join('\n')}` : ''}`,
      1,
    );
  }
  const spec: InstanceSpec = {
    mode,
    condition: (values.condition ?? 'original') as InstanceSpec['condition'],
    ...(path ? { path, k: k ?? 0 } : {}),
  };
  try {
    renderInstance(record, spec);
  } catch (e) {
    if (e instanceof RenderError) throw new CliError(e.message, 1);
    throw e;
  }
  return [{ record, spec }];
}

/** A sweep skips the conversations already finished in --out; `skipped` counts them. */
async function skipFinished(plan: PlannedRun[], out: string, all: boolean | undefined, model: string) {
  if (!all) return { plan, skipped: 0 };
  const done = await completedKeys(out);
  const left = plan.filter((p) => !done.has(plannedRunKey(p.record.task_id, model, p.spec)));
  return { plan: left, skipped: plan.length - left.length };
}

/** What a run has done so far, for the closing line and the exit code. */
interface RunTally {
  finished: number;
  correct: number;
  costUsd: number | undefined;
  failures: string[];
}

interface RunContext {
  values: RunOptions['values'];
  providers: ProviderSetup;
  scoreFinal: ScoreFinal;
  abort: AbortController;
  out: string;
  total: number;
  tally: RunTally;
}

/** Runs one planned conversation, appends it to --out and reports it; a failure is counted, not thrown. */
async function runPlanned(p: PlannedRun, i: number, ctx: RunContext): Promise<void> {
  const { providers, abort, out, tally } = ctx;
  if (abort.signal.aborted) return;
  const label = `${p.record.task_id} ${p.spec.mode} ${instanceLabel(p.spec)}`;
  const t0 = Date.now();
  const { assistant, simulator, meter } = providers.forConversation();
  try {
    const r = await runInstanceToLog(
      {
        record: p.record,
        spec: p.spec,
        assistant,
        simulator,
        scoreFinal: ctx.scoreFinal,
        costMeter: meter,
        assistantSettings: providers.assistantSettings,
        signal: abort.signal,
        extraFields: {
          runner: 'intent-lens run',
          ...(providers.assistantConfig.baseUrl
            ? { assistant_base_url: redactUrl(providers.assistantConfig.baseUrl) }
            : {}),
        },
      },
      out,
    );
    tally.finished++;
    tally.costUsd = addCost(tally.costUsd, meter.costUsd);
    if (r.score.is_correct) tally.correct++;
    const verdict = verdictOfBoolean(r.score.is_correct);
    process.stderr.write(
      `[${i + 1}/${ctx.total}] ${label}: ${verdict} (${((Date.now() - t0) / 1000).toFixed(1)} s${r.fallbacks.length ? `, ${r.fallbacks.length} simulator fallback(s)` : ''})\n`,
    );
    if (ctx.values.json) {
      process.stdout.write(
        JSON.stringify({
          conv_id: r.entry.conv_id,
          task_id: p.record.task_id,
          mode: r.entry.mode,
          condition: r.entry.condition,
          ...(r.entry.path ? { path: r.entry.path, k: r.entry.k } : {}),
          is_correct: r.score.is_correct,
          score: r.entry.score,
          extracted: r.score.extracted,
          usage: r.usage,
          ...(meter.costUsd !== undefined ? { cost_usd: meter.costUsd } : {}),
          out,
        }) + '\n',
      );
    }
  } catch (e) {
    if (e instanceof RunAbortedError) return;
    const msg = e instanceof Error ? e.message : String(e);
    tally.failures.push(`${label}: ${msg}`);
    process.stderr.write(`[${i + 1}/${ctx.total}] ${label}: FAILED, nothing written: ${msg}\n`);
    // A broken provider fails every conversation alike: stop instead of hammering it.
    if (e instanceof ProviderError && (e.kind === 'auth' || e.kind === 'not-found' || e.kind === 'connection'))
      abort.abort();
  }
}

const command: CliCommand = {
  async run(args) {
    const o = readRunOptions(args);
    const { values } = o;
    const providers = await setupProviders(values, { modelRequired: true });
    const assistantModel = providers.fixedModel ?? providers.assistantConfig.model;
    const planned = await planRuns(o);
    await refuseOutputOverInputs(o.out, providerInputFiles(values));
    const out = resolve(o.out);
    const skip = await skipFinished(planned, out, values.all, assistantModel);
    const { skipped } = skip;
    const plan = skip.plan.slice(0, o.maxRuns);
    const already = skipped ? `; ${skipped} already in ${out}` : '';
    if (values.estimate) {
      const e = plan.reduce(
        (acc, p) => addEstimates(acc, estimateRun(renderInstance(p.record, p.spec))),
        emptyEstimate(),
      );
      process.stdout.write(`${describeEstimate(e, providers.prices, assistantModel)}${already}\n`);
      return 0;
    }
    const items = plan.map((p) => ({ estimate: estimateRun(renderInstance(p.record, p.spec)), model: assistantModel }));
    requireConsent({
      items,
      prices: providers.prices,
      yes: values.yes === true,
      capped: o.maxRuns !== undefined,
      noun: 'conversations',
      capFlag: '--max-runs',
    });

    const sigint = abortOnSigint('unfinished conversations are not written');
    const { abort } = sigint;
    const tally: RunTally = { finished: 0, correct: 0, costUsd: undefined, failures: [] };
    const ctx: RunContext = {
      values,
      providers,
      scoreFinal: batchScorer(values),
      abort,
      out,
      total: plan.length,
      tally,
    };
    const limit = pLimit(o.concurrency);
    process.stderr.write(
      `running ${plan.length} conversation(s) with ${assistantModel} on ${providers.where}${already}\n`,
    );
    try {
      await Promise.all(plan.map((p, i) => limit(() => runPlanned(p, i, ctx))));
    } finally {
      sigint.dispose();
    }
    const { finished, correct, costUsd, failures } = tally;
    if (!values.json)
      process.stdout.write(
        `${finished} written to ${out}${finished ? ` (${correct} correct)` : ''}${skipped ? `, ${skipped} skipped (already there)` : ''}${failures.length ? `, ${failures.length} failed` : ''}${costUsd !== undefined ? `, cost $${costUsd.toFixed(4)}` : ''}${providers.cache ? `, cache ${providers.cache.hits} hit(s) / ${providers.cache.misses} miss(es)` : ''}\n`,
      );
    if (abort.signal.aborted && failures.length === 0) return 130;
    if (failures.length) {
      if (!values.all) throw new CliError(failures[0]!.replace(/^[^:]*: /, ''), 1);
      return 1;
    }
    return 0;
  },
};
export default command;
