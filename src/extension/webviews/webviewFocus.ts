// Where the host hears that one of its pages got the keyboard focus (each view's `focused` command,
// handled once by the connection). vscode-free, like the connection, so both are tested in Node.

export interface WebviewFocus {
  /** A click or touch in the page gave it the focus (the user asked for it). */
  byPointer: boolean;
}

const listeners = new Set<(focus: WebviewFocus) => void>();
let log: (line: string) => void = () => undefined;

/** Where the focus lines go (the Intent Lens output channel, set at activation). */
export function logFocusTo(write: (line: string) => void): void {
  log = write;
}

/** A line about who has the focus, for the output channel (`[focus] …`). */
export function logFocus(line: string): void {
  log(`[focus] ${line}`);
}

/** Called by the connection for every page's `focused` command. */
export function reportWebviewFocus(focus: WebviewFocus, view: string): void {
  if (listeners.size) logFocus(`the ${view} page got the focus${focus.byPointer ? ' (a click)' : ''}`);
  for (const l of [...listeners]) l(focus);
}

/** Listens to every page's focus; returns the unsubscribe function. */
export function onWebviewFocus(listener: (focus: WebviewFocus) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
