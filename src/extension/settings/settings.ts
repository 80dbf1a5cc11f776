// The one place the extension reads and writes `intentLens.*` settings (GitLens's configuration
// module is the model): typed by settingTypes.ts, defaults from package.json (VS Code serves the
// contributed default; a value of the wrong type in settings.json falls back to it).
import * as vscode from 'vscode';
import { hasSettingType, SETTING_TYPES, type SettingKey, type SettingValue } from './settingTypes';

export type { SettingKey, SettingValue } from './settingTypes';

function section(scope?: vscode.Uri): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('intentLens', scope);
}

/** The setting's value, or package.json's default when it is unset or not of its declared type. */
export function setting<K extends SettingKey>(key: K, scope?: vscode.Uri): SettingValue<K> {
  const config = section(scope);
  const type = SETTING_TYPES[key];
  const value = config.get<unknown>(key);
  if (hasSettingType(value, type)) return value as SettingValue<K>;
  const contributed = settingDefault(key);
  if (contributed !== undefined) return contributed;
  throw new Error(`intentLens.${key} has no ${type} default in package.json`);
}

/** package.json's default of a setting (what the user gets without setting it). */
export function settingDefault<K extends SettingKey>(key: K): SettingValue<K> | undefined {
  const contributed = section().inspect<unknown>(key)?.defaultValue;
  return hasSettingType(contributed, SETTING_TYPES[key]) ? (contributed as SettingValue<K>) : undefined;
}

export function updateSetting<K extends SettingKey>(
  key: K,
  value: SettingValue<K>,
  target: vscode.ConfigurationTarget,
): Thenable<void> {
  return section().update(key, value, target);
}

/** Whether a configuration change touches one of these settings. */
export function affectsSettings(e: vscode.ConfigurationChangeEvent, ...keys: SettingKey[]): boolean {
  return keys.some((k) => e.affectsConfiguration(`intentLens.${k}`));
}

/** `intentLens.runs.defaultProvider`, or undefined when unset. */
export function defaultProviderId(): string | undefined {
  return setting('runs.defaultProvider') || undefined;
}
