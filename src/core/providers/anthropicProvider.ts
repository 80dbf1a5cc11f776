// Anthropic Messages API through the official SDK (retries honouring Retry-After, timeouts,
// AbortSignal, streaming). The system message goes into `system`, as the API wants.
import type Anthropic from '@anthropic-ai/sdk';
import { anthropicSdk } from './sdkModules';
import type { ChatMessage, ChatProvider, CompletionOptions, CompletionResult } from './chatProvider';
import { PAPER_DEFAULTS, RELIABILITY_DEFAULTS } from './chatProvider';
import { ProviderError, raceAbort, redactUrl, toProviderError } from './providerErrors';

export interface AnthropicProviderOptions {
  id: string;
  model: string;
  apiKey?: string;
  baseUrl?: string;
  stream?: boolean;
  timeoutMs?: number;
  maxRetries?: number;
}

export class AnthropicProvider implements ChatProvider {
  readonly kind = 'anthropic' as const;
  readonly id: string;
  readonly model: string;
  private readonly client: Anthropic;
  private readonly ctx: { providerId: string; model: string; baseUrl?: string };

  constructor(private readonly opts: AnthropicProviderOptions) {
    this.id = opts.id;
    this.model = opts.model;
    if (!opts.apiKey) throw new ProviderError('auth', `provider "${opts.id}" (Anthropic) has no API key: set it with "Intent Lens: Set API Key" or the provider's apiKeyEnv variable`);
    this.client = new (anthropicSdk().Anthropic)({
      apiKey: opts.apiKey,
      ...(opts.baseUrl ? { baseURL: opts.baseUrl } : {}),
      timeout: opts.timeoutMs ?? RELIABILITY_DEFAULTS.timeoutMs,
      maxRetries: opts.maxRetries ?? RELIABILITY_DEFAULTS.maxRetries,
    });
    this.ctx = { providerId: opts.id, model: opts.model, baseUrl: redactUrl(opts.baseUrl ?? 'https://api.anthropic.com') };
  }

  async complete(messages: readonly ChatMessage[], options: CompletionOptions = {}): Promise<CompletionResult> {
    const system = messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n\n');
    const turns = messages.filter((m) => m.role !== 'system').map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }));
    const params = {
      model: this.model,
      max_tokens: options.maxTokens ?? PAPER_DEFAULTS.assistant.maxTokensMulti,
      messages: turns,
      ...(system ? { system } : {}),
      ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
    };
    try {
      return await raceAbort(this.opts.stream ? this.streamed(params, options) : this.single(params, options), options.signal);
    } catch (e) {
      if (options.signal?.aborted) throw new ProviderError('cancelled', 'request cancelled');
      throw toProviderError(e, this.ctx);
    }
  }

  private async single(params: Anthropic.MessageCreateParamsNonStreaming, options: CompletionOptions): Promise<CompletionResult> {
    const res: unknown = await this.client.messages.create({ ...params, stream: false }, { signal: options.signal });
    const r = res as { content?: Array<{ type?: string; text?: unknown }>; usage?: { input_tokens?: number; output_tokens?: number }; model?: string; stop_reason?: string };
    if (!Array.isArray(r?.content)) throw new ProviderError('malformed', `provider "${this.id}" sent a malformed response: no content blocks`);
    const text = r.content.filter((b) => b.type === 'text' && typeof b.text === 'string').map((b) => b.text as string).join('');
    options.onToken?.(text);
    return {
      text,
      ...(r.usage ? { usage: { input_tokens: r.usage.input_tokens, output_tokens: r.usage.output_tokens } } : {}),
      ...(r.model ? { model: r.model } : {}),
      ...(r.stop_reason ? { finishReason: r.stop_reason } : {}),
    };
  }

  private async streamed(params: Anthropic.MessageCreateParamsNonStreaming, options: CompletionOptions): Promise<CompletionResult> {
    const stream = this.client.messages.stream(params, { signal: options.signal });
    stream.on('text', (delta) => options.onToken?.(delta));
    const final = await stream.finalMessage();
    const text = final.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
    return { text, usage: { input_tokens: final.usage.input_tokens, output_tokens: final.usage.output_tokens }, model: final.model, ...(final.stop_reason ? { finishReason: final.stop_reason } : {}) };
  }
}
