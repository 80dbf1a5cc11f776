// What a VS Code Language Model API failure means to the user running an instance: the extension
// maps a `LanguageModelError` (by its code: NoPermissions, Blocked, NotFound) and a model that is not
// there to these messages; vscode-free so the wording is unit-tested.
import { ProviderError } from './providerErrors';

/** `vscode.LanguageModelError` codes (the names of its static constructors). */
export type LanguageModelErrorCode = 'NoPermissions' | 'Blocked' | 'NotFound' | (string & {});

/** A failed `sendRequest` as a ProviderError with a message that says what to do. */
export function languageModelError(
  code: LanguageModelErrorCode | undefined,
  message: string,
  modelName: string,
): ProviderError {
  switch (code) {
    case 'NoPermissions':
      return new ProviderError(
        'auth',
        `VS Code did not grant Intent Lens access to ${modelName}. Run again and choose Allow when VS Code asks, ` +
          'or allow it under Accounts → Manage Language Model Access.',
      );
    case 'Blocked':
      return new ProviderError(
        'rate-limit',
        `${modelName} refused the request for now (quota or rate limit reached): ${message}. Try again later.`,
      );
    case 'NotFound':
      return new ProviderError(
        'not-found',
        `${modelName} is no longer available (its extension was disabled or signed out).`,
      );
    default:
      return new ProviderError('unavailable', `${modelName} failed: ${message}`);
  }
}

/** No chat model with this id or family: say which there are, or that none is installed. */
export function noLanguageModelError(providerId: string, model: string, available: readonly string[]): ProviderError {
  const which = available.length
    ? `Available: ${available.join(', ')}.`
    : 'VS Code has no chat models: install and sign in to a chat-model extension (such as GitHub Copilot), ' +
      'or check that chat is not turned off (chat.disableAIFeatures).';
  return new ProviderError('not-found', `No VS Code language model "${model}" for provider "${providerId}". ${which}`);
}
