// `sentToWindow` must resolve only after the extension host's send timer (set by an API call made
// before it) has run, from whichever phase of the event loop the command runs in: a command arrives
// as a message on a socket (the poll phase), where `setImmediate` would run before that timer.
import { describe, expect, it } from 'vitest';
import { createServer, connect } from 'node:net';
import { sentToWindow } from '../../../src/extension/windowMessages';

/** Runs `body` inside a socket's data callback (the poll phase, as a command from the window does). */
function inSocketCallback(body: () => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer((s) => s.end('x'));
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      const client = connect(port, '127.0.0.1');
      client.once('data', () => {
        body()
          .then(resolve, reject)
          .finally(() => {
            client.destroy();
            server.close();
          });
      });
    });
  });
}

describe('sentToWindow', () => {
  it('resolves after a send timer set before it, when called from an I/O callback', async () => {
    await inSocketCallback(async () => {
      let sent = false;
      // What the host does when an API call queues a message: a 0 ms timer that writes the batch.
      setTimeout(() => (sent = true), 0);
      await sentToWindow();
      expect(sent).toBe(true);
    });
  });

  it('resolves after a send timer set before it, when called from a timer', async () => {
    const sentFirst = await new Promise<boolean>((resolve, reject) =>
      setTimeout(() => {
        let sent = false;
        setTimeout(() => (sent = true), 0);
        sentToWindow().then(() => resolve(sent), reject);
      }, 0),
    );
    expect(sentFirst).toBe(true);
  });
});
