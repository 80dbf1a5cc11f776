// `intent-lens score --records <file> [--plans <file>] --logs <file-or-folder>... [--databases DIR] [--json] [--out FILE] [--no-exec]`
// Re-scores each conversation's final assistant message against the active reference and finds
// inactive content in it. Input logs are never modified; --out writes a new log atomically.
import { cpus } from 'node:os';
import pLimit from 'p-limit';
import { CliError, type CliCommand } from './cliTypes';
import { readFlags } from './readOptions';
import { loadRecordsFile } from '../core/load/recordsFile';
import { detectFileKind, findDataFiles, loadEvolvingFile } from '../core/load/dataFiles';
import type { EvolvingPlan } from '../core/schema/evolving';
import type { BenchmarkRecord } from '../core/schema/records';
import { effectiveCondition, effectiveMode } from '../core/schema/runlog';
import { rescoreConversation, type ConversationScore } from '../core/verify/rescore';
import { SqlExecutor } from '../core/verify/database/sqlExecutor';
import { codeIsolationNote } from '../core/verify/code/codeIsolationNote';
import type { VerifyDetails } from '../core/verify/verifyTypes';
import { formatDiagnostic, type Diagnostic } from '../core/jsonl/diagnostics';
import { replaceFile, type FileSink } from '../core/edit/fileStore';
import { copyBytes, readLogLines, type LogLine } from './scoreLogLines';
import { rescoredLineText } from '../core/verify/rescoredLine';
import { refuseOutputOverInputs } from './outputPath';
import { VERIFY_OPTIONS, VERIFY_USAGE, verifyOptionsOfFlags } from './verifyFlags';
import { MAX_LINE_BYTES_HELP, MAX_LINE_BYTES_OPTION, maxLineBytesOf } from './maxLineBytesOption';
import { markOfBoolean } from '../shared/verdicts';

const USAGE = `intent-lens score --records <file> --logs <file-or-folder>... [options]

  --records FILE       benchmark records (*.records.jsonl); repeatable. A *.evolving.jsonl here counts as --plans
  --plans FILE         evolving-intent plans (*.evolving.jsonl): \`mode: evolving\` logs score against their anchor; repeatable
  --logs PATH          run-log file or folder; repeatable
  --json               print {"conversations": [...], "summary": {...}}
  --out FILE           write a re-scored copy of the logs (updated is_correct/score + an answer-evaluation entry;
                       a line that cannot be re-scored keeps its logged verdict, with a rescore-skipped entry)
${VERIFY_USAGE}
  --strict-actions     the default since the paper's protocol became it; accepted for old scripts
  --concurrency N      answers scored at once (default: number of CPUs)
  --timeout MS         per code run / SQL statement time limit (default 10000 / 5000)
${MAX_LINE_BYTES_HELP}
Logs are streamed: results print as they are scored. Invalid lines and repeated conv_ids are
reported on stderr (and under "diagnostics" with --json), counted once, and copied as they are to --out.
`;

export interface ScoreSummary {
  conversations: number;
  scored: number;
  correct: number;
  incorrect: number;
  unscored: number;
  /** Among conversations with both a logged and a new verdict. */
  compared: number;
  agree: number;
  agreement_rate: number | null;
  changed: number;
  with_inactive: number;
  /** Lines that are not valid conversations (syntax, schema, over the length limit). */
  invalid_lines?: number;
  /** Repeats of a conv_id already scored: reported, not counted again. */
  duplicate_conv_ids?: number;
  by_task: Record<
    string,
    { conversations: number; correct: number; incorrect: number; unscored: number; compared: number; agree: number }
  >;
}

export function emptySummary(): ScoreSummary {
  return {
    conversations: 0,
    scored: 0,
    correct: 0,
    incorrect: 0,
    unscored: 0,
    compared: 0,
    agree: 0,
    agreement_rate: null,
    changed: 0,
    with_inactive: 0,
    by_task: {},
  };
}

/** Counts one result into a summary (streamed: results are not kept). */
export function addToSummary(s: ScoreSummary, r: ConversationScore): void {
  s.conversations++;
  const t = (s.by_task[r.details.domain] ??= {
    conversations: 0,
    correct: 0,
    incorrect: 0,
    unscored: 0,
    compared: 0,
    agree: 0,
  });
  t.conversations++;
  if (r.is_correct === null) {
    s.unscored++;
    t.unscored++;
  } else {
    s.scored++;
    const key = r.is_correct ? 'correct' : 'incorrect';
    s[key]++;
    t[key]++;
    if (r.previous_is_correct !== null) {
      s.compared++;
      t.compared++;
      if (r.previous_is_correct === r.is_correct) {
        s.agree++;
        t.agree++;
      } else s.changed++;
    }
  }
  if (r.inactive.length) s.with_inactive++;
  s.agreement_rate = s.compared ? s.agree / s.compared : null;
}

export function summarize(results: readonly ConversationScore[]): ScoreSummary {
  const s = emptySummary();
  for (const r of results) addToSummary(s, r);
  return s;
}

