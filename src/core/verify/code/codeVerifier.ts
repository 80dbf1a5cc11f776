// Code: the program must define the active entry point at top level and must not define the
// inactive one (defining both fails, as in the paper); then the record's `check(candidate)` runs
// against the active entry point in a sandboxed python3 subprocess — only when trusted.
import { randomUUID } from 'node:crypto';
import { extractPython, topLevelNames } from './pythonSource';
import { runPython, type PythonRunnerOptions } from './pythonSandbox';
import type { VerifyResult } from '../verifyTypes';

export interface CodeTask {
  /** The active entry-point name. */
  entryPoint: string;
  /** Names that must not be defined (the inactive task's entry point). */
  forbiddenNames: readonly string[];
  test?: string;
}

export interface CodeVerifyOptions {
  trusted: boolean;
  python?: PythonRunnerOptions;
  signal?: AbortSignal;
}

/** Runs the candidate as a module, then the test in the same namespace, then check(entry point). */
function harness(entryPoint: string, passMark: string): string {
  return `
import sys
ns = {"__name__": "candidate", "__builtins__": __builtins__}
with open("candidate.py", encoding="utf-8") as f:
    exec(compile(f.read(), "candidate.py", "exec"), ns)
with open("test_code.py", encoding="utf-8") as f:
    exec(compile(f.read(), "test_code.py", "exec"), ns)
ns["check"](ns[${JSON.stringify(entryPoint)}])
sys.stdout.write("\\n${passMark}\\n")
`;
}

export async function verifyCode(responseText: string, task: CodeTask, opts: CodeVerifyOptions): Promise<VerifyResult> {
  const domain = 'code' as const;
  const program = extractPython(responseText, [task.entryPoint, ...task.forbiddenNames]);
  if (!program) return { is_correct: false, extracted: null, details: { domain, message: 'no Python code found in the response' } };
  const names = topLevelNames(program.code);
  const defined = new Set(names.map((n) => n.name));
  const forbidden = task.forbiddenNames.filter((n) => defined.has(n));
  const info = { entryPoint: task.entryPoint, defined: [...defined], span: { start: program.start, end: program.end } };
  if (!defined.has(task.entryPoint)) {
    const why = forbidden.length ? `defines the inactive name \`${forbidden.join('`, `')}\` instead of \`${task.entryPoint}\`` : `does not define \`${task.entryPoint}\` at top level`;
    return { is_correct: false, extracted: program.code, details: { domain, message: `the program ${why}`, info } };
  }
  if (forbidden.length) return { is_correct: false, extracted: program.code, details: { domain, message: `the program defines both \`${task.entryPoint}\` and the inactive \`${forbidden.join('`, `')}\``, info } };
  if (!task.test) return { is_correct: null, extracted: program.code, details: { domain, message: 'the record has no test code', info } };
  if (!opts.trusted) return { is_correct: null, extracted: program.code, details: { domain, message: 'not executed: code answers run only in a trusted workspace (names checked: ok)', info } };
  // A fresh mark per run, so a program cannot print its way to a pass.
  const passMark = `passed-${randomUUID()}`;
  const run = await runPython({ 'candidate.py': program.code, 'test_code.py': task.test, 'harness.py': harness(task.entryPoint, passMark) }, 'harness.py', opts.python, opts.signal);
  const passed = run.exitCode === 0 && run.stdout.includes(passMark);
  const lastErr = run.stderr.trim().split('\n').slice(-1)[0] ?? '';
  const message = passed ? 'all tests passed' : run.timedOut ? `stopped after ${run.durationMs} ms (time limit)` : `tests failed: ${lastErr || `exit ${run.exitCode ?? run.signal}`}`;
  return { is_correct: passed, extracted: program.code, details: { domain, message, info: { ...info, exitCode: run.exitCode, signal: run.signal, timedOut: run.timedOut, durationMs: run.durationMs, stderr: run.stderr.slice(-2000) } } };
}
