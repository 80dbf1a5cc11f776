// Provider definitions from the setting `intentLens.providers`, keys from SecretStorage (never
// from settings), and the VS Code LM provider selected on demand.
import * as vscode from 'vscode';
import { parseProviders, type ProviderConfig } from '../../core/providers/providerConfig';
import { createCoreProvider } from '../../core/providers/createProvider';
import type { ChatProvider } from '../../core/providers/chatProvider';
import { selectLanguageModel } from './vscodeLmProvider';
import { setting } from '../settings/settings';

export function secretKeyName(providerId: string): string {
  return `intentLens.apiKey.${providerId}`;
}

export function readProviderConfigs(): { providers: ProviderConfig[]; errors: string[] } {
  return parseProviders(setting('providers'));
}

export async function createProvider(
  cfg: ProviderConfig,
  secrets: vscode.SecretStorage,
  overrides: { model?: string } = {},
): Promise<ChatProvider> {
  if (cfg.kind === 'vscode-lm') return selectLanguageModel(cfg.id, overrides.model ?? cfg.model);
  const key = await secrets.get(secretKeyName(cfg.id));
  const maxRetryAfterSeconds = setting('runs.maxRetryAfterSeconds');
  return createCoreProvider(cfg, key, {
    ...overrides,
    ...(typeof maxRetryAfterSeconds === 'number' && maxRetryAfterSeconds >= 0
      ? { maxRetryAfterMs: maxRetryAfterSeconds * 1000 }
      : {}),
  });
}

/** Asks for a provider (skipped when only one is configured or `preferred` names one). */
export async function pickProviderConfig(preferred?: string): Promise<ProviderConfig | undefined> {
  const { providers, errors } = readProviderConfigs();
  if (errors.length)
    void vscode.window.showWarningMessage(
      `Intent Lens: some providers in "intentLens.providers" are invalid: ${errors.join('; ')}`,
    );
  if (preferred) {
    const found = providers.find((p) => p.id === preferred);
    if (found) return found;
  }
  if (providers.length === 0) {
    const open = await vscode.window.showErrorMessage(
      'Intent Lens: no model provider is configured. Add one to the "intentLens.providers" setting (kind openai, anthropic or vscode-lm).',
      'Open Settings',
    );
    if (open) await vscode.commands.executeCommand('workbench.action.openSettings', 'intentLens.providers');
    return undefined;
  }
  if (providers.length === 1) return providers[0];
  const pick = await vscode.window.showQuickPick(
    providers.map((p) => ({ label: p.id, description: `${p.kind} · ${p.model}`, detail: p.baseUrl, cfg: p })),
    { title: 'Intent Lens: Run with which provider?', placeHolder: 'Provider' },
  );
  return pick?.cfg;
}

export async function setApiKeyCommand(secrets: vscode.SecretStorage): Promise<void> {
  const { providers } = readProviderConfigs();
  const keyed = providers.filter((p) => p.kind !== 'vscode-lm');
  let id: string | undefined;
  if (keyed.length) {
    const pick = await vscode.window.showQuickPick(
      [
        ...keyed.map((p) => ({ label: p.id, description: `${p.kind} · ${p.model}` })),
        { label: '$(edit) Other provider id…', description: '' },
      ],
      { title: 'Intent Lens: Set API Key for…' },
    );
    if (!pick) return;
    id = pick.label.startsWith('$(edit)') ? undefined : pick.label;
  }
  id ??= await vscode.window.showInputBox({
    title: 'Intent Lens: provider id',
    prompt: 'The id of a provider in "intentLens.providers"',
    validateInput: (v) => (/^[A-Za-z0-9._-]+$/.test(v) ? undefined : 'letters, digits, dot, dash or underscore'),
  });
  if (!id) return;
  const key = await vscode.window.showInputBox({
    title: `Intent Lens: API key for "${id}"`,
    prompt: 'Stored in VS Code SecretStorage, never in settings or logs. Leave empty to remove the stored key.',
    password: true,
    ignoreFocusOut: true,
  });
  if (key === undefined) return;
  await storeApiKey(secrets, id, key);
}

/** Stores (or, for an empty key, removes) a provider's API key in SecretStorage: Set API Key and Add Provider. */
export async function storeApiKey(secrets: vscode.SecretStorage, id: string, key: string): Promise<void> {
  if (key.trim() === '') {
    await secrets.delete(secretKeyName(id));
    void vscode.window.showInformationMessage(`Intent Lens: removed the API key of "${id}".`);
  } else {
    await secrets.store(secretKeyName(id), key.trim());
    void vscode.window.showInformationMessage(`Intent Lens: stored the API key of "${id}".`);
  }
}
