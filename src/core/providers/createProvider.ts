// Builds a core provider from its definition and a key. `vscode-lm` lives in the extension.
import type { ChatProvider } from './chatProvider';
import type { ProviderConfig } from './providerConfig';
import { OpenAICompatibleProvider } from './openaiProvider';
import { AnthropicProvider } from './anthropicProvider';
import { ProviderError } from './providerErrors';

export function createCoreProvider(
  cfg: ProviderConfig,
  apiKey: string | undefined,
  overrides: { model?: string; maxRetryAfterMs?: number } = {},
): ChatProvider {
  const model = overrides.model ?? cfg.model;
  const common = {
    id: cfg.id,
    model,
    ...(apiKey ? { apiKey } : {}),
    ...(cfg.stream !== undefined ? { stream: cfg.stream } : {}),
    ...(cfg.timeoutMs !== undefined ? { timeoutMs: cfg.timeoutMs } : {}),
    ...(cfg.maxRetries !== undefined ? { maxRetries: cfg.maxRetries } : {}),
    ...(overrides.maxRetryAfterMs !== undefined ? { maxRetryAfterMs: overrides.maxRetryAfterMs } : {}),
  };
  switch (cfg.kind) {
    case 'openai':
      return new OpenAICompatibleProvider({
        ...common,
        baseUrl: cfg.baseUrl!,
        ...(cfg.tokenLimitParam ? { tokenLimitParam: cfg.tokenLimitParam } : {}),
      });
    case 'anthropic':
      return new AnthropicProvider({ ...common, ...(cfg.baseUrl ? { baseUrl: cfg.baseUrl } : {}) });
    case 'vscode-lm':
      throw new ProviderError(
        'unavailable',
        `provider "${cfg.id}" uses the VS Code Language Model API, which only exists inside VS Code`,
      );
  }
}
