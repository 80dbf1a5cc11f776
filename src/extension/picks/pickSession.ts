// One quick pick for a command's steps (a source, then a model, ...), on screen as the command
// starts and filled as each step's items are ready. Why: when a quick input closes (the palette, a
// previous step), VS Code gives the focus back to the element that had it, often one of our
// webviews (compare, conversation, dashboard); that focus reaches the page later, through its
// frames, and takes it from a pick shown meanwhile (VS Code's guard, microsoft/vscode#75209, checks
// only 50 ms after the close; at full scale and under load the pick comes later). A pick that loses
// the focus closes, or is left inert mid-animation. So the pick ignores focus changes (Escape
// closes it), takes the focus back as each step's items arrive, and stays one pick across steps,
// so nothing gives the focus away between them.
import * as vscode from 'vscode';
import { sentToWindow } from '../windowMessages';

export interface PickStep<T extends vscode.QuickPickItem> {
  title: string;
  placeholder: string;
  items: readonly T[];
  /**
   * Keep the items' order while the user types (VS Code otherwise re-sorts matches by label score,
   * which put a fuzzy match of another instance above the sibling the list offered first).
   */
  keepOrder?: boolean;
}

/** Gives the keyboard focus back to the open quick pick (a webview may have taken it). */
export function focusPick(): Thenable<unknown> {
  return vscode.commands.executeCommand('workbench.action.focusQuickOpen');
}

/** When a step's pick takes the keyboard focus back again after showing its items. */
const REFOCUS_AFTER_MS = [200, 600, 1200, 2500];

export class PickSession implements vscode.Disposable {
  private readonly qp = vscode.window.createQuickPick();
  private closed = false;
  private disposed = false;

  private constructor(title: string) {
    this.qp.title = title;
    this.qp.busy = true;
    this.qp.ignoreFocusOut = true;
    this.qp.onDidHide(() => (this.closed = true));
    this.qp.show();
  }

  /**
   * Shows the pick (busy, no items yet). Resolves after the show has left for the window, before
   * the caller's work on the items can hold the extension host's thread.
   */
  static async start(title: string): Promise<PickSession> {
    const session = new PickSession(title);
    await sentToWindow();
    return session;
  }

  /** Offers `step.items`; resolves with the accepted one, or undefined when the user closed the pick. It stays up, busy, for the next step. */
  async pick<T extends vscode.QuickPickItem>(step: PickStep<T>): Promise<T | undefined> {
    if (this.closed) return undefined;
    const { qp } = this;
    qp.title = step.title;
    qp.placeholder = step.placeholder;
    // `sortByLabel` is in VS Code's quickPickSortByLabel proposal; its setter takes it without the
    // proposal enabled (1.139). Where it is ignored the list is only re-sorted as before.
    (qp as vscode.QuickPick<vscode.QuickPickItem> & { sortByLabel?: boolean }).sortByLabel = !step.keepOrder;
    qp.items = step.items;
    qp.busy = false;
    void focusPick();
    // The webview the palette closed over can take the focus back later still (seen at 1–2 s under
    // load): the pick takes it back a few times, until the user types or the step ends.
    let typed = false;
    const refocus = REFOCUS_AFTER_MS.map((ms) => setTimeout(() => typed || this.closed || void focusPick(), ms));
    const chosen = await new Promise<T | undefined>((resolve) => {
      const subs = [
        qp.onDidChangeValue(() => (typed = true)),
        qp.onDidAccept(() => {
          const selected = qp.selectedItems[0];
          const item = step.items.find((i) => i === selected);
          // Enter on an empty filter result accepts nothing: keep waiting.
          if (!item) return;
          subs.forEach((s) => s.dispose());
          resolve(item);
        }),
        qp.onDidHide(() => {
          subs.forEach((s) => s.dispose());
          resolve(undefined);
        }),
      ];
    });
    refocus.forEach(clearTimeout);
    // Cleared now, not when the next step's items arrive: what the user types meanwhile filters them.
    qp.busy = true;
    qp.value = '';
    qp.items = [];
    return chosen;
  }

  /** Closes the pick (again: a no-op). */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.qp.hide();
    this.qp.dispose();
  }
}
