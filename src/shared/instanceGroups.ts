// The instance labels a filter offers (`Retained`, `S_Orig`, `persistence-retained k=2`, `evolving ·
// recap oracle` …) in three groups, for the Sources tree's Instance filter (quick-pick separators)
// and the Samples table's Instance dropdown (headings). No dependencies: the webviews import it.

export const INSTANCE_GROUPS = ['multi-turn', 'single-turn', 'extended'] as const;
export type InstanceGroup = (typeof INSTANCE_GROUPS)[number];

const MULTI_ORDER = ['Original', 'Neutral', 'Retained', 'Revised'];
const SINGLE_ORDER = ['S_Orig', 'S_Dir', 'S_Ret', 'S_Rev'];

/** Single-turn `S_…`; extended: the persistence/accumulation paths (`… k=N`) and evolving intent; else multi-turn. */
export function instanceGroupOf(label: string): InstanceGroup {
  if (/^S_|^single /.test(label)) return 'single-turn';
  if (/ k=\d+/.test(label) || label.startsWith('evolving')) return 'extended';
  return 'multi-turn';
}

const rank = (order: readonly string[], label: string) => {
  const i = order.findIndex((o) => label === o || label.startsWith(`${o} ·`));
  return i < 0 ? order.length : i;
};

/** The labels by group (empty groups left out), each group in the paper's order, then by name. */
export function groupInstanceLabels(labels: readonly string[]): Array<{ group: InstanceGroup; labels: string[] }> {
  return INSTANCE_GROUPS.map((group) => {
    const order = group === 'multi-turn' ? MULTI_ORDER : group === 'single-turn' ? SINGLE_ORDER : [];
    const inGroup = labels.filter((l) => instanceGroupOf(l) === group);
    return {
      group,
      labels: inGroup.sort(
        (a, b) => rank(order, a) - rank(order, b) || a.localeCompare(b, undefined, { numeric: true }),
      ),
    };
  }).filter((g) => g.labels.length > 0);
}
