// Vitest reporter for the e2e run: every test that needed its retry (see vitest.e2e.config.ts), with
// the error of the attempt that failed, goes to test-results/e2e-retried.json. `npm test` prints them
// under the summary as flaky, so a retry never hides a race: it names it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

export interface RetriedTest {
  file: string;
  name: string;
  retries: number;
  passed: boolean;
  firstError?: string;
}

export default class RetryReporter implements Reporter {
  private readonly retried: RetriedTest[] = [];
  private readonly outFile = 'test-results/e2e-retried.json';

  onTestCaseResult(testCase: TestCase): void {
    const retries = testCase.diagnostic()?.retryCount ?? 0;
    if (retries === 0) return;
    const error = testCase.result().errors?.[0];
    this.retried.push({
      file: relative(process.cwd(), testCase.module.moduleId),
      name: testCase.fullName,
      retries,
      passed: testCase.result().state === 'passed',
      // As vitest gives it; `npm test` shortens it and drops the colour codes when it prints it.
      firstError: error ? (error.message ?? String(error)) : undefined,
    });
  }

  onTestRunEnd(): void {
    mkdirSync(dirname(this.outFile), { recursive: true });
    writeFileSync(this.outFile, JSON.stringify(this.retried, null, 2) + '\n');
  }
}
