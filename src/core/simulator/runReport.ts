// What a person needs to read about a finished run: verdict, extracted vs reference, and any
// inactive content (rejected or superseded values) in the final answer, found by the shared
// detector on the timeline of what was actually said.
import type { BenchmarkRecord } from '../schema/records';
import { renderInstance, type InstanceSpec } from '../render/instances';
import { parseConversation } from '../conversation';
import { detectInactive } from '../inactive/detectInactive';
import type { RunInstanceResult } from './runTypes';
import { verdictOfBoolean } from '../../shared/verdicts';

export interface RunReport {
  verdict: 'correct' | 'incorrect' | 'unscored';
  extracted: string;
  reference: string;
  active: 'original' | 'revised';
  /** e.g. `rejected proposal value "2 bags" at 120–126: "2 bags"` */
  inactive: string[];
  /** Multi-line text for a test failure message or the output channel. */
  text: string;
}

function show(v: unknown): string {
  if (v === null || v === undefined) return '(none)';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

export function reportRun(
  record: BenchmarkRecord,
  spec: InstanceSpec,
  result: Pick<RunInstanceResult, 'entry' | 'score' | 'finalText' | 'fallbacks'>,
): RunReport {
  const rendered = renderInstance(record, spec);
  const verdict = verdictOfBoolean(result.score.is_correct);
  // What was actually said (the logged turns), not the instance as rendered.
  const timeline = parseConversation(result.entry, record).timeline;
  const spans = detectInactive(record, spec, result.finalText, timeline);
  const inactive = spans.map((s) => `${s.describe}: "${result.finalText.slice(s.start, s.end)}"`);
  const extracted = show(result.score.extracted);
  const reference = show(rendered.reference);
  const details = result.score.details as { message?: unknown; error?: unknown } | undefined;
  const why =
    typeof details?.message === 'string'
      ? details.message
      : typeof details?.error === 'string'
        ? `scoring failed: ${details.error}`
        : undefined;
  const lines = [
    `${verdict.toUpperCase()} — ${record.task_id} ${rendered.mode} ${rendered.condition}${rendered.path ? ` ${rendered.path} k=${rendered.k}` : ''} (active task: ${rendered.active}${rendered.activeValue ? `, ${rendered.activeValue}` : ''})`,
    `extracted: ${extracted}`,
    `reference: ${reference}`,
    ...(why ? [`verifier: ${why}`] : []),
    ...(inactive.length ? ['inactive content in the final answer:', ...inactive.map((i) => `  • ${i}`)] : []),
    ...(result.fallbacks.length
      ? [
          `simulator fallbacks: ${result.fallbacks.length} (${result.fallbacks.map((f) => f.reason.split(':')[0]).join(', ')})`,
        ]
      : []),
  ];
  return { verdict, extracted, reference, active: rendered.active, inactive, text: lines.join('\n') };
}
