// Runs untrusted Python in a subprocess: its own temp dir as cwd and HOME, a minimal environment
// (nothing inherited: no API keys), CPU/memory/file-size limits set by a Python prelude through
// `resource.setrlimit`, its own process group killed whole on timeout or abort, output capped.
import { spawn, execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PythonRunnerOptions {
  /** The interpreter; default `python3` resolved once to its real path (pyenv shims need their env). */
  pythonPath?: string;
  timeoutMs?: number;
  /** Address-space limit in MiB. */
  memoryMb?: number;
  maxOutputBytes?: number;
}

export interface PythonRunResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  durationMs: number;
}

const resolved = new Map<string, Promise<string>>();

/** `python3` may be a shim that needs PATH/HOME/PYENV_*: ask it once for the real interpreter. */
export function resolvePython(command = 'python3'): Promise<string> {
  let p = resolved.get(command);
  if (!p) {
    p = new Promise((resolve, reject) => {
      execFile(command, ['-c', 'import sys; print(sys.executable)'], { timeout: 15000 }, (err, stdout) => {
        if (err) reject(new Error(`cannot run ${command}: ${err.message}`));
        else resolve(stdout.trim() || command);
      });
    });
    resolved.set(command, p);
    p.catch(() => resolved.delete(command));
  }
  return p;
}

/** The prelude applies the limits, then runs the target script in a clean `__main__`. */
const PRELUDE = `
import resource, sys, runpy
cpu, mem, fsize = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
def _limit(which, value):
    try:
        resource.setrlimit(which, (value, value))
    except (ValueError, OSError):
        pass
_limit(resource.RLIMIT_CPU, cpu)
_limit(resource.RLIMIT_AS, mem)
_limit(resource.RLIMIT_FSIZE, fsize)
_limit(resource.RLIMIT_CORE, 0)
target = sys.argv[4]
sys.argv = [target]
runpy.run_path(target, run_name="__main__")
`;

export async function runPython(files: Record<string, string>, mainFile: string, opts: PythonRunnerOptions = {}, signal?: AbortSignal): Promise<PythonRunResult> {
  const python = await resolvePython(opts.pythonPath ?? 'python3');
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const maxOut = opts.maxOutputBytes ?? 64 * 1024;
  const dir = await mkdtemp(join(tmpdir(), 'intent-lens-py-'));
  try {
    await writeFile(join(dir, '_prelude.py'), PRELUDE);
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    const env: NodeJS.ProcessEnv = { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: dir, TMPDIR: dir, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', PYTHONDONTWRITEBYTECODE: '1', PYTHONHASHSEED: '0' };
    const cpuSeconds = Math.max(1, Math.ceil(timeoutMs / 1000) + 1);
    const memBytes = (opts.memoryMb ?? 1024) * 1024 * 1024;
    const args = ['-I', '_prelude.py', String(cpuSeconds), String(memBytes), String(16 * 1024 * 1024), mainFile];
    const started = Date.now();
    return await new Promise<PythonRunResult>((resolve) => {
      const child = spawn(python, args, { cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      let timedOut = false;
      const killGroup = () => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      };
      const timer = setTimeout(() => {
        timedOut = true;
        killGroup();
      }, timeoutMs);
      const onAbort = () => killGroup();
      signal?.addEventListener('abort', onAbort, { once: true });
      child.stdout.on('data', (d: Buffer) => {
        if (stdout.length < maxOut) stdout += d.toString('utf8').slice(0, maxOut - stdout.length);
      });
      child.stderr.on('data', (d: Buffer) => {
        if (stderr.length < maxOut) stderr += d.toString('utf8').slice(0, maxOut - stderr.length);
      });
      let finished = false;
      const finish = (exitCode: number | null, sig: NodeJS.Signals | null) => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        // Children the program forked are in the same group: end them too.
        killGroup();
        resolve({ exitCode, signal: sig, timedOut, stdout, stderr, durationMs: Date.now() - started });
      };
      child.on('error', (e) => {
        stderr += String(e.message);
        finish(null, null);
      });
      child.on('close', finish);
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
