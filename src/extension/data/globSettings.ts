// The data-glob settings as the loader uses them: a glob over the limits (length, brace expansions;
// src/core/load/globPatterns.ts) is refused with a message naming the setting, and its default
// (package.json's) used, so a workspace's settings can neither freeze the host nor leave the user guessing.
import * as vscode from 'vscode';
import { globRefusal } from '../../core/load/globPatterns';
import { setting, settingDefault } from '../settings/settings';
import type { DataGlobs } from './findDataFiles';

export const GLOB_SETTING = {
  records: 'recordsGlob',
  logs: 'logsGlob',
  evolving: 'evolvingGlob',
} as const satisfies Record<keyof DataGlobs, string>;

/** Refusals already shown (setting and value): one message per glob, not one per reload. */
const told = new Set<string>();

/** package.json's default of a data glob. */
export function defaultGlob(kind: keyof DataGlobs): string {
  return settingDefault(GLOB_SETTING[kind]) ?? '';
}

/** The glob in use for a kind: the setting, or its default when the setting is refused. */
export function globInUse(kind: keyof DataGlobs): string {
  const value = setting(GLOB_SETTING[kind]);
  return globRefusal(value) ? defaultGlob(kind) : value;
}

/** The three data globs from the settings, each refused one replaced by its default. */
export function readDataGlobs(): DataGlobs {
  const globs = { records: '', logs: '', evolving: '' };
  for (const kind of Object.keys(GLOB_SETTING) as Array<keyof DataGlobs>) {
    const value = setting(GLOB_SETTING[kind]);
    const refusal = globRefusal(value);
    globs[kind] = refusal ? defaultGlob(kind) : value;
    if (!refusal) continue;
    const key = `${kind}\u0000${value}`;
    if (told.has(key)) continue;
    told.add(key);
    void vscode.window.showErrorMessage(
      `Intent Lens: the setting intentLens.${GLOB_SETTING[kind]} is not used: ${refusal}. ` +
        `The default ${defaultGlob(kind)} is used instead.`,
    );
  }
  return globs;
}
