// The .vsix check run by `npm run package`: the budget, the files an installed extension loads, and
// what must never ship.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without types
import { REQUIRED_ENTRIES, VSIX_BUDGET_BYTES, vsixProblems } from '../../../scripts/check-vsix.mjs';

const required = REQUIRED_ENTRIES as string[];
const check = vsixProblems as (names: string[], size: number, budget?: number) => string[];

describe('check-vsix', () => {
  it('accepts a package with every required file under the budget', () => {
    expect(check([...required, 'extension/dist/webview/samples.js'], VSIX_BUDGET_BYTES as number)).toEqual([]);
  });

  it('names a required file that is missing (the WASM the SQL verifier loads)', () => {
    const names = required.filter((n) => n !== 'extension/dist/sql-wasm.wasm');
    expect(check(names, 1000)).toEqual(['missing extension/dist/sql-wasm.wasm']);
  });

  it('refuses source maps, sources and node_modules', () => {
    const names = [
      ...required,
      'extension/dist/host.js.map',
      'extension/src/cli.ts',
      'extension/node_modules/zod/index.js',
    ];
    expect(check(names, 1000)).toHaveLength(3);
  });

  it('refuses a package over the budget', () => {
    expect(check(required, 2_000_001, 2_000_000)).toEqual([expect.stringMatching(/over the budget of 1\.91 MiB/)]);
  });
});
