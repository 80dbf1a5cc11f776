// A run diff as plain text (the CLI's `stats --diff`): per instance, the paired counts, the test and
// each flipped source with the conversation on either side.
import { formatP, formatSigned as signed } from './gridExport';
import type { RunDiff } from './runDiff';

export function runDiffText(d: RunDiff, a: string, b: string): string {
  const out = [
    `Run diff  A: ${a}`,
    `          B: ${b}`,
    `${d.paired} paired source(s); unpaired: ${d.unpaired.a} only in A, ${d.unpaired.b} only in B`,
  ];
  if (!d.instances.length)
    out.push('', 'No source was scored on both sides: nothing to compare (same models and task_ids?).');
  for (const i of d.instances) {
    out.push(
      '',
      `## ${i.label}: ${i.n} paired, ✓→✗ ${i.lost.length}, ✗→✓ ${i.gained.length}, B − A ${signed(i.delta_pp)} pp, McNemar p ${formatP(i.p_mcnemar)}${i.holm_significant ? ' (survives Holm)' : ''}`,
    );
    for (const [mark, list] of [
      ['✓→✗', i.lost],
      ['✗→✓', i.gained],
    ] as const)
      for (const f of list)
        out.push(`  ${mark} ${f.model ? `${f.model} · ` : ''}${f.task_id}  (A ${f.conv_a} ↔ B ${f.conv_b})`);
  }
  return out.join('\n') + '\n';
}
