// `intent-lens review <records> --task-id ID --status approved|rejected|needs-work|pending [--note TEXT] [--by NAME]`:
// writes `intent.review` of one record. Only that record's line changes (other lines keep their
// bytes); read, edit and write happen under the file's lock, so concurrent reviews of one file all
// land, and the write refuses when another program changed the file meanwhile.
import { userInfo } from 'node:os';
import type { CliCommand } from './cliTypes';
import { readOptions } from './readOptions';
import { CliError } from './cliTypes';
import { REVIEW_STATUSES, ReviewStatusSchema } from '../core/schema/records';
import { parseRecordsText } from '../core/load/recordsFile';
import { editRecordInText } from '../core/edit/recordEdit';
import { FileChangedOnDiskError, updateFile } from '../core/edit/fileStore';
import { FileLockedError } from '../core/edit/fileLock';
import { NotRegularFileError } from '../core/jsonl/regularFile';
import { reviewEdits } from '../core/edit/reviewEdits';
import { EditError } from '../core/edit/editRaw';

const USAGE =
  'intent-lens review <records> --task-id ID --status approved|rejected|needs-work|pending [--note TEXT] [--by NAME]\n';

function defaultReviewer(): string | undefined {
  try {
    return process.env.INTENT_LENS_REVIEWER ?? userInfo().username;
  } catch {
    return undefined;
  }
}

const command: CliCommand = {
  async run(args) {
    const { values, positionals } = readOptions(args, USAGE, {
      'task-id': { type: 'string' },
      status: { type: 'string' },
      note: { type: 'string' },
      by: { type: 'string' },
    });
    const file = positionals[0];
    if (!file || positionals.length > 1) throw new CliError(`give exactly one records file (usage: ${USAGE.trim()})`);
    const taskId = values['task-id'];
    if (!taskId) throw new CliError('--task-id is required');
    const status = ReviewStatusSchema.safeParse(values.status);
    if (!status.success) throw new CliError(`--status must be one of ${REVIEW_STATUSES.join(', ')}`);
    const by = values.by ?? defaultReviewer();
    try {
      const line = await updateFile(file, (snap) => {
        const rec = parseRecordsText(file, snap.text).items.find((i) => i.value.task_id === taskId)?.value;
        if (!rec) throw new CliError(`no valid record with task_id ${JSON.stringify(taskId)} in ${file}`);
        if (!rec.intent) throw new CliError(`record ${taskId} has no intent block to review`);
        const edits = reviewEdits(rec, {
          status: status.data,
          ...(values.note !== undefined ? { note: values.note } : {}),
          ...(by ? { by } : {}),
        });
        const result = editRecordInText(file, snap.text, taskId, edits);
        return { text: result.text, result: result.line };
      });
      process.stderr.write(`${file}:${line}: ${taskId} review → ${status.data}\n`);
      return 0;
    } catch (e) {
      if (
        e instanceof FileChangedOnDiskError ||
        e instanceof EditError ||
        e instanceof FileLockedError ||
        e instanceof NotRegularFileError
      )
        throw new CliError(e.message, 1);
      const code = (e as NodeJS.ErrnoException).code;
      if (typeof code === 'string')
        throw new CliError(`cannot update ${file}: ${e instanceof Error ? e.message : String(e)}`, 1);
      throw e;
    }
  },
};
export default command;
