// What the UI bench reads from a code-server run's logs: when and by which event VS Code activated the
// extension (the extension host's log), and the extension's own timing lines (its output channel,
// "Intent Lens"), of the newest start of the server (test/e2e/harness/hostLogs.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sessionDirs } from '../test/e2e/harness/hostLogs';

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

export function findActivation(runDir: string): Activation | undefined {
  for (const dir of sessionDirs(runDir)) {
    const log = join(dir, 'remoteexthost.log');
    if (!existsSync(log)) continue;
    const m = new RegExp(`^(\\S+ \\S+) \\[info\\] ExtensionService#_doActivateExtension ${EXTENSION_ID.replace('.', '\\.')}, startup: (\\w+), activationEvent: '([^']*)'`, 'm').exec(readFileSync(log, 'utf8'));
    if (m) return { at: new Date(m[1]!.replace(' ', 'T')).getTime(), startup: m[2] === 'true', event: m[3]! };
  }
  return undefined;
}

/** Waits until the extension host has activated Intent Lens (or fails after timeoutMs, saying so). */
export async function waitForActivation(runDir: string, timeoutMs: number): Promise<Activation> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const a = findActivation(runDir);
    if (a) return a;
    if (Date.now() > deadline) throw new Error(`bench: VS Code did not activate ${EXTENSION_ID} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
