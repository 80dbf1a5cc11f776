// Which instances a sweep runs, how a job array splits them, and which are already in a log
// (resume): shared by the CLI and the extension.
import { existsSync } from 'node:fs';
import type { BenchmarkRecord } from '../schema/records';
import { baseInstances, extendedInstances, pathCondition, type InstanceSpec } from '../render/instances';
import { RunLogIndex, conversationKey } from '../load/runLogIndex';
import type { ProviderConfig } from '../providers/providerConfig';
import type { GenerationSettings } from './runTypes';

export interface PlannedRun {
  record: BenchmarkRecord;
  spec: InstanceSpec;
}

/** The key a finished run of this instance has in a run-log index (task × model × mode × condition × path/k). */
export function plannedRunKey(taskId: string, assistantModel: string, spec: InstanceSpec): string {
  const condition = spec.path ? pathCondition(spec.path, spec.k ?? 0) : spec.condition;
  return conversationKey({
    task_id: taskId,
    model: assistantModel,
    mode: spec.mode,
    condition,
    ...(spec.path ? { path: spec.path, k: spec.k ?? 0 } : {}),
  });
}

/** Every instance of the records (the eight of each source; extended paths on request), filtered. */
export function planSweep(
  records: readonly BenchmarkRecord[],
  opts: { extended?: boolean; mode?: InstanceSpec['mode']; condition?: string; path?: string; k?: number } = {},
): PlannedRun[] {
  const out: PlannedRun[] = [];
  for (const record of records) {
    const specs = [...baseInstances(record), ...(opts.extended || opts.path ? extendedInstances(record) : [])];
    for (const spec of specs) {
      if (opts.mode && spec.mode !== opts.mode) continue;
      if (opts.condition && (spec.path ? pathCondition(spec.path, spec.k ?? 0) : spec.condition) !== opts.condition)
        continue;
      if (opts.path && spec.path !== opts.path) continue;
      if (opts.k !== undefined && spec.path && spec.k !== opts.k) continue;
      out.push({ record, spec });
    }
  }
  return out;
}

/** Parses `i/n` (1 ≤ i ≤ n): this job takes every n-th planned run starting at the i-th. */
export function parseShard(text: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || index < 1 || index > count)
    throw new Error(`--shard must be i/n with 1 ≤ i ≤ n (got "${text}")`);
  return { index, count };
}

export type ShardEnv = Readonly<Record<string, string | undefined>>;

function envInt(env: ShardEnv, name: string): number | undefined {
  const v = env[name];
  if (v === undefined || v.trim() === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer (got "${v}")`);
  return n;
}

/**
 * `i/n`, or `auto`: the index and count of the job array this process belongs to. Kubernetes
 * Indexed Jobs set JOB_COMPLETION_INDEX (0-based) but not the count: the manifest passes
 * `completions` as JOB_COMPLETIONS. Slurm sets SLURM_ARRAY_TASK_ID, _MIN and _COUNT.
 */
export function resolveShard(text: string, env: ShardEnv): { index: number; count: number } {
  if (text.trim() !== 'auto') return parseShard(text);
  const k8sIndex = envInt(env, 'JOB_COMPLETION_INDEX');
  if (k8sIndex !== undefined) {
    const count = envInt(env, 'JOB_COMPLETIONS');
    if (count === undefined || count < 1)
      throw new Error(
        "--shard auto: JOB_COMPLETION_INDEX is set but JOB_COMPLETIONS is not (pass the Job's completions as JOB_COMPLETIONS)",
      );
    if (k8sIndex >= count)
      throw new Error(`--shard auto: JOB_COMPLETION_INDEX ${k8sIndex} is not below JOB_COMPLETIONS ${count}`);
    return { index: k8sIndex + 1, count };
  }
  const slurmId = envInt(env, 'SLURM_ARRAY_TASK_ID');
  if (slurmId !== undefined) {
    const count = envInt(env, 'SLURM_ARRAY_TASK_COUNT');
    if (count === undefined || count < 1)
      throw new Error('--shard auto: SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not');
    const index = slurmId - (envInt(env, 'SLURM_ARRAY_TASK_MIN') ?? 0);
    if (index < 0 || index >= count)
      throw new Error(
        `--shard auto: SLURM_ARRAY_TASK_ID ${slurmId} is outside the array (min ${env.SLURM_ARRAY_TASK_MIN ?? 0}, count ${count}); use a contiguous --array range`,
      );
    return { index: index + 1, count };
  }
  throw new Error('--shard auto: no job array found (neither JOB_COMPLETION_INDEX nor SLURM_ARRAY_TASK_ID is set)');
}

export function selectShard<T>(items: readonly T[], shard: { index: number; count: number }): T[] {
  return items.filter((_, i) => i % shard.count === shard.index - 1);
}

/** Keys of the conversations already in a log, for resuming a sweep. */
export async function completedKeys(logFile: string): Promise<Set<string>> {
  const keys = new Set<string>();
  if (!existsSync(logFile)) return keys;
  const index = new RunLogIndex();
  await index.indexFile(logFile);
  // A fork is a counterfactual of another conversation, not a run of its instance.
  for (const ref of index.conversations()) if (!ref.forkedFrom) keys.add(conversationKey(ref));
  return keys;
}

/** A provider definition's generation settings; unset ones keep the paper's defaults. */
export function generationSettingsOf(
  cfg: Pick<ProviderConfig, 'temperature' | 'maxTokens' | 'seed'> | undefined,
): GenerationSettings {
  if (!cfg) return {};
  return {
    ...(cfg.temperature !== undefined ? { temperature: cfg.temperature } : {}),
    ...(cfg.maxTokens !== undefined ? { maxTokens: cfg.maxTokens } : {}),
    ...(cfg.seed !== undefined ? { seed: cfg.seed } : {}),
  };
}
