// The e2e harness reads the output channel of the extension host running now: a reloaded window
// starts exthost2 in the same session, a restarted server a new session.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { outputChannelLines, sessionDirs } from '../../e2e/harness/hostLogs';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function runWithHosts(hosts: Record<string, string>): string {
  const runDir = mkdtempSync(join(tmpdir(), 'intent-lens-host-logs-'));
  made.push(runDir);
  for (const [host, text] of Object.entries(hosts)) {
    const dir = join(runDir, 'user-data', 'logs', host, 'output_logging_20261204T030000');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '1-Intent Lens.log'), text);
  }
  writeFileSync(join(runDir, 'user-data', 'logs', Object.keys(hosts)[0]!.split('/')[0]!, 'remoteagent.log'), '');
  return runDir;
}

describe('extension host logs', () => {
  it('reads the host a reloaded window started (exthost10 after exthost2), not the first one', () => {
    const runDir = runWithHosts({
      '20261204T025931/exthost1': '[first] window\n',
      '20261204T025931/exthost2': '[second] window\n',
      '20261204T025931/exthost10': '[tenth] window\n',
    });
    expect(sessionDirs(runDir).map((d) => d.split('/').pop())).toEqual(['exthost10', 'exthost2', 'exthost1']);
    expect(outputChannelLines(runDir)).toEqual(['[tenth] window']);
  });

  it('reads the newest session of a restarted server first', () => {
    const runDir = runWithHosts({
      '20261204T025931/exthost2': '[old] session\n',
      '20261204T031500/exthost1': '[new] session\n',
    });
    expect(outputChannelLines(runDir)).toEqual(['[new] session']);
  });
});
