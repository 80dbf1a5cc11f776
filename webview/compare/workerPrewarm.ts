// Starts Monaco's diff worker at script start, before Monaco itself is evaluated: the worker's
// script boots in parallel with the first paint of the conversation, and the diff editor takes
// this worker on its first request.
import workerSource from 'monaco-worker-source';

let url: string | undefined;
let warm: Worker | undefined;

function workerUrl(): string {
  url ??= URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
  return url;
}

export function prewarmWorker(): void {
  warm ??= new Worker(workerUrl());
}

/** The prewarmed worker the first time, a fresh one after. */
export function takeWorker(): Worker {
  const w = warm ?? new Worker(workerUrl());
  warm = undefined;
  return w;
}
