// What the UI bench reads from a code-server run's logs: when and by which event VS Code activated the
// extension (the extension host's log), and the extension's own timing lines (its output channel,
// "Intent Lens"), of the newest start of the server (test/e2e/harness/hostLogs.ts).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { outputChannelLines, sessionDirs } from '../test/e2e/harness/hostLogs';

export { outputChannelLines } from '../test/e2e/harness/hostLogs';

const EXTENSION_ID = 'intent-lens.intent-lens';
const POLL_MS = 100;

export interface Activation {
  /** When the extension host started activating Intent Lens (the log's local time). */
  at: number;
  /** The activation event, e.g. `workspaceContains:**\/*.records.jsonl` or `onView:intentLens.sources`. */
  event: string;
  /** True when it was activated with the extension host's start-up (eager) activations. */
  startup: boolean;
}

/** The newest activation logged (at or after `since`, ms: a restarted server's, not the one before). */
export function findActivation(runDir: string, since = 0): Activation | undefined {
  for (const dir of sessionDirs(runDir)) {
    const log = join(dir, 'remoteexthost.log');
    if (!existsSync(log)) continue;
    const m = new RegExp(
      `^(\\S+ \\S+) \\[info\\] ExtensionService#_doActivateExtension ${EXTENSION_ID.replace('.', '\\.')}, startup: (\\w+), activationEvent: '([^']*)'`,
      'm',
    ).exec(readFileSync(log, 'utf8'));
    const at = m && new Date(m[1]!.replace(' ', 'T')).getTime();
    if (m && at! >= since) return { at: at!, startup: m[2] === 'true', event: m[3]! };
  }
  return undefined;
}

/**
 * Polls `probe` from this process until it gives a value other than false or undefined (or fails
 * after timeoutMs with `failure()`):
 * every wait of the bench on the server's logs and storage.
 */
async function pollUntil<T>(
  probe: () => T | false | undefined,
  failure: () => string,
  timeoutMs: number,
  pollMs = POLL_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`bench: ${failure()}`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** Waits until the extension host has activated Intent Lens (or fails after timeoutMs, saying so). */
export function waitForActivation(runDir: string, timeoutMs: number, since = 0): Promise<Activation> {
  return pollUntil(
    () => findActivation(runDir, since),
    () => `VS Code did not activate ${EXTENSION_ID} within ${timeoutMs} ms`,
    timeoutMs,
  );
}

/** Entries of the run-log index cache in the run's workspace storage (`<storage>/run-log-index/<hash>.json`). */
function indexCacheEntries(runDir: string): number {
  const storage = join(runDir, 'user-data', 'User', 'workspaceStorage');
  if (!existsSync(storage)) return 0;
  let n = 0;
  for (const ws of readdirSync(storage)) {
    const dir = join(storage, ws, EXTENSION_ID, 'run-log-index');
    if (existsSync(dir)) n += readdirSync(dir).filter((f) => /^[0-9a-f]{32}\.json$/.test(f)).length;
  }
  return n;
}

/** Waits until the index cache holds `count` entries (or fails after timeoutMs, saying how many it has). */
export async function waitForIndexCache(runDir: string, count: number, timeoutMs: number): Promise<void> {
  await pollUntil(
    () => indexCacheEntries(runDir) >= count,
    () => `the run-log index cache holds ${indexCacheEntries(runDir)} of ${count} entries after ${timeoutMs} ms`,
    timeoutMs,
  );
}

/** Waits until the extension's output channel (newest start) has a line matching `line` (or fails after timeoutMs). */
export async function waitForOutputLine(runDir: string, line: RegExp, timeoutMs: number): Promise<void> {
  await pollUntil(
    () => outputChannelLines(runDir).some((l) => line.test(l)),
    () => `no output line matching ${line} within ${timeoutMs} ms`,
    timeoutMs,
  );
}

/** "[<view>] rendered …" lines in the output channel: one per content a page of that view reported rendered. */
function renderedLineCount(runDir: string, view: string, channel?: string): number {
  const line = new RegExp(`^\\[${view}\\] rendered[ :]`);
  return outputChannelLines(runDir, channel).filter((l) => line.test(l)).length;
}

/**
 * Settles once a page of `view` reports a render after this call (its "[<view>] rendered" output
 * line), waiting from this process alone: Playwright's waits poll inside the page, on the thread that
 * VS Code's workbench and every webview share, and a fresh panel's load measured 18–45 ms of that work
 * (workbench CPU profiles, bench/ui.md); a user's browser does none of it. Call it before the command.
 */
export function nextRenderReport(runDir: string, view: string, timeoutMs: number, channel?: string): Promise<void> {
  const before = renderedLineCount(runDir, view, channel);
  const done = pollUntil(
    () => renderedLineCount(runDir, view, channel) > before,
    () => `the ${view} page did not report a render (output line "[${view}] rendered") within ${timeoutMs} ms`,
    timeoutMs,
    20,
  ).then(() => undefined);
  // Awaited by the step; a step that fails before then must not leave it unhandled.
  done.catch(() => undefined);
  return done;
}
