// The CLI as an npm package: `npm pack` of this build, installed offline into an empty folder (only
// Node and npm; the package has no dependencies, everything is bundled), then `npx intent-lens`
// prints its help, scores the packaged samples (SQL answers on sql.js in its worker, Python answers
// in the sandbox: none left unscored) and searches them. Needs the build (npm test builds before the
// unit step); skipped without dist/cli.js.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const root = resolve(__dirname, '../../..');
const built = existsSync(join(root, 'dist/cli.js')) && existsSync(join(root, 'dist/sqlWorker.js'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

interface Scored {
  conversations: Array<{ task_id: string; is_correct: boolean | null; details: { domain: string } }>;
}

describe.skipIf(!built)('CLI npm package', () => {
  let work: string;
  let user: string;
  /** Only Node's own folder on PATH, a fresh HOME and npm cache: nothing of this machine's setup. */
  let env: NodeJS.ProcessEnv;
  const run = (cmd: string, args: string[]) =>
    execFileSync(cmd, args, { cwd: user, env, encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'pipe'] });

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'intent-lens-cli-pack-'));
    user = join(work, 'empty');
    mkdirSync(user);
    mkdirSync(join(work, 'home'));
    env = {
      PATH: [dirname(process.execPath), '/usr/bin', '/bin'].join(':'),
      HOME: join(work, 'home'),
      npm_config_cache: join(work, 'npm-cache'),
      npm_config_update_notifier: 'false',
      TMPDIR: tmpdir(),
    };
    const packed = JSON.parse(
      execFileSync(npm, ['pack', '--json', '--pack-destination', work], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, npm_config_update_notifier: 'false' },
      }),
    ) as Array<{ filename: string; files: Array<{ path: string }> }>;
    const files = packed[0]!.files.map((f) => f.path);
    // What the CLI loads at run time is in the tarball; sources, maps and the webviews are not.
    expect(files).toEqual(
      expect.arrayContaining([
        'dist/cli.js',
        'dist/sqlWorker.js',
        'dist/sql-wasm.wasm',
        'dist/searchWorker.js',
        'dist/lib-lezer-python.js',
        'samples/intent.records.jsonl',
        'LICENSE',
      ]),
    );
    expect(files.filter((f) => /\.map$|^src\/|^test\/|^dist\/webview\//.test(f))).toEqual([]);
    run(npm, ['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', join(work, packed[0]!.filename)]);
  }, 60_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('installs with no dependencies beside it', () => {
    expect(readdirSync(join(user, 'node_modules')).filter((n) => !n.startsWith('.'))).toEqual(['intent-lens']);
  });

  it('prints its help through npx', () => {
    const help = run(npx, ['--offline', 'intent-lens', '--help']);
    expect(help).toMatch(/^intent-lens <command> \[options\]/);
    expect(help).toContain('score --records');
  });

  it('scores the packaged samples, SQL and Python answers included', () => {
    const samples = join(user, 'node_modules', 'intent-lens', 'samples');
    const out = run(npx, [
      '--offline',
      'intent-lens',
      'score',
      '--records',
      join(samples, 'intent.records.jsonl'),
      '--logs',
      join(samples, 'logs', 'database'),
      '--logs',
      join(samples, 'logs', 'code'),
      '--databases',
      join(samples, 'databases'),
      '--json',
    ]);
    const scored = (JSON.parse(out) as Scored).conversations;
    for (const domain of ['database', 'code']) {
      const verdicts = scored.filter((c) => c.details.domain === domain).map((c) => c.is_correct);
      expect(verdicts).toHaveLength(32);
      expect(verdicts.filter((v) => v === null)).toEqual([]);
      expect(verdicts).toContain(true);
      expect(verdicts).toContain(false);
    }
  }, 60_000);

  it('searches the packaged samples', () => {
    const samples = join(user, 'node_modules', 'intent-lens', 'samples');
    const out = run(npx, ['--offline', 'intent-lens', 'search', '--logs', join(samples, 'logs'), '--json', 'muffin']);
    expect(out).toContain('sample-math/muffin-trays');
  });
});
