// What the SDK-backed providers (Anthropic, OpenAI-compatible) share: our retry policy and a timeout
// over the whole response (not the SDK's), cancellation, and errors with secrets redacted.
import type { ChatMessage, ChatProvider, CompletionOptions, CompletionResult } from './chatProvider';
import { RELIABILITY_DEFAULTS } from './chatProvider';
import {
  ProviderError,
  knownSecrets,
  raceAbort,
  redactProviderError,
  redactUrl,
  toProviderError,
} from './providerErrors';
import { withRetries } from './retryPolicy';
import { isSdkConnectionError } from './sdkModules';

export interface SdkProviderOptions {
  id: string;
  model: string;
  apiKey?: string;
  stream?: boolean;
  timeoutMs?: number;
  maxRetries?: number;
  /** Longest Retry-After honoured (ms); default 60 s. */
  maxRetryAfterMs?: number;
}

export abstract class SdkProvider implements ChatProvider {
  abstract readonly kind: ChatProvider['kind'];
  readonly id: string;
  readonly model: string;
  protected readonly ctx: { providerId: string; model: string; baseUrl?: string };
  protected readonly timeoutMs: number;
  private readonly secrets: string[];

  /** `shownUrl`: the server named in errors (redacted). */
  constructor(
    private readonly common: SdkProviderOptions,
    shownUrl: string,
  ) {
    this.id = common.id;
    this.model = common.model;
    this.timeoutMs = common.timeoutMs ?? RELIABILITY_DEFAULTS.timeoutMs;
    this.secrets = knownSecrets([common.apiKey]);
    this.ctx = { providerId: common.id, model: common.model, baseUrl: redactUrl(shownUrl) };
  }

  abstract complete(messages: readonly ChatMessage[], options?: CompletionOptions): Promise<CompletionResult>;

  /** Runs one completion (streamed when the provider streams): cancellable, errors as redacted ProviderErrors. */
  protected async guarded(
    streamed: () => Promise<CompletionResult>,
    single: () => Promise<CompletionResult>,
    signal: AbortSignal | undefined,
  ): Promise<CompletionResult> {
    try {
      return await raceAbort(this.common.stream ? streamed() : single(), signal);
    } catch (e) {
      if (signal?.aborted) throw new ProviderError('cancelled', 'request cancelled');
      throw redactProviderError(toProviderError(e, this.ctx), this.secrets);
    }
  }

  /** Sends the request, retrying what is worth retrying within the time budget. */
  protected send<T>(request: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    const policy = {
      maxRetries: this.common.maxRetries ?? RELIABILITY_DEFAULTS.maxRetries,
      timeoutMs: this.timeoutMs,
      maxRetryAfterMs: this.common.maxRetryAfterMs ?? RELIABILITY_DEFAULTS.maxRetryAfterMs,
      ...(signal ? { signal } : {}),
    };
    return withRetries(request, policy, {
      isConnectionError: isSdkConnectionError,
      toError: (e) => toProviderError(e, this.ctx),
    });
  }

  protected malformed(what: string): ProviderError {
    return new ProviderError(
      'malformed',
      `provider "${this.id}" at ${this.ctx.baseUrl} sent a malformed response: ${what}`,
    );
  }
}
