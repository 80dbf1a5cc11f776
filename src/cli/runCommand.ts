// `intent-lens run`: runs one instance (or a sweep with --all) against a model through the
// Intent-Eval protocol, scores it with the domain verifier and appends one line per finished
// conversation to --out. Keys come from the environment only and are never written.
import { parseArgs } from 'node:util';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import pLimit from 'p-limit';
import { CliError, type CliCommand } from './cliTypes';
import { loadRecordsFile } from '../core/load/recordsFile';
import { renderInstance, RenderError, instanceLabel, type InstanceSpec } from '../core/render/instances';
import { ConditionSchema, PathSchema } from '../core/schema/runlog';
import { formatDiagnostic } from '../core/jsonl/diagnostics';
import { parseProviders, type ProviderConfig } from '../core/providers/providerConfig';
import { createCoreProvider } from '../core/providers/createProvider';
import type { ChatProvider } from '../core/providers/chatProvider';
import { ProviderError, redactUrl } from '../core/providers/providerErrors';
import { runInstanceToLog } from '../core/simulator/runToLog';
import { RunAbortedError } from '../core/simulator/runInstance';
import { completedKeys, generationSettingsOf, plannedRunKey, parseShard, planSweep, selectShard, type PlannedRun } from '../core/simulator/runPlan';
import { verifierScorer } from '../core/simulator/verifierScorer';

const USAGE = `intent-lens run --records <file> --task-id ID --mode multi|single --condition C [--path P --k K]
                 (--provider ID | --base-url URL) --model M [--user-model M] [--user-provider ID]
                 [--databases DIR] [--no-exec] [--allow-unisolated] --out <log.jsonl> [--json]
intent-lens run --records <file> --all [--mode M] [--condition C] [--extended] [--concurrency N] [--shard i/n] ... --out <log.jsonl>

  --provider ID        a definition from --providers-file (default .intent-lens/providers.json);
                       its key is read from the variable named by its apiKeyEnv
  --base-url URL       an OpenAI-compatible server (…/v1); the key, if any, from OPENAI_API_KEY
  --model M            the assistant model (with --provider: overrides its model)
  --user-model M       the user-simulator model (default: --model), on the same provider
                       unless --user-provider is given
  --stream             stream responses (default: the provider's setting, else off)
  --timeout-ms N       per-request timeout over headers, body and stream gaps (default 120000);
                       --max-retries N (default 3)
  --max-retry-after S  longest Retry-After obeyed, in seconds (default 60); waits count
                       against --timeout-ms
  --all                every instance of every record (the eight per source; --extended adds
                       the extended paths); finished conversations already in --out are skipped
  --concurrency N      conversations at once with --all (default 1)
  --shard i/n          with --all: this job runs every n-th instance starting at the i-th (1-based)
  --no-exec            do not execute code answers (code instances stay unscored)
  --allow-unisolated   run code answers even where bubblewrap is unavailable (no isolation:
                       model code can read your files); without it they stay unscored there
  --json               one JSON summary per finished conversation on stdout`;

interface ProviderChoice {
  cfg: ProviderConfig;
  apiKey: string | undefined;
}

