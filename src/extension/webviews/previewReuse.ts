// Preview-editor semantics for the views a researcher steps through (compare, conversation): a new
// "Compare…" / "Open Conversation" replaces the content of an open view of the same kind by posting
// it a new state, instead of creating a webview (whose frame, service worker and scripts take most
// of the time to the first paint). A view the user pinned (VS Code's "Pin Editor") is kept, and so
// is every view when the user turned previews off (`workbench.editor.enablePreview`); only a view on
// screen is reused.
import * as vscode from 'vscode';

interface HasPanel {
  readonly panel: vscode.WebviewPanel;
}

/** Whether the panel's tab is pinned. Tabs are matched by view type, group and title (the API links no tab to its panel). */
function isPinned(panel: vscode.WebviewPanel): boolean {
  for (const group of vscode.window.tabGroups.all) {
    if (group.viewColumn !== panel.viewColumn) continue;
    for (const tab of group.tabs) {
      // The tab's view type carries a workbench prefix (`mainThreadWebview-<viewType>`).
      if (
        tab.isPinned &&
        tab.input instanceof vscode.TabInputWebview &&
        tab.input.viewType.endsWith(panel.viewType) &&
        tab.label === panel.title
      )
        return true;
    }
  }
  return false;
}

/**
 * The open view to reuse for a new target: one on screen and not pinned, the one looked at last
 * first; else none. A view hidden behind another editor is not reused: the user is not looking at
 * it, and a hidden page's frames are throttled, so it would paint its new content late.
 */
export function reusablePanel<P extends HasPanel>(open: Iterable<P>, lastActive: P | undefined): P | undefined {
  if (!vscode.workspace.getConfiguration('workbench.editor').get<boolean>('enablePreview', true)) return undefined;
  const candidates = [...(lastActive ? [lastActive] : []), ...[...open].filter((p) => p !== lastActive)];
  return candidates.find((p) => p.panel.visible && !isPinned(p.panel));
}
