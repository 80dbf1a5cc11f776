// The provider, sharding, cache and price options `run` and `fork` share: which servers play the
// assistant and the user simulator (keys from the environment only), --shard, --cache and --prices.
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliError } from './cliTypes';
import { parseProviders, type ProviderConfig } from '../core/providers/providerConfig';
import { createCoreProvider } from '../core/providers/createProvider';
import type { ChatProvider } from '../core/providers/chatProvider';
import { ProviderError, redactUrl } from '../core/providers/providerErrors';
import { generationSettingsOf, resolveShard } from '../core/simulator/runPlan';
import type { GenerationSettings } from '../core/simulator/runTypes';
import { parsePriceTable, type PriceTable } from '../core/cost/priceTable';
import { ResponseCache } from '../core/cost/responseCache';
import { CostMeter, meteredProvider } from '../core/cost/meteredProvider';
import { verifierScorer } from '../core/simulator/verifierScorer';
import type { ScoreFinal } from '../core/simulator/runTypes';
import { SPEND_OPTIONS } from './spendGuard';
import { VERIFY_OPTIONS, verifyOptionsOfFlags, type VerifyFlagValues } from './verifyFlags';

export const PROVIDER_OPTIONS = {
  provider: { type: 'string' },
  'user-provider': { type: 'string' },
  'providers-file': { type: 'string' },
  'base-url': { type: 'string' },
  model: { type: 'string' },
  'user-model': { type: 'string' },
  stream: { type: 'boolean' },
  'timeout-ms': { type: 'string' },
  'max-retries': { type: 'string' },
  'max-retry-after': { type: 'string' },
  cache: { type: 'string' },
  prices: { type: 'string' },
} as const;

/** The batch options `run` and `fork` share: output, --all sharding and concurrency, consent (--yes), and the verifier's flags. */
export const BATCH_OPTIONS = {
  out: { type: 'string' },
  json: { type: 'boolean' },
  all: { type: 'boolean' },
  concurrency: { type: 'string' },
  shard: { type: 'string' },
  estimate: { type: 'boolean' },
  ...VERIFY_OPTIONS,
  ...SPEND_OPTIONS,
  help: { type: 'boolean', short: 'h' },
} as const;

export const PROVIDER_USAGE = `  --provider ID        a definition from --providers-file (default .intent-lens/providers.json);
                       its key is read from the variable named by its apiKeyEnv
  --base-url URL       an OpenAI-compatible server (…/v1); the key, if any, from OPENAI_API_KEY
  --user-provider ID   the simulator's provider (default: the assistant's)
  --stream             stream responses (default: the provider's setting, else off)
  --timeout-ms N       per-request timeout over headers, body and stream gaps (default 120000);
                       --max-retries N (default 3)
  --max-retry-after S  longest Retry-After obeyed, in seconds (default 60); waits count
                       against --timeout-ms
  --cache DIR          answer repeated requests (same provider, model, messages, settings) from DIR
  --prices FILE        per-model prices {"model": {"input": USD/1M, "output": USD/1M}}: adds cost_usd`;

export interface ProviderValues {
  provider?: string;
  'user-provider'?: string;
  'providers-file'?: string;
  'base-url'?: string;
  model?: string;
  'user-model'?: string;
  stream?: boolean;
  'timeout-ms'?: string;
  'max-retries'?: string;
  'max-retry-after'?: string;
  cache?: string;
  prices?: string;
}

/** The files `run` and `fork` read besides their logs (records, providers, prices): --out must be none of them. */
export function providerInputFiles(values: ProviderValues & { records?: string }): string[] {
  const files = [values.records, values['providers-file'] ?? '.intent-lens/providers.json', values.prices];
  return files.filter((f): f is string => f !== undefined);
}

export function toInt(name: string, v: string | undefined, min: number, max: number): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new CliError(`--${name} must be an integer ${min}..${max}`);
  return n;
}

