// OpenAI-compatible chat completions (vLLM, Ollama, LM Studio, hosted APIs) through the official
// SDK (streaming, AbortSignal). Retries (408/409/429/5xx, capped Retry-After) and a timeout that
// covers the whole response are ours (retryPolicy, guardedFetch): the SDK's wait out any
// Retry-After under a minute and time out only the headers.
import type OpenAI from 'openai';
import { openaiSdk } from './sdkModules';
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
} from 'openai/resources/chat/completions';
import type { ChatMessage, CompletionOptions, CompletionResult } from './chatProvider';
import { ProviderError } from './providerErrors';
import { guardedFetch } from './guardedFetch';
import { SdkProvider, type SdkProviderOptions } from './sdkProvider';

export interface OpenAIProviderOptions extends SdkProviderOptions {
  baseUrl: string;
  /** Hosted reasoning models want `max_completion_tokens`; most compatible servers `max_tokens`. */
  tokenLimitParam?: 'max_tokens' | 'max_completion_tokens';
}

export class OpenAICompatibleProvider extends SdkProvider {
  readonly kind = 'openai' as const;
  private readonly client: OpenAI;

  constructor(private readonly opts: OpenAIProviderOptions) {
    super(opts, opts.baseUrl);
    // An API key is sent as a bearer token when set; local servers usually need none.
    const key = opts.apiKey && opts.apiKey.trim() !== '' ? opts.apiKey : undefined;
    this.client = new (openaiSdk().OpenAI)({
      baseURL: opts.baseUrl,
      // The SDK insists on a credential; without a key the placeholder is dropped from the headers.
      apiKey: key ?? 'unused',
      ...(key ? {} : { defaultHeaders: { Authorization: null } }),
      timeout: this.timeoutMs,
      maxRetries: 0,
      fetch: guardedFetch(this.timeoutMs, () => `provider "${opts.id}" at ${this.ctx.baseUrl}`),
      // Never pick up OPENAI_ORG_ID / OPENAI_PROJECT_ID from the environment for a foreign server.
      organization: null,
      project: null,
    });
  }

  async complete(messages: readonly ChatMessage[], options: CompletionOptions = {}): Promise<CompletionResult> {
    const base = {
      model: this.model,
      messages: messages.map((m) => ({ role: m.role, content: m.content })),
      ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
      ...(options.maxTokens !== undefined ? { [this.opts.tokenLimitParam ?? 'max_tokens']: options.maxTokens } : {}),
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
    };
    return this.guarded(
      () => this.streamed(base, options),
      () => this.single(base, options),
      options.signal,
    );
  }

  private async single(
    base: Omit<ChatCompletionCreateParamsNonStreaming, 'stream'>,
    options: CompletionOptions,
  ): Promise<CompletionResult> {
    const res: unknown = await this.send(
      () => this.client.chat.completions.create({ ...base, stream: false }, { signal: options.signal }),
      options.signal,
    );
    const r = res as {
      choices?: Array<{ message?: { content?: unknown }; finish_reason?: string }>;
      usage?: { prompt_tokens?: number; completion_tokens?: number };
      model?: string;
    };
    const choice = Array.isArray(r?.choices) ? r.choices[0] : undefined;
    if (!choice || typeof choice !== 'object' || !choice.message)
      throw this.malformed('no choices[0].message in the response');
    const content = choice.message.content;
    if (content !== null && content !== undefined && typeof content !== 'string')
      throw this.malformed('choices[0].message.content is not a string');
    const text = typeof content === 'string' ? content : '';
    options.onToken?.(text);
    return {
      text,
      ...usageOf(r.usage),
      ...(typeof r.model === 'string' ? { model: r.model } : {}),
      ...(choice.finish_reason ? { finishReason: choice.finish_reason } : {}),
    };
  }

  private async streamed(
    base: Omit<ChatCompletionCreateParamsStreaming, 'stream'>,
    options: CompletionOptions,
  ): Promise<CompletionResult> {
    const stream = await this.send(
      () =>
        this.client.chat.completions.create(
          { ...base, stream: true, stream_options: { include_usage: true } },
          { signal: options.signal },
        ),
      options.signal,
    );
    let text = '';
    let usage: CompletionResult['usage'];
    let model: string | undefined;
    let finishReason: string | undefined;
    let chunks = 0;
    try {
      for await (const chunk of stream) {
        chunks++;
        if (typeof chunk !== 'object' || chunk === null) throw this.malformed('a stream chunk is not an object');
        if (chunk.model) model = chunk.model;
        if (chunk.usage) usage = usageOf(chunk.usage).usage;
        const choice = chunk.choices?.[0];
        const delta = choice?.delta?.content;
        if (typeof delta === 'string' && delta !== '') {
          text += delta;
          options.onToken?.(delta);
        }
        if (choice?.finish_reason) finishReason = choice.finish_reason;
      }
    } catch (e) {
      if (e instanceof ProviderError || options.signal?.aborted) throw e;
      const msg = e instanceof Error ? e.message : String(e);
      if (/parse|JSON/i.test(msg)) throw this.malformed(`a stream event is not valid JSON (${msg})`);
      throw e;
    }
    if (chunks === 0) throw this.malformed('the stream ended without any chunk');
    // A stream cut off mid-answer looks like a short answer: without a finish reason it is not one.
    if (!finishReason)
      throw this.malformed(`the stream ended without a finish reason after ${text.length} characters (cut off?)`);
    return { text, ...(usage ? { usage } : {}), ...(model ? { model } : {}), finishReason };
  }
}

function usageOf(
  u: { prompt_tokens?: number; completion_tokens?: number } | null | undefined,
): Pick<CompletionResult, 'usage'> {
  if (!u || typeof u !== 'object') return {};
  const usage: NonNullable<CompletionResult['usage']> = {};
  if (typeof u.prompt_tokens === 'number') usage.input_tokens = u.prompt_tokens;
  if (typeof u.completion_tokens === 'number') usage.output_tokens = u.completion_tokens;
  return { usage };
}
