// `intent-lens annotations --logs DIR (--json | --format csv|jsonl) [--label L] [--annotations FILE]...`:
// the current annotations of the sidecars (edits applied, retractions left out) as a list, JSON,
// CSV or JSONL (the export). Annotations whose conversation is not in the logs are listed on
// stderr as orphans; sidecar lines that do not parse are reported and skipped.
import { writeFile } from 'node:fs/promises';
import { CliError, type CliCommand } from './cliTypes';
import { readFlags } from './readOptions';
import { ANNOTATIONS_HELP, ANNOTATIONS_OPTION, loadAnnotations, sidecarPaths } from './annotationsOption';
import { loadStatsWorkspace } from './statsLoad';
import { orphanAnnotations } from '../core/annotations/annotationLog';
import { annotationRow, type AnnotationRow } from '../core/annotations/annotationTypes';
import { refuseOutputOverInputs } from './outputPath';
import { labelAgreement } from '../core/annotations/agreement';
import { annotationsToCsv } from '../core/annotations/annotationExport';

const USAGE = `intent-lens annotations --logs DIR (--json | --format csv|jsonl) [--label L] [--annotations FILE]... [--out FILE]
  --json            a JSON array of {id, conv_id, turn, kind, value, reason, by, at}
  --format F        csv or jsonl (one row per line): the export
  --label L         only label annotations with this value
  --agreement       instead: agreement per label between each pair of annotators (Cohen's kappa with n,
                    over the conversations both annotated) and the disagreeing conversations
  --out FILE        write there instead of stdout
${ANNOTATIONS_HELP}
`;

function render(rows: AnnotationRow[], format: string): string {
  if (format === 'json') return JSON.stringify(rows, null, 2) + '\n';
  if (format === 'jsonl') return rows.map((r) => JSON.stringify(r) + '\n').join('');
  return annotationsToCsv(rows);
}

const command: CliCommand = {
  async run(args) {
    const values = readFlags(args, USAGE, {
      logs: { type: 'string', multiple: true },
      json: { type: 'boolean' },
      format: { type: 'string' },
      label: { type: 'string' },
      agreement: { type: 'boolean' },
      out: { type: 'string' },
      ...ANNOTATIONS_OPTION,
    });
    if (!values.logs?.length) throw new CliError('--logs <file-or-folder> is required');
    const format = values.json ? 'json' : values.format;
    if (!format || !['json', 'csv', 'jsonl'].includes(format)) throw new CliError('give --json or --format csv|jsonl');
    const ws = await loadStatsWorkspace([], values.logs);
    const set = await loadAnnotations(sidecarPaths(values.annotations));
    const orphans = orphanAnnotations(set, (id) => ws.logs.get(id) !== undefined);
    for (const o of orphans.slice(0, 20))
      process.stderr.write(
        `${o.source.file}:${o.source.line}: orphan annotation ${o.id}: no conversation ${o.conv_id} in the logs\n`,
      );
    if (orphans.length) process.stderr.write(`${orphans.length} orphan annotation(s)\n`);
    if (values.agreement) {
      const rows = labelAgreement(set.annotations).filter(
        (r) => values.label === undefined || r.label === values.label,
      );
      process.stdout.write(
        format === 'json' ? JSON.stringify(rows, null, 2) + '\n' : rows.map((r) => JSON.stringify(r) + '\n').join(''),
      );
      return 0;
    }
    const picked = set.annotations.filter(
      (a) => values.label === undefined || (a.kind === 'label' && a.value === values.label),
    );
    const text = render(picked.map(annotationRow), format);
    if (values.out) {
      await refuseOutputOverInputs(values.out, [
        ...ws.dataFiles().map((f) => f.path),
        ...sidecarPaths(values.annotations),
      ]);
      await writeFile(values.out, text);
    } else process.stdout.write(text);
    return 0;
  },
};
export default command;
