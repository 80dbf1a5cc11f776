// The UI bench's yardstick (bench/ui.md, "the platform's floor"): the emptiest webview panel an
// extension can open — a line of text and a script of a few lines, nothing of Intent Lens — timed as
// Intent Lens's views are (webview/shared/renderTiming.ts: `<body data-*>`, and a "[<view>] rendered"
// line on an output channel so the bench can wait without touching the page). What a fresh panel
// costs here is what any extension pays before its own page does anything. Plain JavaScript, loaded
// only by the bench (test/e2e/harness: `extraExtensions`); never shipped.
const vscode = require('vscode');
const { randomBytes } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

/** What the page runs (page.js): marks "rendered" once its first frame is painted, as the views do after their first commit. */
const PAGE_SCRIPT = readFileSync(join(__dirname, 'page.js'), 'utf8');

function activate(context) {
  const channel = vscode.window.createOutputChannel('Intent Lens Bench Floor');
  context.subscriptions.push(channel);
  const open = (view, linked) => () => {
    const commandAt = Date.now();
    const panel = vscode.window.createWebviewPanel(view, 'Floor', vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: [context.extensionUri],
    });
    const panelCreatedAt = Date.now();
    const nonce = randomBytes(16).toString('base64');
    const webview = panel.webview;
    const script = linked
      ? `<script nonce="${nonce}" src="${webview.asWebviewUri(vscode.Uri.joinPath(context.extensionUri, 'page.js'))}"></script>`
      : `<script nonce="${nonce}">${PAGE_SCRIPT}</script>`;
    webview.onDidReceiveMessage((m) => channel.appendLine(`[${view}] rendered in ${m.rendered} ms since the command`));
    webview.html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-${nonce}' ${webview.cspSource}">
<title>Floor</title></head>
<body data-view="${view}"><p>An empty webview.</p>
<script type="application/json" id="timing">${JSON.stringify({ commandAt, panelCreatedAt })}</script>
${script}
</body></html>`;
  };
  context.subscriptions.push(
    vscode.commands.registerCommand('intentLensBench.openFloorWebview', open('floor', false)),
    vscode.commands.registerCommand('intentLensBench.openFloorWebviewLinked', open('floor-linked', true)),
  );
}

module.exports = { activate };
