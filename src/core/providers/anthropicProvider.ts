// Anthropic Messages API through the official SDK (AbortSignal, streaming), with the same retry
// policy and whole-response timeout as the OpenAI-compatible provider. The system message goes
// into `system`, as the API wants.
import type Anthropic from '@anthropic-ai/sdk';
import { anthropicSdk } from './sdkModules';
import type { ChatMessage, CompletionOptions, CompletionResult } from './chatProvider';
import { GENERATION_DEFAULTS } from './chatProvider';
import { ProviderError } from './providerErrors';
import { guardedFetch } from './guardedFetch';
import { SdkProvider, type SdkProviderOptions } from './sdkProvider';

export interface AnthropicProviderOptions extends SdkProviderOptions {
  baseUrl?: string;
}

export class AnthropicProvider extends SdkProvider {
  readonly kind = 'anthropic' as const;
  private readonly client: Anthropic;

  constructor(opts: AnthropicProviderOptions) {
    super(opts, opts.baseUrl ?? 'https://api.anthropic.com');
    if (!opts.apiKey)
      throw new ProviderError(
        'auth',
        `provider "${opts.id}" (Anthropic) has no API key: set it with "Intent Lens: Set API Key" or the provider's apiKeyEnv variable`,
      );
    this.client = new (anthropicSdk().Anthropic)({
      apiKey: opts.apiKey,
      ...(opts.baseUrl ? { baseURL: opts.baseUrl } : {}),
      timeout: this.timeoutMs,
      maxRetries: 0,
      fetch: guardedFetch(this.timeoutMs, () => `provider "${opts.id}" at ${this.ctx.baseUrl}`),
    });
  }

  async complete(messages: readonly ChatMessage[], options: CompletionOptions = {}): Promise<CompletionResult> {
    const system = messages
      .filter((m) => m.role === 'system')
      .map((m) => m.content)
      .join('\n\n');
    const turns = messages
      .filter((m) => m.role !== 'system')
      .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }));
    const params = {
      model: this.model,
      max_tokens: options.maxTokens ?? GENERATION_DEFAULTS.assistant.maxTokensMulti,
      messages: turns,
      ...(system ? { system } : {}),
      ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
    };
    return this.guarded(
      () => this.streamed(params, options),
      () => this.single(params, options),
      options.signal,
    );
  }

  private async single(
    params: Anthropic.MessageCreateParamsNonStreaming,
    options: CompletionOptions,
  ): Promise<CompletionResult> {
    const res: unknown = await this.send(
      () => this.client.messages.create({ ...params, stream: false }, { signal: options.signal }),
      options.signal,
    );
    const r = res as {
      content?: Array<{ type?: string; text?: unknown }>;
      usage?: { input_tokens?: number; output_tokens?: number };
      model?: string;
      stop_reason?: string;
    };
    if (!Array.isArray(r?.content))
      throw new ProviderError('malformed', `provider "${this.id}" sent a malformed response: no content blocks`);
    const text = r.content
      .filter((b) => b.type === 'text' && typeof b.text === 'string')
      .map((b) => b.text as string)
      .join('');
    options.onToken?.(text);
    return {
      text,
      ...(r.usage ? { usage: { input_tokens: r.usage.input_tokens, output_tokens: r.usage.output_tokens } } : {}),
      ...(r.model ? { model: r.model } : {}),
      ...(r.stop_reason ? { finishReason: r.stop_reason } : {}),
    };
  }

  private async streamed(
    params: Anthropic.MessageCreateParamsNonStreaming,
    options: CompletionOptions,
  ): Promise<CompletionResult> {
    const stream = await this.send(
      () => this.client.messages.create({ ...params, stream: true }, { signal: options.signal }),
      options.signal,
    );
    let text = '';
    let model: string | undefined;
    let stopReason: string | undefined;
    const usage: NonNullable<CompletionResult['usage']> = {};
    for await (const event of stream) {
      if (event.type === 'message_start') {
        model = event.message.model;
        usage.input_tokens = event.message.usage.input_tokens;
        usage.output_tokens = event.message.usage.output_tokens;
      } else if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
        text += event.delta.text;
        options.onToken?.(event.delta.text);
      } else if (event.type === 'message_delta') {
        if (event.delta.stop_reason) stopReason = event.delta.stop_reason;
        if (typeof event.usage?.output_tokens === 'number') usage.output_tokens = event.usage.output_tokens;
      }
    }
    // A stream cut off mid-answer looks like a short answer: without a stop reason it is not one.
    if (!stopReason)
      throw this.malformed(`the stream ended without a stop reason after ${text.length} characters (cut off?)`);
    return { text, usage, ...(model ? { model } : {}), finishReason: stopReason };
  }
}
