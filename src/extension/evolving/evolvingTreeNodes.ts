// Evolving-intent plans as Sources-tree nodes: source (plan) → recap mode → model runs → turns with
// their transition tag. Pure data (no `vscode`): the Sources tree maps each node to a TreeItem
// (label, description, tooltip, `icon` as a codicon id, `contextValue`, `command`) and asks for a
// run's turns when it is expanded (the trace is read then, not at indexing).
import type { ConversationRef } from '../../core/load/runLogIndex';
import type { EvolvingPlan } from '../../core/schema/evolving';
import { RECAP_MODES, type RecapMode, type RunLogEntry } from '../../core/schema/runlog';
import { timelineFromLog, userMessageIndices } from '../../core/state/timelineFromLog';
import { transitionCounts } from '../../core/stats/evolving';

export const SHOW_IN_EFFECT_COMMAND = 'intentLens.inEffect';

export type EvolvingNodeKind = 'evolving-plan' | 'evolving-recap' | 'evolving-run' | 'evolving-turn';

export interface EvolvingTreeNode {
  /** Stable, unique id (TreeItem.id). */
  id: string;
  kind: EvolvingNodeKind;
  label: string;
  description?: string;
  tooltip?: string;
  /** A codicon id, e.g. `pass`, `error`, `circle-outline`. */
  icon?: string;
  /** For menus: `intentLens.evolving.plan` | `.recap` | `.run` | `.turn`. */
  contextValue: string;
  /** What selecting the node does. */
  command?: { command: string; title: string; arguments: unknown[] };
  /** Children known without reading a trace; a run's turns come from `evolvingTurnNodes`. */
  children?: EvolvingTreeNode[];
  /** True when the node has children to ask for (a run: its turns). */
  expandable: boolean;
  /** The domain the plan belongs under (plan nodes). */
  domain?: string;
  /** The run's conversation (run and turn nodes). */
  convId?: string;
  /** Index in the trace (turn nodes): what the turn document opens. */
  traceIndex?: number;
}

export interface PlanSource {
  plan: EvolvingPlan;
  file: string;
  line: number;
}

const VERDICT_ICON: Record<ConversationRef['verdict'], string> = { correct: 'pass', incorrect: 'error', unscored: 'circle-outline' };
const VERDICT_MARK: Record<ConversationRef['verdict'], string> = { correct: '✓', incorrect: '✗', unscored: '–' };

function verdictCounts(runs: readonly ConversationRef[]): string {
  const c = { correct: 0, incorrect: 0, unscored: 0 };
  for (const r of runs) c[r.verdict]++;
  return `✓${c.correct} ✗${c.incorrect}${c.unscored ? ` –${c.unscored}` : ''}`;
}

function runNode(ref: ConversationRef): EvolvingTreeNode {
  return {
    id: `evolving-run:${ref.conv_id}`,
    kind: 'evolving-run',
    label: ref.model,
    description: `${VERDICT_MARK[ref.verdict]} ${ref.verdict} · ${ref.turns} turns`,
    tooltip: `${ref.conv_id}\n${ref.file}:${ref.line}`,
    icon: VERDICT_ICON[ref.verdict],
    contextValue: 'intentLens.evolving.run',
    command: { command: SHOW_IN_EFFECT_COMMAND, title: 'Show What Is in Effect', arguments: [{ convId: ref.conv_id }] },
    expandable: true,
    convId: ref.conv_id,
  };
}

/**
 * One node per plan, with a child per recap mode (the three modes, each with its runs) and, when
 * single-turn runs of the anchor exist, an `anchor (single turn)` child. Runs whose recap key is
 * absent count as `none` (or the plan's own recap).
 */
