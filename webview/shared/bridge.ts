// Webview side of the host↔webview protocol: reads the inlined initial state, announces `ready`,
// pairs requests with responses by id, and dispatches host notifications. Incoming messages are
// validated before use.
import { z } from 'zod';
import { ResponseMessage } from '../../src/shared/protocol';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode: VsCodeApi = typeof acquireVsCodeApi === 'function' ? acquireVsCodeApi() : { postMessage: () => undefined, getState: () => undefined, setState: () => undefined };

const NotificationMessage = z.object({ kind: z.literal('notification'), method: z.string(), params: z.unknown() });

/** The state the host inlined into the page (`<script type="application/json" id="initial-state">`). */
export function readInitialState<S extends z.ZodType>(schema: S): z.infer<S> | undefined {
  const el = document.getElementById('initial-state');
  if (!el?.textContent) return undefined;
  const r = schema.safeParse(JSON.parse(el.textContent));
  if (!r.success) {
    postCommand('log', { level: 'error', message: `initial state did not match its schema: ${r.error.issues[0]?.message ?? ''}` });
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
  if (note.success) for (const l of listeners.get(note.data.method) ?? []) l(note.data.params);
});

/** Sends a request and resolves with the host's result, validated by `result`. */
export function request<R extends z.ZodType>(method: string, params: unknown, result: R): Promise<z.infer<R>> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, {
      resolve: (v) => {
        const r = result.safeParse(v);
        if (r.success) resolve(r.data);
        else reject(new Error(`invalid response to ${method}`));
      },
      reject,
    });
    vscode.postMessage({ kind: 'request', id, method, params });
  });
}

export function postCommand(command: string, params: unknown): void {
  vscode.postMessage({ kind: 'command', command, params });
}

/** Subscribes to a host notification; returns an unsubscribe function. */
export function onNotification<P extends z.ZodType>(method: string, schema: P, listener: (params: z.infer<P>) => void): () => void {
  const wrapped = (params: unknown) => {
    const r = schema.safeParse(params);
    if (r.success) listener(r.data);
  };
  let set = listeners.get(method);
  if (!set) listeners.set(method, (set = new Set()));
  set.add(wrapped);
  return () => set!.delete(wrapped);
}

/** Tells the host the page is listening; call once after the first render. */
export function announceReady(view: string): void {
  vscode.postMessage({ kind: 'ready', view });
}

export const webviewState = {
  get: (): unknown => vscode.getState(),
  set: (s: unknown): void => vscode.setState(s),
};
