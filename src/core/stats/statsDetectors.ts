// Wires the analyses other modules provide into computeStats: the inactive-content detector
// (src/core/inactive) for Fig. 4 and the evolving-intent analysis. One place, so the CLI and the
// dashboard pass computeStats the same options.
import type { BenchmarkRecord } from '../schema/records';
import type { StatsOptions } from './computeStats';
import { FinalAnswerReader } from './finalAnswerReader';
import { makeHasInactive, type InactiveDetector } from './inactiveCheck';

export interface WiredDetectors extends Pick<StatsOptions, 'hasInactive' | 'evolving'> {
  /** Which inactive-content detector runs ('none' when there is none). */
  detectorName: string;
  /** Closes the files the detector opened; call after computeStats. */
  close?: () => Promise<void>;
}

/** The domain detector, when src/core/inactive provides one. */
const inactiveDetector: { name: string; detect: InactiveDetector } | undefined = undefined;

export function statsDetectors(recordOf: (taskId: string) => BenchmarkRecord | undefined): WiredDetectors {
  const wired: WiredDetectors = { detectorName: 'none' };
  if (inactiveDetector) {
    const reader = new FinalAnswerReader();
    wired.hasInactive = makeHasInactive((ref) => reader.finalAnswer(ref), recordOf, inactiveDetector.detect);
    wired.detectorName = inactiveDetector.name;
    wired.close = () => reader.close();
  }
  return wired;
}
