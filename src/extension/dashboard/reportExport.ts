// "Export Report": asks where, then writes the self-contained HTML report (with the last run diff,
// if one was run) or the grid as LaTeX. Each conversation of the run diff links to it through the
// extension's URI handler (`<scheme>://intent-lens.intent-lens/conversation?conv=…`): a reader with
// VS Code and this workspace lands on exactly that conversation.
import * as vscode from 'vscode';
import type { StatsReport } from '../../core/stats/statsTypes';
import { statsToHtml } from '../../core/stats/report/htmlReport';
import { gridToLatex } from '../../core/stats/report/latexTable';
import type { ExportResult, RunDiffResult } from '../../shared/protocol/dashboard';
import { formatIntentLink } from '../links/intentLinks';
import { announceSaved } from './savedFile';

export async function exportReport(
  report: StatsReport,
  format: 'html' | 'latex',
  diff: RunDiffResult | undefined,
  defaultUri: (name: string) => vscode.Uri | undefined,
): Promise<ExportResult> {
  const name = format === 'html' ? 'intent-eval-report.html' : 'intent-eval-table1.tex';
  const suggested = defaultUri(name);
  const uri = await vscode.window.showSaveDialog({
    title: format === 'html' ? 'Export the results report (HTML)' : 'Export the accuracy grid (LaTeX)',
    ...(suggested ? { defaultUri: suggested } : {}),
    filters: format === 'html' ? { HTML: ['html'] } : { LaTeX: ['tex'] },
  });
  if (!uri) return { saved: null };
  const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.name);
  const text =
    format === 'html'
      ? statsToHtml(report, {
          generatedAt: new Date(),
          sources: folders.length ? [`workspace ${folders.join(', ')}`] : [],
          ...(diff ? { diff: { a: diff.a, b: diff.b, result: diff } } : {}),
          conversationLink: (convId) => formatIntentLink(vscode.env.uriScheme, { kind: 'conversation', convId }),
        })
      : gridToLatex(report);
  await vscode.workspace.fs.writeFile(uri, Buffer.from(text, 'utf8'));
  const detail = diff && format === 'html' ? `with the run diff ${diff.a} → ${diff.b}` : undefined;
  return {
    saved: announceSaved(format === 'html' ? 'Report' : 'Grid LaTeX', uri, detail),
    ...(detail ? { detail } : {}),
  };
}
