// Which libraries the extension host (and the CLI) load on first use from bundles of their own,
// shared by the build (scripts/build.mjs) and the test that checks the split
// (test/unit/architecture/lazyHostModules.test.ts).

/**
 * Libraries the extension host needs only on some paths load on first use, from bundles of their own
 * beside the host bundle: the provider SDKs (see src/core/providers/sdkModules.ts), the SQL parser
 * (inactive-content diffs of SQL answers), the Python grammar (code and action answers) and sql.js
 * (reference results). Compiling them with the host bundle cost every activation ~40% more
 * compile time; in plain Node (tests, scripts) each resolves from node_modules.
 */
export const LAZY_MODULES = {
  openai: 'sdk-openai',
  '@anthropic-ai/sdk': 'sdk-anthropic',
  'node-sql-parser/build/sqlite': 'lib-sql-parser',
  '@lezer/python': 'lib-lezer-python',
  'sql.js': 'lib-sqljs',
};
const lazyModuleFilter = new RegExp(
  `^(${Object.keys(LAZY_MODULES)
    .map((m) => m.replace(/[./]/g, (c) => `\\${c}`))
    .join('|')})$`,
);
export const lazyModulesPlugin = {
  name: 'lazy-modules',
  setup(build) {
    build.onResolve({ filter: lazyModuleFilter }, (args) => ({
      path: `./${LAZY_MODULES[args.path]}.js`,
      external: true,
    }));
  },
};