/** A verifier that throws must not take the whole run down: that conversation is unscored. */
function failedScore(l: LogLine & { entry: NonNullable<LogLine['entry']> }, e: unknown): ConversationScore {
  const domain = (['math', 'code', 'database', 'actions'] as const).find((d) => d === l.entry.task) ?? 'math';
  return {
    conv_id: l.entry.conv_id,
    task_id: l.entry.task_id,
    mode: effectiveMode(l.entry),
    condition: effectiveCondition(l.entry),
    active: null,
    extracted: null,
    is_correct: null,
    previous_is_correct: null,
    inactive: [],
    details: { domain, message: `could not be scored: ${e instanceof Error ? e.message : String(e)}` },
  };
}

function conversationJson(r: ConversationScore): Record<string, unknown> {
  return {
    conv_id: r.conv_id,
    task_id: r.task_id,
    mode: r.mode,
    condition: r.condition,
    ...(r.path ? { path: r.path, k: r.k } : {}),
    active: r.active,
    extracted: r.extracted,
    is_correct: r.is_correct,
    previous_is_correct: r.previous_is_correct,
    inactive: r.inactive.map(({ value, start, end, kind, match, describe }) => ({
      value,
      start,
      end,
      kind,
      match,
      describe,
    })),
    details: r.details,
  };
}

function resultLine(r: ConversationScore): string {
  const changed =
    r.is_correct !== null && r.previous_is_correct !== null && r.is_correct !== r.previous_is_correct
      ? ' (changed)'
      : '';
  const inactive = r.inactive.length ? ` · inactive: ${[...new Set(r.inactive.map((s) => s.value))].join(', ')}` : '';
  return `${markOfBoolean(r.is_correct)} ${r.conv_id} ${r.task_id} ${r.mode}/${r.condition} was ${markOfBoolean(r.previous_is_correct)}${changed}${inactive} — ${r.details.message}\n`;
}

/** One line of --out: the line with its re-score (or why it has none), or as it was (its exact bytes where needed). */
async function writeOutLine(sink: FileSink, l: LogLine, r: ConversationScore | undefined): Promise<void> {
  if (l.entry && l.text !== undefined && r) {
    await sink.write(rescoredLineText(l.text, l.entry as Record<string, unknown>, r, new Date().toISOString()));
  } else if (l.bytes) await copyBytes(l.file, l.bytes, sink);
  else await sink.write(l.text ?? '');
  await sink.write('\n');
}

/**
 * The records and evolving-intent plans to score against (the first of each task id); a plans
 * file given as --records is read as plans.
 */
async function readRecordsAndPlans(recordFiles: string[], planFileArgs: string[], limits: { maxLineBytes?: number }) {
  const records = new Map<string, BenchmarkRecord>();
  const plans = new Map<string, EvolvingPlan>();
  const planFiles = [...planFileArgs];
  const cannotRead = (f: string) => (e: unknown) => {
    throw new CliError(`cannot read ${f}: ${e instanceof Error ? e.message : String(e)}`);
  };
  for (const f of recordFiles) {
    if ((await detectFileKind(f).catch(() => undefined)) === 'evolving') {
      planFiles.push(f);
      continue;
    }
    const loaded = await loadRecordsFile(f, limits).catch(cannotRead(f));
    for (const it of loaded.items) if (!records.has(it.value.task_id)) records.set(it.value.task_id, it.value);
  }
  for (const f of planFiles) {
    const loaded = await loadEvolvingFile(f, limits).catch(cannotRead(f));
    for (const it of loaded.items) if (!plans.has(it.value.task_id)) plans.set(it.value.task_id, it.value);
  }
  return { records, plans, planFiles };
}

/** The closing summary: JSON after the conversations, or one line (and the code isolation note). */
function printSummary(
  summary: ScoreSummary,
  diagnostics: Diagnostic[],
  codeDetails: VerifyDetails[],
  values: { json?: boolean; out?: string },
): void {
  if (values.json) {
    process.stdout.write(
      `\n],\n"summary": ${JSON.stringify(summary, null, 2)},\n"diagnostics": ${JSON.stringify(diagnostics.slice(0, 1000))}\n}\n`,
    );
  } else {
    const rate =
      summary.agreement_rate === null ? 'n/a' : `${(summary.agreement_rate * 100).toFixed(1)}% of ${summary.compared}`;
    const isolationNote = codeIsolationNote(codeDetails);
    if (isolationNote) process.stderr.write(`${isolationNote}\n`);
    const skipped =
      summary.invalid_lines || summary.duplicate_conv_ids
        ? `; skipped ${summary.invalid_lines} invalid line(s) and ${summary.duplicate_conv_ids} repeated conv_id(s)${diagnostics.length > 20 ? ' (first 20 shown above)' : ''}`
        : '';
    process.stdout.write(
      `\n${summary.conversations} conversations: ${summary.correct} correct, ${summary.incorrect} incorrect, ${summary.unscored} unscored; agreement with logged verdicts ${rate}; ${summary.with_inactive} with inactive content${skipped}${values.out ? `; wrote ${values.out}${summary.unscored ? ` (the ${summary.unscored} unscored keep their logged verdict)` : ''}` : ''}\n`,
    );
  }
}

