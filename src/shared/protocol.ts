// Every host↔webview message, as one typed, zod-validated union per direction. Three kinds:
// commands (fire and forget), requests (carry an `id`, answered by a response with the same id),
// notifications (host → webview state pushes). A webview announces `ready` before the host sends
// anything beyond the inlined initial state. Each view defines its messages once, with
// `defineView`, in its own module (`src/shared/protocol/<view>.ts`).
// zod/mini (functions, tree-shaken): these envelopes and the compare and conversation contracts are
// in the eager bundle of their webviews, where classic zod's ≈ 190 KB cost their first paint. The
// other views' contracts still use classic zod; both build on zod's core, so they compose.
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

/** Base shapes. */
export const ReadyMessage = z.object({ kind: z.literal('ready'), view: z.string() });

export const requestEnvelope = <M extends string, P extends $ZodType>(method: M, params: P) =>
  z.object({ kind: z.literal('request'), id: z.int(), method: z.literal(method), params });

export const commandEnvelope = <M extends string, P extends $ZodType>(command: M, params: P) =>
  z.object({ kind: z.literal('command'), command: z.literal(command), params });

export const notificationEnvelope = <M extends string, P extends $ZodType>(method: M, params: P) =>
  z.object({ kind: z.literal('notification'), method: z.literal(method), params });

/** Host clock (ms since epoch): when the user's command ran (after its quick picks) and when the panel was created. */
export const ViewTimingSchema = z.object({ commandAt: z.number(), panelCreatedAt: z.number() });
export type ViewTiming = z.infer<typeof ViewTimingSchema>;

export const ResponseMessage = z.object({
  kind: z.literal('response'),
  id: z.int(),
  ok: z.boolean(),
  result: z.optional(z.unknown()),
  error: z.optional(z.string()),
});
export type ResponseMessage = z.infer<typeof ResponseMessage>;

/**
 * A message every view may send: a line for the Intent Lens output channel (its error boundary
 * reports here). Views do not list it; `defineView` adds it and the host's connection handles it
 * once.
 */
export const WebviewLogCommand = commandEnvelope('log', z.object({ level: z.enum(['info', 'warn', 'error']), message: z.string().check(z.maxLength(4000)) }));
export type WebviewLogCommand = z.infer<typeof WebviewLogCommand>;

/**
 * The other message every view sends, once its content is on screen (also listed by `defineView`,
 * handled once by the host's connection, which writes the output-channel line). Times are the
 * page's: script start → rendered, and (when the view knows them from its state's host timing)
 * panel created → rendered and command → rendered; host and webview share the machine's clock.
 */
export const RenderedParams = z.object({
  ms: z.number(),
  sincePanelCreatedMs: z.optional(z.number()),
  sinceCommandMs: z.optional(z.number()),
});
export type RenderedParams = z.infer<typeof RenderedParams>;
export const WebviewRenderedCommand = commandEnvelope('rendered', RenderedParams);

/** The commands every view sends without listing them: `log` and `rendered`. */
export const EveryViewCommand = z.discriminatedUnion('command', [WebviewLogCommand, WebviewRenderedCommand]);
export type EveryViewCommand = z.infer<typeof EveryViewCommand>;

/**
 * A webview's whole contract, defined once per view (`src/shared/protocol/<view>.ts`) and used by
 * both sides: the host's `WebviewConnection` validates what the view sends against `incoming`, the
 * page validates its inlined `state` and every notification against `toView`. Method and command
 * names and their params are typed from the same schemas at compile time.
 */
export interface ViewDefinition<S extends $ZodType = $ZodType, H extends $ZodType = $ZodType, V extends $ZodType = $ZodType> {
  readonly view: string;
  /** The state inlined into the page. */
  readonly state: S;
  /** Requests and commands the view sends (a union of `requestEnvelope` / `commandEnvelope`). */
  readonly toHost: H;
  /** Notifications the host sends (a union of `notificationEnvelope`). */
  readonly toView: V;
  /** What the host accepts: `toHost`, the log and rendered commands and the ready handshake. */
  readonly incoming: z.ZodMiniType<z.infer<H> | EveryViewCommand | z.infer<typeof ReadyMessage>>;
}

export function defineView<S extends $ZodType, H extends $ZodType, V extends $ZodType>(spec: { view: string; state: S; toHost: H; toView: V }): ViewDefinition<S, H, V> {
  return { ...spec, incoming: z.union([spec.toHost, EveryViewCommand, ReadyMessage]) };
}

/** Compile-time views of a definition's messages. */
export type StateOf<D extends ViewDefinition> = z.infer<D['state']>;
export type ToHostOf<D extends ViewDefinition> = z.infer<D['toHost']>;
export type RequestOf<D extends ViewDefinition> = Extract<ToHostOf<D>, { kind: 'request' }>;
export type CommandOf<D extends ViewDefinition> = Extract<ToHostOf<D>, { kind: 'command' }>;
export type NotificationOf<D extends ViewDefinition> = Extract<z.infer<D['toView']>, { kind: 'notification' }>;
// Conditional types (not indexed access): they distribute over the union and work on a generic D.
export type NotificationMethod<D extends ViewDefinition> = NotificationOf<D> extends { method: infer M } ? M : never;
export type NotificationParams<D extends ViewDefinition, M> = Extract<NotificationOf<D>, { method: M }> extends { params: infer P } ? P : never;
export type RequestMethod<D extends ViewDefinition> = RequestOf<D> extends { method: infer M } ? M : never;
export type RequestParams<D extends ViewDefinition, M> = Extract<RequestOf<D>, { method: M }> extends { params: infer P } ? P : never;
export type CommandName<D extends ViewDefinition> = CommandOf<D> extends { command: infer C } ? C : never;
export type CommandParams<D extends ViewDefinition, C> = Extract<CommandOf<D>, { command: C }> extends { params: infer P } ? P : never;
