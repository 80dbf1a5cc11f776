// The extension host sends what an API call asks of the window (show a pick, create a panel, set its
// HTML) in batches on a timer, not at the call: work that follows in the same task, awaited
// microtasks included, holds those messages back until it ends. A command that shows something and
// then computes for a while awaits `sentToWindow()` in between, so the window starts on its part
// (building a webview's frame, showing a busy pick) while the host computes.

/** Resolves once the messages asked for so far have left for the window (one timer turn). */
export function sentToWindow(): Promise<void> {
  // A timer, not setImmediate: the host's send timer, set earlier, runs first.
  return new Promise((resolve) => setTimeout(resolve, 0));
}
