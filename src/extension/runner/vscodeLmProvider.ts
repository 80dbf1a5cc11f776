// The VS Code Language Model API (Copilot and other chat-model extensions) as a ChatProvider.
// The API has no system role, so the system message is folded into the first user message; models
// are selected from a user action (the run command), which is when VS Code asks for consent.
import * as vscode from 'vscode';
import type { ChatMessage, ChatProvider, CompletionOptions, CompletionResult } from '../../core/providers/chatProvider';
import { ProviderError } from '../../core/providers/providerErrors';
import { foldSystemMessage } from '../../core/providers/foldSystemMessage';
import { languageModelError, noLanguageModelError } from '../../core/providers/languageModelErrors';

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
    const lmMessages = foldSystemMessage(messages).map((m) =>
      m.role === 'user'
        ? vscode.LanguageModelChatMessage.User(m.content)
        : vscode.LanguageModelChatMessage.Assistant(m.content),
    );
    const cts = new vscode.CancellationTokenSource();
    const onAbort = () => cts.cancel();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      if (options.signal?.aborted) throw new ProviderError('cancelled', 'request cancelled');
      const modelOptions: Record<string, unknown> = {};
      if (options.temperature !== undefined) modelOptions.temperature = options.temperature;
      if (options.maxTokens !== undefined) modelOptions.max_tokens = options.maxTokens;
      const res = await this.chat.sendRequest(
        lmMessages,
        { justification: 'Intent Lens runs a benchmark instance you started.', modelOptions },
        cts.token,
      );
      let text = '';
      for await (const part of res.text) {
        text += part;
        options.onToken?.(part);
      }
      if (options.signal?.aborted) throw new ProviderError('cancelled', 'request cancelled');
      return { text, model: this.chat.id };
    } catch (e) {
      if (options.signal?.aborted || e instanceof vscode.CancellationError)
        throw new ProviderError('cancelled', 'request cancelled');
      if (e instanceof ProviderError) throw e;
      const code = e instanceof vscode.LanguageModelError ? e.code : undefined;
      throw languageModelError(code, e instanceof Error ? e.message : String(e), this.chat.name);
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
    throw noLanguageModelError(
      providerId,
      model,
      all.map((m) => m.id),
    );
  }
  return new VsCodeLmProvider(providerId, chosen);
}
