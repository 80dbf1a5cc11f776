// How busy and how fast this shared 2-core machine was during a run, so that runs can be compared:
// the share of CPU time the hypervisor gave to other guests (steal, /proc/stat) and a fixed loop's
// time at the start and the end (the same work takes longer on a slower or busier host).
import { readFileSync } from 'node:fs';

export interface CpuTimes {
  steal: number;
  total: number;
}

/** The machine's CPU counters since boot (Linux); undefined elsewhere. */
export function cpuTimes(): CpuTimes | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already in user and nice).
    const used = fields.slice(0, 8);
    return { steal: used[7] ?? 0, total: used.reduce((a, b) => a + b, 0) };
  } catch {
    return undefined;
  }
}

/** The share of the machine's CPU time, between two readings, that went to other guests. */
export function stealShare(from: CpuTimes | undefined, to: CpuTimes | undefined): number | undefined {
  if (!from || !to || to.total <= from.total) return undefined;
  return +((to.steal - from.steal) / (to.total - from.total)).toFixed(4);
}

/** The median time (ms) of a fixed integer loop, three times: a relative measure of the CPU this process got. */
export function calibrationLoopMs(): number {
  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    let x = 0;
    for (let i = 0; i < 50_000_000; i++) x = (x + (i % 7)) | 0;
    times.push(performance.now() - t0 + (x === -1 ? 1 : 0));
  }
  return Math.round(times.sort((a, b) => a - b)[1]!);
}
