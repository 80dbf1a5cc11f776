// The host's end of a webview's contract (src/shared/protocol: one `defineView` per view). Every
// message the page sends is validated against the view's schemas before anything acts on it (a
// webview showing model output is untrusted); an invalid one is dropped and reported to the output
// channel, and an invalid request is still answered, with an error, so the page's promise settles.
// The ready handshake and the `log`, `rendered` and `focused` commands are handled here, once, for
// every view (the "[<view>] rendered …" output line; panels read the times from `lastRendered`; a
// page's focus goes to webviewFocus, which the picks listen to). Notifications
// sent before `ready` are queued and flushed in order once the page is listening. vscode-free (the
// port is the subset of `vscode.Webview` used), so it is unit-tested in plain Node.
import {
  EveryViewCommand,
  type CommandOf,
  type NotificationMethod,
  type NotificationParams,
  type RenderedParams,
  type RequestMethod,
  type RequestParams,
  type RequestResult,
  type ResponseMessage,
  type ViewDefinition,
} from '../../shared/protocol';
import { reportWebviewFocus } from './webviewFocus';

/** What the connection needs of a `vscode.Webview`. */
export interface WebviewPort {
  postMessage(message: unknown): PromiseLike<boolean> | void;
  onDidReceiveMessage(listener: (message: unknown) => void): { dispose(): void };
}

/** One handler per request the view defines, typed by that request's params and reply (its `requestSpec`). */
export type RequestHandlers<D extends ViewDefinition> = {
  [M in RequestMethod<D>]: (params: RequestParams<D, M>) => Promise<RequestResult<D, M>> | RequestResult<D, M>;
};

export interface ConnectionHandlers<D extends ViewDefinition> {
  requests?: RequestHandlers<D>;
  onCommand?: (message: CommandOf<D>) => void | Promise<void>;
  /** The output channel: invalid messages, the page's own `log` lines and its render times go here. */
  log?: (line: string) => void;
  /** What the page shows, for its "rendered" line (e.g. `GSM8K/248 (12+12 turns)`). */
  describeRendered?: () => string;
}

export class WebviewConnection<D extends ViewDefinition> {
  private ready = false;
  private readonly queue: unknown[] = [];
  private readonly readyListeners = new Set<() => void>();
  private readonly renderListeners = new Set<(times: RenderedParams) => void>();
  private readonly subscription: { dispose(): void };
  private rendered: RenderedParams | undefined;

  constructor(
    private readonly webview: WebviewPort,
    private readonly definition: D,
    private readonly handlers: ConnectionHandlers<D>,
  ) {
    this.subscription = webview.onDidReceiveMessage((m: unknown) => void this.receive(m));
  }

  get isReady(): boolean {
    return this.ready;
  }

  /** Called once the page has announced `ready` (at once if it has). Returns an unsubscribe. */
  onDidBecomeReady(listener: () => void): { dispose(): void } {
    if (this.ready) listener();
    else this.readyListeners.add(listener);
    return { dispose: () => void this.readyListeners.delete(listener) };
  }

  /** The times of the page's last render, as it reported them. */
  get lastRendered(): RenderedParams | undefined {
    return this.rendered;
  }

  /** The page is given new content (a reused view): its last render times are no longer current. */
  forgetRendered(): void {
    this.rendered = undefined;
  }

  /** Called whenever the page reports a render. Returns an unsubscribe. */
  onDidRender(listener: (times: RenderedParams) => void): { dispose(): void } {
    this.renderListeners.add(listener);
    return { dispose: () => void this.renderListeners.delete(listener) };
  }

  /** Sends a notification the view defines (queued until ready). */
  notify<M extends NotificationMethod<D>>(method: M, params: NotificationParams<D, M>): void {
    const msg = { kind: 'notification', method, params };
    if (this.ready) void this.webview.postMessage(msg);
    else this.queue.push(msg);
  }

  private report(line: string): void {
    this.handlers.log?.(`[${this.definition.view} webview] ${line}`);
  }

