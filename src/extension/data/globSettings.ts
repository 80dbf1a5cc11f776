// The data-glob settings as the loader uses them: a glob over the limits (length, brace expansions;
// src/core/load/globPatterns.ts) is refused with a message naming the setting, and its default used,
// so a workspace's settings can neither freeze the host nor leave the user guessing.
import * as vscode from 'vscode';
import { globRefusal } from '../../core/load/globPatterns';
import type { DataGlobs } from './findDataFiles';

export const DEFAULT_GLOBS: DataGlobs = {
  records: '**/*.records.{jsonl,json}',
  logs: '**/logs/**/*.{jsonl,json}',
  evolving: '**/*.evolving.jsonl',
};

const SETTING: Record<keyof DataGlobs, string> = { records: 'recordsGlob', logs: 'logsGlob', evolving: 'evolvingGlob' };

/** Refusals already shown (setting and value): one message per glob, not one per reload. */
const told = new Set<string>();

/** The three data globs from the settings, each refused one replaced by its default. */
export function readDataGlobs(): DataGlobs {
  const c = vscode.workspace.getConfiguration('intentLens');
  const globs = { ...DEFAULT_GLOBS };
  for (const kind of Object.keys(SETTING) as Array<keyof DataGlobs>) {
    const value = c.get<string>(SETTING[kind], DEFAULT_GLOBS[kind]);
    const refusal = globRefusal(value);
    if (!refusal) {
      globs[kind] = value;
      continue;
    }
    const key = `${kind}\u0000${value}`;
    if (told.has(key)) continue;
    told.add(key);
    void vscode.window.showErrorMessage(`Intent Lens: the setting intentLens.${SETTING[kind]} is not used: ${refusal}. The default ${DEFAULT_GLOBS[kind]} is used instead.`);
  }
  return globs;
}
