// The one interface every model backend implements (OpenAI-compatible, Anthropic, VS Code LM API),
// so the conversation runner never knows which one it talks to.

export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  role: ChatRole;
  content: string;
}

export interface CompletionOptions {
  temperature?: number;
  maxTokens?: number;
  seed?: number;
  /** Aborts the HTTP request (and any retry wait) when fired. */
  signal?: AbortSignal;
  /** Called with each text delta when the provider streams. */
  onToken?: (delta: string) => void;
}

export interface TokenUsage {
  input_tokens?: number;
  output_tokens?: number;
}

export interface CompletionResult {
  text: string;
  usage?: TokenUsage;
  /** The model the server says answered (may differ from the requested alias). */
  model?: string;
  finishReason?: string;
}

export interface ChatProvider {
  /** The configured provider id (e.g. `local-vllm`), never a secret. */
  readonly id: string;
  readonly kind: ProviderKind;
  readonly model: string;
  complete(messages: readonly ChatMessage[], options?: CompletionOptions): Promise<CompletionResult>;
}

export const PROVIDER_KINDS = ['openai', 'anthropic', 'vscode-lm'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/**
 * Generation settings used when a provider config sets none: the paper's (Appendix B.1, Table 5),
 * except the user simulator's temperature. The paper samples the simulator at 0.3; here it runs at 0
 * with a seed (per turn, as the assistant's), so that a re-run or a fork of a conversation gets the
 * same simulator turns where the provider honours them (OpenAI-compatible servers take `seed`;
 * Anthropic and VS Code LM take the temperature only).
 */
export const GENERATION_DEFAULTS = {
  assistant: { temperature: 0, maxTokensMulti: 4096, maxTokensSingle: 1000, seed: 0 },
  simulator: { temperature: 0, maxTokens: 192, seed: 0 },
} as const;

/**
 * Per-request timeout, retry count and the longest Retry-After honoured, used when not set. The
 * timeout covers headers, body and every gap in a stream; waits before retries count against it.
 */
export const RELIABILITY_DEFAULTS = { timeoutMs: 120_000, maxRetries: 3, maxRetryAfterMs: 60_000 } as const;
