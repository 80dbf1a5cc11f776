// The Anthropic provider against the local server speaking the Messages API: system message in
// `system`, usage, a 429 honoured via Retry-After, and a clear 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnthropicProvider } from '../../../src/core/providers/anthropicProvider';
import { ProviderError } from '../../../src/core/providers/providerErrors';
import { startFakeServer, type FakeServer } from './fakeOpenAIServer';

let server: FakeServer;
const message = (text: string) => ({
  kind: 'raw' as const,
  contentType: 'application/json',
  body: JSON.stringify({
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-test',
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    usage: { input_tokens: 12, output_tokens: 3 },
  }),
});

beforeAll(async () => {
  server = await startFakeServer(() => message('hi'));
});
afterAll(async () => {
  await server.close();
});

function provider(apiKey = 'sk-ant-test') {
  // The SDK appends /v1/messages to the base URL.
  return new AnthropicProvider({
    id: 'claude',
    model: 'claude-test',
    apiKey,
    baseUrl: server.baseUrl.replace(/\/v1$/, ''),
    maxRetries: 2,
    timeoutMs: 5000,
  });
}

describe('Anthropic provider', () => {
  it('sends the system message as `system` and returns text and usage', async () => {
    server.setHandler(() => message('Final answer: 120'));
    const r = await provider().complete(
      [
        { role: 'system', content: 'Be exact.' },
        { role: 'user', content: 'q' },
      ],
      { temperature: 0, maxTokens: 50 },
    );
    expect(r).toMatchObject({ text: 'Final answer: 120', usage: { input_tokens: 12, output_tokens: 3 } });
    const sent = server.requests.at(-1)!;
    expect(sent.path).toBe('/v1/messages');
    expect(sent.body).toMatchObject({
      model: 'claude-test',
      system: 'Be exact.',
      max_tokens: 50,
      temperature: 0,
      messages: [{ role: 'user', content: 'q' }],
    });
    // This SDK version sends the key as a bearer token (older ones used x-api-key).
    expect(sent.headers['x-api-key'] ?? sent.headers.authorization).toMatch(/^(Bearer )?sk-ant-test$/);
  });

  it('streams text deltas from Messages API events', async () => {
    const ev = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
    const body =
      ev('message_start', {
        message: {
          id: 'msg_2',
          type: 'message',
          role: 'assistant',
          model: 'claude-test',
          content: [],
          stop_reason: null,
          usage: { input_tokens: 9, output_tokens: 0 },
        },
      }) +
      ev('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }) +
      ['Total', ' is', ' 120.']
        .map((t) => ev('content_block_delta', { index: 0, delta: { type: 'text_delta', text: t } }))
        .join('') +
      ev('content_block_stop', { index: 0 }) +
      ev('message_delta', { delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 4 } }) +
      ev('message_stop', {});
    server.setHandler(() => ({ kind: 'raw', contentType: 'text/event-stream', body }));
    const deltas: string[] = [];
    const p = new AnthropicProvider({
      id: 'claude',
      model: 'claude-test',
      apiKey: 'k',
      baseUrl: server.baseUrl.replace(/\/v1$/, ''),
      stream: true,
      maxRetries: 0,
    });
    const r = await p.complete([{ role: 'user', content: 'q' }], { onToken: (d) => deltas.push(d) });
    expect(deltas).toEqual(['Total', ' is', ' 120.']);
    expect(r).toMatchObject({
      text: 'Total is 120.',
      usage: { input_tokens: 9, output_tokens: 4 },
      finishReason: 'end_turn',
    });
    expect(server.requests.at(-1)!.body.stream).toBe(true);
  });

  it('waits out Retry-After on 429 and then succeeds', async () => {
    const start = server.requests.length;
    server.setHandler((_r, i) =>
      i === start
        ? {
            kind: 'status',
            status: 429,
            headers: { 'retry-after': '1' },
            body: { type: 'error', error: { type: 'rate_limit_error', message: 'slow down' } },
          }
        : message('ok'),
    );
    expect((await provider().complete([{ role: 'user', content: 'q' }])).text).toBe('ok');
    const tries = server.requests.slice(start);
    expect(tries).toHaveLength(2);
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('explains a rejected key and a missing one', async () => {
    server.setHandler(() => ({
      kind: 'status',
      status: 401,
      body: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
    }));
    const e = await provider('sk-ant-bad')
      .complete([{ role: 'user', content: 'q' }])
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ProviderError);
    expect((e as ProviderError).kind).toBe('auth');
    expect((e as ProviderError).message).not.toContain('sk-ant-bad');
    expect(() => new AnthropicProvider({ id: 'c', model: 'm' })).toThrow(/no API key/);
  });
});
