// The OpenAI-compatible provider against a local server: streaming and not, retries honouring
// Retry-After, timeouts, cancellation, and the messages for 401 / 404 / refused / malformed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { OpenAICompatibleProvider } from '../../../src/core/providers/openaiProvider';
import { ProviderError } from '../../../src/core/providers/providerErrors';
import { startFakeServer, type FakeServer } from './fakeOpenAIServer';

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer(() => ({ kind: 'chat', text: 'hello' }));
});
afterAll(async () => {
  await server.close();
});

function provider(extra: Partial<ConstructorParameters<typeof OpenAICompatibleProvider>[0]> = {}) {
  return new OpenAICompatibleProvider({
    id: 'local',
    baseUrl: server.baseUrl,
    model: 'm1',
    maxRetries: 2,
    timeoutMs: 5000,
    ...extra,
  });
}

async function errorOf(p: Promise<unknown>): Promise<ProviderError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ProviderError);
    return e as ProviderError;
  }
  throw new Error('expected the call to fail');
}

describe('OpenAI-compatible provider', () => {
  it('completes without streaming and reports usage and sent settings', async () => {
    server.setHandler(() => ({
      kind: 'chat',
      text: 'The answer is 42.',
      usage: { prompt_tokens: 20, completion_tokens: 5 },
    }));
    const start = server.requests.length;
    const r = await provider().complete(
      [
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'q' },
      ],
      { temperature: 0, maxTokens: 99, seed: 3 },
    );
    expect(r.text).toBe('The answer is 42.');
    expect(r.usage).toEqual({ input_tokens: 20, output_tokens: 5 });
    const sent = server.requests[start]!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.body).toMatchObject({
      model: 'm1',
      temperature: 0,
      max_tokens: 99,
      seed: 3,
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'q' },
      ],
    });
    expect(sent.body.stream).toBeFalsy();
  });

  it('streams deltas through onToken and joins them', async () => {
    const long = 'Streaming works: each piece arrives as its own SSE event. Total = 7.';
    server.setHandler(() => ({ kind: 'chat', text: long }));
    const deltas: string[] = [];
    const r = await provider({ stream: true }).complete([{ role: 'user', content: 'q' }], {
      onToken: (d) => deltas.push(d),
    });
    expect(r.text).toBe(long);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(long);
    expect(r.usage?.output_tokens).toBe(7);
    expect(server.requests[server.requests.length - 1]!.body.stream).toBe(true);
  });

  it('retries a 429 after the Retry-After it was given, then succeeds', async () => {
    const start = server.requests.length;
    server.setHandler((_req, i) =>
      i === start
        ? { kind: 'status', status: 429, headers: { 'retry-after': '1' } }
        : { kind: 'chat', text: 'ok after wait' },
    );
    const t0 = Date.now();
    const r = await provider().complete([{ role: 'user', content: 'q' }]);
    expect(r.text).toBe('ok after wait');
    const tries = server.requests.slice(start);
    expect(tries).toHaveLength(2);
    // Retry-After: 1 (second) was honoured, not the SDK's 0.5 s default backoff.
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(950);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
  });

  it('retries 5xx with backoff and gives a clear error when retries run out', async () => {
    const start = server.requests.length;
    server.setHandler(() => ({
      kind: 'status',
      status: 503,
      headers: { 'retry-after-ms': '10' },
      body: { error: { message: 'overloaded' } },
    }));
    const e = await errorOf(provider({ maxRetries: 2 }).complete([{ role: 'user', content: 'q' }]));
    expect(server.requests.length - start).toBe(3);
    expect(e.kind).toBe('server');
    expect(e.message).toContain('503');
    expect(e.message).toContain('overloaded');
  });

  it('times out a request that never answers', async () => {
    server.setHandler(() => ({ kind: 'hang' }));
    const t0 = Date.now();
    const e = await errorOf(provider({ timeoutMs: 300, maxRetries: 0 }).complete([{ role: 'user', content: 'q' }]));
    expect(e.kind).toBe('timeout');
    expect(Date.now() - t0).toBeLessThan(4000);
  });

  it('cancels an in-flight request through the AbortSignal', async () => {
    server.setHandler(() => ({ kind: 'hang' }));
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    const e = await errorOf(
      provider({ timeoutMs: 60_000 }).complete([{ role: 'user', content: 'q' }], { signal: ac.signal }),
    );
    expect(e.kind).toBe('cancelled');
  });

  it('cancels while waiting out a long Retry-After', async () => {
    server.setHandler(() => ({ kind: 'status', status: 429, headers: { 'retry-after': '30' } }));
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 200);
    const t0 = Date.now();
    // A 60 s budget has room for the 30 s wait, so the wait really starts before the cancel.
    const e = await errorOf(
      provider({ timeoutMs: 60_000 }).complete([{ role: 'user', content: 'q' }], { signal: ac.signal }),
    );
    expect(e.kind).toBe('cancelled');
    expect(Date.now() - t0).toBeLessThan(3000);
  });

  it('explains 401 and an unknown model (404)', async () => {
    server.setHandler(() => ({ kind: 'status', status: 401, body: { error: { message: 'invalid api key' } } }));
    const auth = await errorOf(provider({ apiKey: 'sk-wrong' }).complete([{ role: 'user', content: 'q' }]));
    expect(auth.kind).toBe('auth');
    expect(auth.message).toMatch(/401/);
    expect(auth.message).toMatch(/Set API Key/);
    expect(auth.message).not.toContain('sk-wrong');
    server.setHandler(() => ({
      kind: 'status',
      status: 404,
      body: { error: { message: 'The model `nope` does not exist' } },
    }));
    const nf = await errorOf(provider({ model: 'nope' }).complete([{ role: 'user', content: 'q' }]));
    expect(nf.kind).toBe('not-found');
    expect(nf.message).toContain('"nope"');
  });

  it('explains a refused connection', async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const p = new OpenAICompatibleProvider({
      id: 'dead',
      baseUrl: `http://127.0.0.1:${port}/v1`,
      model: 'm',
      maxRetries: 0,
    });
    const e = await errorOf(p.complete([{ role: 'user', content: 'q' }]));
    expect(e.kind).toBe('connection');
    expect(e.message).toMatch(/refused/);
  });

  it('reports malformed responses', async () => {
    server.setHandler(() => ({ kind: 'raw', contentType: 'application/json', body: '{"choices": [' }));
    const bad = await errorOf(provider({ maxRetries: 0 }).complete([{ role: 'user', content: 'q' }]));
    expect(bad.kind).toBe('malformed');
    server.setHandler(() => ({ kind: 'raw', contentType: 'application/json', body: '{"object": "chat.completion"}' }));
    const noChoices = await errorOf(provider({ maxRetries: 0 }).complete([{ role: 'user', content: 'q' }]));
    expect(noChoices.kind).toBe('malformed');
    expect(noChoices.message).toMatch(/choices/);
    server.setHandler(() => ({ kind: 'raw', contentType: 'text/event-stream', body: 'data: {not json\n\n' }));
    const badStream = await errorOf(
      provider({ maxRetries: 0, stream: true }).complete([{ role: 'user', content: 'q' }]),
    );
    expect(badStream.kind).toBe('malformed');
  });

  it('sends the key only as a bearer token, and no Authorization header without a key', async () => {
    server.setHandler(() => ({ kind: 'chat', text: 'x' }));
    await provider({ apiKey: 'sk-test-123' }).complete([{ role: 'user', content: 'q' }]);
    expect(server.requests[server.requests.length - 1]!.headers.authorization).toBe('Bearer sk-test-123');
    await provider().complete([{ role: 'user', content: 'q' }]);
    expect(server.requests[server.requests.length - 1]!.headers.authorization).toBeUndefined();
  });
});
