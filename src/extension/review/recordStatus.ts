// Each line of a records file says its review status (a CodeLens above the record: "✓ approved",
// "pending", "needs work: <note>", "no review", "no revision", and its checks in one line), and a
// hover on the line lists every check with its outcome and evidence. Both read the document's text
// as it is now (unsaved edits included); the database findings come from the live intent
// diagnostics, which execute the reference SQL.
import * as vscode from 'vscode';
import { parseRecordsText, type LoadedItem } from '../../core/load/recordsFile';
import type { BenchmarkRecord } from '../../core/schema/records';
import { checkIntent } from '../../core/checks/intentChecks';
import {
  countChecks,
  describeCheckCounts,
  listChecks,
  type CheckFinding,
  type CheckRun,
} from '../../core/checks/checkList';
import { reviewStatusText } from '../../core/edit/reviewStatus';
import { COMMANDS } from '../commandIds';
import { INTENT_DIAGNOSTIC_SOURCE } from './intentDiagnostics';
import { isRecordsDocument } from './recordDocuments';
import { CHECK_OUTCOME_MARKS } from '../../shared/verdicts';

const DATABASE_CODES = new Set([
  'intent-reference-sql-error',
  'intent-reference-results-equal',
  'intent-reference-db-missing',
]);
const SEVERITY: Record<number, CheckFinding['severity']> = { 0: 'error', 1: 'warning', 2: 'info', 3: 'info' };

/** The records of a document by 0-based line (each record's first line). */
function recordsByLine(doc: vscode.TextDocument): Map<number, LoadedItem<BenchmarkRecord>> {
  const parsed = parseRecordsText(doc.uri.fsPath, doc.getText());
  return new Map(parsed.items.map((i) => [i.line - 1, i]));
}

/** A record's check list: the pure checks now, the database findings from the live diagnostics. */
export function recordCheckRuns(doc: vscode.TextDocument, line: number, rec: BenchmarkRecord): CheckRun[] {
  const database: CheckFinding[] = vscode.languages
    .getDiagnostics(doc.uri)
    .filter(
      (d) => d.source === INTENT_DIAGNOSTIC_SOURCE && d.range.start.line === line && DATABASE_CODES.has(String(d.code)),
    )
    .map((d) => ({ code: String(d.code), severity: SEVERITY[d.severity] ?? 'info', message: d.message, path: '' }));
  const state = vscode.workspace.isTrusted
    ? ({ ran: true } as const)
    : ({ ran: false, reason: 'the workspace is not trusted' } as const);
  return listChecks(rec, [...checkIntent(rec), ...database], { database: state });
}

class RecordStatusLenses implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  refresh(): void {
    this.changed.fire();
  }

  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    if (!isRecordsDocument(doc)) return [];
    const out: vscode.CodeLens[] = [];
    for (const [line, item] of recordsByLine(doc)) {
      const range = new vscode.Range(line, 0, line, 0);
      const rec = item.value;
      const status = reviewStatusText(rec);
      const edit = rec.intent ? { command: COMMANDS.reviewEditRevision, arguments: [rec.task_id] } : { command: '' };
      out.push(
        new vscode.CodeLens(range, {
          title: `Review: ${status}`,
          tooltip: rec.intent ? `Open ${rec.task_id} in the revision editor` : 'A plain record without an intent block',
          ...edit,
        }),
      );
      if (rec.intent) {
        const counts = countChecks(recordCheckRuns(doc, line, rec));
        out.push(
          new vscode.CodeLens(range, {
            title: describeCheckCounts(counts),
            tooltip: 'Hover the line for every check and its evidence',
            ...edit,
          }),
        );
      }
    }
    return out;
  }
}

/** The hover's text: the review and every check with its outcome and evidence. */
export function recordHoverMarkdown(rec: BenchmarkRecord, runs: readonly CheckRun[]): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.isTrusted = { enabledCommands: [COMMANDS.reviewEditRevision] };
  const review = rec.intent?.review;
  md.appendMarkdown(`**${escape(rec.task_id)}** · review: ${escape(reviewStatusText(rec))}`);
  if (review?.by || review?.at) md.appendMarkdown(` (${escape([review.by, review.at].filter(Boolean).join(', '))})`);
  md.appendMarkdown('\n\n');
  if (!rec.intent) return md.appendMarkdown('No intent block: nothing to review or check.');
  md.appendMarkdown(`**${escape(describeCheckCounts(countChecks(runs)))}**\n\n`);
  // Failures first, then what did not run, then the passes (a long hover is cut at its end).
  const rank = { fail: 0, 'not-run': 1, pass: 2 } as const;
  for (const r of [...runs].sort((a, b) => rank[a.outcome] - rank[b.outcome]))
    md.appendMarkdown(`- ${CHECK_OUTCOME_MARKS[r.outcome]} ${escape(r.rule)} — ${escape(r.evidence.join('; '))}\n`);
  const args = encodeURIComponent(JSON.stringify([rec.task_id]));
  md.appendMarkdown(`\n[Edit Revision](command:${COMMANDS.reviewEditRevision}?${args})`);
  return md;
}

// Record text is data: shown literally, never as markdown or HTML.
const escape = (s: string) => s.replace(/[\\`*_{}[\]()#+!|<>~-]/g, (c) => `\\${c}`);

class RecordStatusHover implements vscode.HoverProvider {
  provideHover(doc: vscode.TextDocument, pos: vscode.Position): vscode.Hover | undefined {
    if (!isRecordsDocument(doc)) return undefined;
    const item = recordsByLine(doc).get(pos.line);
    if (!item) return undefined;
    return new vscode.Hover(recordHoverMarkdown(item.value, recordCheckRuns(doc, pos.line, item.value)));
  }
}

export function registerRecordStatus(context: vscode.ExtensionContext): void {
  const selector: vscode.DocumentSelector = [{ scheme: 'file', pattern: '**/*.records.{jsonl,json}' }];
  const lenses = new RecordStatusLenses();
  context.subscriptions.push(
    vscode.languages.registerCodeLensProvider(selector, lenses),
    vscode.languages.registerHoverProvider(selector, new RecordStatusHover()),
    // The database findings arrive later than the text: redraw the lenses when they do.
    vscode.languages.onDidChangeDiagnostics(
      (e) => e.uris.some((u) => /\.records\.jsonl?$/i.test(u.fsPath)) && lenses.refresh(),
    ),
  );
}
