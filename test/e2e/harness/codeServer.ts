// Starts one fresh code-server (a real VS Code 1.139 in the browser) per suite: a free port from the
// OS, private temp folders (user data, extensions, XDG_*, TMPDIR), the built extension copied in as
// an installed extension, user settings written before start. Runs in its own process group (setsid)
// so stop() ends the server and every extension host it spawned.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  closeSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { codeServerEntry, missingE2eTools, node24Bin, repoRoot } from './toolPaths';

export interface CodeServerOptions {
  /** Folder opened in the workbench (absolute or relative to the repo root). */
  workspace: string;
  /**
   * Extension folder to install (copied as `intent-lens.intent-lens-<version>`); defaults to the repo
   * root (its package.json, dist/, media/, README). `false` installs nothing (host suites load the
   * extension through extensionDevelopmentPath instead).
   */
  extensionPath?: string | false;
  /**
   * A packed `.vsix` to install into the fresh profile with code-server's `--install-extension`, as a
   * user would, instead of copying an extension folder (`extensionPath` is then ignored).
   */
  vsix?: string;
  /** More extension folders to install beside it, each copied whole (the UI bench's yardstick, bench/floorWebview). */
  extraExtensions?: string[];
  /** Symlink the extension folder instead of copying it (npm start: `npm run watch` + Reload Window). */
  linkExtension?: boolean;
  /** Extra user settings, merged over the harness defaults. */
  settings?: Record<string, unknown>;
  /** true (default): Workspace Trust off, everything trusted. false: trust on, folder stays restricted. */
  trust?: boolean;
  /** Start with `--vscode-option enable-smoke-test-driver` (needed by the host-suite runner). */
  smokeTestDriver?: boolean;
  /** More code-server arguments (e.g. `--enable-proposed-api <extension id>` for a test extension). */
  extraArgs?: string[];
  /** Extra environment for the server and its extension hosts. */
  env?: Record<string, string>;
  /** Keep the temp folders after stop() (for debugging). Also kept when INTENT_LENS_KEEP_TMP=1. */
  keepTemp?: boolean;
}

export interface CodeServer {
  /** Base URL, e.g. http://127.0.0.1:41234/ */
  url: string;
  port: number;
  /** Absolute path of the opened folder. */
  workspace: string;
  /** Combined stdout/stderr of code-server (extension host crashes show up here). */
  logPath: string;
  /** The per-run temp root (user data, extensions, XDG folders, TMPDIR). */
  runDir: string;
  /** Milliseconds from spawn to a healthy /healthz. */
  startMs: number;
  /** Kills the whole process group; throws when the log shows an extension host crash (SIGABRT). */
  stop(): Promise<void>;
  /**
   * Stops this server and starts another on the same run folder (user data, workspace storage,
   * installed extension): a second start of the same window, e.g. to see what an extension kept.
   * This server's stop() is then done; stop the one returned.
   */
  restart(): Promise<CodeServer>;
}

/** Settings that keep a fresh workbench quiet and deterministic. */
const defaultSettings: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'extensions.autoUpdate': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'git.enabled': false,
  'files.autoSave': 'off',
  'window.restoreWindows': 'none',
};

/** Asks the OS for a free TCP port on 127.0.0.1 (listen on port 0, read it, close). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolvePort(port) : reject(new Error('no port from the OS'))));
    });
  });
}

/** Copies the minimal extension layout VS Code needs, like an installed .vsix would contain. */
function installExtensionFolder(extensionPath: string, extensionsDir: string, link: boolean): string {
  const pkg = JSON.parse(readFileSync(join(extensionPath, 'package.json'), 'utf8')) as {
    publisher: string;
    name: string;
    version: string;
    main?: string;
  };
  const main = join(extensionPath, pkg.main ?? 'dist/extension.js');
  if (!existsSync(main)) throw new Error(`extension not built: ${main} is missing (run node scripts/build.mjs)`);
  const target = join(extensionsDir, `${pkg.publisher}.${pkg.name}-${pkg.version}`);
  if (link) {
    symlinkSync(extensionPath, target, 'dir');
    return target;
  }
  mkdirSync(target, { recursive: true });
  for (const entry of ['package.json', 'dist', 'media', 'samples', 'README.md', 'LICENSE', 'CHANGELOG.md']) {
    const from = join(extensionPath, entry);
    if (existsSync(from)) cpSync(from, join(target, entry), { recursive: true });
  }
  return target;
}

