// Host side of every Intent Lens webview: strict CSP with a nonce, resources only from
// dist/webview, initial state and (./pageAssets) the view's eager script and stylesheet inlined
// into the HTML (no round trip before first paint); a prerendered page (./prerender) carries its
// content and stylesheet, and fetches its script while it loads to run it once shown
// (./loadAfterShown). The messages after that go through `WebviewConnection`
// (./webviewConnection), which validates them against the view's contract.
import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import { escapeHtml } from '../../core/render/escapeHtml';
import { inlineTextOf, SOURCE_MAP_COMMENT } from './pageAssets';
import { LOAD_AFTER_SHOWN } from './loadAfterShown';

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
  /**
   * The page's first content, rendered on the host (./prerender): React's escaped HTML, put into
   * `#root` for the page to hydrate; the page's script is then fetched while the page loads and run
   * once it is shown (`LOAD_AFTER_SHOWN`).
   */
  prerendered?: string;
}

export function makeNonce(): string {
  return randomBytes(18)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '');
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

/** The view's script as a module, inlined where it can be (./pageAssets), else from its URL. */
function moduleScript(
  webview: vscode.Webview,
  root: vscode.Uri,
  scriptFile: vscode.Uri,
  scriptUrl: string,
  nonce: string,
): string {
  const text = inlineTextOf(scriptFile.fsPath, 'script')?.replace(
    SOURCE_MAP_COMMENT,
    (_, map: string) => `//# sourceMappingURL=${webview.asWebviewUri(vscode.Uri.joinPath(root, map)).toString()}`,
  );
  return text !== undefined
    ? `<script type="module" nonce="${nonce}">${text}</script>`
    : `<script type="module" nonce="${nonce}" src="${scriptUrl}"></script>`;
}

export function renderWebviewHtml(webview: vscode.Webview, extensionUri: vscode.Uri, opts: WebviewHtmlOptions): string {
  const nonce = makeNonce();
  const root = webviewRoot(extensionUri);
  const scriptFile = vscode.Uri.joinPath(root, `${opts.view}.js`);
  const styleFile = vscode.Uri.joinPath(root, `${opts.view}.css`);
  const scriptUrl = webview.asWebviewUri(scriptFile).toString();
  const styleText = inlineTextOf(styleFile.fsPath, 'style');
  const script =
    opts.prerendered !== undefined
      ? `<script nonce="${nonce}" data-view-script="${escapeHtml(scriptUrl)}">${LOAD_AFTER_SHOWN}</script>`
      : moduleScript(webview, root, scriptFile, scriptUrl, nonce);
  const style =
    styleText !== undefined
      ? `<style nonce="${nonce}">${styleText}</style>`
      : `<link rel="stylesheet" href="${webview.asWebviewUri(styleFile).toString()}">`;
  // The views' lazy modules (Monaco, the highlighter, Plot) are imported as `intent-lens-lazy/<name>.js`
  // (scripts/build.mjs): one prefix to map, whether the script is inlined or loaded from its URL.
  const importMap = inlineJson({
    imports: { 'intent-lens-lazy/': `${webview.asWebviewUri(vscode.Uri.joinPath(root, 'lazy')).toString()}/` },
  });
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' ${webview.cspSource}`,
    // Other views need no inline style: React and Lit set styles through the CSSOM (not subject to
    // CSP), and a <style> a view creates itself (Observable Plot's) carries the nonce.
    opts.workers ? `style-src ${webview.cspSource} 'unsafe-inline'` : `style-src ${webview.cspSource} 'nonce-${nonce}'`,
    `font-src ${webview.cspSource}`,
    `img-src ${webview.cspSource} data:`,
    // A prerendered page fetches its own script (LOAD_AFTER_SHOWN); only the extension's resources.
    ...(opts.prerendered !== undefined ? [`connect-src ${webview.cspSource}`] : []),
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
${style}
<script type="importmap" nonce="${nonce}">${importMap}</script>
</head>
<body data-view="${escapeHtml(opts.view)}">
${opts.prerendered !== undefined ? `<div id="root" data-prerendered>${opts.prerendered}</div>` : '<div id="root"></div>'}
<script type="application/json" id="initial-state" nonce="${nonce}">${inlineJson(opts.initialState)}</script>
${script}
</body>
</html>`;
}

export { escapeHtml };

export { WebviewConnection } from './webviewConnection';
