// End-to-end suites drive a real VS Code (code-server) in Chromium: one fresh server per suite,
// files run one after another (2-core CI), generous timeouts but no sleeps. A failed test runs once
// more (a shared, loaded CI machine gives a window its focus or paint late now and then); every test
// that needed it is named as flaky under `npm test`'s summary (harness/retryReporter.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 180000,
    hookTimeout: 180000,
    fileParallelism: false,
    pool: 'forks',
    retry: 1,
  },
});
