// Code: the program must define the active entry point at top level and must not define the
// inactive one (defining both fails, as in the paper); then the record's `check(candidate)` runs
// against the active entry point, and/or LiveCodeBench-style input/output cases, in the isolated
// sandbox (codeSandbox.ts) — only when trusted, and unisolated only when the user opted in.
import { extractPython, topLevelNames } from './pythonSource';
import { runCodeJob, type IoTestCase, type PythonRunnerOptions } from './codeSandbox';
import type { VerifyResult } from '../verifyTypes';

export interface CodeTask {
  /** The active entry-point name. */
  entryPoint: string;
  /** Names that must not be defined (the inactive task's entry point). */
  forbiddenNames: readonly string[];
  test?: string;
  /** LiveCodeBench-style input/output cases (the record's `public_test_cases`). */
  cases?: readonly IoTestCase[];
}

export interface CodeVerifyOptions {
  trusted: boolean;
  python?: PythonRunnerOptions;
  signal?: AbortSignal;
}

export async function verifyCode(responseText: string, task: CodeTask, opts: CodeVerifyOptions): Promise<VerifyResult> {
  const domain = 'code' as const;
  const program = extractPython(responseText, [task.entryPoint, ...task.forbiddenNames]);
  if (!program)
    return { is_correct: false, extracted: null, details: { domain, message: 'no Python code found in the response' } };
  const names = topLevelNames(program.code);
  const defined = new Set(names.map((n) => n.name));
  const forbidden = task.forbiddenNames.filter((n) => defined.has(n));
  const info = { entryPoint: task.entryPoint, defined: [...defined], span: { start: program.start, end: program.end } };
  if (!defined.has(task.entryPoint)) {
    const why = forbidden.length
      ? `defines the inactive name \`${forbidden.join('`, `')}\` instead of \`${task.entryPoint}\``
      : `does not define \`${task.entryPoint}\` at top level`;
    return { is_correct: false, extracted: program.code, details: { domain, message: `the program ${why}`, info } };
  }
  if (forbidden.length)
    return {
      is_correct: false,
      extracted: program.code,
      details: {
        domain,
        message: `the program defines both \`${task.entryPoint}\` and the inactive \`${forbidden.join('`, `')}\``,
        info,
      },
    };
  if (!task.test && !task.cases?.length)
    return {
      is_correct: null,
      extracted: program.code,
      details: { domain, message: 'the record has no test code', info },
    };
  if (!opts.trusted)
    return {
      is_correct: null,
      extracted: program.code,
      details: {
        domain,
        message: 'not executed: code answers run only in a trusted workspace (names checked: ok)',
        info,
      },
    };
  const run = await runCodeJob(
    {
      program: program.code,
      entry: task.entryPoint,
      ...(task.test ? { test: task.test } : {}),
      ...(task.cases?.length ? { cases: [...task.cases] } : {}),
    },
    opts.python,
    opts.signal,
  );
  const is_correct = run.status === 'pass' ? true : run.status === 'fail' || run.status === 'timeout' ? false : null;
  // Say it plainly when model code ran without isolation (the user opted in).
  const said = run.status === 'fail' ? `tests failed: ${run.message}` : run.message;
  const message = run.isolation === 'none' ? `${said} (ran unisolated)` : said;
  return {
    is_correct,
    extracted: program.code,
    details: {
      domain,
      message,
      info: {
        ...info,
        run: run.status,
        isolation: run.isolation,
        timedOut: run.status === 'timeout',
        durationMs: run.durationMs,
        ...(run.cpuMs !== undefined ? { cpuMs: run.cpuMs } : {}),
      },
    },
  };
}
