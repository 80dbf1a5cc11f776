// Mocha entry for the extension-host suite (bundled to dist-test/host/suite/index.js). VS Code calls
// run() inside the extension host; it loads every *.test.js bundled next to it, and writes a results
// file because a crashed host still reports exit code 0 to the runner.
import Mocha from 'mocha';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

interface HostSuiteResults {
  passed: number;
  failed: number;
  pending: number;
  durationMs: number;
  failures: { title: string; error: string }[];
  tests: { title: string; state: 'passed' | 'failed' | 'pending'; durationMs?: number }[];
}

function resultsPath(): string {
  // The runner names the file through the environment the extension host inherits from code-server.
  return process.env.INTENT_LENS_HOST_RESULTS ?? resolve(__dirname, '../../../test-results/host/results.json');
}

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 30000, reporter: 'spec' });
  // Optional filter for a quick local loop: INTENT_LENS_HOST_GREP="data".
  if (process.env.INTENT_LENS_HOST_GREP) mocha.grep(process.env.INTENT_LENS_HOST_GREP);
  for (const file of readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.js'))
    .sort())
    mocha.addFile(join(__dirname, file));

  const results: HostSuiteResults = { passed: 0, failed: 0, pending: 0, durationMs: 0, failures: [], tests: [] };
  const t0 = Date.now();
  const write = () => {
    results.durationMs = Date.now() - t0;
    const path = resultsPath();
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, JSON.stringify(results, null, 2));
  };
  return new Promise((resolvePromise, reject) => {
    try {
      const runner = mocha.run((failures) => {
        write();
        if (failures > 0) reject(new Error(`${failures} host test(s) failed`));
        else resolvePromise();
      });
      runner.on('pass', (test) => {
        results.passed++;
        results.tests.push({ title: test.fullTitle(), state: 'passed', durationMs: test.duration });
      });
      runner.on('pending', (test) => {
        results.pending++;
        results.tests.push({ title: test.fullTitle(), state: 'pending' });
      });
      runner.on('fail', (test, err: unknown) => {
        results.failed++;
        results.tests.push({ title: test.fullTitle(), state: 'failed', durationMs: test.duration });
        results.failures.push({
          title: test.fullTitle(),
          error: err instanceof Error ? (err.stack ?? err.message) : String(err),
        });
      });
    } catch (e) {
      results.failed++;
      results.failures.push({
        title: 'loading the suite',
        error: e instanceof Error ? (e.stack ?? e.message) : String(e),
      });
      write();
      reject(e);
    }
  });
}
