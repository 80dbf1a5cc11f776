// The Sources tree's nodes, made from the tree's data: a file of the data, a source, an instance
// (the record's base instances plus anything else the logs hold) and a run. Pure and vscode-free;
// `SourceTreeModel` decides which of them the filters show and caches them.
import { instanceKey, type ConversationRef } from '../../core/load/runLogIndex';
import type { Condition, ExtendedPath, Mode, RecapMode } from '../../core/schema/runlog';
import { activeTaskOf, baseInstances, instanceRecapLabel } from '../../core/render/instances';
import { emptyCounts, type SourceData, type SourceTreeData, type TreeFile } from './sourceTreeData';
import { compareInstances } from './treeOrder';
import type { FileNode, InstanceNode, RunNode, SourceNode } from './treeItems';

/** An instance of a source: mode and condition, with an extended path's step and a recap's mode. */
export interface InstanceSpec {
  mode: Mode;
  condition: Condition;
  path?: ExtendedPath;
  k?: number;
  recap?: RecapMode;
}

/** The data's files (records, plans, logs) under the "files" group. */
export function fileNodesOf(files: readonly TreeFile[]): FileNode[] {
  return files.map((f) => ({
    kind: 'file',
    id: `file:${f.path}`,
    file: f.path,
    fileKind: f.kind,
    displayPath: f.displayPath,
    items: f.items,
    problems: f.problems,
    args: { file: f.path },
  }));
}

/** A source's node; `perModel` are the counts it shows (of every run, or of the visible ones). */
export function sourceNodeOf(
  s: SourceData,
  domain: string,
  perModel: SourceNode['perModel'],
  newErrorModels: SourceNode['newErrorModels'],
): SourceNode {
  const review = s.record?.record.intent?.review?.status;
  return {
    kind: 'source',
    id: `source:${s.taskId}`,
    taskId: s.taskId,
    domain,
    hasRecord: !!s.record,
    ...(s.record && !s.record.record.intent ? { unrevised: true } : {}),
    ...(s.plan ? { hasPlan: true } : {}),
    ...(s.record
      ? { recordFile: s.record.file, recordLine: s.record.line }
      : s.plan
        ? { recordFile: s.plan.file, recordLine: s.plan.line }
        : {}),
    ...(review ? { review } : {}),
    perModel,
    newErrorModels,
    args: {
      taskId: s.taskId,
      ...(s.record
        ? { file: s.record.file, line: s.record.line }
        : s.plan
          ? { file: s.plan.file, line: s.plan.line }
          : {}),
    },
  };
}

/** A source's instances by key, in the tree's order: the record's base ones, then any other the logs hold. */
export function instanceSpecsOf(s: SourceData): Array<[string, InstanceSpec]> {
  const specs = new Map<string, InstanceSpec>();
  if (s.record) for (const spec of baseInstances(s.record.record)) specs.set(instanceKey(spec), spec);
  // Extended paths (and anything else) present in the logs.
  for (const c of s.convs) {
    const key = instanceKey(c);
    if (!specs.has(key))
      specs.set(key, {
        mode: c.mode,
        condition: c.condition,
        ...(c.path ? { path: c.path, k: c.k ?? 0 } : {}),
        ...(c.recap ? { recap: c.recap } : {}),
      });
  }
  return [...specs.entries()].sort(([, a], [, b]) => compareInstances(a, b));
}

/** An instance's node over the runs it shows. */
export function instanceNodeOf(s: SourceData, key: string, spec: InstanceSpec, runs: ConversationRef[]): InstanceNode {
  const counts = emptyCounts();
  for (const c of runs) counts[c.verdict]++;
  const active =
    s.record?.record.intent && spec.mode !== 'evolving' ? activeTaskOf({ ...spec, mode: spec.mode }) : undefined;
  return {
    kind: 'instance',
    id: `instance:${s.taskId}|${key}`,
    taskId: s.taskId,
    mode: spec.mode,
    condition: spec.condition,
    ...(spec.path ? { path: spec.path, k: spec.k ?? 0 } : {}),
    ...(spec.recap ? { recap: spec.recap } : {}),
    label: instanceRecapLabel(spec),
    ...(active ? { active } : {}),
    counts,
    runs: runs.length,
    args: {
      taskId: s.taskId,
      mode: spec.mode,
      condition: spec.condition,
      ...(spec.path ? { path: spec.path, k: spec.k ?? 0 } : {}),
      ...(spec.recap ? { recap: spec.recap } : {}),
    },
  };
}

/** A run's node (`repeat`: its number among the instance's runs of its model). */
export function runNodeOf(data: SourceTreeData, c: ConversationRef, repeat: number, newError: boolean): RunNode {
  return {
    kind: 'run',
    id: `run:${c.conv_id}`,
    convId: c.conv_id,
    taskId: c.task_id,
    model: c.model,
    verdict: c.verdict,
    turns: c.turns,
    file: c.file,
    line: c.line,
    repeat,
    newError,
    ...(data.rescores.has(c.conv_id) ? { rescore: data.rescores.get(c.conv_id)! } : {}),
    ...(c.forkedFrom ? { forkedFrom: c.forkedFrom } : {}),
    ...(data.annotationCount(c.conv_id) ? { annotations: data.annotationCount(c.conv_id) } : {}),
    args: {
      taskId: c.task_id,
      mode: c.mode,
      condition: c.condition,
      ...(c.path ? { path: c.path, k: c.k ?? 0 } : {}),
      ...(c.recap ? { recap: c.recap } : {}),
      convId: c.conv_id,
      model: c.model,
      file: c.file,
      line: c.line,
    },
  };
}
