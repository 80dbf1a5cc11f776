// Host side of every Intent Lens webview: strict CSP with a nonce, resources only from
// dist/webview, initial state inlined into the HTML (no round trip before first paint), a ready
// handshake, and request/response pairing by id. Every incoming message is validated against the
// view's zod schema; anything else is dropped (a webview showing model output is untrusted).
import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { ReadyMessage, type ResponseMessage } from '../../shared/protocol';
import { escapeHtml } from '../../core/render/escapeHtml';

export interface WebviewHtmlOptions {
  /** Bundle name under dist/webview (`<view>.js`, optional `<view>.css`). */
  view: string;
  title: string;
  initialState: unknown;
  /**
   * The view runs Monaco: allow its blob workers and inline styles. Monaco injects <style> elements
   * (and style attributes) without a nonce it could be given, so only Monaco views keep
   * `style-src 'unsafe-inline'`; scripts stay nonce-only everywhere.
   */
  workers?: boolean;
}

export function makeNonce(): string {
  return randomBytes(18).toString('base64').replace(/[^A-Za-z0-9]/g, '');
}

/** JSON that is safe inside a <script type="application/json"> element. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value ?? null)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function webviewRoot(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
}

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return { enableScripts: true, retainContextWhenHidden: true, localResourceRoots: [webviewRoot(extensionUri)] };
}

export function renderWebviewHtml(webview: vscode.Webview, extensionUri: vscode.Uri, opts: WebviewHtmlOptions): string {
  const nonce = makeNonce();
  const root = webviewRoot(extensionUri);
  const script = webview.asWebviewUri(vscode.Uri.joinPath(root, `${opts.view}.js`));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(root, `${opts.view}.css`));
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' ${webview.cspSource}`,
    // Other views need no inline style: React and Lit set styles through the CSSOM (not subject to
    // CSP), and a <style> a view creates itself (Observable Plot's) carries the nonce.
    opts.workers ? `style-src ${webview.cspSource} 'unsafe-inline'` : `style-src ${webview.cspSource} 'nonce-${nonce}'`,
    `font-src ${webview.cspSource}`,
    `img-src ${webview.cspSource} data:`,
    ...(opts.workers ? ['worker-src blob:'] : []),
  ].join('; ');
  // `data-view` on <body> names the view: end-to-end tests tell apart several visible webviews by it.
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(opts.title)}</title>
<link rel="stylesheet" href="${style.toString()}">
</head>
<body data-view="${escapeHtml(opts.view)}">
<div id="root"></div>
<script type="application/json" id="initial-state" nonce="${nonce}">${inlineJson(opts.initialState)}</script>
<script type="module" nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
}

export { escapeHtml };

export type RequestHandlers = Record<string, (params: unknown) => Promise<unknown> | unknown>;

/**
 * Wires a webview to its handlers. `incoming` is the view's zod union of webview → host messages
 * (requests and commands); the ready handshake is handled here. Notifications sent before `ready`
 * are queued and flushed in order once the webview is listening.
 */
export class WebviewConnection<S extends z.ZodType> implements vscode.Disposable {
  private ready = false;
  private readonly queue: unknown[] = [];
  private readonly disposables: vscode.Disposable[] = [];
  private readonly readyEmitter = new vscode.EventEmitter<void>();
  readonly onDidBecomeReady = this.readyEmitter.event;

  constructor(
    private readonly webview: vscode.Webview,
    private readonly incoming: S,
    private readonly handlers: {
      requests?: RequestHandlers;
      onCommand?: (message: z.infer<S>) => void | Promise<void>;
      log?: (line: string) => void;
    },
  ) {
    this.disposables.push(this.readyEmitter, webview.onDidReceiveMessage((m: unknown) => void this.receive(m)));
  }

  get isReady(): boolean {
    return this.ready;
  }

  /** Sends a notification `{kind:'notification', method, params}` (queued until ready). */
  notify(method: string, params: unknown): void {
    const msg = { kind: 'notification', method, params };
    if (this.ready) void this.webview.postMessage(msg);
    else this.queue.push(msg);
  }

  private async receive(raw: unknown): Promise<void> {
    if (ReadyMessage.safeParse(raw).success) {
      this.ready = true;
      for (const m of this.queue.splice(0)) void this.webview.postMessage(m);
      this.readyEmitter.fire();
      return;
    }
    const parsed = this.incoming.safeParse(raw);
    if (!parsed.success) {
      this.handlers.log?.(`[webview] dropped an invalid message: ${parsed.error.issues[0]?.message ?? 'schema mismatch'}`);
      return;
    }
    const msg = parsed.data as { kind?: string; id?: number; method?: string; params?: unknown };
    if (msg.kind === 'request' && typeof msg.id === 'number' && typeof msg.method === 'string') {
      const handler = this.handlers.requests?.[msg.method];
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
      return;
    }
    await this.handlers.onCommand?.(parsed.data);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
