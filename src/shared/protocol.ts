// Every host↔webview message, as one typed, zod-validated union per direction. Three kinds:
// commands (fire and forget), requests (carry an `id`, answered by a response with the same id),
// notifications (host → webview state pushes). A webview announces `ready` before the host sends
// anything beyond the inlined initial state. Each view adds its own messages in its own module
// (`src/shared/protocol/<view>.ts`) and registers them in the unions below.
import { z } from 'zod';

/** Base shapes. */
export const ReadyMessage = z.object({ kind: z.literal('ready'), view: z.string() });

export const requestEnvelope = <M extends string, P extends z.ZodType>(method: M, params: P) =>
  z.object({ kind: z.literal('request'), id: z.number().int(), method: z.literal(method), params });

export const commandEnvelope = <M extends string, P extends z.ZodType>(command: M, params: P) =>
  z.object({ kind: z.literal('command'), command: z.literal(command), params });

export const notificationEnvelope = <M extends string, P extends z.ZodType>(method: M, params: P) =>
  z.object({ kind: z.literal('notification'), method: z.literal(method), params });

export const ResponseMessage = z.object({
  kind: z.literal('response'),
  id: z.number().int(),
  ok: z.boolean(),
  result: z.unknown().optional(),
  error: z.string().optional(),
});
export type ResponseMessage = z.infer<typeof ResponseMessage>;

/** Messages any view may send, whatever it is. */
export const CommonWebviewCommands = z.discriminatedUnion('command', [
  commandEnvelope('openExternalDocument', z.object({ uri: z.string() })),
  commandEnvelope('log', z.object({ level: z.enum(['info', 'warn', 'error']), message: z.string() })),
  commandEnvelope('rendered', z.object({ view: z.string(), ms: z.number() })),
]);

export type WebviewToHost = z.infer<typeof ReadyMessage> | z.infer<typeof CommonWebviewCommands> | { kind: 'request'; id: number; method: string; params: unknown } | { kind: 'command'; command: string; params: unknown };

/**
 * Parses a message from a webview against a view's schema. Returns undefined for anything that
 * does not match (a compromised webview must not drive the host).
 */
export function parseMessage<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> | undefined {
  const r = schema.safeParse(data);
  return r.success ? r.data : undefined;
}
