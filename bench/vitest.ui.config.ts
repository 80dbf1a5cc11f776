// `npm run bench:ui` drives a real VS Code (code-server) over a generated full-scale workspace, so it
// runs under vitest with the e2e harness: one file, no parallelism, generous limits (not a timed test).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['bench/ui.bench-e2e.ts'],
    environment: 'node',
    testTimeout: 1800000,
    hookTimeout: 3600000,
    fileParallelism: false,
    pool: 'forks',
  },
});
