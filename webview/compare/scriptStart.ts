// Imported first by main.tsx, so this runs before React and Monaco are evaluated: the start of the
// view's script for the "script start → rendered" time.
export const scriptStart = performance.now();
