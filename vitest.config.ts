import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20000,
    pool: 'forks',
    globalSetup: ['test/unitTempRoot.ts'],
  },
});
