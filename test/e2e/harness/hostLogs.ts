// The logs of a code-server run's extension host: <runDir>/user-data/logs/<session>/exthost<N>/…, one
// session per start of the server (a restarted server on the same run folder adds one) and one
// exthost<N> per extension host that session started (a window reloaded, or opened on another folder,
// starts the next N). The newest comes first: what the host running now writes.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The extension host log folders of a run, newest start first (the newest host of a session first). */
export function sessionDirs(runDir: string): string[] {
  const logs = join(runDir, 'user-data', 'logs');
  if (!existsSync(logs)) return [];
  const hostNumber = (name: string): number => Number(/^exthost(\d+)$/.exec(name)?.[1] ?? -1);
  // Session folders are named by their start time (20261201T061500), so names sort by time.
  return readdirSync(logs)
    .sort()
    .reverse()
    .flatMap((session) => {
      const dir = join(logs, session);
      const hosts = readdirSync(dir).filter((name) => hostNumber(name) >= 0);
      return hosts.sort((a, b) => hostNumber(b) - hostNumber(a)).map((name) => join(dir, name));
    });
}

/** The lines Intent Lens (or the extension writing `channel`) wrote to its output channel so far in the newest extension host that has it ([activate], [data] …). */
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