  private async receive(raw: unknown): Promise<void> {
    const parsed = this.definition.incoming.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const why = `${issue?.path.length ? `${issue.path.join('.')}: ` : ''}${issue?.message ?? 'schema mismatch'}`;
      this.report(`dropped an invalid message (${describe(raw)}): ${why}`);
      const id = requestId(raw);
      if (id !== undefined)
        void this.webview.postMessage({
          kind: 'response',
          id,
          ok: false,
          error: `invalid request: ${why}`,
        } satisfies ResponseMessage);
      return;
    }
    // `incoming` is a union of these envelopes (defineView builds it from the envelope helpers).
    const msg = parsed.data as Envelope;
    if (msg.kind === 'ready') {
      this.ready = true;
      for (const m of this.queue.splice(0)) void this.webview.postMessage(m);
      for (const l of [...this.readyListeners]) l();
      this.readyListeners.clear();
      return;
    }
    if (msg.kind === 'command') {
      const common = EveryViewCommand.safeParse(msg);
      if (common.success) return this.everyView(common.data);
    }
    if (msg.kind === 'request') return this.answer(msg);
    // The view's own command, as its schema parsed it.
    await this.handlers.onCommand?.(parsed.data as CommandOf<D>);
  }

  private everyView(m: EveryViewCommand): void {
    if (m.command === 'log') return this.report(`${m.params.level}: ${m.params.message}`);
    if (m.command === 'focused') return reportWebviewFocus(m.params, this.definition.view);
    const times = m.params;
    this.rendered = times;
    const subject = this.handlers.describeRendered?.();
    const sinceCommand = times.sinceCommandMs;
    const parts = [
      `script→rendered ${times.ms.toFixed(0)} ms`,
      ...(times.sincePanelCreatedMs !== undefined
        ? [`panel created→rendered ${times.sincePanelCreatedMs.toFixed(0)} ms`]
        : []),
      ...(sinceCommand !== undefined ? [`command→rendered ${sinceCommand.toFixed(0)} ms`] : []),
    ];
    this.handlers.log?.(`[${this.definition.view}] rendered${subject ? ` ${subject}` : ''}: ${parts.join(', ')}`);
    for (const l of [...this.renderListeners]) l(times);
  }

  private async answer(msg: Extract<Envelope, { kind: 'request' }>): Promise<void> {
    // Indexed by the method the schema accepted: every request method of the view has a handler.
    const handler = (
      this.handlers.requests as Record<string, ((params: unknown) => unknown) | undefined> | undefined
    )?.[msg.method];
    let reply: ResponseMessage;
    if (!handler) reply = { kind: 'response', id: msg.id, ok: false, error: `unknown request ${msg.method}` };
    else {
      try {
        reply = { kind: 'response', id: msg.id, ok: true, result: await handler(msg.params) };
      } catch (e) {
        reply = { kind: 'response', id: msg.id, ok: false, error: e instanceof Error ? e.message : String(e) };
      }
    }
    void this.webview.postMessage(reply);
  }

  dispose(): void {
    this.subscription.dispose();
    this.readyListeners.clear();
    this.renderListeners.clear();
  }
}

type Envelope =
  | { kind: 'ready'; view: string }
  | { kind: 'command'; command: string; params: unknown }
  | { kind: 'request'; id: number; method: string; params: unknown };

/** The id of something shaped like a request, to answer it even when its params are invalid. */
function requestId(raw: unknown): number | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const o = raw as { kind?: unknown; id?: unknown };
  return o.kind === 'request' && typeof o.id === 'number' && Number.isInteger(o.id) ? o.id : undefined;
}

/** `request reload`, `command openPair`, … for the report; never the params (they may be large or hostile). */
function describe(raw: unknown): string {
  if (typeof raw !== 'object' || raw === null) return typeof raw;
  const o = raw as { kind?: unknown; method?: unknown; command?: unknown };
  const name = typeof o.method === 'string' ? o.method : typeof o.command === 'string' ? o.command : '';
  return `${typeof o.kind === 'string' ? o.kind : 'message'}${name ? ` ${name.slice(0, 60)}` : ''}`;
}
