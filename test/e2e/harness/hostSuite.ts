// Runs the extension-host Mocha suite (test/host/) inside code-server's real extension host: the
// workbench is opened with an extensionDevelopmentPath/extensionTestsPath payload, and the smoke-test
// driver's codeAutomationExit/codeAutomationLog hooks report back. A host crash still "exits 0", so
// the counts come from the results file the suite writes, and the server log is checked for SIGABRT.
import { chromium } from 'playwright-core';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { format } from 'node:util';
import { extensionHostCrashLines, startCodeServer } from './codeServer';
import { chromiumArgs } from './workbench';
import { chromiumPath, repoRoot, testResultsDir } from './toolPaths';

/** Written by test/host/suite/index.ts; the runner's source of truth for counts. */
export interface HostSuiteResults {
  passed: number;
  failed: number;
  pending: number;
  durationMs: number;
  failures: { title: string; error: string }[];
  tests: { title: string; state: 'passed' | 'failed' | 'pending'; durationMs?: number }[];
}

export interface HostSuiteRun extends HostSuiteResults {
  /** Exit code the suite reported through codeAutomationExit, 'timeout', or 'crashed' (extension host died). */
  exitCode: number | 'timeout' | 'crashed';
  /** Log lines the extension host sent (Mocha's spec reporter output among them). */
  log: string[];
  serverStartMs: number;
  totalMs: number;
}

export interface HostSuiteOptions {
  workspace: string;
  /** Built suite entry (default dist-test/host/suite/index.js). */
  suiteEntry?: string;
  /** Extension under development (default the repo root). */
  extensionDevelopmentPath?: string;
  timeoutMs?: number;
  /** Print the workbench's and host's log lines as they arrive (noisy; always saved to test-results/host/host.log). */
  echo?: boolean;
}

/** Env var naming the results file; the extension host inherits the server's environment. */
export const hostResultsEnv = 'INTENT_LENS_HOST_RESULTS';

export async function runHostSuite(options: HostSuiteOptions): Promise<HostSuiteRun> {
  const t0 = Date.now();
  const suiteEntry = resolve(repoRoot, options.suiteEntry ?? 'dist-test/host/suite/index.js');
  if (!existsSync(suiteEntry))
    throw new Error(`host suite not built: ${suiteEntry} (run node scripts/build-host-tests.mjs)`);
  const devPath = resolve(repoRoot, options.extensionDevelopmentPath ?? '.');
  const resultsDir = join(testResultsDir, 'host');
  mkdirSync(resultsDir, { recursive: true });
  const resultsFile = join(resultsDir, 'results.json');
  rmSync(resultsFile, { force: true });

  const server = await startCodeServer({
    workspace: options.workspace,
    extensionPath: false,
    smokeTestDriver: true,
    env: { [hostResultsEnv]: resultsFile },
  });
  const log: string[] = [];
  const userDataDir = mkdtempSync(join(tmpdir(), 'intent-lens-chromium-'));
  let exitCode: number | 'timeout' | 'crashed';
  let stopError: unknown;
  try {
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: chromiumPath,
      headless: true,
      args: chromiumArgs,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      let reportExit: (code: number) => void = () => undefined;
      const exited = new Promise<number>((r) => (reportExit = r));
      await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
        if (type === 'trace' || type === 'debug') return;
        const line = format(...(Array.isArray(args) ? args : [args]));
        log.push(line);
        if (options.echo) console.log(line);
      });
      await page.exposeFunction('codeAutomationExit', (code: number) => reportExit(code));
      const remote = (p: string) => `vscode-remote://127.0.0.1:${server.port}${p}`;
      const payload = [
        ['extensionDevelopmentPath', remote(devPath)],
        ['extensionTestsPath', remote(suiteEntry)],
        ['skipWelcome', 'true'],
      ];
      const timeoutMs = options.timeoutMs ?? 180000;
      // The suite's exit is the condition; don't let the page's "load" event time out first.
      await page.goto(
        `${server.url}?folder=${encodeURIComponent(server.workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`,
        {
          waitUntil: 'commit',
          timeout: timeoutMs,
        },
      );
      let timer: NodeJS.Timeout | undefined;
      let crashWatch: NodeJS.Timeout | undefined;
      // A crashed host never calls codeAutomationExit: watch the server log so the run ends early.
      const crashed = new Promise<'crashed'>((r) => {
        crashWatch = setInterval(() => {
          if (existsSync(server.logPath) && extensionHostCrashLines(readFileSync(server.logPath, 'utf8')).length)
            r('crashed');
        }, 500);
      });
      const outcome = await Promise.race([
        exited,
        crashed,
        new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), timeoutMs))),
      ]);
      clearTimeout(timer);
      clearInterval(crashWatch);
      exitCode = outcome === 'crashed' ? 'crashed' : outcome;
    } finally {
      await context.close();
    }
  } finally {
    rmSync(userDataDir, { recursive: true, force: true });
    try {
      await server.stop();
    } catch (e) {
      stopError = e;
    }
  }
  writeFileSync(join(resultsDir, 'host.log'), log.join('\n') + '\n');
  const results: HostSuiteResults = existsSync(resultsFile)
    ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as HostSuiteResults)
    : {
        passed: 0,
        failed: 1,
        pending: 0,
        durationMs: 0,
        failures: [{ title: 'host suite', error: `no results file (${resultsFile}); exit ${exitCode}` }],
        tests: [],
      };
  if (stopError) {
    results.failed += 1;
    results.failures.push({
      title: 'extension host',
      error: stopError instanceof Error ? stopError.message : String(stopError),
    });
  }
  if (exitCode !== 0 && results.failed === 0) {
    results.failed = 1;
    results.failures.push({ title: 'host suite', error: `suite exited with ${exitCode}` });
  }
  return { ...results, exitCode, log, serverStartMs: server.startMs, totalMs: Date.now() - t0 };
}
