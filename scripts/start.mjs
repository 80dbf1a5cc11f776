// `npm start [-- <folder>] [--untrusted]`: a real VS Code (code-server) in your browser with Intent
// Lens installed, on <folder> (default samples/). Installs what is missing (npm ci, .tools via
// scripts/setup-tools.sh), builds, starts the server with the same harness the e2e tests use, prints
// the URL and runs until Ctrl+C. The extension folder is linked, so `npm run watch` in another
// terminal + "Developer: Reload Window" picks up changes.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const untrusted = args.includes('--untrusted');
const folderArg = args.find((a) => !a.startsWith('--'));
const folder = resolve(process.env.INIT_CWD ?? process.cwd(), folderArg ?? join(root, 'samples'));

function must(cmd, cmdArgs, what) {
  console.log(`[start] ${what}…`);
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`[start] ${what} failed (exit ${r.status ?? r.signal})`);
    process.exit(1);
  }
}

if (!existsSync(folder)) {
  console.error(`[start] folder not found: ${folder}`);
  process.exit(1);
}
if (!existsSync(join(root, 'node_modules')))
  must('npm', ['ci', '--no-audit', '--no-fund'], 'installing dependencies (npm ci)');
must('bash', [join(root, 'scripts/setup-tools.sh')], 'checking the VS Code toolchain (.tools)');
must(process.execPath, [join(root, 'scripts/build.mjs')], 'building');

// The server harness is TypeScript; bundle it once for this Node process (esbuild, ~50 ms).
const esbuild = await import('esbuild');
const harnessBundle = join(root, 'dist-test/start/codeServer.cjs');
await esbuild.build({
  entryPoints: [join(root, 'test/e2e/harness/codeServer.ts')],
  outfile: harnessBundle,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
});
const { startCodeServer } = createRequire(import.meta.url)(harnessBundle);

const server = await startCodeServer({ workspace: folder, trust: !untrusted, linkExtension: true });
const url = `${server.url}?folder=${encodeURIComponent(server.workspace)}`;
console.log(`
  Intent Lens is running in VS Code (code-server; workspace ${untrusted ? 'UNTRUSTED, Restricted Mode' : 'trusted'}):

    ${url}

  Folder: ${server.workspace}
  Server log: ${server.logPath}
  Ctrl+C stops the server.
`);

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n[start] ${signal}: stopping code-server…`);
  try {
    await server.stop();
  } catch (e) {
    console.error(`[start] ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// Keep the event loop alive until a signal arrives.
setInterval(() => undefined, 1 << 30);
