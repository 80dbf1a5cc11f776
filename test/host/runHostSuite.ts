// Command-line runner for the extension-host suite (bundled to dist-test/host/run.js by
// scripts/build-host-tests.mjs): node dist-test/host/run.js [--workspace <folder>] [--verbose]
// Prints Mocha's output and a summary, writes test-results/host/summary.json, exits 1 on failure.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runHostSuite } from '../e2e/harness/hostSuite';
import { sampleWorkspace } from '../e2e/harness/sampleWorkspace';
import { testResultsDir } from '../e2e/harness/toolPaths';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const wsArg = args.indexOf('--workspace');
  const fixture = wsArg >= 0 ? undefined : sampleWorkspace();
  const workspace = wsArg >= 0 ? resolve(args[wsArg + 1] ?? '.') : (fixture?.path ?? '.');
  if (fixture?.isFallback)
    console.log(`[host] samples/ has no data yet: using a temp copy of the shared sample (${workspace})`);
  try {
    const run = await runHostSuite({ workspace, echo: args.includes('--verbose') });
    const summary = {
      passed: run.passed,
      failed: run.failed,
      pending: run.pending,
      exitCode: run.exitCode,
      serverStartMs: run.serverStartMs,
      suiteMs: run.durationMs,
      totalMs: run.totalMs,
      failures: run.failures,
    };
    mkdirSync(join(testResultsDir, 'host'), { recursive: true });
    writeFileSync(join(testResultsDir, 'host', 'summary.json'), JSON.stringify(summary, null, 2));
    for (const t of run.tests)
      console.log(
        `[host] ${t.state === 'passed' ? '✓' : t.state === 'failed' ? '✗' : '-'} ${t.title}${t.durationMs !== undefined ? ` (${t.durationMs} ms)` : ''}`,
      );
    for (const f of run.failures) console.log(`[host] FAILED ${f.title}\n${f.error}`);
    console.log(
      `[host] ${run.passed} passed, ${run.failed} failed, ${run.pending} pending (server ${run.serverStartMs} ms, suite ${run.durationMs} ms, total ${run.totalMs} ms)`,
    );
    return run.failed > 0 ? 1 : 0;
  } finally {
    fixture?.dispose();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error('[host] runner failed:', e);
    process.exit(2);
  },
);
