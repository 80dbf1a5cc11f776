// Imported first by a view's entry, so this runs before React (and anything else) is evaluated: the
// start of the view's script for its "script start → rendered" time.
export const scriptStart = performance.now();
