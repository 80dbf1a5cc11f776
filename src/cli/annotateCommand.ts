// `intent-lens annotate --logs DIR --conv-id ID [--turn N] (--label L | --note TEXT | --verdict
// correct|incorrect --reason TEXT) [--by NAME] [--annotations FILE]`: appends one annotation event
// to the sidecar under its lock (concurrent annotators all land). The logs are only read.
import { userInfo } from 'node:os';
import { CliError, type CliCommand } from './cliTypes';
import { readFlags } from './readOptions';
import { ANNOTATIONS_HELP, ANNOTATIONS_OPTION, sidecarPaths, workspaceLabels } from './annotationsOption';
import { loadStatsWorkspace } from './statsLoad';
import { addEvent, appendAnnotationEvents, type NewAnnotation } from '../core/annotations/annotationWriter';
import { HUMAN_VERDICTS, type AnnotationBasis } from '../core/annotations/annotationTypes';
import { readVerdictSidecar } from '../core/workspace/verdicts';
import type { Workspace } from '../core/workspace/workspace';
import type { ConversationRef } from '../core/load/runLogIndex';
import { FileLockedError } from '../core/edit/fileLock';

const USAGE = `intent-lens annotate --logs DIR --conv-id ID [--turn N] (--label L | --note TEXT | --verdict correct|incorrect --reason TEXT) [--by NAME] [--annotations FILE]
  --turn N          the user turn (1-based, U1 = 1); default: the whole conversation
  --span A:B        a character span of that turn's reply (with --turn)
  --label L         one of the workspace's labels (defaults, plus intentLens.annotations.labels in .vscode/settings.json)
  --verdict V       a human override (correct or incorrect); --reason is required
  --by NAME         the annotator (default: $INTENT_LENS_REVIEWER or the user name)
${ANNOTATIONS_HELP} (the file written: the first one)
`;

function defaultAnnotator(): string {
  try {
    return process.env.INTENT_LENS_REVIEWER ?? userInfo().username;
  } catch {
    return 'unknown';
  }
}

type Kind = Pick<NewAnnotation, 'kind' | 'value' | 'reason'>;

async function kindOf(values: { label?: string; note?: string; verdict?: string; reason?: string }): Promise<Kind> {
  const given = [values.label, values.note, values.verdict].filter((v) => v !== undefined).length;
  if (given !== 1) throw new CliError('give exactly one of --label, --note, --verdict');
  const reason = values.reason?.trim() ? { reason: values.reason.trim() } : {};
  if (values.verdict !== undefined) {
    if (!(HUMAN_VERDICTS as readonly string[]).includes(values.verdict))
      throw new CliError('--verdict must be correct or incorrect');
    if (!reason.reason) throw new CliError('--verdict needs --reason TEXT (why the machine verdict is wrong)');
    return { kind: 'verdict', value: values.verdict, ...reason };
  }
  if (values.label !== undefined) {
    const labels = await workspaceLabels();
    if (!labels.includes(values.label))
      throw new CliError(`unknown label ${JSON.stringify(values.label)}; labels: ${labels.join(', ')}`);
    return { kind: 'label', value: values.label, ...reason };
  }
  if (!values.note?.trim()) throw new CliError('--note needs a text');
  return { kind: 'note', value: values.note, ...reason };
}

async function basisOf(ws: Workspace, ref: ConversationRef): Promise<AnnotationBasis> {
  await readVerdictSidecar(process.cwd(), ws.verdicts).catch(() => false);
  const p = ws.currentVerdict(ref, 'machine').provenance;
  return {
    verdict_source: p.source,
    ...(p.source === 'rescored' ? { verifier_version: p.verifier } : {}),
    log_file: ref.file,
    log_line: ref.line,
  };
}

function spanOf(text: string | undefined, turn: number | undefined): NewAnnotation['span'] {
  if (text === undefined) return undefined;
  const m = /^(\d+):(\d+)$/.exec(text);
  if (!m || Number(m[1]) > Number(m[2]))
    throw new CliError('--span must be START:END (character offsets, START ≤ END)');
  if (turn === undefined) throw new CliError('--span needs --turn');
  return { start: Number(m[1]), end: Number(m[2]) };
}

const command: CliCommand = {
  async run(args) {
    const values = readFlags(args, USAGE, {
      logs: { type: 'string', multiple: true },
      'conv-id': { type: 'string' },
      turn: { type: 'string' },
      span: { type: 'string' },
      label: { type: 'string' },
      note: { type: 'string' },
      verdict: { type: 'string' },
      reason: { type: 'string' },
      by: { type: 'string' },
      ...ANNOTATIONS_OPTION,
    });
    if (!values.logs?.length) throw new CliError('--logs <file-or-folder> is required');
    const convId = values['conv-id'];
    if (!convId) throw new CliError('--conv-id is required');
    const turn = values.turn === undefined ? undefined : Number(values.turn);
    if (turn !== undefined && !(Number.isInteger(turn) && turn > 0))
      throw new CliError('--turn must be a positive integer');
    const kind = await kindOf(values);
    const span = spanOf(values.span, turn);
    const ws = await loadStatsWorkspace([], values.logs);
    const found = await ws.conversation(convId);
    if (!found) throw new CliError(`no conversation ${JSON.stringify(convId)} in the logs`, 1);
    const turns = found.conversation.turns.length;
    if (turn !== undefined && turn > turns)
      throw new CliError(`--turn ${turn}: the conversation has ${turns} user turn(s)`, 1);
    const event = addEvent({
      conv_id: convId,
      ...(turn !== undefined ? { turn } : {}),
      ...(span ? { span } : {}),
      ...kind,
      by: values.by ?? defaultAnnotator(),
      basis: await basisOf(ws, found.ref),
    });
    const file = sidecarPaths(values.annotations)[0]!;
    try {
      await appendAnnotationEvents(file, [event]);
    } catch (e) {
      if (e instanceof FileLockedError) throw new CliError(e.message, 1);
      throw e;
    }
    process.stdout.write((event.event === 'add' ? event.annotation.id : '') + '\n');
    process.stderr.write(`${file}: ${kind.kind} ${kind.value} on ${convId}${turn ? ` turn ${turn}` : ''}\n`);
    return 0;
  },
};
export default command;
