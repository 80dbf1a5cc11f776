// Reach of revision construction (issue 37): `construct` over ../shared/peer-eval's four records
// files, one CLI run per file (as a user runs it), and writes coverage per domain, the sources
// without a revision by reason, the candidates discarded by reason and the time to bench/construct.md.
// The database folders are split between peer-eval/databases and data/databases; the verify options
// take one folder, so they are merged into a temp folder of hard links (copies across devices).
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as prettier from 'prettier';

const root = resolve(import.meta.dirname, '..');
const peer = resolve(root, '../shared/peer-eval');
const data = resolve(root, '../shared/data');
const FILES = ['math', 'database', 'code', 'actions'].map((d) => join(peer, `${d}.records.jsonl`));

if (!existsSync(peer)) {
  console.error(`bench:construct needs ${peer}`);
  process.exit(1);
}
if (!existsSync(join(root, 'dist/cli.js'))) {
  console.error('build first (npm run build)');
  process.exit(1);
}

function linkTree(from, to) {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const src = join(from, name);
    const dst = join(to, name);
    if (existsSync(dst)) continue;
    if (statSync(src).isDirectory()) linkTree(src, dst);
    else {
      try {
        linkSync(src, dst);
      } catch {
        copyFileSync(src, dst);
      }
    }
  }
}

const databases = mkdtempSync(join(tmpdir(), 'intent-lens-construct-dbs-'));
for (const d of [join(peer, 'databases'), join(data, 'databases')]) if (existsSync(d)) linkTree(d, databases);

const rows = [];
const loadBefore = loadavg();
const t0 = performance.now();
try {
  for (const file of FILES.filter((f) => existsSync(f))) {
    const start = performance.now();
    const run = spawnSync(
      process.execPath,
      [join(root, 'dist/cli.js'), 'construct', '--sources', file, '--databases', databases, '--json'],
      { encoding: 'utf8', maxBuffer: 1 << 30 },
    );
    const seconds = (performance.now() - start) / 1000;
    if (run.status !== 0) throw new Error(`construct failed on ${file}: ${run.stderr}`);
    const { summary } = JSON.parse(run.stdout);
    for (const [domain, s] of Object.entries(summary)) rows.push({ domain, ...s, seconds });
  }
} finally {
  rmSync(databases, { recursive: true, force: true });
}
const total = (performance.now() - t0) / 1000;
const loadAfter = loadavg();

const pct = (a, b) => (b ? `${((100 * a) / b).toFixed(1)}%` : '–');
const reasons = (o = {}) =>
  Object.entries(o)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([k, n]) => `${k} ${n}`)
    .join(', ') || '–';
const lines = [
  '# Revision construction: reach on ../shared/peer-eval',
  '',
  '`npm run bench:construct` (bench/construct.mjs): `intent-lens construct --json` once per records file,',
  'databases merged from peer-eval/databases and data/databases. Coverage = sources with a verified revision.',
  '',
  `Machine: ${cpus().length} cores; load average before ${loadBefore.map((x) => x.toFixed(2)).join(' ')}, after ${loadAfter.map((x) => x.toFixed(2)).join(' ')}.`,
  '',
  '| domain | sources | constructed | coverage | time (s) | sources without a revision, by reason | candidates discarded, by reason |',
  '|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.domain} | ${r.sources} | ${r.constructed} | ${pct(r.constructed, r.sources)} | ${r.seconds.toFixed(1)} | ${reasons(r.discarded)} | ${reasons(r.candidatesDiscarded)} |`,
  ),
  '',
  `All files: ${rows.reduce((a, r) => a + r.constructed, 0)} / ${rows.reduce((a, r) => a + r.sources, 0)} sources in ${total.toFixed(1)} s.`,
  '',
];
// Written as Prettier writes it: `npm test`'s format check reads this file too.
const out = join(root, 'bench/construct.md');
const prettierOptions = (await prettier.resolveConfig(out)) ?? {};
writeFileSync(out, await prettier.format(lines.join('\n'), { ...prettierOptions, filepath: out }));
process.stdout.write(lines.join('\n'));
