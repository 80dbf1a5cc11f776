// `intent-lens render <records> --task-id ID --mode multi|single --condition C [--path P --k K] [--json]`
import { CliError, type CliCommand } from './cliTypes';
import { readOptions } from './readOptions';
import { loadRecordsFile } from '../core/load/recordsFile';
import { renderInstance, RenderError, type InstanceSpec } from '../core/render/instances';
import { ConditionSchema, PathSchema } from '../core/schema/runlog';
import { formatDiagnostic } from '../core/jsonl/diagnostics';
import { loadEvolvingFile } from '../core/load/dataFiles';
import { renderEvolving } from '../core/render/evolving';
import { RecapSchema } from '../core/schema/runlog';

const command: CliCommand = {
  async run(args) {
    const { values, positionals } = readOptions(
      args,
      'intent-lens render <records> --task-id ID --mode multi|single --condition C [--path P --k K] [--json]\n' +
        'intent-lens render <plans.evolving.jsonl> --task-id ID --mode evolving|single [--recap none|prompt|oracle] [--json]\n',
      {
        'task-id': { type: 'string' },
        mode: { type: 'string', default: 'multi' },
        condition: { type: 'string', default: 'original' },
        path: { type: 'string' },
        k: { type: 'string' },
        recap: { type: 'string' },
        json: { type: 'boolean' },
      },
    );
    const file = positionals[0];
    if (!file) throw new CliError('give the records file');
    if (!values['task-id']) throw new CliError('--task-id is required');
    if (/\.evolving\.jsonl?$/i.test(file) || values.mode === 'evolving')
      return renderPlan(file, values['task-id'], values.mode, values.recap, values.json === true);
    if (values.mode !== 'multi' && values.mode !== 'single')
      throw new CliError('--mode must be multi, single or evolving');
    const condition = ConditionSchema.safeParse(values.condition);
    if (!condition.success) throw new CliError(`--condition must be one of ${ConditionSchema.options.join(', ')}`);
    let path: InstanceSpec['path'];
    if (values.path !== undefined) {
      const p = PathSchema.safeParse(values.path);
      if (!p.success) throw new CliError(`--path must be one of ${PathSchema.options.join(', ')}`);
      path = p.data;
    }
    const k = values.k !== undefined ? Number(values.k) : undefined;
    if (k !== undefined && (!Number.isInteger(k) || k < 0 || k > 4)) throw new CliError('--k must be an integer 0..4');
    const loaded = await loadRecordsFile(file);
    const item = loaded.items.find((i) => i.value.task_id === values['task-id']);
    if (!item) {
      const bad = loaded.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
      throw new CliError(
        `no valid record with task_id ${values['task-id']} in ${file}${bad.length ? `\n${bad.join('\n')}` : ''}`,
        1,
      );
    }
    let inst;
    try {
      inst = renderInstance(item.value, {
        mode: values.mode,
        condition: condition.data,
        ...(path ? { path, k: k ?? 0 } : {}),
      });
    } catch (e) {
      if (e instanceof RenderError) throw new CliError(e.message, 1);
      throw e;
    }
    if (values.json) {
      process.stdout.write(JSON.stringify(inst, null, 2) + '\n');
    } else {
      process.stdout.write(
        `# ${inst.task_id} · ${inst.mode} ${inst.condition}${inst.path ? ` · ${inst.path} k=${inst.k}` : ''} · active: ${inst.active}${inst.activeValue ? ` (${inst.activeValue})` : ''}\n`,
      );
      process.stdout.write(`# reference: ${JSON.stringify(inst.reference)}\n\n`);
      inst.messages.forEach((m, i) => {
        const tag =
          m.kind === 'shard' ? `shard ${m.shard_id}` : m.kind === 'event' ? `${m.event} (block ${m.block})` : 'prompt';
        process.stdout.write(`[${i + 1}] user · ${tag}\n${m.content}\n\n`);
      });
    }
    return 0;
  },
};
/** An evolving-intent plan: the anchor alone (`--mode single`) or the conversation with a recap mode. */
async function renderPlan(
  file: string,
  taskId: string,
  mode: string,
  recap: string | undefined,
  json: boolean,
): Promise<number> {
  if (mode !== 'evolving' && mode !== 'single')
    throw new CliError('for evolving-intent plans --mode must be evolving or single');
  const r = recap === undefined ? undefined : RecapSchema.safeParse(recap);
  if (r && !r.success) throw new CliError(`--recap must be one of ${RecapSchema.options.join(', ')}`);
  const loaded = await loadEvolvingFile(file);
  const item = loaded.items.find((i) => i.value.task_id === taskId);
  if (!item) throw new CliError(`no valid plan with task_id ${taskId} in ${file}`, 1);
  const out = renderEvolving(item.value, { mode, ...(r?.success ? { recap: r.data } : {}) });
  if (json) process.stdout.write(JSON.stringify(out, null, 2) + '\n');
  else {
    process.stdout.write(
      `# ${out.task_id} · ${out.mode}${out.recap ? ` · recap ${out.recap}` : ''}\n# reference: ${JSON.stringify(out.reference)}\n\n`,
    );
    out.messages.forEach((m, i) =>
      process.stdout.write(`[${i + 1}] user · ${m.transition ?? 'anchor'}\n${m.content}\n\n`),
    );
  }
  return 0;
}

export default command;
