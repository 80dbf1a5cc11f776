// A CPU profile of the extension host's thread across the first load, for finding what holds it
// (off by default): with INTENT_LENS_PROFILE_LOAD=<folder> in the environment of the extension
// host, each load starts V8's sampling profiler and writes `<folder>/load-<time>.cpuprofile` when it
// ends. `node scripts/profileLongTasks.mjs <file>` lists its long tasks and their top frames. With
// INTENT_LENS_PROFILE_LOAD_ALLOCATIONS=1 too, `load-<time>.heapprofile` samples every allocation,
// collected or not (what makes the garbage behind the GC pauses): `scripts/profileAllocations.mjs`.
import { Session } from 'node:inspector';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { HostStall } from './hostStalls';

/** 0.5 ms between samples: fine enough to split a 50 ms task by function, small enough not to slow the load much. */
const SAMPLING_INTERVAL_US = 500;

export interface LoadProfile {
  /**
   * Stops the profiler and writes the profile, with the stalls the watcher saw (the script shows
   * the profile's samples within each); resolves with what to log.
   */
  stop(stalls: readonly HostStall[]): Promise<string>;
}

/** Bytes between allocation samples (V8's default): fine enough to rank allocation sites. */
const ALLOCATION_SAMPLING_BYTES = 32 * 1024;

/** Starts profiling when the environment asks for it (else undefined). */
export function startLoadProfile(
  folder = process.env.INTENT_LENS_PROFILE_LOAD,
  allocations = process.env.INTENT_LENS_PROFILE_LOAD_ALLOCATIONS === '1',
): LoadProfile | undefined {
  if (!folder) return undefined;
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result))),
    );
  const file = join(folder, `load-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`);
  const started = post('Profiler.enable')
    .then(() => post('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US }))
    .then(() => post('Profiler.start'))
    .then(() =>
      allocations
        ? post('HeapProfiler.startSampling', {
            samplingInterval: ALLOCATION_SAMPLING_BYTES,
            includeObjectsCollectedByMajorGC: true,
            includeObjectsCollectedByMinorGC: true,
          })
        : undefined,
    );
  return {
    async stop(stalls) {
      try {
        await started;
        const { profile } = (await post('Profiler.stop')) as { profile: object };
        // The profile's times are the monotonic clock's (µs, as process.hrtime's): this pair lines
        // them up with the wall clock of the stalls and the output channel.
        const clocks = { wallMs: Date.now(), monotonicUs: Number(process.hrtime.bigint() / 1000n) };
        await mkdir(folder, { recursive: true });
        await writeFile(file, JSON.stringify({ ...profile, clocks, stalls }));
        if (!allocations) return `CPU profile of the load written to ${file}`;
        const { profile: heap } = (await post('HeapProfiler.stopSampling')) as { profile: object };
        const heapFile = file.replace(/\.cpuprofile$/, '.heapprofile');
        await writeFile(heapFile, JSON.stringify(heap));
        return `CPU profile of the load written to ${file}, its allocations to ${heapFile}`;
      } catch (e) {
        return `CPU profile of the load failed: ${e instanceof Error ? e.message : String(e)}`;
      } finally {
        session.disconnect();
      }
    },
  };
}
