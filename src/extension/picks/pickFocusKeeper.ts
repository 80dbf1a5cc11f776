// Keeps the keyboard focus in a quick pick's input when VS Code gives it to one of our pages late.
// VS Code gives a webview the focus back some time after a quick input closes (the palette that ran
// the command): it focuses the editor group, then the page's frame again ~50 ms later. Under load that
// lands after our pick showed, and what the user types then goes to the page (a conversation view's
// letters are shortcuts). So when a page reports a focus the user did not ask for (no click) within a
// few seconds of the pick showing, and nothing is typed in the pick yet, the pick is hidden and shown
// again, which puts the focus in its input. VS Code's "focus the quick input" command
// (workbench.action.focusQuickOpen, 1.139) is no use here: it focuses the list, not the input.
import type * as vscode from 'vscode';
import { logFocus, onWebviewFocus } from '../webviews/webviewFocus';

/** How long after the pick shows a page's focus is taken back, and how often at most. */
const REFOCUS_WINDOW_MS = 4000;
const MAX_REFOCUS = 3;

export class PickFocusKeeper {
  private refocusing = false;
  private refocused = 0;
  private closed = false;
  private readonly shownAt = Date.now();
  private readonly stopWatching: () => void;
  /** What the prompt shows before the user types (an input box may start with a value). */
  private readonly untouchedValue: string;

  /** Call before `qp.show()`; the pick (or input box) should ignore focus changes (`ignoreFocusOut`). */
  constructor(private readonly qp: vscode.QuickPick<vscode.QuickPickItem> | vscode.InputBox) {
    this.untouchedValue = qp.value;
    qp.onDidHide(() => {
      if (this.refocusing) return;
      this.closed = true;
      this.stopWatching();
      for (const l of [...this.closeListeners]) l();
    });
    this.stopWatching = onWebviewFocus(({ byPointer }) => {
      if (!byPointer && Date.now() - this.shownAt < REFOCUS_WINDOW_MS) void this.takeFocusBack();
    });
  }

  private readonly closeListeners = new Set<() => void>();

  /**
   * The pick closed (the user's Escape, a `hide()`), not hidden by the keeper to be shown again: use
   * this, not the pick's `onDidHide`, for what a close ends. Returns the unsubscribe function.
   */
  onDidClose(listener: () => void): () => void {
    this.closeListeners.add(listener);
    return () => void this.closeListeners.delete(listener);
  }

  private async takeFocusBack(): Promise<void> {
    const { qp } = this;
    if (this.refocusing || this.closed || qp.value !== this.untouchedValue || this.refocused >= MAX_REFOCUS) return;
    this.refocusing = true;
    this.refocused++;
    try {
      const hidden = new Promise<void>((resolve) => {
        const sub = qp.onDidHide(() => {
          sub.dispose();
          resolve();
        });
      });
      qp.hide();
      await hidden;
      if (this.closed) return;
      qp.show();
      // The window shows a quick pick again without its items (1.139): send them again.
      if ('items' in qp) qp.items = [...qp.items];
      logFocus(`"${qp.title ?? ''}" shown again to take the focus back (${this.refocused})`);
    } finally {
      this.refocusing = false;
    }
  }

  /** Stops watching (the pick is closed for good). */
  dispose(): void {
    this.closed = true;
    this.stopWatching();
    this.closeListeners.clear();
  }
}
