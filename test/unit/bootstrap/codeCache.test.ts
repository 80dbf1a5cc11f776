// The host bundle loads through V8's code cache: the first start writes it, the next one uses it,
// a changed bundle or a broken cache file only costs a compile, and the module works the same.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheFileOf, requireWithCodeCache } from '../../../src/extension/bootstrap/codeCache';

type Bundle = { answer(): number; sibling: string; where: string };

function bundleDir(version: number): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'intent-lens-codecache-'));
  writeFileSync(join(dir, 'lib-sibling.js'), "module.exports = 'beside the bundle';\n");
  const file = join(dir, 'host.js');
  writeBundle(file, version);
  return { dir, file };
}

function writeBundle(file: string, version: number): void {
  // Enough code for V8 to cache functions, and a require of a sibling bundle, as the host's lazy libraries.
  const fns = Array.from({ length: 50 }, (_, i) => `function f${i}(x) { return x * ${i} + ${version}; }`).join('\n');
  writeFileSync(
    file,
    `"use strict";\n${fns}\nexports.answer = () => f2(20) + f0(1) - ${2 * version} + 2;\nexports.sibling = require('./lib-sibling.js');\nexports.where = __dirname;\n`,
  );
}

const caches = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.v8cache'));

describe('loading the host bundle through the code cache', () => {
  it('compiles and writes the cache on the first load, uses it on the next; the module is the same', () => {
    const { dir, file } = bundleDir(1);
    const first = requireWithCodeCache<Bundle>(file);
    expect(first.cache).toBe('none');
    expect(first.exports.answer()).toBe(42);
    expect(first.exports.sibling).toBe('beside the bundle');
    expect(first.exports.where).toBe(dir);
    expect(first.save()).toMatch(/^written \(\d+ KB\)$/);
    expect(first.save()).toBe('not written: written before');
    expect(caches(dir)).toHaveLength(1);
    expect(existsSync(cacheFileOf(file, readFileSync(file, 'utf8')))).toBe(true);

    const second = requireWithCodeCache<Bundle>(file);
    expect(second.cache).toBe('used');
    expect(second.exports.answer()).toBe(42);
    // Nothing to write when the cache was used.
    expect(second.save()).toBe('not written: the cache in use is current');
  });

  it('a changed bundle gets a cache of its own and the old one is removed', () => {
    const { dir, file } = bundleDir(1);
    const v1 = requireWithCodeCache<Bundle>(file);
    v1.save();
    const [old] = caches(dir);
    writeBundle(file, 7);
    const v2 = requireWithCodeCache<Bundle>(file);
    expect(v2.cache).toBe('none');
    expect(v2.exports.answer()).toBe(42);
    expect(v2.save()).toMatch(/^written/);
    expect(caches(dir)).toHaveLength(1);
    expect(caches(dir)[0]).not.toBe(old);
  });

  it('a broken cache file is refused by V8: the bundle compiles and loads as without one, and the cache is rewritten', () => {
    const { dir, file } = bundleDir(3);
    const cacheFile = cacheFileOf(file, readFileSync(file, 'utf8'));
    writeFileSync(cacheFile, Buffer.from('not a V8 code cache at all, just bytes'.repeat(20)));
    const m = requireWithCodeCache<Bundle>(file);
    expect(m.cache).toBe('rejected');
    expect(m.exports.answer()).toBe(42);
    expect(m.save()).toMatch(/^written/);
    expect(requireWithCodeCache<Bundle>(file).cache).toBe('used');
    expect(caches(dir)).toEqual([cacheFile.slice(dir.length + 1)]);
  });
});
