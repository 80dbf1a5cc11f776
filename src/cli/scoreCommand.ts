// `intent-lens score --records <file> [--plans <file>] --logs <file-or-folder>... [--databases DIR] [--json] [--out FILE] [--no-exec]`
// Re-scores each conversation's final assistant message against the active reference and finds
// inactive content in it. Input logs are never modified; --out writes a new log atomically.
import { parseArgs } from 'node:util';
import { readFile, rename, writeFile, unlink } from 'node:fs/promises';
import { resolve } from 'node:path';
import { cpus } from 'node:os';
import pLimit from 'p-limit';
import { CliError, type CliCommand } from './cliTypes';
import { loadRecordsFile } from '../core/load/recordsFile';
import { detectFileKind, listDataFiles, loadEvolvingFile } from '../core/load/dataFiles';
import type { EvolvingPlan } from '../core/schema/evolving';
import { splitSource } from '../core/load/recordsFile';
import { RunLogEntrySchema, type RunLogEntry } from '../core/schema/runlog';
import type { BenchmarkRecord } from '../core/schema/records';
import { rescoreConversation, type ConversationScore } from '../core/verify/rescore';
import { SqlExecutor } from '../core/verify/database/sqlExecutor';

const USAGE = `intent-lens score --records <file> --logs <file-or-folder>... [options]

  --records FILE       benchmark records (*.records.jsonl); repeatable. A *.evolving.jsonl here counts as --plans
  --plans FILE         evolving-intent plans (*.evolving.jsonl): \`mode: evolving\` logs score against their anchor; repeatable
  --logs PATH          run-log file or folder; repeatable
  --databases DIR      SQLite databases (<db_id>.sqlite, <db_id>/<db_id>.sqlite or .sql dumps)
  --json               print {"conversations": [...], "summary": {...}}
  --out FILE           write a re-scored copy of the logs (updated is_correct/score + an answer-evaluation entry)
  --no-exec            do not execute code answers (they get is_correct null)
  --strict-actions     actions answers must be nothing but the call list (LiC's BFCL parser)
  --concurrency N      answers scored at once (default: number of CPUs)
  --timeout MS         per code run / SQL statement time limit (default 10000 / 5000)
`;

interface LogLine {
  file: string;
  line: number;
  raw: string;
  /** The parsed object, kept whole so --out preserves every field. */
  object?: Record<string, unknown>;
  entry?: RunLogEntry;
}

async function readLogLines(file: string): Promise<LogLine[]> {
  const text = await readFile(file, 'utf8');
  const { chunks } = splitSource(file, text);
  return chunks.map((c) => {
    const out: LogLine = { file, line: c.line, raw: c.text };
    try {
      const obj: unknown = JSON.parse(c.text);
      if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
        out.object = obj as Record<string, unknown>;
        const parsed = RunLogEntrySchema.safeParse(obj);
        if (parsed.success) out.entry = parsed.data;
      }
    } catch {
      /* kept verbatim in --out */
    }
    return out;
  });
}

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
  by_task: Record<string, { conversations: number; correct: number; incorrect: number; unscored: number; compared: number; agree: number }>;
}

export function summarize(results: readonly ConversationScore[]): ScoreSummary {
  const s: ScoreSummary = { conversations: results.length, scored: 0, correct: 0, incorrect: 0, unscored: 0, compared: 0, agree: 0, agreement_rate: null, changed: 0, with_inactive: 0, by_task: {} };
  for (const r of results) {
    const domain = r.details.domain;
    const t = (s.by_task[domain] ??= { conversations: 0, correct: 0, incorrect: 0, unscored: 0, compared: 0, agree: 0 });
    t.conversations++;
    if (r.is_correct === null) {
      s.unscored++;
      t.unscored++;
    } else {
      s.scored++;
      if (r.is_correct) (s.correct++, t.correct++);
      else (s.incorrect++, t.incorrect++);
      if (r.previous_is_correct !== null) {
        s.compared++;
        t.compared++;
        if (r.previous_is_correct === r.is_correct) (s.agree++, t.agree++);
        else s.changed++;
      }
    }
    if (r.inactive.length) s.with_inactive++;
  }
  s.agreement_rate = s.compared ? s.agree / s.compared : null;
  return s;
}

function rescoredObject(obj: Record<string, unknown>, r: ConversationScore): Record<string, unknown> {
  const trace = Array.isArray(obj.trace) ? [...(obj.trace as unknown[])] : [];
  const score = r.is_correct === null ? null : r.is_correct ? 1 : 0;
  trace.push({
    role: 'log',
    content: {
      type: 'answer-evaluation',
      exact_answer: r.extracted,
      is_correct: r.is_correct,
      score,
      evaluation_return: { is_correct: r.is_correct, score, message: r.details.message, active: r.active, inactive: r.inactive.map(({ value, start, end, kind, match }) => ({ value, start, end, kind, match })), rescored_by: 'intent-lens score' },
    },
    timestamp: new Date().toISOString(),
  });
  return { ...obj, trace, is_correct: r.is_correct, score };
}

