// A refresh that would show the same thing is not pushed to the page. A log append is usually
// another conversation's line in the shown one's file: re-rendering the view for it (React, the
// Monaco models) costs the page's thread for nothing, and code-server runs webviews in the
// workbench's renderer, so the palette and the editors stall meanwhile. vscode-free (unit-tested).

/** Whether two states of a view show the same content (`timing` says when it was asked for, not what it shows). */
export function sameContent(a: object, b: object): boolean {
  return JSON.stringify({ ...a, timing: undefined }) === JSON.stringify({ ...b, timing: undefined });
}
