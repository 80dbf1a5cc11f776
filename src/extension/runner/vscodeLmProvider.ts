// The VS Code Language Model API (Copilot and other chat-model extensions) as a ChatProvider.
// The API has no system role, so the system message is folded into the first user message; models
// are selected from a user action (the run command), which is when VS Code asks for consent.
import * as vscode from 'vscode';
import type { ChatMessage, ChatProvider, CompletionOptions, CompletionResult } from '../../core/providers/chatProvider';
import { ProviderError } from '../../core/providers/providerErrors';
import { foldSystemMessage } from '../../core/providers/foldSystemMessage';

export class VsCodeLmProvider implements ChatProvider {
  readonly kind = 'vscode-lm' as const;
  readonly model: string;

  constructor(
    readonly id: string,
    private readonly chat: vscode.LanguageModelChat,
  ) {
    this.model = chat.id;
  }

  async complete(messages: readonly ChatMessage[], options: CompletionOptions = {}): Promise<CompletionResult> {
    const lmMessages = foldSystemMessage(messages).map((m) => (m.role === 'user' ? vscode.LanguageModelChatMessage.User(m.content) : vscode.LanguageModelChatMessage.Assistant(m.content)));
    const cts = new vscode.CancellationTokenSource();
    const onAbort = () => cts.cancel();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      if (options.signal?.aborted) throw new ProviderError('cancelled', 'request cancelled');
      const modelOptions: Record<string, unknown> = {};
      if (options.temperature !== undefined) modelOptions.temperature = options.temperature;
      if (options.maxTokens !== undefined) modelOptions.max_tokens = options.maxTokens;
      const res = await this.chat.sendRequest(lmMessages, { justification: 'Intent Lens runs a benchmark instance you started.', modelOptions }, cts.token);
      let text = '';
      for await (const part of res.text) {
        text += part;
        options.onToken?.(part);
      }
      if (options.signal?.aborted) throw new ProviderError('cancelled', 'request cancelled');
      return { text, model: this.chat.id };
    } catch (e) {
      if (options.signal?.aborted || e instanceof vscode.CancellationError) throw new ProviderError('cancelled', 'request cancelled');
      if (e instanceof ProviderError) throw e;
      if (e instanceof vscode.LanguageModelError) {
        if (e.code === vscode.LanguageModelError.NoPermissions.name) throw new ProviderError('auth', `VS Code did not grant access to ${this.chat.name}: allow Intent Lens to use it (run the command again and accept).`);
        if (e.code === vscode.LanguageModelError.NotFound.name) throw new ProviderError('not-found', `language model "${this.chat.id}" is no longer available`);
        if (e.code === vscode.LanguageModelError.Blocked.name) throw new ProviderError('rate-limit', `${this.chat.name} is blocked for now (quota or rate limit): ${e.message}`);
      }
      throw new ProviderError('unavailable', `${this.chat.name} failed: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
      cts.dispose();
    }
  }
}

/** Finds a chat model by id, then by family; call from a user action (VS Code asks consent). */
export async function selectLanguageModel(providerId: string, model: string): Promise<VsCodeLmProvider> {
  let models = await vscode.lm.selectChatModels({ id: model });
  if (models.length === 0) models = await vscode.lm.selectChatModels({ family: model });
  const chosen = models[0];
  if (!chosen) {
    const all = await vscode.lm.selectChatModels({});
    throw new ProviderError('not-found', `no VS Code language model "${model}" (provider "${providerId}"). Available: ${all.map((m) => m.id).join(', ') || 'none (is a chat-model extension such as Copilot installed and signed in?)'}`);
  }
  return new VsCodeLmProvider(providerId, chosen);
}