/** Copies an extension folder as it is (one that needs no build: plain JavaScript beside its package.json). */
function installWholeFolder(extensionPath: string, extensionsDir: string): void {
  const pkg = JSON.parse(readFileSync(join(extensionPath, 'package.json'), 'utf8')) as {
    publisher: string;
    name: string;
    version: string;
  };
  cpSync(extensionPath, join(extensionsDir, `${pkg.publisher}.${pkg.name}-${pkg.version}`), { recursive: true });
}

/** `code-server --install-extension <vsix>` into the run's own profile (its user data and extensions folders). */
function installVsix(
  vsix: string,
  dirs: { userData: string; extensions: string; config: string; data: string; cache: string; tmp: string },
): void {
  const args = [
    codeServerEntry,
    '--user-data-dir',
    dirs.userData,
    '--extensions-dir',
    dirs.extensions,
    '--install-extension',
    vsix,
  ];
  const env = {
    ...process.env,
    XDG_CONFIG_HOME: dirs.config,
    XDG_DATA_HOME: dirs.data,
    XDG_CACHE_HOME: dirs.cache,
    TMPDIR: dirs.tmp,
    NODE_OPTIONS: '',
  };
  const r = spawnSync(node24Bin, args, { encoding: 'utf8', env, timeout: 120_000 });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.status !== 0 || !/successfully installed/i.test(out))
    throw new Error(`installing ${vsix} failed (exit ${r.status}):\n${out}`);
}

function sleepUntil(deadline: number, ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, Math.max(0, Math.min(ms, deadline - Date.now()))));
}

/** Polls /healthz until it answers, the process exits, or the deadline passes. */
async function waitHealthy(url: string, child: ChildProcess, logPath: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `code-server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${tail(logPath)}`,
      );
    }
    try {
      const res = await fetch(new URL('healthz', url), { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    // Poll interval of a readiness probe, not a sleep standing in for a condition.
    await sleepUntil(deadline, 100);
  }
  throw new Error(`code-server not healthy after ${timeoutMs} ms:\n${tail(logPath)}`);
}

function tail(path: string, lines = 40): string {
  try {
    return readFileSync(path, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

function processGroupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Process groups of servers still running. If the test process ends without stop() (Ctrl+C, a
 * killed vitest worker), they are killed on the way out: a server in its own session would outlive us.
 */
const liveGroups = new Set<number>();
let exitHooksInstalled = false;
function killLiveGroups(): void {
  for (const pgid of liveGroups) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  liveGroups.clear();
}
function installExitHooks(): void {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  process.once('exit', killLiveGroups);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killLiveGroups();
      // Re-raise so whatever else handles (or the default of) the signal still happens.
      process.kill(process.pid, signal);
    });
  }
}

/** Lines of the server log that mean an extension host died; empty when none. */
export function extensionHostCrashLines(logText: string): string[] {
  return logText
    .split('\n')
    .filter((l) => /SIGABRT|SIGSEGV|Extension host .*(crashed|terminated unexpectedly)/i.test(l));
}

export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  return startOn(options, undefined);
}

/**
 * Starts a server on a new run folder, or on `reuse`: a stopped server's run folder (its extension
 * installed) and port. The port too: the browser workbench keys a folder's workspace storage by its
 * URI, which holds the server's host and port.
 */
