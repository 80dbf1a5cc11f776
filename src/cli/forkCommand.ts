// `intent-lens fork`: counterfactual replay of logged conversations. One conversation (--conv-id)
// or a batch (--all --filter EXPR) is forked at a user turn with one edit, continued with the
// protocol of `run`, scored, and appended to --out with `forked_from`; a batch reports the
// recovery rate per model and domain. Keys come from the environment only and are never written.
import { resolve } from 'node:path';
import { CliError, type CliCommand } from './cliTypes';
import { readFlags } from './readOptions';
import { loadRecordsFile } from '../core/load/recordsFile';
import { RunLogIndex } from '../core/load/runLogIndex';
import { detectFileKind, listDataFiles } from '../core/load/dataFiles';
import { ProviderError, redactUrl } from '../core/providers/providerErrors';
import { selectShard } from '../core/simulator/runPlan';
import { describeEdit, ForkError, planFork, type ForkEdit } from '../core/fork/forkPlan';
import { parseConversationFilter, FilterError } from '../core/fork/conversationFilter';
import {
  existingForks,
  resumeKey,
  runForkBatch,
  selectForkJobs,
  type ForkBatchItem,
  type ForkJob,
} from '../core/fork/forkBatch';
import { formatRecoveryTable, recoveryRates } from '../core/fork/recovery';
import { addEstimates, describeEstimate, emptyEstimate, estimateFork } from '../core/cost/estimate';
import { addCost } from '../core/cost/priceTable';
import {
  abortOnSigint,
  batchScorer,
  BATCH_OPTIONS,
  PROVIDER_OPTIONS,
  PROVIDER_USAGE,
  providerInputFiles,
  setupProviders,
  shardOption,
  toInt,
} from './providerOptions';
import { fileIdentity, namesHow, refuseOutputOverInputs, sameIdentity } from './outputPath';
import { VERIFY_USAGE } from './verifyFlags';
import { MAX_CONCURRENCY, requireConsent, SPEND_HELP, type PlannedSpend } from './spendGuard';
import { verdictOfBoolean } from '../shared/verdicts';

const USAGE = `intent-lens fork --records <file> --logs <file-or-folder>... --conv-id ID --turn N <edit>
                  (--provider ID | --base-url URL) [--model M] [--user-model M] [--no-exec] [--allow-unisolated]
                  --out <log.jsonl> [--json]
intent-lens fork --records <file> --logs <...> --all [--filter EXPR] [--turn N] <edit> [--concurrency N]
                  [--shard i/n|auto] ... --out <log.jsonl>

Edits (one):
  --replace-user TEXT  replace user turn N with TEXT (it carries the same shard or event)
  --drop-user          drop user turn N (a dropped shard is revealed later; a dropped event is gone)
  --drop-proposal      drop the proposal (and its decision); N defaults to the proposal's turn
  --flip-decision      reject ↔ accept (Retained ↔ Revised); N defaults to the decision's turn
  --shard-first        send the next unrevealed shard before the event at turn N (default: the first event)

  --turn N             the user turn, counted from 1 as the views label them (U1, U2, …)
  --model M            the assistant model (default: each conversation's logged assistant model)
  --user-model M       the user-simulator model (default: the logged one)
${PROVIDER_USAGE}
  --all                fork every conversation of --logs that --filter selects (never earlier forks)
  --filter EXPR        e.g. "model=gpt-4o domain=math condition=retained verdict=incorrect"
                       (fields: model, domain, task_id, mode, condition, path, k, verdict, fork;
                       field!=value negates, a,b means either)
  --concurrency N      forks at once with --all (default 1, at most ${MAX_CONCURRENCY})
  --max-forks N        fork at most N of the selected conversations
${SPEND_HELP}
  --shard i/n|auto     with --all: every n-th selected conversation from the i-th (see run --help)
  --estimate           print the number of forks, calls and tokens, and run nothing
${VERIFY_USAGE}
  --json               one JSON summary per fork on stdout (and the recovery table with --all)`;

