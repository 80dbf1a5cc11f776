// The Python grammar (@lezer/python) loads on the first parse, not with the extension: building
// its parse tables is 100–200 ms of module evaluation, and only verifiers and checks parse Python.
// The build gives it a bundle of its own (dist/lib-lezer-python.js, scripts/lazyHostModules.mjs).
import type * as LezerPython from '@lezer/python';

let grammar: typeof LezerPython.parser | undefined;

export function pythonParser(): typeof LezerPython.parser {
  grammar ??= (require('@lezer/python') as typeof LezerPython).parser;
  return grammar;
}
