// A scriptable OpenAI-compatible server on 127.0.0.1 for the runner tests: /v1/chat/completions
// answers JSON or SSE streams, status errors with headers (Retry-After), malformed bodies, or
// hangs; every request is recorded (body and headers) so tests can check what was sent.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequestBody {
  model: string;
  messages: Array<{ role: string; content: string }>;
  stream?: boolean;
  temperature?: number;
  max_tokens?: number;
  seed?: number;
}

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: ChatRequestBody;
  at: number;
}

export type FakeReply =
  | { kind: 'chat'; text: string; usage?: { prompt_tokens: number; completion_tokens: number } }
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  | { kind: 'raw'; status?: number; contentType: string; body: string }
  | { kind: 'hang' };

export type FakeHandler = (req: RecordedRequest, index: number) => FakeReply | Promise<FakeReply>;

export interface FakeServer {
  baseUrl: string;
  requests: RecordedRequest[];
  setHandler(h: FakeHandler): void;
  close(): Promise<void>;
}

function sendChat(
  res: ServerResponse,
  body: ChatRequestBody,
  text: string,
  usage: { prompt_tokens: number; completion_tokens: number },
): void {
  const id = 'chatcmpl-fake';
  if (body.stream) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    // Split into several deltas so streaming is really exercised.
    const pieces = text.match(/.{1,7}/gs) ?? [''];
    res.write(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', model: body.model, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] })}\n\n`,
    );
    for (const p of pieces)
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', model: body.model, choices: [{ index: 0, delta: { content: p }, finish_reason: null }] })}\n\n`,
      );
    res.write(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', model: body.model, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
    );
    res.write(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', model: body.model, choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } })}\n\n`,
    );
    res.end('data: [DONE]\n\n');
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      id,
      object: 'chat.completion',
      created: 0,
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    }),
  );
}

export async function startFakeServer(initial: FakeHandler): Promise<FakeServer> {
  let handler = initial;
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        let body: ChatRequestBody;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequestBody;
        } catch {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'bad json' } }));
          return;
        }
        const rec: RecordedRequest = { path: req.url ?? '', headers: req.headers, body, at: Date.now() };
        requests.push(rec);
        const reply = await handler(rec, requests.length - 1);
        switch (reply.kind) {
          case 'chat':
            sendChat(res, body, reply.text, reply.usage ?? { prompt_tokens: 11, completion_tokens: 7 });
            return;
          case 'status':
            res.writeHead(reply.status, { 'content-type': 'application/json', ...(reply.headers ?? {}) });
            res.end(JSON.stringify(reply.body ?? { error: { message: `status ${reply.status}` } }));
            return;
          case 'raw':
            res.writeHead(reply.status ?? 200, { 'content-type': reply.contentType });
            res.end(reply.body);
            return;
          case 'hang':
            hanging.add(res);
            res.on('close', () => hanging.delete(res));
            return;
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    setHandler(h) {
      handler = h;
    },
    async close() {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Shards offered to the simulator, read back from the prompt's "not revealed yet" section. */
export function eligibleShardsInPrompt(prompt: string): Array<{ shard_id: number; shard: string }> {
  const m = /Here are all the shards that have not been revealed yet:\n([\s\S]*?)\n\nYou must generate/.exec(prompt);
  if (!m || m[1]!.trim() === '(none)') return [];
  return m[1]!
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { shard_id: number; shard: string });
}

export function isMandatoryPrompt(prompt: string): boolean {
  return prompt.includes('Current turn requirement: reveal exactly one unrevealed shard');
}