function editFrom(values: {
  'replace-user'?: string;
  'drop-user'?: boolean;
  'drop-proposal'?: boolean;
  'flip-decision'?: boolean;
  'shard-first'?: boolean;
}): ForkEdit {
  const edits: ForkEdit[] = [
    ...(values['replace-user'] !== undefined ? [{ kind: 'replace-user' as const, text: values['replace-user'] }] : []),
    ...(values['drop-user'] ? [{ kind: 'drop-user' as const }] : []),
    ...(values['drop-proposal'] ? [{ kind: 'drop-proposal' as const }] : []),
    ...(values['flip-decision'] ? [{ kind: 'flip-decision' as const }] : []),
    ...(values['shard-first'] ? [{ kind: 'shard-first' as const }] : []),
  ];
  if (edits.length !== 1)
    throw new CliError(
      'give exactly one edit: --replace-user TEXT, --drop-user, --drop-proposal, --flip-decision or --shard-first',
    );
  return edits[0]!;
}

/**
 * The forks a batch would make, each with its estimate: the applicable ones (planFork, no call) not
 * already in --out, with the model each is billed for (--model, else the parent's logged one).
 */
async function plannedForks(o: {
  index: RunLogIndex;
  jobs: readonly ForkJob[];
  edit: ForkEdit;
  turn: number | undefined;
  out: string;
  model: string | undefined;
  defaultModel: string;
}): Promise<PlannedSpend[]> {
  const already = await existingForks(o.out, o.turn);
  const items: PlannedSpend[] = [];
  for (const job of o.jobs) {
    const parent = await o.index.readConversation(job.parent);
    const model = o.model ?? parent.assistant_model ?? o.defaultModel;
    if (already.has(resumeKey(parent.conv_id, o.edit, model))) continue;
    try {
      items.push({ estimate: estimateFork(parent.trace, planFork(job.record, parent, o.edit, o.turn).turn), model });
    } catch (e) {
      if (!(e instanceof ForkError)) throw e;
    }
  }
  return items;
}

/**
 * --out may be a fork log under --logs (its forks are no parents, and a batch re-run skips them), but
 * never a log of other conversations: forks appended there would change an input.
 */
async function refuseUnlessForkLog(out: string, log: string): Promise<void> {
  const index = new RunLogIndex();
  await index.indexFile(log);
  const other = index.conversations().find((r) => r.forkedFrom === undefined);
  if (!other) return;
  throw new CliError(
    `--out ${out} ${namesHow(out, log)} the input log ${log}, which holds conversations that are not forks ` +
      `(e.g. ${other.conv_id}): inputs are never modified (write the forks to another file)`,
  );
}

/** Parents: every log under --logs except the output itself (named directly or through a link). */
async function indexParents(logs: string[], out: string, outFlag: string): Promise<RunLogIndex> {
  const index = new RunLogIndex();
  let files: string[];
  try {
    files = await listDataFiles(logs);
  } catch (e) {
    throw new CliError(`cannot read logs: ${e instanceof Error ? e.message : String(e)}`);
  }
  const outId = await fileIdentity(out);
  for (const f of files) {
    if ((await detectFileKind(f)) !== 'logs') continue;
    if (sameIdentity(outId, await fileIdentity(f))) await refuseUnlessForkLog(outFlag, f);
    else await index.indexFile(f);
  }
  return index;
}

/** Prints each batch item as it finishes (and its JSON summary with --json); adds up the cost. */
function forkItemReporter(json: boolean | undefined, out: string) {
  const totals: { costUsd: number | undefined } = { costUsd: undefined };
  const report = (item: ForkBatchItem, done: number, total: number) => {
    const tag = `[${done}/${total}] ${item.parent.conv_id} (${item.parent.task_id})`;
    switch (item.status) {
      case 'forked': {
        const r = item.result;
        totals.costUsd = addCost(totals.costUsd, item.costUsd);
        process.stderr.write(
          `${tag}: ${describeEdit(r.plan.forkedFrom)} → ${verdictOfBoolean(r.score.is_correct)} (parent ${item.parent.verdict})\n`,
        );
        if (json)
          process.stdout.write(
            JSON.stringify({
              conv_id: r.entry.conv_id,
              forked_from: r.plan.forkedFrom,
              task_id: r.entry.task_id,
              condition: r.entry.condition,
              assistant_model: r.entry.assistant_model,
              parent_verdict: item.parent.verdict,
              is_correct: r.score.is_correct,
              extracted: r.score.extracted,
              usage: r.usage,
              ...(item.costUsd !== undefined ? { cost_usd: item.costUsd } : {}),
              out,
            }) + '\n',
          );
        return;
      }
      case 'already':
        process.stderr.write(`${tag}: already forked as ${item.fork.conv_id}\n`);
        return;
      case 'not-applicable':
        process.stderr.write(`${tag}: skipped, ${item.message}\n`);
        return;
      case 'failed':
        process.stderr.write(`${tag}: FAILED, nothing written: ${item.message}\n`);
    }
  };
  return { report, totals };
}

