// ESLint (flat config): ESLint's and typescript-eslint's recommended rules over the sources, tests,
// scripts and benches; React's hooks rules over the webviews. Type-aware rules are not enabled:
// they would type-check the project a second time (tsc already does, in `npm test`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'structuredClone',
    'performance',
    'fetch',
    '__dirname',
    'require',
    'module',
  ].map((g) => [g, 'readonly']),
);
const browserGlobals = Object.fromEntries(
  [
    'window',
    'document',
    'console',
    'performance',
    'requestAnimationFrame',
    'PerformanceObserver',
    'setTimeout',
    'acquireVsCodeApi',
  ].map((g) => [g, 'readonly']),
);

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-test/**',
      'node_modules/**',
      '.tools/**',
      'test-results/**',
      'samples/**',
      'media/**',
      'out/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // An underscore marks a name unused on purpose (a destructured field left out, a callback's
      // documented argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Libraries only some paths need are loaded on first use with require() (ARCHITECTURE.md:
    // lazy host bundles, the provider SDKs, the SQL parser, the Python grammar): an import would
    // load them with the module.
    files: ['src/**/*.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['webview/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The next three judge code by what the React Compiler can memoize; the views are not built
      // with it. They flag the latest-callback ref (`ref.current = onChange` during render, so an
      // effect does not resubscribe), the local copy of host state synced in an effect (typed
      // filter text, the editor's unapplied edits; see their comments), and TanStack Virtual.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    // Issue 38: no function or component body over 100 lines in src/ or webview/.
    files: ['src/**/*.{ts,tsx}', 'webview/**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 100 }] },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: nodeGlobals },
  },
  {
    // The webview floor bench: a CommonJS extension and the page it shows.
    files: ['bench/floorWebview/extension.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['bench/floorWebview/page.js'],
    languageOptions: { globals: browserGlobals },
  },
);
