// What the UI bench reads from a code-server run's logs: when and by which event VS Code activated the
// extension (the extension host's log), and the extension's own timing lines (its output channel,
// "Intent Lens"). Paths: <runDir>/user-data/logs/<session>/exthost1/….
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const EXTENSION_ID = 'intent-lens.intent-lens';
const POLL_MS = 100;

function sessionDirs(runDir: string): string[] {
  const logs = join(runDir, 'user-data', 'logs');
  return existsSync(logs) ? readdirSync(logs).map((d) => join(logs, d, 'exthost1')).filter((d) => existsSync(d)) : [];
}

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

/** The lines the extension wrote to its output channel so far ([activate], [data] …, [tree] …). */
export function outputChannelLines(runDir: string): string[] {
  for (const dir of sessionDirs(runDir)) {
    for (const sub of readdirSync(dir).filter((d) => d.startsWith('output_logging_'))) {
      const file = readdirSync(join(dir, sub)).find((f) => f.endsWith('-Intent Lens.log'));
      if (file) return readFileSync(join(dir, sub, file), 'utf8').split('\n').filter(Boolean);
    }
  }
  return [];
}
