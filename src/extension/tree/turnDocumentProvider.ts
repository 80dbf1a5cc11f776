// Read-only documents for turns (`intent-lens:` scheme), re-read when a log changes.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { CONVERSATION_SCHEME, parseDocumentPath, renderTurnDocument } from './conversationDocuments';

class TurnDocuments implements vscode.TextDocumentContentProvider {
  readonly changedEmitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changedEmitter.event;

  constructor(private readonly services: ExtensionServices) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const target = parseDocumentPath(uri.path);
    if (!target) return `Unknown Intent Lens document: ${uri.toString()}\n`;
    const conv = await this.services.data.readConversation(target.convId);
    if (!conv)
      return `Conversation ${target.convId} is not loaded (its log may have been removed or not indexed yet).\n`;
    return renderTurnDocument(conv.entry, target.turnIndex);
  }
}

export function registerTurnDocuments(services: ExtensionServices): void {
  const documents = new TurnDocuments(services);
  services.context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(CONVERSATION_SCHEME, documents),
    documents.changedEmitter,
    // A rewritten log may move or change a conversation: re-read open turn documents.
    services.data.onDidChange(() => {
      for (const doc of vscode.workspace.textDocuments)
        if (doc.uri.scheme === CONVERSATION_SCHEME) documents.changedEmitter.fire(doc.uri);
    }),
  );
}