const command: CliCommand = {
  async run(args) {
    const values = readFlags(args, USAGE, {
      records: { type: 'string', multiple: true },
      plans: { type: 'string', multiple: true },
      logs: { type: 'string', multiple: true },
      ...VERIFY_OPTIONS,
      json: { type: 'boolean' },
      out: { type: 'string' },
      'strict-actions': { type: 'boolean' },
      concurrency: { type: 'string' },
      timeout: { type: 'string' },
      ...MAX_LINE_BYTES_OPTION,
    });
    if (!values.records?.length && !values.plans?.length)
      throw new CliError("--records (or --plans) is required (see 'intent-lens score --help')");
    if (!values.logs?.length) throw new CliError("--logs is required (see 'intent-lens score --help')");
    const concurrency = values.concurrency ? Number(values.concurrency) : Math.max(1, cpus().length);
    if (!Number.isInteger(concurrency) || concurrency < 1)
      throw new CliError('--concurrency must be a positive integer');
    const timeoutMs = values.timeout ? Number(values.timeout) : undefined;
    if (timeoutMs !== undefined && !(timeoutMs > 0))
      throw new CliError('--timeout must be a positive number of milliseconds');

    const maxLineBytes = maxLineBytesOf(values['max-line-bytes']);
    const limits = maxLineBytes ? { maxLineBytes } : {};
    const { records, plans, planFiles } = await readRecordsAndPlans(values.records ?? [], values.plans ?? [], limits);
    const diagnostics: Diagnostic[] = [];
    const report = (d: Diagnostic) => {
      diagnostics.push(d);
      if (!values.json && diagnostics.length <= 20) process.stderr.write(formatDiagnostic(d) + '\n');
    };
    const found = await findDataFiles(values.logs).catch((e: unknown) => {
      throw new CliError(`cannot read logs: ${e instanceof Error ? e.message : String(e)}`);
    });
    found.diagnostics.forEach(report);
    const logFiles: string[] = [];
    for (const f of found.files) if ((await detectFileKind(f)) === 'logs') logFiles.push(f);
    if (values.out) await refuseOutputOverInputs(values.out, [...logFiles, ...(values.records ?? []), ...planFiles]);

    const sql = new SqlExecutor(timeoutMs ? { timeoutMs } : {});
    const limit = pLimit(concurrency);
    const summary = emptySummary();
    const seenConvIds = new Map<string, string>();
    const codeDetails: VerifyDetails[] = [];
    let firstJson = true;
    if (values.json) process.stdout.write('{\n"conversations": [\n');
    const score = (l: LogLine): Promise<ConversationScore | undefined> => {
      const entry = l.entry;
      if (!entry) return Promise.resolve(undefined);
      const verify = { ...verifyOptionsOfFlags(values, timeoutMs), sql };
      return limit(() =>
        rescoreConversation(records.get(entry.task_id), entry, verify, plans.get(entry.task_id)).catch((e: unknown) =>
          failedScore({ ...l, entry }, e),
        ),
      );
    };
    // Results are emitted in log order from a bounded window of lines being scored, so memory
    // stays flat however long the logs are.
    const run = async (sink: FileSink | undefined) => {
      const window: Array<{ line: LogLine; result: Promise<ConversationScore | undefined> }> = [];
      const emit = async () => {
        const { line, result } = window.shift()!;
        const r = await result;
        if (r) {
          addToSummary(summary, r);
          // Only the code verdicts that were not run, or ran unisolated, feed the closing note.
          if (
            r.details.domain === 'code' &&
            (r.details.info?.run === 'not-run' || r.details.info?.isolation === 'none')
          )
            codeDetails.push(r.details);
          if (values.json) {
            process.stdout.write((firstJson ? '' : ',\n') + JSON.stringify(conversationJson(r)));
            firstJson = false;
          } else process.stdout.write(resultLine(r));
        }
        if (sink) await writeOutLine(sink, line, r);
      };
      for (const f of logFiles) {
        for await (const line of readLogLines(f, { ...limits, report, seenConvIds })) {
          window.push({ line, result: score(line) });
          if (window.length >= concurrency * 4) await emit();
        }
      }
      while (window.length) await emit();
    };
    try {
      if (values.out) await replaceFile(values.out, run);
      else await run(undefined);
    } finally {
      await sql.close();
    }
    summary.invalid_lines = diagnostics.filter((d) => d.severity === 'error' && d.code !== 'duplicate-conv-id').length;
    summary.duplicate_conv_ids = diagnostics.filter((d) => d.code === 'duplicate-conv-id').length;
    printSummary(summary, diagnostics, codeDetails, values);
    return 0;
  },
};
export default command;
