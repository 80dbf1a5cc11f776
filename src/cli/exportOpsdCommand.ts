// `intent-lens export-opsd --records <file> --logs <file-or-folder>... --out FILE [--admit-single-correct] [--model M]... [--rescored FILE]`:
// Intent-OPSD training data (paper Section 3) as JSONL: per admitted source and condition, the
// Student dialogue H_v and the Teacher prompt c_v (S_Dir for Revised, S_Orig otherwise).
import { createWriteStream } from 'node:fs';
import { refuseOutputOverInputs } from './outputPath';
import { once } from 'node:events';
import { CliError, type CliCommand } from './cliTypes';
import { readOptions } from './readOptions';
import { WORKSPACE_OPTIONS } from './statsLoad';
import { Workspace } from '../core/workspace/workspace';
import { describeRescoreCounts } from '../core/workspace/verdicts';
import { ANNOTATIONS_HELP, ANNOTATIONS_OPTION, applyAnnotations, sidecarPaths } from './annotationsOption';
import { VERDICT_MODES } from '../core/annotations/adjudication';
import { exportOpsd } from '../core/opsd/opsdExport';

const USAGE = `intent-lens export-opsd --records <file> --logs <file-or-folder>... --out FILE [--admit-single-correct] [--model M]... [--rescored FILE]
  --admit-single-correct  only sources whose single-turn Original and Direct runs (same model) are both correct
  --model M               only this model (repeatable)
  --rescored FILE         a re-scored copy of the logs (what score --out wrote): its verdicts replace the logged ones, by conv_id
  --out -                 write to stdout
  --exclude-label L       leave out conversations annotated with label L (repeatable; e.g. simulator-error)
  --verdicts MODE         adjudicated (default: human verdict overrides win) or machine
${ANNOTATIONS_HELP}
`;

const command: CliCommand = {
  async run(args) {
    const { values, positionals } = readOptions(args, USAGE, {
      ...WORKSPACE_OPTIONS,
      out: { type: 'string' },
      'admit-single-correct': { type: 'boolean' },
      'exclude-label': { type: 'string', multiple: true },
      verdicts: { type: 'string' },
      ...ANNOTATIONS_OPTION,
    });
    const mode = VERDICT_MODES.find((m) => m === (values.verdicts ?? 'adjudicated'));
    if (!mode) throw new CliError('--verdicts must be adjudicated or machine');
    const logs = [...(values.logs ?? []), ...positionals];
    if (!values.records?.length)
      throw new CliError('--records <file> is required (the Teacher prompts are rendered from the records)');
    if (logs.length === 0) throw new CliError('--logs <file-or-folder> is required');
    if (!values.out) throw new CliError('--out FILE is required (- for stdout)');
    let loaded;
    try {
      loaded = await Workspace.open(logs, values.records);
      if (values.rescored)
        process.stderr.write(
          `verdicts from ${values.rescored}: ${describeRescoreCounts(await loaded.overlayRescoredLog(values.rescored))}\n`,
        );
    } catch (e) {
      throw new CliError(e instanceof Error ? e.message : String(e), 1);
    }
    const annotations = await applyAnnotations(loaded, sidecarPaths(values.annotations));
    const excluded = new Set(values['exclude-label'] ?? []);
    const excludedConvs = new Set(
      annotations.annotations.filter((a) => a.kind === 'label' && excluded.has(a.value)).map((a) => a.conv_id),
    );
    const refs = loaded.conversationsWithCurrentVerdicts(mode).filter((r) => !excludedConvs.has(r.conv_id));
    if (excluded.size)
      process.stderr.write(`excluded ${excludedConvs.size} conversation(s) labelled ${[...excluded].join(', ')}\n`);
    const toStdout = values.out === '-';
    const inputs = [...loaded.dataFiles().map((f) => f.path), ...(values.rescored ? [values.rescored] : [])];
    if (!toStdout) await refuseOutputOverInputs(values.out, inputs);
    const stream = toStdout ? undefined : createWriteStream(values.out, 'utf8');
    const write = async (line: string) => {
      if (!stream) process.stdout.write(line);
      else if (!stream.write(line)) await once(stream, 'drain');
    };
    const summary = await exportOpsd(
      refs,
      (id) => loaded.record(id)?.record,
      (ref) => loaded.logs.readConversation(ref),
      (example) => write(JSON.stringify(example) + '\n'),
      {
        admitSingleCorrect: values['admit-single-correct'] ?? false,
        ...(values.model ? { models: values.model } : {}),
      },
    );
    if (stream) {
      stream.end();
      await once(stream, 'finish');
    }
    const s = summary.skipped;
    process.stderr.write(
      `${summary.examples} example(s) from ${summary.admittedSources} admitted of ${summary.sources} model×source pair(s); skipped: ${s.noRecord} without a record, ${s.notAdmitted} not admitted, ${s.noFinalAnswer} without a final answer, ${s.renderError} not renderable\n`,
    );
    return 0;
  },
};
export default command;
