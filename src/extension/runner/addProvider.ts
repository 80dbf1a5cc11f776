// "Add Provider…": a model provider in a few steps (kind, base URL, model, id, API key) when a
// command that calls one finds none. The definition goes into the `intentLens.providers` setting
// (user settings: a provider serves every workspace), the key into SecretStorage through the Set
// API Key path, never into settings. Returns the provider, so the command that asked goes on.
import * as vscode from 'vscode';
import { PROVIDER_KINDS, type ProviderKind } from '../../core/providers/chatProvider';
import {
  ProviderConfigSchema,
  ProviderFieldsSchema,
  suggestProviderId,
  type ProviderConfig,
} from '../../core/providers/providerConfig';
import { readProviderConfigs, storeApiKey } from './providerSettings';
import { setting, updateSetting } from '../settings/settings';

const KIND_ITEMS: Record<ProviderKind, { label: string; detail: string }> = {
  openai: {
    label: 'OpenAI-compatible server',
    detail: 'vLLM, Ollama, LM Studio, OpenAI and other hosted APIs: a base URL ending in /v1',
  },
  anthropic: { label: 'Anthropic', detail: 'The Anthropic Messages API' },
  'vscode-lm': { label: 'VS Code language model', detail: 'Copilot or another chat-model extension: no URL, no key' },
};

/** A base URL check for the input box: the schema's own, in words. */
function urlProblem(value: string, required: boolean): string | undefined {
  if (!value.trim())
    return required ? 'an OpenAI-compatible provider needs its base URL, e.g. http://127.0.0.1:8000/v1' : undefined;
  return ProviderFieldsSchema.shape.baseUrl.safeParse(value.trim()).success
    ? undefined
    : 'not a URL (e.g. http://127.0.0.1:8000/v1)';
}

/** Walks the steps; undefined when the user closed one. `reason` heads the first step. */
export async function addProviderFlow(
  secrets: vscode.SecretStorage,
  reason?: string,
): Promise<ProviderConfig | undefined> {
  const title = (n: number) => `Add Provider (${n}/5)`;
  const kindPick = await vscode.window.showQuickPick(
    PROVIDER_KINDS.map((k) => ({ ...KIND_ITEMS[k], providerKind: k })),
    {
      title: title(1),
      placeHolder: reason ? `${reason} Which kind of provider?` : 'Which kind of provider?',
      ignoreFocusOut: true,
    },
  );
  if (!kindPick) return undefined;
  const kind = kindPick.providerKind;
  let baseUrl: string | undefined;
  if (kind !== 'vscode-lm') {
    const url = await vscode.window.showInputBox({
      title: title(2),
      prompt:
        kind === 'openai' ? 'Base URL of the server (usually ends in /v1)' : 'Base URL (empty for the Anthropic API)',
      value: kind === 'openai' ? 'http://127.0.0.1:8000/v1' : '',
      ignoreFocusOut: true,
      validateInput: (v) => urlProblem(v, kind === 'openai'),
    });
    if (url === undefined) return undefined;
    baseUrl = url.trim() || undefined;
  }
  const model = await vscode.window.showInputBox({
    title: title(3),
    prompt: 'Model id as the server knows it (e.g. gpt-4o-mini, claude-3-5-haiku-latest)',
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? undefined : 'the model id is empty'),
  });
  if (model === undefined) return undefined;
  const { providers } = readProviderConfigs();
  const taken = new Set(providers.map((p) => p.id));
  const id = await vscode.window.showInputBox({
    title: title(4),
    prompt: 'A short name for this provider (its API key is stored under it)',
    value: suggestProviderId(kind, baseUrl, taken),
    ignoreFocusOut: true,
    validateInput: (v) =>
      taken.has(v.trim())
        ? `"${v.trim()}" is taken`
        : ProviderFieldsSchema.shape.id.safeParse(v.trim()).success
          ? undefined
          : 'letters, digits, dot, dash or underscore',
  });
  if (id === undefined) return undefined;
  const parsed = ProviderConfigSchema.safeParse({
    id: id.trim(),
    kind,
    model: model.trim(),
    ...(baseUrl ? { baseUrl } : {}),
  });
  if (!parsed.success) {
    void vscode.window.showErrorMessage(
      `Intent Lens: cannot add the provider: ${parsed.error.issues.map((i) => i.message).join('; ')}`,
    );
    return undefined;
  }
  const cfg = parsed.data;
  if (kind !== 'vscode-lm') {
    const key = await vscode.window.showInputBox({
      title: title(5),
      prompt: `API key of "${cfg.id}": stored in VS Code SecretStorage, never in settings or logs. Leave empty for a server without keys.`,
      password: true,
      ignoreFocusOut: true,
    });
    if (key === undefined) return undefined;
    // A key that cannot be stored is said, not fatal: Set API Key can store it later.
    if (key.trim())
      await storeApiKey(secrets, cfg.id, key).catch((e: unknown) =>
        vscode.window.showWarningMessage(
          `Intent Lens: could not store the API key of "${cfg.id}": ${e instanceof Error ? e.message : String(e)}`,
        ),
      );
  }
  // The setting as it is (entries other code wrote stay as they are), plus the new one.
  await updateSetting('providers', [...setting('providers'), cfg], vscode.ConfigurationTarget.Global);
  void vscode.window.showInformationMessage(
    `Intent Lens: added provider "${cfg.id}" (${cfg.kind} · ${cfg.model}) to your user settings.`,
  );
  return cfg;
}
