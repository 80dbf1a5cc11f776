// "Open in Native Diff": the two final responses as read-only virtual documents
// (`intent-lens-compare:/<conv_id>/<label>.md`) in VS Code's own diff editor. The document text is
// read from the run log on demand, so the URIs stay valid across reloads.
import * as vscode from 'vscode';
import type { WorkspaceData } from '../data/workspaceData';
import { parseConversation } from '../../core/conversation';
import { refLabel } from './comparePairs';

export const COMPARE_SCHEME = 'intent-lens-compare';

export class FinalResponseDocuments implements vscode.TextDocumentContentProvider {
  constructor(private readonly data: WorkspaceData) {}

  uriFor(convId: string): vscode.Uri {
    const ref = this.data.logs.get(convId);
    const name = ref ? `${ref.model} ${refLabel(ref)} final response.md` : 'final response.md';
    return vscode.Uri.from({
      scheme: COMPARE_SCHEME,
      path: `/${encodeURIComponent(convId)}/${name.replace(/[/\\]/g, '_')}`,
    });
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const convId = decodeURIComponent(uri.path.split('/')[1] ?? '');
    await this.data.ensureLoaded();
    const ref = this.data.logs.get(convId);
    if (!ref) return `(conversation ${convId} is no longer in the workspace)`;
    const entry = await this.data.logs.readConversation(ref);
    return parseConversation(entry).finalAnswer?.text ?? '(no assistant response)';
  }
}

export async function openNativeDiff(
  docs: FinalResponseDocuments,
  data: WorkspaceData,
  leftConvId: string,
  rightConvId: string,
): Promise<void> {
  const l = data.logs.get(leftConvId);
  const r = data.logs.get(rightConvId);
  const side = (ref: typeof l, id: string) => (ref ? `${refLabel(ref)} · ${ref.model}` : id);
  await vscode.commands.executeCommand(
    'vscode.diff',
    docs.uriFor(leftConvId),
    docs.uriFor(rightConvId),
    `Final responses: ${side(l, leftConvId)} ↔ ${side(r, rightConvId)}`,
    { preview: true },
  );
}
