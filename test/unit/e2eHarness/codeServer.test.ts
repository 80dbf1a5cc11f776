// The parts of the e2e harness that decide pass/fail without a browser: crash detection in the
// server log and the free-port probe.
import { describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { extensionHostCrashLines, freePort } from '../../e2e/harness/codeServer';

describe('extensionHostCrashLines', () => {
  it('finds an aborted extension host among ordinary log noise', () => {
    const log = [
      '[15:03:49] [127.0.0.1][02692557][ExtensionHostConnection] Starting extension host process...',
      'getaddrinfo ENOTFOUND open-vsx.org',
      '[15:04:10] [127.0.0.1][02692557][ExtensionHostConnection] <14237> Extension Host Process exited with code: null, signal: SIGABRT.',
    ].join('\n');
    expect(extensionHostCrashLines(log)).toEqual([log.split('\n')[2]]);
  });

  it('reports nothing for a clean log', () => {
    expect(extensionHostCrashLines('[15:03:35] Extension host agent started.\nError: write ECONNRESET')).toEqual([]);
  });
});

describe('freePort', () => {
  it('returns a port that can be bound on 127.0.0.1', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    await new Promise<void>((resolve, reject) => {
      const srv = createServer();
      srv.once('error', reject);
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve()));
    });
  });
});
