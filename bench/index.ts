// `npm run bench`: every benchmark in one run, printed as a table and written to
// test-results/bench.json. Options: --quick (smaller data), --only <name>, --sizes 200,1000 (run-log
// index sizes in MB; the memory target is checked at both).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchRunLogIndex, childMain } from './runLogBench';

type Bench = { name: string; run: () => Promise<Record<string, number | string>> };

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv[0] === '--child') {
    await childMain(argv[1]!, argv[2]!);
    return;
  }
  const quick = argv.includes('--quick');
  const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
  const self = process.argv[1]!;
  const sizes = argv.includes('--sizes')
    ? argv[argv.indexOf('--sizes') + 1]!.split(',').map(Number)
    : quick
      ? [20]
      : [200, 1000];
  const indexBenches: Bench[] = sizes.map((mb, i) => ({
    name: i === 0 ? 'runlog-index' : `runlog-index-${mb}MB`,
    // The Python loader comparison once, at the first size: at 1 GB it only adds minutes.
    run: () => benchRunLogIndex(self, { targetMB: mb, python: i === 0 }),
  }));
  const benches: Bench[] = [...indexBenches, ...extraBenches()];
  const results: Record<string, Record<string, number | string>> = {};
  for (const b of benches) {
    if (only && b.name !== only && !(only === 'runlog-index' && b.name.startsWith('runlog-index'))) continue;
    process.stderr.write(`[bench] ${b.name}…\n`);
    const t0 = performance.now();
    try {
      results[b.name] = await b.run();
    } catch (e) {
      results[b.name] = { error: e instanceof Error ? e.message : String(e) };
    }
    process.stderr.write(`[bench] ${b.name} done in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    for (const [k, v] of Object.entries(results[b.name]!))
      process.stdout.write(`${b.name.padEnd(16)} ${k.padEnd(34)} ${v}\n`);
  }
  mkdirSync('test-results', { recursive: true });
  writeFileSync(join('test-results', 'bench.json'), JSON.stringify(results, null, 2) + '\n');
}

/** Benchmarks of other features, registered in bench/registry.ts. */
function extraBenches(): Bench[] {
  return registry.map((r) => ({ name: r.name, run: r.run }));
}
import { registry } from './registry';

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
