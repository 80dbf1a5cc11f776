// `npm run bench:webview-startup`: a webview's first open against the browser's start (records, never asserts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['bench/webviewStartup.bench-e2e.ts'],
    environment: 'node',
    testTimeout: 1800000,
    hookTimeout: 600000,
    fileParallelism: false,
    pool: 'forks',
  },
});
