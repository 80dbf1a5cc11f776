// Wires the analyses other modules provide into computeStats: the inactive-content detector
// (src/core/inactive/detectInactive) for Fig. 4 and the evolving-intent analysis
// (src/core/stats/evolving). One place, so the CLI and the dashboard pass computeStats the same options.
import type { BenchmarkRecord } from '../schema/records';
import type { EvolvingPlan } from '../schema/evolving';
import type { StatsOptions } from './computeStats';
import { RunLogReader } from '../load/runLogReader';
import { makeHasInactive } from './inactiveCheck';
import { detectInactive } from '../inactive/detectInactive';
import { evolvingStats } from './evolving';

export interface WiredDetectors extends Pick<StatsOptions, 'hasInactive' | 'evolving'> {
  /** Which inactive-content detector runs. */
  detectorName: string;
  /** Closes the files the detector opened; call after computeStats. */
  close: () => Promise<void>;
}

export function statsDetectors(
  recordOf: (taskId: string) => BenchmarkRecord | undefined,
  plans: Iterable<EvolvingPlan> = [],
): WiredDetectors {
  const reader = new RunLogReader();
  const planList = [...plans];
  return {
    // A final answer carries inactive content when the domain detector finds at least one span.
    hasInactive: makeHasInactive(
      (ref) => reader.lastAnswer(ref),
      recordOf,
      (record, spec, text) => detectInactive(record, spec, text).length > 0,
    ),
    detectorName: 'detectInactive',
    evolving: (refs) => evolvingStats(refs, planList),
    close: () => reader.close(),
  };
}
