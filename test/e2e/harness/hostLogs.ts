// The logs of a code-server run's extension host: <runDir>/user-data/logs/<session>/exthost1/…, one
// session per start of the server (a restarted server on the same run folder adds one). The newest
// session comes first: what the server running now writes.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The extension host log folders of a run, newest start first. */
export function sessionDirs(runDir: string): string[] {
  const logs = join(runDir, 'user-data', 'logs');
  // Session folders are named by their start time (20261201T061500), so names sort by time.
  return existsSync(logs)
    ? readdirSync(logs)
        .sort()
        .reverse()
        .map((d) => join(logs, d, 'exthost1'))
        .filter((d) => existsSync(d))
    : [];
}

/** The lines Intent Lens (or the extension writing `channel`) wrote to its output channel so far in the newest session ([activate], [data] …). */
export function outputChannelLines(runDir: string, channel = 'Intent Lens'): string[] {
  for (const dir of sessionDirs(runDir)) {
    for (const sub of readdirSync(dir).filter((d) => d.startsWith('output_logging_'))) {
      const file = readdirSync(join(dir, sub)).find((f) => f.endsWith(`-${channel}.log`));
      if (file)
        return readFileSync(join(dir, sub, file), 'utf8')
          .split('\n')
          .filter(Boolean);
    }
  }
  return [];
}
