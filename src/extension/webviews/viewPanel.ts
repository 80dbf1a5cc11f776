// The wiring every Intent Lens webview panel shares, written once: the page's HTML with its state
// inlined, the connection to the view's contract (reporting to the output channel, render times
// included), disposables released with the panel, and which panel of a kind was active last.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import type { RenderedParams, StateOf, ViewDefinition } from '../../shared/protocol';
import { renderWebviewHtml } from './webviewPanelHost';
import type { PrerenderedView } from './prerender';
import { prerenderViewOffThread } from './prerenderThread';
import { WebviewConnection, type ConnectionHandlers } from './webviewConnection';

export interface ViewPanelSpec<D extends ViewDefinition> {
  definition: D;
  /** The page's <title>. */
  title: string;
  initialState: StateOf<D>;
  /** The view runs Monaco (see `WebviewHtmlOptions.workers`). */
  workers?: boolean;
  /** The view has a prerender bundle: its first content is rendered here, into the page's HTML (./prerender). */
  prerender?: PrerenderedView;
  /** The view's requests and commands (the output channel is the panel's). */
  handlers: Omit<ConnectionHandlers<D>, 'log'>;
}

export abstract class ViewPanel<D extends ViewDefinition> implements vscode.Disposable {
  protected readonly connection: WebviewConnection<D>;
  /** Released, in order, when the panel is disposed (by the user closing it or by `dispose`). */
  protected readonly disposables: vscode.Disposable[] = [];

  protected constructor(
    services: Pick<ExtensionServices, 'output' | 'context'>,
    readonly panel: vscode.WebviewPanel,
    spec: ViewPanelSpec<D>,
  ) {
    const log = (line: string) => services.output.appendLine(line);
    this.connection = new WebviewConnection(panel.webview, spec.definition, { ...spec.handlers, log });
    const html = (prerendered?: string) =>
      renderWebviewHtml(panel.webview, services.context.extensionUri, {
        view: spec.definition.view,
        title: spec.title,
        initialState: spec.initialState,
        ...(spec.workers ? { workers: true } : {}),
        ...(prerendered !== undefined ? { prerendered } : {}),
      });
    if (spec.prerender)
      void this.setPrerenderedHtml(
        spec.prerender,
        spec.initialState,
        vscode.Uri.joinPath(services.context.extensionUri, 'dist').fsPath,
        html,
        log,
      );
    else panel.webview.html = html();
    this.disposables.push(
      this.connection,
      panel.onDidDispose(() => this.dispose()),
    );
  }

  /**
   * The page's HTML once its first content is rendered off the host's thread (./prerenderThread):
   * VS Code's new frame takes 200–700 ms before it can take the HTML, so the page is not later for it.
   */
  private async setPrerenderedHtml(
    view: PrerenderedView,
    state: unknown,
    distDir: string,
    html: (prerendered?: string) => string,
    log: (line: string) => void,
  ): Promise<void> {
    const prerendered = await prerenderViewOffThread(view, state, distDir, (m) => log(`[${view}] ${m}`));
    if (this.disposed) return;
    if (prerendered)
      log(
        `[${view}] first content prerendered in ${prerendered.ms.toFixed(1)} ms (${Math.round(prerendered.html.length / 1024)} KB${prerendered.offThread ? ", off the host's thread" : ''})`,
      );
    this.panel.webview.html = html(prerendered?.html);
  }

  /** The page's last reported render times (the host test suite and the bench read them). */
  get lastRendered(): RenderedParams | undefined {
    return this.connection.lastRendered;
  }

  get lastRenderedMs(): number | undefined {
    return this.connection.lastRendered?.ms;
  }

  private disposed = false;

  dispose(): void {
    this.disposed = true;
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }
}

/** Which panel of a kind the user looked at last: keyboard commands go there when none is active. */
export class LastActivePanel<P extends { readonly panel: vscode.WebviewPanel }> {
  private lastSeen: P | undefined;

  /** The one active last (it may be active now). */
  get last(): P | undefined {
    return this.lastSeen;
  }

  /** The active one of `open`, else the one active last. */
  active(open: Iterable<P>): P | undefined {
    for (const p of open) if (p.panel.active) return p;
    return this.lastSeen;
  }

  /** `p` is the last active now and whenever it becomes active again; disposing forgets it. */
  track(p: P): vscode.Disposable {
    this.lastSeen = p;
    const sub = p.panel.onDidChangeViewState((e) => {
      if (e.webviewPanel.active) this.lastSeen = p;
    });
    return {
      dispose: () => {
        sub.dispose();
        if (this.lastSeen === p) this.lastSeen = undefined;
      },
    };
  }
}