async function startOn(
  options: CodeServerOptions,
  reuse: { runDir: string; port: number } | undefined,
): Promise<CodeServer> {
  const missing = missingE2eTools();
  if (missing.length) throw new Error(`end-to-end tools missing:\n  ${missing.join('\n  ')}`);
  const workspace = resolve(repoRoot, options.workspace);
  if (!existsSync(workspace)) throw new Error(`workspace folder not found: ${workspace}`);

  const runDir = reuse?.runDir ?? mkdtempSync(join(tmpdir(), 'intent-lens-cs-'));
  const dirs = {
    userData: join(runDir, 'user-data'),
    extensions: join(runDir, 'extensions'),
    config: join(runDir, 'xdg/config'),
    data: join(runDir, 'xdg/data'),
    cache: join(runDir, 'xdg/cache'),
    tmp: join(runDir, 'tmp'),
  };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  mkdirSync(join(dirs.userData, 'User'), { recursive: true });
  const trust = options.trust ?? true;
  const settings = {
    ...defaultSettings,
    'security.workspace.trust.enabled': !trust,
    // Untrusted runs stay in Restricted Mode without a modal blocking the workbench.
    ...(trust ? {} : { 'security.workspace.trust.startupPrompt': 'never', 'security.workspace.trust.banner': 'never' }),
    ...options.settings,
  };
  writeFileSync(join(dirs.userData, 'User/settings.json'), JSON.stringify(settings, null, 2));
  const configFile = join(runDir, 'code-server.yaml');
  writeFileSync(configFile, 'auth: none\n');
  if (options.vsix && !reuse) installVsix(options.vsix, dirs);
  else if (options.extensionPath !== false && !reuse)
    installExtensionFolder(
      resolve(repoRoot, options.extensionPath ?? '.'),
      dirs.extensions,
      options.linkExtension ?? false,
    );
  if (!reuse)
    for (const extra of options.extraExtensions ?? []) installWholeFolder(resolve(repoRoot, extra), dirs.extensions);

  const logPath = join(runDir, 'code-server.log');
  const keepTemp = options.keepTemp || process.env.INTENT_LENS_KEEP_TMP === '1';

  // The OS may hand the port to someone else between close() and code-server's bind: retry then.
  for (let attempt = 1; ; attempt++) {
    const port = reuse && attempt === 1 ? reuse.port : await freePort();
    const url = `http://127.0.0.1:${port}/`;
    const args = [
      codeServerEntry,
      '--config',
      configFile,
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--auth',
      'none',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-getting-started-override',
      '--user-data-dir',
      dirs.userData,
      '--extensions-dir',
      dirs.extensions,
      ...(trust ? ['--disable-workspace-trust'] : []),
      ...(options.smokeTestDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
      ...(options.extraArgs ?? []),
      workspace,
    ];
    const logFd = openSync(logPath, 'a');
    const t0 = Date.now();
    // detached: the child calls setsid(), so it leads a new process group we can kill as a whole.
    const child = spawn(node24Bin, args, {
      detached: true,
      stdio: ['ignore', logFd, logFd],
      cwd: runDir,
      env: {
        ...process.env,
        ...options.env,
        HOME: process.env.HOME ?? runDir,
        XDG_CONFIG_HOME: dirs.config,
        XDG_DATA_HOME: dirs.data,
        XDG_CACHE_HOME: dirs.cache,
        TMPDIR: dirs.tmp,
        // The extension host inherits NODE_OPTIONS; vitest's loader hooks must not leak into it.
        NODE_OPTIONS: '',
        VSCODE_CLI: '',
        ELECTRON_RUN_AS_NODE: '',
      },
    });
    closeSync(logFd);
    const pgid = child.pid;
    if (pgid === undefined) throw new Error('code-server did not start (no pid)');
    installExitHooks();
    liveGroups.add(pgid);
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    const killGroup = async (): Promise<void> => {
      if (processGroupAlive(pgid)) {
        try {
          process.kill(-pgid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      const deadline = Date.now() + 5000;
      while (processGroupAlive(pgid) && Date.now() < deadline) await sleepUntil(deadline, 50);
      if (processGroupAlive(pgid)) {
        try {
          process.kill(-pgid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      await Promise.race([exited, sleepUntil(Date.now() + 2000, 2000)]);
      liveGroups.delete(pgid);
    };
    try {
      await waitHealthy(url, child, logPath, 30000);
    } catch (e) {
      await killGroup();
      const addrInUse = /EADDRINUSE/.test(tail(logPath));
      if (addrInUse && attempt < 3) continue;
      if (!keepTemp) rmSync(runDir, { recursive: true, force: true });
      throw e;
    }
    const startMs = Date.now() - t0;
    let stopped = false;
    // Checked when the server stops; the log is appended to by every start on this run folder.
    const crashesBefore = extensionHostCrashLines(existsSync(logPath) ? readFileSync(logPath, 'utf8') : '').length;
    const checkNoCrash = () => {
      const log = existsSync(logPath) ? readFileSync(logPath, 'utf8') : '';
      const crashes = extensionHostCrashLines(log).slice(crashesBefore);
      // Keep the evidence; a crashed host still reports success to the workbench.
      if (crashes.length)
        throw new Error(`extension host crashed (log kept at ${logPath}):\n${crashes.slice(0, 10).join('\n')}`);
    };
    return {
      url,
      port,
      workspace,
      logPath,
      runDir,
      startMs,
      async stop() {
        if (stopped) return;
        stopped = true;
        await killGroup();
        checkNoCrash();
        if (!keepTemp) rmSync(runDir, { recursive: true, force: true });
      },
      async restart() {
        if (stopped) throw new Error('restart() of a stopped server');
        stopped = true;
        await killGroup();
        checkNoCrash();
        return startOn(options, { runDir, port });
      },
    };
  }
}