export function evolvingSourceNodes(plans: Iterable<PlanSource>, conversations: readonly ConversationRef[]): EvolvingTreeNode[] {
  const byTask = new Map<string, ConversationRef[]>();
  for (const r of conversations) {
    if (r.mode !== 'evolving' && r.mode !== 'single') continue;
    const list = byTask.get(r.task_id);
    if (list) list.push(r);
    else byTask.set(r.task_id, [r]);
  }
  const out: EvolvingTreeNode[] = [];
  for (const { plan, file, line } of plans) {
    const runs = byTask.get(plan.task_id) ?? [];
    const evolvingRuns = runs.filter((r) => r.mode === 'evolving');
    const counts = transitionCounts(plan);
    const recapNodes: EvolvingTreeNode[] = RECAP_MODES.map((recap: RecapMode) => {
      const these = evolvingRuns.filter((r) => (r.recap ?? plan.recap ?? 'none') === recap).sort((a, b) => a.model.localeCompare(b.model) || a.conv_id.localeCompare(b.conv_id));
      return {
        id: `evolving-recap:${plan.task_id}:${recap}`,
        kind: 'evolving-recap',
        label: `recap ${recap}`,
        description: these.length ? `${these.length} run${these.length === 1 ? '' : 's'} · ${verdictCounts(these)}` : 'no runs',
        tooltip: recap === 'none' ? 'User turns as written' : recap === 'prompt' ? 'Each turn after the first asks the model to list the conditions in effect' : 'Each turn after the first restates the active function and the revealed, latest values',
        icon: 'history',
        contextValue: 'intentLens.evolving.recap',
        command: { command: SHOW_IN_EFFECT_COMMAND, title: 'Show What Is in Effect', arguments: [{ taskId: plan.task_id, recap }] },
        children: these.map(runNode),
        expandable: these.length > 0,
      };
    });
    const single = runs.filter((r) => r.mode === 'single');
    if (single.length) {
      recapNodes.push({
        id: `evolving-recap:${plan.task_id}:single`,
        kind: 'evolving-recap',
        label: 'anchor (single turn)',
        description: `${single.length} run${single.length === 1 ? '' : 's'} · ${verdictCounts(single)}`,
        tooltip: plan.anchor.question,
        icon: 'debug-stackframe-dot',
        contextValue: 'intentLens.evolving.recap',
        children: single.map(runNode),
        expandable: true,
      });
    }
    out.push({
      id: `evolving-plan:${plan.task_id}`,
      kind: 'evolving-plan',
      label: plan.task_id,
      description: `evolving · ${plan.turns.length} turns · reveal ${counts.reveal} · revise ${counts.revise} · switch ${counts.switch}`,
      tooltip: `${plan.anchor.function}: ${plan.anchor.question}\n${file}:${line}`,
      icon: 'git-branch',
      contextValue: 'intentLens.evolving.plan',
      command: { command: SHOW_IN_EFFECT_COMMAND, title: 'Show What Is in Effect', arguments: [{ taskId: plan.task_id }] },
      children: recapNodes,
      expandable: true,
      domain: plan.task,
    });
  }
  return out;
}

function firstLine(s: string, max = 80): string {
  const line = s.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * A run's turns: each user message tagged with its transition (`reveal`/`revise`/`switch`/`initial`)
 * and what it changed, and each assistant reply. Log entries are left out (the tree folds them).
 * `openTurn` is the command a turn node runs; it gets `{convId, turnIndex}` (turnIndex = trace index,
 * as the Sources tree's `intentLens.openTurn` expects).
 */
export function evolvingTurnNodes(entry: RunLogEntry, plan: EvolvingPlan | undefined, openTurn: string): EvolvingTreeNode[] {
  const timeline = timelineFromLog(entry, plan);
  const userAt = userMessageIndices(entry.trace);
  const turnOfTrace = new Map(userAt.map((traceIndex, turn) => [traceIndex, turn]));
  const out: EvolvingTreeNode[] = [];
  entry.trace.forEach((m, traceIndex) => {
    if (m.role !== 'user' && m.role !== 'assistant') return;
    const text = typeof m.content === 'string' ? m.content : '';
    const turn = turnOfTrace.get(traceIndex);
    const snap = turn !== undefined ? timeline.snapshots[turn] : undefined;
    const tag = m.role === 'user' ? (snap?.transition ?? (timeline.benchmark === 'evolving' ? 'turn' : 'user')) : undefined;
    out.push({
      id: `evolving-turn:${entry.conv_id}:${traceIndex}`,
      kind: 'evolving-turn',
      label: m.role === 'user' ? `user · ${tag}` : 'assistant',
      description: firstLine(text),
      tooltip: snap ? [`after user turn ${snap.turn + 1}: ${snap.activeTask}`, ...snap.changes].join('\n') : firstLine(text, 400),
      icon: m.role === 'user' ? (tag === 'switch' ? 'arrow-swap' : tag === 'revise' ? 'edit' : tag === 'reveal' ? 'add' : 'account') : 'hubot',
      contextValue: `intentLens.evolving.turn${tag ? `.${tag}` : ''}`,
      command: { command: openTurn, title: 'Open Turn', arguments: [{ convId: entry.conv_id, turnIndex: traceIndex }] },
      expandable: false,
      convId: entry.conv_id,
      traceIndex,
    });
  });
  return out;
}
