// Synchronous work written once as a generator that yields between units (a record, a plan), run
// either at once or in time slices: the extension's first load parses records on the host's thread,
// which must not be held for long (the workbench waits on it), while the CLI and an open editor's
// text want the result now.

/** Work that yields (nothing) between units and returns its result. */
export type Steps<T> = Generator<void, T, void>;

/** Runs the steps to the end, synchronously. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Resolves after the event loop's next turn (timers and I/O callbacks waiting now run first). */
export const nextTurn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

/** How long one slice may hold the thread before the event loop gets a turn. */
export const STEP_SLICE_MS = 8;

/** Runs the steps in slices of about `sliceMs`, letting the event loop turn between slices. */
export async function runStepsSliced<T>(steps: Steps<T>, sliceMs = STEP_SLICE_MS): Promise<T> {
  const turn = sliceTurns(sliceMs);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    await turn();
  }
}

/**
 * For a loop that cannot be written as steps (it awaits, or calls VS Code): `await turn()` after
 * each unit lets the event loop turn once about `sliceMs` of the thread was used, else goes on (a
 * resolved promise: a microtask, no wait).
 */
export function sliceTurns(sliceMs = STEP_SLICE_MS): () => Promise<void> {
  let until = performance.now() + sliceMs;
  return async () => {
    if (performance.now() < until) return;
    await nextTurn();
    until = performance.now() + sliceMs;
  };
}
