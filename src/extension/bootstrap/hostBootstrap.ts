// The extension's entry (dist/extension.js): loads the host bundle (dist/host.js) through V8's code
// cache (codeCache.ts) and hands VS Code its activate and deactivate. Only Node built-ins here:
// this file is compiled on every start, without a cache.
import { join } from 'node:path';
import { requireWithCodeCache, type CachedModule } from './codeCache';
import { requireWithInheritedModules } from './inheritedModules';

/** What the bootstrap tells the host's activate about its own loading (extension.ts logs it). */
export interface HostLoad {
  codeCache: string;
  loadMs: number;
  /** Writes the code cache (once): the host calls it after its first load, when that code is compiled. Says what it did. */
  saveCodeCache(): string;
}

interface HostModule {
  activate(context: unknown, load?: HostLoad): Promise<unknown>;
  deactivate(): void;
}

/** When the host never says (no data in the workspace), the cache is written this long after activation. */
const SAVE_AFTER_MS = 60_000;

const loadStarted = Date.now();
const host: CachedModule<HostModule> = (() => {
  const file = join(__dirname, 'host.js');
  try {
    // `vscode` inherited, not copied, by each of the bundle's modules (inheritedModules.ts).
    return requireWithCodeCache<HostModule>(file, (base) => requireWithInheritedModules(base, ['vscode']));
  } catch {
    // A cache that V8 took but that breaks the load must not break the extension: load it plainly.
    return { exports: require(file) as HostModule, cache: 'off', save: () => 'not written: the cached load failed' };
  }
})();
const loadMs = Date.now() - loadStarted;

export async function activate(context: unknown): Promise<unknown> {
  const api = await host.exports.activate(context, { codeCache: host.cache, loadMs, saveCodeCache: () => host.save() });
  if (host.cache !== 'used') setTimeout(() => host.save(), SAVE_AFTER_MS).unref();
  return api;
}

export function deactivate(): void {
  host.exports.deactivate();
}