/** The flags of `fork`, with the combinations it refuses. */
function readForkFlags(args: string[]) {
  const values = readFlags(args, USAGE, {
    records: { type: 'string' },
    logs: { type: 'string', multiple: true },
    'conv-id': { type: 'string' },
    turn: { type: 'string' },
    'replace-user': { type: 'string' },
    'drop-user': { type: 'boolean' },
    'drop-proposal': { type: 'boolean' },
    'flip-decision': { type: 'boolean' },
    'shard-first': { type: 'boolean' },
    filter: { type: 'string' },
    'max-forks': { type: 'string' },
    ...PROVIDER_OPTIONS,
    ...BATCH_OPTIONS,
  });
  if (!values.records) throw new CliError('--records is required');
  if (!values.logs?.length) throw new CliError('--logs is required');
  if (!values.out) throw new CliError('--out is required');
  if (!values.all && !values['conv-id']) throw new CliError('give --conv-id ID (or --all for a batch)');
  if (values.all && values['conv-id']) throw new CliError('give either --conv-id or --all, not both');
  if (values.filter !== undefined && !values.all) throw new CliError('--filter needs --all');
  // Spelled out so the checks above narrow the returned type.
  return { ...values, records: values.records, logs: values.logs, out: values.out };
}

/** Reports a batch's outcome (refusing a single fork that failed) and returns the exit code. */
function finishForks(
  result: Awaited<ReturnType<typeof runForkBatch>>,
  o: {
    all: boolean | undefined;
    json: boolean | undefined;
    out: string;
    edit: ForkEdit;
    costUsd: number | undefined;
    cache: Awaited<ReturnType<typeof setupProviders>>['cache'];
    aborted: boolean;
  },
): number {
  const failed = result.items.filter((i) => i.status === 'failed');
  const notApplicable = result.items.filter((i) => i.status === 'not-applicable');
  if (!o.all) {
    if (failed.length) throw new CliError(failed[0]!.status === 'failed' ? failed[0]!.message : 'failed', 1);
    if (notApplicable.length)
      throw new CliError(
        notApplicable[0]!.status === 'not-applicable' ? notApplicable[0]!.message : 'not applicable',
        1,
      );
  }
  const rows = recoveryRates(result.pairs);
  const forked = result.items.filter((i) => i.status === 'forked').length;
  const summary = `${forked} fork(s) written to ${o.out}${result.items.length - forked - failed.length - notApplicable.length ? `, ${result.items.length - forked - failed.length - notApplicable.length} already there` : ''}${notApplicable.length ? `, ${notApplicable.length} not applicable` : ''}${failed.length ? `, ${failed.length} failed` : ''}${o.costUsd !== undefined ? `, cost $${o.costUsd.toFixed(4)}` : ''}${o.cache ? `, cache ${o.cache.hits} hit(s) / ${o.cache.misses} miss(es)` : ''}`;
  if (o.json) {
    if (o.all) process.stdout.write(JSON.stringify({ type: 'recovery', edit: o.edit.kind, rows }) + '\n');
  } else {
    process.stdout.write(`${summary}\n`);
    if (o.all && rows.length)
      process.stdout.write(`\nRecovery (parent incorrect → fork correct):\n${formatRecoveryTable(rows)}\n`);
  }
  if (o.aborted && failed.length === 0) return 130;
  return failed.length ? 1 : 0;
}

/** The --filter expression as a predicate (a bad one is a usage error). */
function filterOf(expr: string | undefined): ReturnType<typeof parseConversationFilter> {
  try {
    return parseConversationFilter(expr ?? '');
  } catch (e) {
    if (e instanceof FilterError) throw new CliError(`--filter: ${e.message}`);
    throw e;
  }
}

