// Feature benchmarks run by `npm run bench` after the run-log index benchmark.
export const registry: Array<{ name: string; run: () => Promise<Record<string, number | string>> }> = [];
