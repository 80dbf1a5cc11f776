// Checks a packed .vsix: under the size budget, holding what the installed extension loads (the
// bootstrap and host bundles, every worker and lazy library, sql.js's WASM, the webviews, the icon,
// the samples) and nothing it must not ship (source maps, sources, tests, node_modules).
// Usage: node scripts/check-vsix.mjs <file.vsix>   (run by scripts/package-vsix.sh)
import { readFileSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * 5 MiB: the package measured 4.45 MiB (as vsce counts) when the budget was set: 4.2 MiB of webviews,
 * host, workers and WASM (Monaco's diff editor 2.7 MB of it), plus the samples and the icon. It leaves
 * about a tenth for growth; a jump past it (a source map, a second Monaco, a data file) fails the
 * package instead of reaching every user's download.
 */
export const VSIX_BUDGET_BYTES = 5 * 1024 * 1024;

const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

/** Files an installed extension needs (found by bundledScript.ts / sqlExecutor.ts / the webview host). */
export const REQUIRED_ENTRIES = [
  'extension/package.json',
  'extension/readme.md',
  'extension/changelog.md',
  'extension/LICENSE.txt',
  'extension/dist/icon.png',
  'extension/dist/extension.js',
  'extension/dist/host.js',
  'extension/dist/cli.js',
  'extension/dist/sqlWorker.js',
  'extension/dist/sql-wasm.wasm',
  'extension/dist/runLogWorker.js',
  'extension/dist/searchWorker.js',
  'extension/dist/bootstrapWorker.js',
  'extension/dist/prerenderWorker.js',
  'extension/dist/lib-lezer-python.js',
  'extension/dist/lib-sqljs.js',
  'extension/dist/lib-sql-parser.js',
  'extension/dist/sdk-openai.js',
  'extension/dist/sdk-anthropic.js',
  'extension/dist/webview/compare.js',
  'extension/dist/webview/conversation.js',
  'extension/dist/webview/dashboard.js',
  'extension/media/intent-lens.svg',
  'extension/samples/intent.records.jsonl',
  'extension/samples/databases/sample_library/sample_library.sqlite',
];

const FORBIDDEN = [
  /\.map$/,
  /(^|\/)node_modules\//,
  /^extension\/(src|test|webview|scripts|bench)\//,
  /\/\.intent-lens\//,
];

/** Entry names of a zip file, from its central directory (no dependency needed for a listing). */
export function zipEntryNames(zip) {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip file (no end of central directory)');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const names = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry ${n}`);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    names.push(zip.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** Problems with a package of `sizeBytes` holding `names`; empty when it is fine. */
export function vsixProblems(names, sizeBytes, budget = VSIX_BUDGET_BYTES) {
  const problems = [];
  if (sizeBytes > budget) problems.push(`${mib(sizeBytes)} is over the budget of ${mib(budget)}`);
  const have = new Set(names);
  for (const required of REQUIRED_ENTRIES) if (!have.has(required)) problems.push(`missing ${required}`);
  for (const name of names) if (FORBIDDEN.some((re) => re.test(name))) problems.push(`must not ship ${name}`);
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node scripts/check-vsix.mjs <file.vsix>');
    process.exit(2);
  }
  const size = statSync(file).size;
  const names = zipEntryNames(readFileSync(file));
  const problems = vsixProblems(names, size);
  if (problems.length) {
    console.error(`[package] ${file}:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`[package] ${file}: ${names.length} files, ${mib(size)} (budget ${mib(VSIX_BUDGET_BYTES)})`);
}