/** The fork jobs: the one --conv-id, or every conversation --filter selects with --all. */
function selectJobs(
  index: RunLogIndex,
  records: Parameters<typeof selectForkJobs>[1],
  values: { all?: boolean; 'conv-id'?: string; logs: string[]; records: string },
  matches: ReturnType<typeof parseConversationFilter>,
): ReturnType<typeof selectForkJobs> {
  let refs = index.conversations();
  if (!values.all) {
    const ref = index.get(values['conv-id']!);
    if (!ref) throw new CliError(`no conversation ${values['conv-id']} in ${values.logs.join(', ')}`, 1);
    refs = [ref];
  }
  const selected = selectForkJobs(refs, records, values.all ? matches : () => true);
  if (selected.missingRecords.length)
    process.stderr.write(
      `no record for ${selected.missingRecords.length} task(s) (e.g. ${selected.missingRecords[0]}): their conversations are skipped\n`,
    );
  if (!values.all && selected.jobs.length === 0)
    throw new CliError(`no record ${refs[0]!.task_id} in ${values.records}`, 1);
  return selected;
}

const command: CliCommand = {
  async run(args) {
    const values = readForkFlags(args);
    const edit = editFrom(values);
    const turn = toInt('turn', values.turn, 1, 10_000);
    const concurrency = toInt('concurrency', values.concurrency, 1, MAX_CONCURRENCY) ?? 1;
    const maxForks = toInt('max-forks', values['max-forks'], 1, 1_000_000);
    const shard = shardOption(values.shard, values.all);
    const matches = filterOf(values.filter);
    const providers = await setupProviders(values, { modelRequired: false });
    const out = resolve(values.out);
    await refuseOutputOverInputs(values.out, providerInputFiles(values));

    const index = await indexParents(values.logs, out, values.out);
    const records = new Map(
      (await loadRecordsFile(values.records)).items.map((i) => [i.value.task_id, i.value] as const),
    );
    const selected = selectJobs(index, records, values, matches);
    const jobs = (shard ? selectShard(selected.jobs, shard) : selected.jobs).slice(0, maxForks);

    if (values.estimate) {
      let e = emptyEstimate();
      for (const j of jobs)
        e = addEstimates(e, estimateFork((await index.readConversation(j.parent)).trace, turn ?? 1));
      process.stdout.write(`${describeEstimate(e, providers.prices, providers.fixedModel)}\n`);
      return 0;
    }

    if (!values.yes && maxForks === undefined) {
      const items = await plannedForks({
        index,
        jobs,
        edit,
        turn,
        out,
        model: values.model,
        defaultModel: providers.assistantConfig.model,
      });
      requireConsent({
        items,
        prices: providers.prices,
        yes: false,
        capped: false,
        noun: 'forks',
        capFlag: '--max-forks',
      });
    }

    const sigint = abortOnSigint('unfinished forks are not written');
    const { abort } = sigint;
    const scoreFinal = batchScorer(values);
    process.stderr.write(
      `forking ${jobs.length} conversation(s) (${edit.kind}${turn !== undefined ? ` at U${turn}` : ''}) on ${providers.where}\n`,
    );
    const { report, totals } = forkItemReporter(values.json, out);
    let result;
    try {
      result = await runForkBatch({
        index,
        jobs,
        edit,
        ...(turn !== undefined ? { turn } : {}),
        providersFor: (parent) =>
          providers.forConversation(
            parent.assistant_model,
            parent.user_model && parent.user_model !== 'none' ? parent.user_model : undefined,
          ),
        assistantSettings: providers.assistantSettings,
        scoreFinal,
        concurrency,
        out,
        signal: abort.signal,
        extraFields: {
          runner: 'intent-lens fork',
          ...(providers.assistantConfig.baseUrl
            ? { assistant_base_url: redactUrl(providers.assistantConfig.baseUrl) }
            : {}),
        },
        onItem: report,
        isFatal: (e) =>
          e instanceof ProviderError && (e.kind === 'auth' || e.kind === 'not-found' || e.kind === 'connection'),
      });
    } finally {
      sigint.dispose();
    }
    return finishForks(result, {
      all: values.all,
      json: values.json,
      out,
      edit,
      costUsd: totals.costUsd,
      cache: providers.cache,
      aborted: abort.signal.aborted,
    });
  },
};
export default command;
