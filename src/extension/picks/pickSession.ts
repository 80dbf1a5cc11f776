// One quick pick for a command's steps (a source, then a model, ...), on screen as the command
// starts and filled as each step's items are ready. It stays one pick across steps, so nothing gives
// the keyboard focus away between them: the input VS Code focuses when the pick shows keeps it, and
// what the user types filters each step's items. It ignores focus changes (Escape closes it): when a
// quick input closes (the palette), VS Code gives the focus back to the element that had it, often
// one of our webviews, and a pick that loses the focus would close.
// A page that VS Code gives the focus back to late does not keep it: PickFocusKeeper.
import * as vscode from 'vscode';
import { sentToWindow } from '../windowMessages';
import { PickFocusKeeper } from './pickFocusKeeper';

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

export class PickSession implements vscode.Disposable {
  private readonly qp = vscode.window.createQuickPick();
  private closed = false;
  private disposed = false;
  private readonly focus: PickFocusKeeper;

  private constructor(title: string) {
    this.qp.title = title;
    this.qp.busy = true;
    this.qp.ignoreFocusOut = true;
    this.focus = new PickFocusKeeper(this.qp);
    this.focus.onDidClose(() => (this.closed = true));
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
    const chosen = await new Promise<T | undefined>((resolve) => {
      const done = (item: T | undefined) => {
        accepted.dispose();
        stopClose();
        resolve(item);
      };
      const accepted = qp.onDidAccept(() => {
        const selected = qp.selectedItems[0];
        const item = step.items.find((i) => i === selected);
        // Enter on an empty filter result accepts nothing: keep waiting.
        if (item) done(item);
      });
      const stopClose = this.focus.onDidClose(() => done(undefined));
    });
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
    this.focus.dispose();
    this.qp.hide();
    this.qp.dispose();
  }
}
