// Every host↔webview message, as one typed, zod-validated union per direction. Three kinds:
// commands (fire and forget), requests (carry an `id`, answered by a response with the same id;
// each declared once with its reply, `requestSpec`),
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
export const WebviewLogCommand = commandEnvelope(
  'log',
  z.object({ level: z.enum(['info', 'warn', 'error']), message: z.string().check(z.maxLength(4000)) }),
);
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

/**
 * The page got the keyboard focus; `byPointer` when a click or touch in the page gave it. VS Code
 * gives a webview the focus back some time after a quick input closes (the palette that ran a
 * command); the host's picks take it back when that lands after they show (src/extension/picks).
 */
export const WebviewFocusedCommand = commandEnvelope('focused', z.object({ byPointer: z.boolean() }));

/** The commands every view sends without listing them: `log`, `rendered` and `focused`. */
export const EveryViewCommand = z.discriminatedUnion('command', [
  WebviewLogCommand,
  WebviewRenderedCommand,
  WebviewFocusedCommand,
]);
export type EveryViewCommand = z.infer<typeof EveryViewCommand>;

/**
 * One request a view sends, paired with its reply (GitLens's `IpcRequest<Params, Result>`): the
 * page's `request(method, params)` resolves with `result` (validated there), and the host's handler
 * for it is typed to return `result`; the host validates `params` before the handler runs.
 */
export interface RequestSpec<P extends $ZodType = $ZodType, R extends $ZodType = $ZodType> {
  readonly params: P;
  readonly result: R;
}

export const requestSpec = <P extends $ZodType, R extends $ZodType>(params: P, result: R): RequestSpec<P, R> => ({
  params,
  result,
});

/** A view's requests by method name. */
export type RequestSpecs = Readonly<Record<string, RequestSpec>>;

/** A request as the host receives it (its params validated against its method's schema). */
export interface RequestEnvelope {
  kind: 'request';
  id: number;
  method: string;
  params: unknown;
}

/**
 * A webview's whole contract, defined once per view (`src/shared/protocol/<view>.ts`) and used by
 * both sides: the host's `WebviewConnection` validates what the view sends against `incoming`, the
 * page validates its inlined `state`, every notification and every request's result. Method and
 * command names, their params and each request's result are typed from the same schemas.
 */
export interface ViewDefinition<
  S extends $ZodType = $ZodType,
  H extends $ZodType = $ZodType,
  V extends $ZodType = $ZodType,
  Q extends RequestSpecs = RequestSpecs,
> {
  readonly view: string;
  /** The state inlined into the page. */
  readonly state: S;
  /** Commands the view sends (a union of `commandEnvelope`). */
  readonly toHost: H;
  /** Requests the view sends, each with its reply. */
  readonly requests: Q;
  /** Notifications the host sends (a union of `notificationEnvelope`). */
  readonly toView: V;
  /** What the host accepts: `toHost`, the requests, the log and rendered commands and the ready handshake. */
  readonly incoming: z.ZodMiniType<z.infer<H> | RequestEnvelope | EveryViewCommand | z.infer<typeof ReadyMessage>>;
}

/** A view that sends no commands of its own. */
export const NoCommands = z.never();

export function defineView<
  S extends $ZodType,
  H extends $ZodType,
  V extends $ZodType,
  Q extends RequestSpecs = Record<never, RequestSpec>,
>(spec: { view: string; state: S; toHost: H; requests?: Q; toView: V }): ViewDefinition<S, H, V, Q> {
  const requests = (spec.requests ?? {}) as Q;
  const envelopes = Object.entries(requests).map(([method, r]) => requestEnvelope(method, r.params));
  const incoming = z.union([spec.toHost, ...envelopes, EveryViewCommand, ReadyMessage]) as ViewDefinition<
    S,
    H,
    V,
    Q
  >['incoming'];
  return { ...spec, requests, incoming };
}

/** Compile-time views of a definition's messages. */
export type StateOf<D extends ViewDefinition> = z.infer<D['state']>;
export type ToHostOf<D extends ViewDefinition> = z.infer<D['toHost']>;
export type CommandOf<D extends ViewDefinition> = Extract<ToHostOf<D>, { kind: 'command' }>;
export type NotificationOf<D extends ViewDefinition> = Extract<z.infer<D['toView']>, { kind: 'notification' }>;
// Conditional types (not indexed access): they distribute over the union and work on a generic D.
export type NotificationMethod<D extends ViewDefinition> = NotificationOf<D> extends { method: infer M } ? M : never;
export type NotificationParams<D extends ViewDefinition, M> =
  Extract<NotificationOf<D>, { method: M }> extends { params: infer P } ? P : never;
export type RequestMethod<D extends ViewDefinition> = keyof D['requests'] & string;
export type RequestParams<D extends ViewDefinition, M extends RequestMethod<D>> = z.infer<D['requests'][M]['params']>;
export type RequestResult<D extends ViewDefinition, M extends RequestMethod<D>> = z.infer<D['requests'][M]['result']>;
export type CommandName<D extends ViewDefinition> = CommandOf<D> extends { command: infer C } ? C : never;
export type CommandParams<D extends ViewDefinition, C> =
  Extract<CommandOf<D>, { command: C }> extends { params: infer P } ? P : never;
