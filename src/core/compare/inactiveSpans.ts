// The contract between the compare view and an inactive-content detector: given the record, the
// instance and a response text, where in the text rejected or superseded content appears and what
// to say about it. The compare view takes any detector of this shape; `literalInactiveDetector` is
// the stand-in (literal matches of the timeline's inactive values) used when no domain detector is
// wired.
import type { BenchmarkRecord } from '../schema/records';
import type { InstanceSpec } from '../render/instances';
import { intentEvalTimeline, tagsFromRendered, type IntentTimeline } from '../state/intentTimeline';
import { renderInstance } from '../render/instances';

export interface InactiveSpan {
  /** The inactive value the span shows (e.g. `2 bags`, or `150`). */
  value: string;
  start: number;
  end: number;
  kind: 'rejected' | 'superseded';
  /** What a hover says, e.g. `rejected proposal value "2 bags"`. */
  describe: string;
}

/**
 * `timeline`: the intent timeline up to the message (built from the logged trace), so a reply is
 * only checked against what was inactive when it was written; absent = the rendered instance's.
 */
export type InactiveSpanDetector = (record: BenchmarkRecord, spec: InstanceSpec, text: string, timeline?: IntentTimeline) => InactiveSpan[];

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every occurrence of `needle` not glued to a word or digit on either side (`2 bags`, not `12 bags`). */
export function findWholeOccurrences(text: string, needle: string): Array<{ start: number; end: number }> {
  const trimmed = needle.trim();
  if (!trimmed) return [];
  const re = new RegExp(`(?<![\\p{L}\\p{N}_.])${escapeRegExp(trimmed)}(?![\\p{L}\\p{N}_]|\\.\\d)`, 'giu');
  const out: Array<{ start: number; end: number }> = [];
  for (const m of text.matchAll(re)) out.push({ start: m.index, end: m.index + m[0].length });
  return out;
}

/** Stand-in detector: literal, whole-word matches of the inactive values of the instance's timeline. */
export const literalInactiveDetector: InactiveSpanDetector = (record, spec, text, given) => {
  if (!record.intent) return [];
  let timeline = given;
  if (!timeline) {
    try {
      timeline = intentEvalTimeline(record, tagsFromRendered(renderInstance(record, spec)), spec);
    } catch {
      return [];
    }
  }
  const spans: InactiveSpan[] = [];
  for (const item of timeline.inactive) {
    if (item.isReference && typeof item.reference === 'object') continue;
    for (const at of findWholeOccurrences(text, item.value)) spans.push({ value: item.value, ...at, kind: item.kind, describe: item.describe });
  }
  return spans.sort((a, b) => a.start - b.start);
};
