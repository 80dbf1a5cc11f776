// How code answers are isolated: bubblewrap (Linux) around the fork-server, with new PID, network,
// IPC, UTS, mount (and, unprivileged, user) namespaces; read-only binds of /usr and of the Python
// installation's own prefix only (no /root, /home, /etc or host /proc); its own /proc, a minimal /dev
// and a private tmpfs. As root, bwrap cannot use a user namespace for the uid switch, so it keeps
// only CAP_SETUID/SETGID/CHOWN/KILL/DAC_OVERRIDE/FOWNER for the server, which runs each candidate as
// an unprivileged uid (RLIMIT_NPROC never binds root). Availability is probed once per interpreter.
import { execFile } from 'node:child_process';
import { accessSync, constants, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join, sep } from 'node:path';

export interface PythonInstall {
  /** The real interpreter (pyenv shims and venv links resolved). */
  executable: string;
  /** Directories of the installation (prefixes), deduplicated, none inside another or under /usr. */
  roots: string[];
  /** site-packages directories (the server runs with -S, so it adds them itself). */
  sitePaths: string[];
}

const installs = new Map<string, Promise<PythonInstall>>();

/** Asks the interpreter once where it lives (a shim needs its env, so this one call inherits it). */
export function pythonInstall(command = 'python3'): Promise<PythonInstall> {
  let p = installs.get(command);
  if (!p) {
    const script =
      'import sys, json, site; print(json.dumps([[sys.executable, sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix], site.getsitepackages()]))';
    p = new Promise<PythonInstall>((resolve, reject) => {
      execFile(command, ['-I', '-c', script], { timeout: 15000 }, (err, stdout) => {
        if (err) return reject(new Error(`cannot run ${command}: ${err.message}`));
        try {
          const [[exe, ...prefixes], sitePaths] = JSON.parse(stdout) as [string[], string[]];
          const executable = realpathSync(exe!);
          const candidates = [...prefixes, dirname(dirname(executable))].map((d) => realpathSync(d));
          const outside = [...new Set(candidates)].filter((d) => d !== '/' && d !== '/usr' && !d.startsWith('/usr/'));
          const roots = outside.filter((d) => !outside.some((o) => o !== d && d.startsWith(o + sep)));
          resolve({ executable, roots, sitePaths });
        } catch (e) {
          reject(new Error(`cannot locate the ${command} installation: ${e instanceof Error ? e.message : String(e)}`));
        }
      });
    });
    installs.set(command, p);
    p.catch(() => installs.delete(command));
  }
  return p;
}

/** `bwrap` on PATH, or undefined. */
export function findBwrap(): string | undefined {
  if (process.platform !== 'linux') return undefined;
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(delimiter)) {
    const p = join(dir, 'bwrap');
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      /* next */
    }
  }
  return undefined;
}

/** True when bwrap runs as root: it then switches uids itself instead of using a user namespace. */
export const runsAsRoot = (): boolean => process.getuid?.() === 0;

const SERVER_CAPS = ['CAP_SETUID', 'CAP_SETGID', 'CAP_CHOWN', 'CAP_KILL', 'CAP_DAC_OVERRIDE', 'CAP_FOWNER'];

/** /lib, /lib64, /bin...: symlinks into /usr on merged-/usr systems, real directories elsewhere. */
function systemDirArgs(): string[] {
  const out = ['--ro-bind', '/usr', '/usr'];
  for (const d of ['/lib', '/lib64', '/lib32', '/bin']) {
    try {
      const st = lstatSync(d);
      if (st.isSymbolicLink()) out.push('--symlink', readlinkSync(d), d);
      else if (st.isDirectory()) out.push('--ro-bind', d, d);
    } catch {
      /* absent */
    }
  }
  return out;
}

/** Each root's ancestors as 0755 directories: bwrap would copy the host's modes, and /root is 0700. */
function installDirArgs(roots: readonly string[]): string[] {
  const dirs = new Set<string>();
  for (const r of roots) for (let d = dirname(r); d !== '/' && d !== '.'; d = dirname(d)) dirs.add(d);
  const parentsFirst = [...dirs].sort((a, b) => a.split(sep).length - b.split(sep).length);
  return [
    ...parentsFirst.flatMap((d) => ['--perms', '0755', '--dir', d]),
    ...roots.flatMap((r) => ['--ro-bind', r, r]),
  ];
}

/** The bwrap command line that starts the fork-server (`-c` source and argv appended by the caller). */
export function bwrapArgs(install: PythonInstall): string[] {
  const ns = ['--unshare-pid', '--unshare-net', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup-try'];
  const privilege = runsAsRoot()
    ? ['--cap-drop', 'ALL', ...SERVER_CAPS.flatMap((c) => ['--cap-add', c])]
    : ['--unshare-user'];
  return [
    '--die-with-parent',
    '--new-session',
    ...ns,
    ...privilege,
    ...systemDirArgs(),
    ...installDirArgs(install.roots),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--tmpfs',
    '/tmp',
    '--chdir',
    '/tmp',
    '--clearenv',
    '--setenv',
    'LANG',
    'C.UTF-8',
    install.executable,
  ];
}
