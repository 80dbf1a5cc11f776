// Webview side of the host↔webview protocol: reads the inlined initial state, announces `ready`,
// pairs requests with responses by id, and dispatches host notifications. `connectView` binds these
// to a view's contract (src/shared/protocol, `defineView`): the state and every notification are
// validated against it, and what does not match is reported to the host's output channel. The
// contract types every method name and its params; nothing else here sends.
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import {
  ResponseMessage,
  type CommandName,
  type CommandParams,
  type EveryViewCommand,
  type NotificationMethod,
  type NotificationParams,
  type RenderedParams,
  type RequestMethod,
  type RequestParams,
  type RequestResult,
  type StateOf,
  type ViewDefinition,
} from '../../src/shared/protocol';
import { countStateApplied, markRendered, type HostTiming } from './renderTiming';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode: VsCodeApi =
  typeof acquireVsCodeApi === 'function'
    ? acquireVsCodeApi()
    : { postMessage: () => undefined, getState: () => undefined, setState: () => undefined };

const NotificationMessage = z.object({ kind: z.literal('notification'), method: z.string(), params: z.unknown() });
/** The view's notification schema (set by `connectView`); without one, notifications are not delivered. */
let notifications: $ZodType | undefined;

/** The state the host inlined into the page (`<script type="application/json" id="initial-state">`). */
function readInitialState<S extends $ZodType>(schema: S): z.infer<S> | undefined {
  const el = document.getElementById('initial-state');
  if (!el?.textContent) return undefined;
  const r = z.safeParse(schema, JSON.parse(el.textContent));
  if (!r.success) {
    postLog('error', `initial state did not match its schema: ${r.error.issues[0]?.message ?? ''}`);
    return undefined;
  }
  return r.data;
}

let nextId = 1;
const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
const listeners = new Map<string, Set<(params: unknown) => void>>();

window.addEventListener('message', (ev: MessageEvent<unknown>) => {
  const resp = ResponseMessage.safeParse(ev.data);
  if (resp.success) {
    const p = pending.get(resp.data.id);
    if (!p) return;
    pending.delete(resp.data.id);
    if (resp.data.ok) p.resolve(resp.data.result);
    else p.reject(new Error(resp.data.error ?? 'request failed'));
    return;
  }
  const note = NotificationMessage.safeParse(ev.data);
  if (!note.success || !notifications) return;
  const valid = z.safeParse(notifications, ev.data);
  if (!valid.success) {
    postLog(
      'error',
      `dropped an invalid ${note.data.method.slice(0, 60)} notification: ${valid.error.issues[0]?.message ?? 'schema mismatch'}`,
    );
    return;
  }
  // The view's schema parsed it as a notification envelope.
  const { method, params } = valid.data as { method: string; params: unknown };
  // End-to-end tests wait on the count to know a pushed state arrived (every view's `state`).
  if (method === 'state') countStateApplied();
  for (const l of listeners.get(method) ?? []) l(params);
});

/** Sends a request and resolves with the host's result, validated by `result`. */
function request<R extends $ZodType>(method: string, params: unknown, result: R): Promise<z.infer<R>> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, {
      resolve: (v) => {
        const r = z.safeParse(result, v);
        if (r.success) resolve(r.data);
        else reject(new Error(`invalid response to ${method}`));
      },
      reject,
    });
    vscode.postMessage({ kind: 'request', id, method, params });
  });
}

/** `log`, `rendered` and `focused`, which every view sends (the host's connection handles them). */
function postEveryView(m: EveryViewCommand): void {
  vscode.postMessage(m);
}

// The page says when it gets the focus, and whether a click gave it (the host's picks take the
// focus back only from a focus the user did not ask for: see WebviewFocusedCommand).
let lastPointerAt = -Infinity;
window.addEventListener('pointerdown', () => (lastPointerAt = performance.now()), true);
window.addEventListener('focus', () =>
  postEveryView({
    kind: 'command',
    command: 'focused',
    params: { byPointer: performance.now() - lastPointerAt < 1000 },
  }),
);

/** A line for the Intent Lens output channel (the host's connection writes it). */
function postLog(level: 'info' | 'warn' | 'error', message: string): void {
  postEveryView({ kind: 'command', command: 'log', params: { level, message: message.slice(0, 4000) } });
}

/** A page's typed end of its view contract; create it once per page (`connectView`). */
export interface ViewBridge<D extends ViewDefinition> {
  /** The view's name (`compare`, `dashboard` …). */
  readonly view: string;
  /** The inlined state, validated (undefined, and reported, when it does not match). */
  readInitialState(): StateOf<D> | undefined;
  /** Subscribes to a notification the view defines; returns an unsubscribe function. */
  onNotification<M extends NotificationMethod<D> & string>(
    method: M,
    listener: (params: NotificationParams<D, M>) => void,
  ): () => void;
  /** Sends a request the view defines; resolves with its reply, validated by the request's result schema. */
  request<M extends RequestMethod<D>>(method: M, params: RequestParams<D, M>): Promise<RequestResult<D, M>>;
  postCommand<C extends CommandName<D> & string>(command: C, params: CommandParams<D, C>): void;
  log(level: 'info' | 'warn' | 'error', message: string): void;
  /**
   * The view's content is on screen: marks `<body data-rendered …>` (end-to-end tests and the UI
   * bench read it) and reports the times to the host, which logs them. `timing`: the host's clock
   * from the state, when this render is the one a command opened.
   */
  rendered(timing?: HostTiming): RenderedParams;
  /** Tells the host the page is listening; call once after the first render. */
  announceReady(): void;
}

export function connectView<D extends ViewDefinition>(definition: D): ViewBridge<D> {
  notifications = definition.toView;
  return {
    view: definition.view,
    readInitialState: () => readInitialState<D['state']>(definition.state),
    onNotification: (method, listener) => {
      // Params reach listeners only after the view's schema accepted the whole message.
      const wrapped = listener as (params: unknown) => void;
      let set = listeners.get(method);
      if (!set) listeners.set(method, (set = new Set()));
      set.add(wrapped);
      return () => void set.delete(wrapped);
    },
    // The method's own result schema parses the reply, so it is that request's result.
    request: <M extends RequestMethod<D>>(method: M, params: RequestParams<D, M>) =>
      request(method, params, definition.requests[method]!.result) as Promise<RequestResult<D, M>>,
    postCommand: (command, params) => vscode.postMessage({ kind: 'command', command, params }),
    log: postLog,
    rendered: (timing) => {
      const times = markRendered(timing);
      postEveryView({ kind: 'command', command: 'rendered', params: times });
      return times;
    },
    announceReady: () => vscode.postMessage({ kind: 'ready', view: definition.view }),
  };
}

export const webviewState = {
  get: (): unknown => vscode.getState(),
  set: (s: unknown): void => vscode.setState(s),
};
