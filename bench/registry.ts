// Feature benchmarks run by `npm run bench` after the run-log index benchmark.
import { benchStats } from './stats.bench';
import { benchVerifiers } from './verifiers.bench';
import { benchSearch } from './search.bench';
import { benchSamples } from './samples.bench';

export const registry: Array<{ name: string; run: () => Promise<Record<string, number | string>> }> = [
  { name: 'stats', run: () => benchStats() },
  { name: 'verifiers', run: () => benchVerifiers() },
  { name: 'search', run: () => benchSearch({ targetMB: process.argv.includes('--quick') ? 50 : 1024 }) },
  { name: 'samples-table', run: () => benchSamples() },
];
