// The compare-view render benchmark drives a real VS Code (code-server), so it runs under vitest
// with the e2e harness rather than in dist/bench.js: `npx vitest run --config bench/vitest.compare.config.ts`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['bench/compareRender.bench-e2e.ts'],
    environment: 'node',
    testTimeout: 300000,
    hookTimeout: 180000,
    fileParallelism: false,
    pool: 'forks',
  },
});