async function readJsonFile(path: string, what: string): Promise<unknown> {
  if (!existsSync(path)) throw new CliError(`${what} not found: ${path}`);
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    throw new CliError(`${what} ${path} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
}

async function loadProviderFile(file: string | undefined): Promise<ProviderConfig[]> {
  const path = resolve(file ?? '.intent-lens/providers.json');
  if (!existsSync(path))
    throw new CliError(`providers file not found: ${path} (give --providers-file, or use --base-url)`);
  const { providers, errors } = parseProviders(await readJsonFile(path, 'providers file'));
  if (errors.length) throw new CliError(`providers file ${path}:\n  ${errors.join('\n  ')}`);
  return providers;
}

function keyFor(cfg: ProviderConfig): string | undefined {
  const envName =
    cfg.apiKeyEnv ??
    (cfg.kind === 'anthropic' ? 'ANTHROPIC_API_KEY' : cfg.kind === 'openai' ? 'OPENAI_API_KEY' : undefined);
  const v = envName ? process.env[envName] : undefined;
  return v && v.trim() !== '' ? v.trim() : undefined;
}

/** `--shard` for a sweep: `i/n` or `auto` (job-array variables of this process). */
export function shardOption(
  text: string | undefined,
  all: boolean | undefined,
): { index: number; count: number } | undefined {
  if (text === undefined) return undefined;
  if (!all) throw new CliError('--shard needs --all');
  try {
    return resolveShard(text, process.env);
  } catch (e) {
    throw new CliError((e as Error).message);
  }
}

/** One conversation's providers, metered (and cached) per conversation. */
export interface ConversationProviders {
  assistant: ChatProvider;
  simulator: ChatProvider;
  meter: CostMeter;
}

export interface ProviderSetup {
  /** The assistant's provider definition (generation settings, base URL). */
  assistantConfig: ProviderConfig;
  assistantSettings: GenerationSettings;
  prices: PriceTable;
  cache: ResponseCache | undefined;
  /** Providers for one conversation; `model` overrides the assistant model (fork default: the logged one). */
  forConversation(model?: string, userModel?: string): ConversationProviders;
  /** `id (redacted base URL)` for progress lines. */
  where: string;
  /** The assistant model when fixed by the options. */
  fixedModel: string | undefined;
}

export async function setupProviders(values: ProviderValues, opts: { modelRequired: boolean }): Promise<ProviderSetup> {
  if (!values.provider && !values['base-url']) throw new CliError('give --provider ID or --base-url URL');
  if (values.provider && values['base-url']) throw new CliError('give either --provider or --base-url, not both');
  if (values['base-url'] && !values.model && opts.modelRequired)
    throw new CliError('--model is required with --base-url');
  const timeoutMs = toInt('timeout-ms', values['timeout-ms'], 1, 3_600_000);
  const maxRetries = toInt('max-retries', values['max-retries'], 0, 10);
  const maxRetryAfterS = toInt('max-retry-after', values['max-retry-after'], 0, 3600);
  const retryCap = maxRetryAfterS !== undefined ? { maxRetryAfterMs: maxRetryAfterS * 1000 } : {};
  const fileProviders =
    values.provider || values['user-provider'] ? await loadProviderFile(values['providers-file']) : [];
  const byId = (id: string): ProviderConfig => {
    const cfg = fileProviders.find((p) => p.id === id);
    if (!cfg)
      throw new CliError(
        `no provider "${id}" in the providers file (have: ${fileProviders.map((p) => p.id).join(', ') || 'none'})`,
      );
    return cfg;
  };
  const assistantConfig: ProviderConfig = values.provider
    ? byId(values.provider)
    : { id: 'cli', kind: 'openai', baseUrl: values['base-url']!, model: values.model ?? 'unset' };
  const assistantKey = values.provider ? keyFor(assistantConfig) : process.env.OPENAI_API_KEY?.trim() || undefined;
  const userConfig = values['user-provider'] ? byId(values['user-provider']) : assistantConfig;
  const userKey = values['user-provider'] ? keyFor(userConfig) : assistantKey;
  const reliability = {
    ...(values.stream !== undefined ? { stream: values.stream } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(maxRetries !== undefined ? { maxRetries } : {}),
  };
  const prices = values.prices
    ? parsePriceTable(await readJsonFile(resolve(values.prices), 'prices file'))
    : { table: {}, errors: [] };
  if (prices.errors.length) throw new CliError(`prices file ${values.prices}:\n  ${prices.errors.join('\n  ')}`);
  const cache = values.cache ? new ResponseCache(resolve(values.cache)) : undefined;
  const fixedModel = values.model ?? (values.provider ? undefined : assistantConfig.model);
  const build = (cfg: ProviderConfig, key: string | undefined, model: string): ChatProvider => {
    try {
      return createCoreProvider({ ...cfg, ...reliability }, key, { model, ...retryCap });
    } catch (e) {
      if (e instanceof ProviderError) throw new CliError(e.message);
      throw e;
    }
  };
  // Fail on a bad definition before any conversation starts.
  build(assistantConfig, assistantKey, fixedModel ?? assistantConfig.model);
  return {
    assistantConfig,
    assistantSettings: generationSettingsOf(assistantConfig),
    prices: prices.table,
    cache,
    fixedModel,
    where: `${assistantConfig.id}${assistantConfig.baseUrl ? ` (${redactUrl(assistantConfig.baseUrl)})` : ''}`,
    forConversation(model, userModel) {
      const assistantModel = values.model ?? model ?? assistantConfig.model;
      const simulatorModel =
        values['user-model'] ?? userModel ?? (values['user-provider'] ? userConfig.model : assistantModel);
      const meter = new CostMeter(prices.table);
      return {
        assistant: meteredProvider(build(assistantConfig, assistantKey, assistantModel), meter, cache),
        simulator: meteredProvider(build(userConfig, userKey, simulatorModel), meter, cache),
        meter,
      };
    },
  };
}

/** How a batch scores its final answers: code runs only when not `--no-exec`, unisolated only when the user says so. */
export function batchScorer(values: VerifyFlagValues): ScoreFinal {
  return verifierScorer(verifyOptionsOfFlags(values));
}

/** An abort signal that Ctrl-C fires (saying what is lost); `dispose` stops listening. */
export function abortOnSigint(lost: string): { abort: AbortController; dispose(): void } {
  const abort = new AbortController();
  const onSigint = () => {
    process.stderr.write(`\ncancelling: ${lost}\n`);
    abort.abort();
  };
  process.once('SIGINT', onSigint);
  return { abort, dispose: () => process.removeListener('SIGINT', onSigint) };
}
