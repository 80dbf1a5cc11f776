// Hostile or broken model servers (issue #17, item 4): a stream cut before its finish reason, a
// Retry-After of a day, a stream that stalls between chunks, and an error body that echoes the key.
// Each runs against a real HTTP server on 127.0.0.1, for both providers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OpenAICompatibleProvider } from '../../../src/core/providers/openaiProvider';
import { AnthropicProvider } from '../../../src/core/providers/anthropicProvider';
import { ProviderError } from '../../../src/core/providers/providerErrors';
import type { ChatProvider } from '../../../src/core/providers/chatProvider';

type Handler = (req: IncomingMessage, res: ServerResponse, body: { stream?: boolean }) => void;
let handler: Handler = (_q, res) => res.end();
let hits = 0;
let server: Server;
let baseUrl = '';
const KEY = 'sk-adversarial-0123456789abcdef';
const ENV_KEY = 'env-secret-key-value-42xyz';

beforeAll(async () => {
  process.env.INTENT_LENS_TEST_API_KEY = ENV_KEY;
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits++;
      handler(req, res, JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { stream?: boolean });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  delete process.env.INTENT_LENS_TEST_API_KEY;
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

const sse = (res: ServerResponse, events: unknown[], end = true) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const e of events) res.write(`data: ${JSON.stringify(e)}\n\n`);
  if (end) res.end();
};
const openaiChunk = (content: string, finish: string | null = null) => ({
  id: 'c',
  object: 'chat.completion.chunk',
  model: 'm',
  choices: [{ index: 0, delta: { content }, finish_reason: finish }],
});
const anthropicEvents = (text: string) => [
  {
    type: 'message_start',
    message: {
      id: 'msg',
      type: 'message',
      role: 'assistant',
      model: 'claude-test',
      content: [],
      stop_reason: null,
      usage: { input_tokens: 3, output_tokens: 0 },
    },
  },
  { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
];

interface Flavour {
  name: string;
  make: (o: { stream?: boolean; timeoutMs?: number; maxRetries?: number; maxRetryAfterMs?: number }) => ChatProvider;
  cutStream: (res: ServerResponse) => void;
  stalledStream: (res: ServerResponse) => void;
}

const flavours: Flavour[] = [
  {
    name: 'openai',
    make: (o) =>
      new OpenAICompatibleProvider({
        id: 'evil',
        baseUrl: `${baseUrl}/v1`,
        model: 'm',
        apiKey: KEY,
        maxRetries: 2,
        timeoutMs: 5000,
        ...o,
      }),
    cutStream: (res) => sse(res, [openaiChunk('The answer is 4'), openaiChunk('2, because')]),
    stalledStream: (res) => sse(res, [openaiChunk('partial')], false),
  },
  {
    name: 'anthropic',
    make: (o) =>
      new AnthropicProvider({
        id: 'evil',
        baseUrl,
        model: 'claude-test',
        apiKey: KEY,
        maxRetries: 2,
        timeoutMs: 5000,
        ...o,
      }),
    cutStream: (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const e of anthropicEvents('The answer is 42, because'))
        res.write(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
      res.end();
    },
    stalledStream: (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const e of anthropicEvents('partial')) res.write(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
    },
  },
];

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  const r = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(r).toBeInstanceOf(ProviderError);
  return r as ProviderError;
}

describe.each(flavours)('$name provider under attack', (f) => {
  it('a stream cut before its finish reason is an error, not a finished answer', async () => {
    handler = (_q, res) => f.cutStream(res);
    const tokens: string[] = [];
    const e = await failure(
      f.make({ stream: true }).complete([{ role: 'user', content: 'q' }], { onToken: (t) => tokens.push(t) }),
    );
    expect(e.kind).toBe('malformed');
    expect(e.message).toMatch(/without a (finish|stop) reason/);
    expect(tokens.join('')).toContain('42');
  });

  it('Retry-After: 86400 is capped and counted against the timeout, not waited out', async () => {
    handler = (_q, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '86400' });
      res.end(JSON.stringify({ type: 'error', error: { type: 'rate_limit_error', message: 'come back tomorrow' } }));
    };
    const before = hits;
    const t0 = Date.now();
    // Capped at 60 s (the default), which does not fit in a 5 s budget: fail now.
    const e = await failure(f.make({}).complete([{ role: 'user', content: 'q' }]));
    expect(e.kind).toBe('rate-limit');
    expect(e.message).toContain('86400 s');
    expect(hits - before).toBe(1);
    expect(Date.now() - t0).toBeLessThan(4000);
  });

  it('a day-long Retry-After under a small configured cap is waited for the cap only, then retried', async () => {
    const before = hits;
    handler = (_q, res) => {
      if (hits - before === 1) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '86400' });
        res.end(JSON.stringify({ error: { message: 'later' } }));
        return;
      }
      if (f.name === 'openai') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'x',
            object: 'chat.completion',
            created: 0,
            model: 'm',
            choices: [{ index: 0, message: { role: 'assistant', content: 'fine' }, finish_reason: 'stop' }],
          }),
        );
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'msg',
            type: 'message',
            role: 'assistant',
            model: 'claude-test',
            content: [{ type: 'text', text: 'fine' }],
            stop_reason: 'end_turn',
            usage: { input_tokens: 1, output_tokens: 1 },
          }),
        );
      }
    };
    const t0 = Date.now();
    const r = await f.make({ maxRetryAfterMs: 300 }).complete([{ role: 'user', content: 'q' }]);
    expect(r.text).toBe('fine');
    expect(hits - before).toBe(2);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
  });

  it('a stream that goes quiet for longer than the timeout fails with a timeout', async () => {
    handler = (_q, res) => f.stalledStream(res);
    const t0 = Date.now();
    const e = await failure(
      f.make({ stream: true, timeoutMs: 400, maxRetries: 0 }).complete([{ role: 'user', content: 'q' }]),
    );
    expect(e.kind).toBe('timeout');
    expect(e.message).toMatch(/sent nothing for 400 ms/);
    expect(Date.now() - t0).toBeLessThan(4000);
  });

  it('a JSON body that trickles past the timeout fails with a timeout', async () => {
    handler = (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id": "x", ');
      const t = setInterval(() => res.write(' '), 50);
      res.on('close', () => clearInterval(t));
    };
    const e = await failure(f.make({ timeoutMs: 500, maxRetries: 0 }).complete([{ role: 'user', content: 'q' }]));
    expect(e.kind).toBe('timeout');
  });

  it('an error body echoing the key, an env key and a key-shaped token is redacted', async () => {
    handler = (_q, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          type: 'error',
          error: {
            type: 'authentication_error',
            message: `bad key ${KEY}; also saw ${ENV_KEY} and sk-someoneelses0123456789`,
          },
        }),
      );
    };
    const e = await failure(f.make({}).complete([{ role: 'user', content: 'q' }]));
    expect(e.kind).toBe('auth');
    expect(e.message).toContain('bad key [redacted]');
    expect(e.message).not.toContain(KEY);
    expect(e.message).not.toContain(ENV_KEY);
    expect(e.message).not.toContain('sk-someoneelses');
  });
});
