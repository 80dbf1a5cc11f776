// The dashboard's annotation parts (issue #39), from the workspace's one verdict layer and its
// annotations: what human verdict overrides changed in Table 1 (core `overrideEffect`, the same the
// CLI's `stats` reports) and the annotators' agreement per label (core `labelAgreement`, the same
// `annotations --agreement` prints), with each disagreement named by its conversation.
import type { Workspace } from '../../core/workspace/workspace';
import type { VerdictMode } from '../../core/annotations/adjudication';
import { labelAgreement } from '../../core/annotations/agreement';
import { overrideEffect } from '../../core/stats/overrideEffect';
import {
  MAX_DASHBOARD_DISAGREEMENTS,
  type DashboardAdjudication,
  type DashboardAgreement,
} from '../../shared/protocol/dashboardAnnotations';

/** What the annotation parts read of the workspace. */
export type AnnotatedData = Pick<Workspace, 'logs' | 'conversationsWithCurrentVerdicts' | 'verdicts' | 'annotations'>;

/** Which verdicts the report counts, and how many conversations and Table 1 cells the overrides change. */
export function adjudicationSummary(data: AnnotatedData, mode: VerdictMode): DashboardAdjudication {
  // Without overrides nothing changes: skip the two passes over every conversation.
  if (data.verdicts.humanOverrideCount() === 0) return { mode, overrides: 0, changedConversations: 0, changedCells: 0 };
  const machine = data.conversationsWithCurrentVerdicts('machine');
  const effect = overrideEffect(machine, data.conversationsWithCurrentVerdicts('adjudicated'));
  return {
    mode,
    overrides: machine.filter((r) => data.verdicts.humanOverride(r.conv_id) !== undefined).length,
    changedConversations: effect.changedConversations,
    changedCells: effect.changedCells.length,
  };
}

/** Agreement per label and annotator pair, with the disagreements (at most MAX_DASHBOARD_DISAGREEMENTS). */
export function agreementSummary(data: AnnotatedData): DashboardAgreement {
  const annotations = data.annotations.all();
  const rows = labelAgreement(annotations);
  const disagreements = rows.flatMap((row) =>
    row.disagreements.map((d) => {
      const ref = data.logs.get(d.conv_id);
      return {
        conv_id: d.conv_id,
        label: row.label,
        labelledBy: d.labelledBy,
        notBy: row.annotators[0] === d.labelledBy ? row.annotators[1] : row.annotators[0],
        ...(ref ? { task_id: ref.task_id, model: ref.model } : {}),
      };
    }),
  );
  return {
    annotators: [...new Set(annotations.map((a) => a.by))].sort(),
    labels: rows.map((r) => ({
      label: r.label,
      annotators: r.annotators,
      n: r.n,
      observed: r.observed,
      kappa: r.kappa,
      disagreements: r.disagreements.length,
    })),
    disagreements: disagreements.slice(0, MAX_DASHBOARD_DISAGREEMENTS),
    disagreementsTotal: disagreements.length,
  };
}
