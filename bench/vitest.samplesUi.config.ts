// `npm run bench:samples-ui`: the Samples table at 100,000 conversations in a real VS Code
// (code-server), like bench:ui — one file, no parallelism, generous limits (records, never asserts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['bench/samplesUi.bench-e2e.ts'],
    environment: 'node',
    testTimeout: 1800000,
    hookTimeout: 1800000,
    fileParallelism: false,
    pool: 'forks',
  },
});