async function writeAtomically(path: string, text: string): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}-${Date.now()}`;
  try {
    await writeFile(tmp, text);
    await rename(tmp, path);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
}

const command: CliCommand = {
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        records: { type: 'string', multiple: true },
        plans: { type: 'string', multiple: true },
        logs: { type: 'string', multiple: true },
        databases: { type: 'string' },
        json: { type: 'boolean' },
        out: { type: 'string' },
        'no-exec': { type: 'boolean' },
        'strict-actions': { type: 'boolean' },
        concurrency: { type: 'string' },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    if (!values.records?.length && !values.plans?.length) throw new CliError("--records (or --plans) is required (see 'intent-lens score --help')");
    if (!values.logs?.length) throw new CliError("--logs is required (see 'intent-lens score --help')");
    const concurrency = values.concurrency ? Number(values.concurrency) : Math.max(1, cpus().length);
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new CliError('--concurrency must be a positive integer');
    const timeoutMs = values.timeout ? Number(values.timeout) : undefined;
    if (timeoutMs !== undefined && !(timeoutMs > 0)) throw new CliError('--timeout must be a positive number of milliseconds');

    const records = new Map<string, BenchmarkRecord>();
    const plans = new Map<string, EvolvingPlan>();
    const planFiles = [...(values.plans ?? [])];
    for (const f of values.records ?? []) {
      if ((await detectFileKind(f).catch(() => undefined)) === 'evolving') {
        planFiles.push(f);
        continue;
      }
      const loaded = await loadRecordsFile(f).catch((e: unknown) => {
        throw new CliError(`cannot read ${f}: ${e instanceof Error ? e.message : String(e)}`);
      });
      for (const it of loaded.items) if (!records.has(it.value.task_id)) records.set(it.value.task_id, it.value);
    }
    for (const f of planFiles) {
      const loaded = await loadEvolvingFile(f).catch((e: unknown) => {
        throw new CliError(`cannot read ${f}: ${e instanceof Error ? e.message : String(e)}`);
      });
      for (const it of loaded.items) if (!plans.has(it.value.task_id)) plans.set(it.value.task_id, it.value);
    }
    let files: string[];
    try {
      files = await listDataFiles(values.logs);
    } catch (e) {
      throw new CliError(`cannot read logs: ${e instanceof Error ? e.message : String(e)}`);
    }
    const logFiles: string[] = [];
    for (const f of files) if ((await detectFileKind(f)) === 'logs') logFiles.push(f);
    if (values.out && logFiles.some((f) => resolve(f) === resolve(values.out!))) throw new CliError('--out must not be one of the input logs (inputs are never modified)');

    const sql = new SqlExecutor(timeoutMs ? { timeoutMs } : {});
    const limit = pLimit(concurrency);
    const lines: LogLine[] = [];
    for (const f of logFiles) lines.push(...(await readLogLines(f)));
    const scores = new Map<LogLine, ConversationScore>();
    try {
      await Promise.all(
        lines.map((l) =>
          l.entry
            ? limit(async () => {
                const r = await rescoreConversation(records.get(l.entry!.task_id), l.entry!, {
                  trusted: !values['no-exec'],
                  strictActionsFormat: values['strict-actions'] === true,
                  ...(values.databases ? { databasesDir: values.databases } : {}),
                  sql,
                  ...(timeoutMs ? { python: { timeoutMs } } : {}),
                }, plans.get(l.entry!.task_id));
                scores.set(l, r);
              })
            : Promise.resolve(),
        ),
      );
    } finally {
      await sql.close();
    }
    const results = lines.flatMap((l) => (scores.has(l) ? [scores.get(l)!] : []));
    const summary = summarize(results);
    if (values.out) {
      const text = lines.map((l) => (l.object && scores.has(l) ? JSON.stringify(rescoredObject(l.object, scores.get(l)!)) : l.raw)).join('\n') + '\n';
      await writeAtomically(values.out, text);
    }
    if (values.json) {
      const conversations = results.map((r) => ({
        conv_id: r.conv_id,
        task_id: r.task_id,
        mode: r.mode,
        condition: r.condition,
        ...(r.path ? { path: r.path, k: r.k } : {}),
        active: r.active,
        extracted: r.extracted,
        is_correct: r.is_correct,
        previous_is_correct: r.previous_is_correct,
        inactive: r.inactive.map(({ value, start, end, kind, match, describe }) => ({ value, start, end, kind, match, describe })),
        details: r.details,
      }));
      process.stdout.write(JSON.stringify({ conversations, summary }, null, 2) + '\n');
    } else {
      const mark = (v: boolean | null) => (v === null ? '–' : v ? '✓' : '✗');
      for (const r of results) {
        const changed = r.is_correct !== null && r.previous_is_correct !== null && r.is_correct !== r.previous_is_correct ? ' (changed)' : '';
        const inactive = r.inactive.length ? ` · inactive: ${[...new Set(r.inactive.map((s) => s.value))].join(', ')}` : '';
        process.stdout.write(`${mark(r.is_correct)} ${r.conv_id} ${r.task_id} ${r.mode}/${r.condition} was ${mark(r.previous_is_correct)}${changed}${inactive} — ${r.details.message}\n`);
      }
      const rate = summary.agreement_rate === null ? 'n/a' : `${(summary.agreement_rate * 100).toFixed(1)}% of ${summary.compared}`;
      process.stdout.write(`\n${summary.conversations} conversations: ${summary.correct} correct, ${summary.incorrect} incorrect, ${summary.unscored} unscored; agreement with logged verdicts ${rate}; ${summary.with_inactive} with inactive content${values.out ? `; wrote ${values.out}` : ''}\n`);
    }
    return 0;
  },
};
export default command;
