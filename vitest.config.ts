import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20000,
    pool: 'forks',
    // Three at once on 2 cores: many tests wait on a child (Python, the sandbox, a worker) or a local
    // server, and one fork per core left a core idle (3m44s → 2m55s for the suite, load ~3).
    maxWorkers: 3,
    globalSetup: ['test/unitTempRoot.ts'],
  },
});
