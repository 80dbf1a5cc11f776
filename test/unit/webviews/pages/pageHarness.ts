// Loads a webview page's real entry (webview/<view>/main.tsx) into the test's DOM (happy-dom) the
// way VS Code does: the host's state inlined as `<script id="initial-state">`, the webview API
// (`acquireVsCodeApi`) a recorder of what the page posts, host messages as window `message` events.
// Each load evaluates the page's modules afresh; `close()` unmounts it and drops its listeners.
import { vi } from 'vitest';

export interface PostedRequest {
  kind: 'request';
  id: number;
  method: string;
  params: unknown;
}
export interface PostedCommand {
  kind: 'command';
  command: string;
  params: unknown;
}
type Posted = PostedRequest | PostedCommand | { kind: 'ready'; view: string };

export interface LoadedPage {
  /** Every message the page posted to the host, in order. */
  posted: Posted[];
  /** What the page saved with the webview API's `setState` (persisted across reloads of the panel). */
  saved: unknown[];
  /** The page's commands other than the `log` and `rendered` every view sends. */
  commands(): PostedCommand[];
  requests(method?: string): PostedRequest[];
  /** What the page reported as errors to the Intent Lens output (a state that did not validate, a render that threw). */
  errors(): string[];
  /** Answers a request as the host does. */
  respond(request: PostedRequest, result: unknown): Promise<void>;
  /** A host notification (`state`, `navigate` …). */
  notify(method: string, params: unknown): Promise<void>;
  /** The first element matching `selector`, waited for. */
  find<E extends Element = HTMLElement>(selector: string): Promise<E>;
  /** Waits until `check` holds (React commits on its own schedule). */
  until(check: () => boolean, what: string): Promise<void>;
  close(): void;
}

/**
 * happy-dom has no ElementInternals, which the @vscode-elements controls take in their constructor
 * (for form association): a stand-in that accepts what they set. Their rendering and events are real.
 */
function standInElementInternals(): void {
  const proto = HTMLElement.prototype as { attachInternals?: () => unknown };
  if (proto.attachInternals) return;
  proto.attachInternals = () => ({
    setFormValue: () => undefined,
    setValidity: () => undefined,
    checkValidity: () => true,
    reportValidity: () => true,
    validity: { valid: true },
    validationMessage: '',
    willValidate: false,
    form: null,
    labels: [],
    states: new Set<string>(),
  });
}

type Listener = [
  type: string,
  listener: EventListenerOrEventListenerObject,
  options?: boolean | AddEventListenerOptions,
];

async function until(check: () => boolean, what: string): Promise<void> {
  // Generous: the page renders through React on a shared, often loaded machine.
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Loads `load()` (a dynamic import of the page's main.tsx) over `state`, once the page announced `ready`. */
export async function loadPage(load: () => Promise<unknown>, state: unknown, persisted?: unknown): Promise<LoadedPage> {
  vi.resetModules();
  standInElementInternals();
  document.body.innerHTML = '<div id="root"></div>';
  for (const k of Object.keys(document.body.dataset)) delete document.body.dataset[k];
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'initial-state';
  script.textContent = JSON.stringify(state);
  document.body.append(script);

  const posted: Posted[] = [];
  const saved: unknown[] = [];
  (globalThis as { acquireVsCodeApi?: unknown }).acquireVsCodeApi = () => ({
    postMessage: (m: Posted) => posted.push(structuredClone(m)),
    getState: () => persisted,
    setState: (s: unknown) => saved.push(s),
  });
  // The page's window listeners (the bridge's `message`, the views' keys), removed on close.
  const added: Listener[] = [];
  const addEventListener = window.addEventListener.bind(window);
  window.addEventListener = ((...args: Listener) => {
    added.push(args);
    addEventListener(...args);
  }) as typeof window.addEventListener;

  await load();
  await until(() => posted.some((m) => m.kind === 'ready'), 'the page to announce ready');
  const root = document.getElementById('root')!;

  const send = async (data: unknown) => {
    window.dispatchEvent(new MessageEvent('message', { data }));
    await new Promise((r) => setTimeout(r, 0));
  };
  return {
    posted,
    saved,
    commands: () =>
      posted.filter((m): m is PostedCommand => m.kind === 'command' && m.command !== 'log' && m.command !== 'rendered'),
    requests: (method) =>
      posted.filter((m): m is PostedRequest => m.kind === 'request' && (!method || m.method === method)),
    errors: () =>
      posted.flatMap((m) =>
        m.kind === 'command' && m.command === 'log' && (m.params as { level: string }).level === 'error'
          ? [(m.params as { message: string }).message]
          : [],
      ),
    respond: (request, result) => send({ kind: 'response', id: request.id, ok: true, result }),
    notify: (method, params) => send({ kind: 'notification', method, params }),
    find: async <E extends Element>(selector: string) => {
      await until(() => root.querySelector(selector) !== null, selector);
      return root.querySelector(selector) as E;
    },
    until,
    close: () => {
      window.addEventListener = addEventListener;
      for (const [type, listener, options] of added) window.removeEventListener(type, listener, options);
      document.body.innerHTML = '';
    },
  };
}

/** Lets React run what it scheduled after a commit (its passive effects: listeners bound to the new state). */
export const settle = () => new Promise<void>((r) => setTimeout(r, 0));

/** A key pressed with the focus on the page's body. */
export function pressKey(key: string, init: KeyboardEventInit = {}): void {
  window.dispatchEvent(
    new KeyboardEvent('keydown', { key, code: `Key${key.toUpperCase()}`, bubbles: true, cancelable: true, ...init }),
  );
}