async function loadProviderFile(file: string | undefined): Promise<ProviderConfig[]> {
  const path = resolve(file ?? '.intent-lens/providers.json');
  if (!existsSync(path)) throw new CliError(`providers file not found: ${path} (give --providers-file, or use --base-url)`);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    throw new CliError(`providers file ${path} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  const { providers, errors } = parseProviders(json);
  if (errors.length) throw new CliError(`providers file ${path}:\n  ${errors.join('\n  ')}`);
  return providers;
}

function keyFor(cfg: ProviderConfig): string | undefined {
  const envName = cfg.apiKeyEnv ?? (cfg.kind === 'anthropic' ? 'ANTHROPIC_API_KEY' : cfg.kind === 'openai' ? 'OPENAI_API_KEY' : undefined);
  const v = envName ? process.env[envName] : undefined;
  return v && v.trim() !== '' ? v.trim() : undefined;
}

function toInt(name: string, v: string | undefined, min: number, max: number): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new CliError(`--${name} must be an integer ${min}..${max}`);
  return n;
}

const command: CliCommand = {
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        records: { type: 'string' },
        'task-id': { type: 'string' },
        mode: { type: 'string' },
        condition: { type: 'string' },
        path: { type: 'string' },
        k: { type: 'string' },
        provider: { type: 'string' },
        'user-provider': { type: 'string' },
        'providers-file': { type: 'string' },
        'base-url': { type: 'string' },
        model: { type: 'string' },
        'user-model': { type: 'string' },
        databases: { type: 'string' },
        out: { type: 'string' },
        json: { type: 'boolean' },
        all: { type: 'boolean' },
        extended: { type: 'boolean' },
        concurrency: { type: 'string' },
        shard: { type: 'string' },
        stream: { type: 'boolean' },
        'timeout-ms': { type: 'string' },
        'max-retries': { type: 'string' },
        'max-retry-after': { type: 'string' },
        'no-exec': { type: 'boolean' },
        'allow-unisolated': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      process.stdout.write(USAGE + '\n');
      return 0;
    }
    if (!values.records) throw new CliError('--records is required');
    if (!values.out) throw new CliError('--out is required');
    if (!values.provider && !values['base-url']) throw new CliError('give --provider ID or --base-url URL');
    if (values.provider && values['base-url']) throw new CliError('give either --provider or --base-url, not both');
    if (values['base-url'] && !values.model) throw new CliError('--model is required with --base-url');
    if (values.mode !== undefined && values.mode !== 'multi' && values.mode !== 'single') throw new CliError('--mode must be multi or single');
    const mode = values.mode as InstanceSpec['mode'] | undefined;
    if (values.condition !== undefined && !ConditionSchema.safeParse(values.condition).success) throw new CliError(`--condition must be one of ${ConditionSchema.options.join(', ')}`);
    const path = values.path !== undefined ? PathSchema.safeParse(values.path) : undefined;
    if (path && !path.success) throw new CliError(`--path must be one of ${PathSchema.options.join(', ')}`);
    const k = toInt('k', values.k, 0, 4);
    const concurrency = toInt('concurrency', values.concurrency, 1, 64) ?? 1;
    const timeoutMs = toInt('timeout-ms', values['timeout-ms'], 1, 3_600_000);
    const maxRetries = toInt('max-retries', values['max-retries'], 0, 10);
    const maxRetryAfterS = toInt('max-retry-after', values['max-retry-after'], 0, 3600);
    let shard: { index: number; count: number } | undefined;
    if (values.shard !== undefined) {
      if (!values.all) throw new CliError('--shard needs --all');
      try {
        shard = parseShard(values.shard);
      } catch (e) {
        throw new CliError((e as Error).message);
      }
    }

    // Providers: the assistant, and the simulator (same provider unless --user-provider).
    const fileProviders = values.provider || values['user-provider'] ? await loadProviderFile(values['providers-file']) : [];
    const byId = (id: string): ProviderChoice => {
      const cfg = fileProviders.find((p) => p.id === id);
      if (!cfg) throw new CliError(`no provider "${id}" in the providers file (have: ${fileProviders.map((p) => p.id).join(', ') || 'none'})`);
      return { cfg, apiKey: keyFor(cfg) };
    };
    const assistantChoice: ProviderChoice = values.provider
      ? byId(values.provider)
      : { cfg: { id: 'cli', kind: 'openai', baseUrl: values['base-url']!, model: values.model! }, apiKey: process.env.OPENAI_API_KEY?.trim() || undefined };
    const userChoice = values['user-provider'] ? byId(values['user-provider']) : assistantChoice;
    const reliability = { ...(values.stream !== undefined ? { stream: values.stream } : {}), ...(timeoutMs !== undefined ? { timeoutMs } : {}), ...(maxRetries !== undefined ? { maxRetries } : {}) };
    let assistant: ChatProvider;
    let simulator: ChatProvider;
    const assistantModel = values.model ?? assistantChoice.cfg.model;
    try {
      const retryCap = maxRetryAfterS !== undefined ? { maxRetryAfterMs: maxRetryAfterS * 1000 } : {};
      assistant = createCoreProvider({ ...assistantChoice.cfg, ...reliability }, assistantChoice.apiKey, { model: assistantModel, ...retryCap });
      simulator = createCoreProvider({ ...userChoice.cfg, ...reliability }, userChoice.apiKey, { model: values['user-model'] ?? (values['user-provider'] ? userChoice.cfg.model : assistantModel), ...retryCap });
    } catch (e) {
      if (e instanceof ProviderError) throw new CliError(e.message);
      throw e;
    }

    // What to run.
    const loaded = await loadRecordsFile(values.records);
    const records = loaded.items.map((i) => i.value);
    let plan: PlannedRun[];
    if (values.all) {
      plan = planSweep(records, { extended: values.extended === true, ...(mode ? { mode } : {}), ...(values.condition ? { condition: values.condition } : {}), ...(path?.success ? { path: path.data } : {}), ...(k !== undefined ? { k } : {}) });
      if (shard) plan = selectShard(plan, shard);
    } else {
      if (!values['task-id']) throw new CliError('--task-id is required (or --all)');
      if (!mode) throw new CliError('--mode is required (multi or single)');
      const record = records.find((r) => r.task_id === values['task-id']);
      if (!record) {
        const bad = loaded.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
        throw new CliError(`no valid record with task_id ${values['task-id']} in ${values.records}${bad.length ? `\n${bad.join('\n')}` : ''}`, 1);
      }
      const spec: InstanceSpec = { mode, condition: (values.condition ?? 'original') as InstanceSpec['condition'], ...(path?.success ? { path: path.data, k: k ?? 0 } : {}) };
      try {
        renderInstance(record, spec);
      } catch (e) {
        if (e instanceof RenderError) throw new CliError(e.message, 1);
        throw e;
      }
      plan = [{ record, spec }];
    }
    const out = resolve(values.out);
    let skipped = 0;
    if (values.all) {
      const done = await completedKeys(out);
      const before = plan.length;
      plan = plan.filter((p) => !done.has(plannedRunKey(p.record.task_id, assistant.model, p.spec)));
      skipped = before - plan.length;
    }

    const abort = new AbortController();
    const onSigint = () => {
      process.stderr.write('\ncancelling: unfinished conversations are not written\n');
      abort.abort();
    };
    process.once('SIGINT', onSigint);
    const scoreFinal = verifierScorer({ trusted: values['no-exec'] !== true, ...(values['allow-unisolated'] ? { python: { allowUnisolated: true } } : {}), ...(values.databases ? { databasesDir: resolve(values.databases) } : {}) });
    const limit = pLimit(concurrency);
    let finished = 0;
    let correct = 0;
    const failures: string[] = [];
    const where = `${assistant.id}${assistantChoice.cfg.baseUrl ? ` (${redactUrl(assistantChoice.cfg.baseUrl)})` : ''}`;
    process.stderr.write(`running ${plan.length} conversation(s) with ${assistant.model} on ${where}, simulator ${simulator.model}${skipped ? `; ${skipped} already in ${out}` : ''}\n`);
    try {
      await Promise.all(
        plan.map((p, i) =>
          limit(async () => {
            if (abort.signal.aborted) return;
            const label = `${p.record.task_id} ${p.spec.mode} ${instanceLabel(p.spec)}`;
            const t0 = Date.now();
            try {
              const r = await runInstanceToLog(
                {
                  record: p.record,
                  spec: p.spec,
                  assistant,
                  simulator,
                  scoreFinal,
                  assistantSettings: generationSettingsOf(assistantChoice.cfg),
                  signal: abort.signal,
                  extraFields: { runner: 'intent-lens run', ...(assistantChoice.cfg.baseUrl ? { assistant_base_url: redactUrl(assistantChoice.cfg.baseUrl) } : {}) },
                },
                out,
              );
              finished++;
              if (r.score.is_correct) correct++;
              const verdict = r.score.is_correct === null ? 'unscored' : r.score.is_correct ? 'correct' : 'incorrect';
              process.stderr.write(`[${i + 1}/${plan.length}] ${label}: ${verdict} (${((Date.now() - t0) / 1000).toFixed(1)} s${r.fallbacks.length ? `, ${r.fallbacks.length} simulator fallback(s)` : ''})\n`);
              if (values.json) {
                process.stdout.write(JSON.stringify({ conv_id: r.entry.conv_id, task_id: p.record.task_id, mode: r.entry.mode, condition: r.entry.condition, ...(r.entry.path ? { path: r.entry.path, k: r.entry.k } : {}), is_correct: r.score.is_correct, score: r.entry.score, extracted: r.score.extracted, usage: r.usage, out }) + '\n');
              }
            } catch (e) {
              if (e instanceof RunAbortedError) return;
              const msg = e instanceof Error ? e.message : String(e);
              failures.push(`${label}: ${msg}`);
              process.stderr.write(`[${i + 1}/${plan.length}] ${label}: FAILED, nothing written: ${msg}\n`);
              // A broken provider fails every conversation alike: stop instead of hammering it.
              if (e instanceof ProviderError && (e.kind === 'auth' || e.kind === 'not-found' || e.kind === 'connection')) abort.abort();
            }
          }),
        ),
      );
    } finally {
      process.removeListener('SIGINT', onSigint);
    }
    if (!values.json) process.stdout.write(`${finished} written to ${out}${finished ? ` (${correct} correct)` : ''}${skipped ? `, ${skipped} skipped (already there)` : ''}${failures.length ? `, ${failures.length} failed` : ''}\n`);
    if (abort.signal.aborted && failures.length === 0) return 130;
    if (failures.length) {
      if (!values.all) throw new CliError(failures[0]!.replace(/^[^:]*: /, ''), 1);
      return 1;
    }
    return 0;
  },
};
export default command;
