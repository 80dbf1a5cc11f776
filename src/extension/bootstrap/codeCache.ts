// Loads a CommonJS bundle through V8's code cache. The extension host compiles the whole host bundle
// on every activation (~55 ms of its ~130 ms load on a quiet 2-core machine, more while the window
// starts); with the cache V8 deserialises the compiled code instead. The cache sits beside the
// bundle, keyed by a hash of the bundle's text and the runtime (V8 itself checks only the source's
// length), and is written once per bundle version, after the activation has compiled what it runs.
// Any failure falls back to a plain require: the cache is an optimisation, never a requirement.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

export type CacheUse = 'used' | 'rejected' | 'none' | 'off';

export interface CachedModule<T> {
  exports: T;
  /** Whether V8 took a cache (`used`), refused one (`rejected`), found none, or the cache was not tried (`off`). */
  cache: CacheUse;
  /** Writes the cache unless one was used; says what it did. Call once the hot code has run. */
  save(): string;
}

/** The cache file of `file` for its current text on this runtime (another text or Node version: another name). */
export function cacheFileOf(file: string, source: string): string {
  const key = createHash('sha256')
    .update(process.version)
    .update('\0')
    .update(process.arch)
    .update('\0')
    .update(source)
    .digest('hex')
    .slice(0, 16);
  return join(dirname(file), `${basename(file, '.js')}.${key}.v8cache`);
}

/** Caches of `file` for other texts or runtimes: left from an earlier version, removed when a new one is written. */
function staleCaches(file: string, keep: string): string[] {
  const prefix = `${basename(file, '.js')}.`;
  try {
    return readdirSync(dirname(file))
      .filter((f) => f.startsWith(prefix) && f.endsWith('.v8cache') && join(dirname(file), f) !== keep)
      .map((f) => join(dirname(file), f));
  } catch {
    return [];
  }
}

function readCache(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Loads `file` (an absolute path to a CommonJS bundle) as `require` would, through its code cache.
 * `wrapRequire` may change what the bundle's `require` returns (the bootstrap's inherited `vscode`).
 */
export function requireWithCodeCache<T>(
  file: string,
  wrapRequire: (base: NodeJS.Require) => NodeJS.Require = (base) => base,
): CachedModule<T> {
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return {
      exports: createRequire(file)(file) as T,
      cache: 'off',
      save: () => 'not written: the bundle could not be read',
    };
  }
  const cacheFile = cacheFileOf(file, source);
  const cachedData = readCache(cacheFile);
  const script = new Script(Module.wrap(source), { filename: file, ...(cachedData ? { cachedData } : {}) });
  const cache: CacheUse = !cachedData ? 'none' : script.cachedDataRejected ? 'rejected' : 'used';
  // The module object the bundle fills, with a require that resolves beside it (its lazy bundles,
  // `vscode` through the extension host's own resolution of modules in this extension's folder).
  const mod = { exports: {} as T, filename: file, id: file, loaded: false };
  const run = script.runInThisContext() as (
    exports: unknown,
    require: NodeJS.Require,
    module: unknown,
    filename: string,
    dirname: string,
  ) => void;
  run.call(mod.exports, mod.exports, wrapRequire(createRequire(file)), mod, file, dirname(file));
  mod.loaded = true;
  let saved = false;
  return {
    exports: mod.exports,
    cache,
    save: () => {
      if (cache === 'used') return 'not written: the cache in use is current';
      if (saved) return 'not written: written before';
      saved = true;
      try {
        const data = script.createCachedData();
        const tmp = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(tmp, data);
        // Atomic: another window's host may read it at any moment.
        renameSync(tmp, cacheFile);
        for (const stale of staleCaches(file, cacheFile)) rmSync(stale, { force: true });
        return `written (${Math.round(data.length / 1024)} KB)`;
      } catch (e) {
        // A read-only install: every start compiles, as without the cache.
        return `not written: ${e instanceof Error ? e.message : String(e)}`;
      }
    },
  };
}
