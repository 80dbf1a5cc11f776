// "Copy Link" on a conversation, a turn and the tree's filter, and the URI handler that opens
// exactly that item from such a link (in a fresh window too: it waits for the data to load).
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { formatIntentLink, parseIntentLink, type IntentLink, type LinkFilters } from './intentLinks';
import { COMMANDS, INTERNAL_COMMANDS } from '../commandIds';
import { readCommandTarget } from '../commandTarget';
import { shownLinkText } from './linkText';

export function registerLinks(services: ExtensionServices): void {
  const { context, data, output } = services;

  const copy = async (link: IntentLink, what: string) => {
    const uri = formatIntentLink(vscode.env.uriScheme, link);
    await vscode.env.clipboard.writeText(uri);
    vscode.window.setStatusBarMessage(`$(link) Copied a link to ${what}`, 4000);
    output.appendLine(`[links] copied ${uri}`);
  };

  const open = async (link: IntentLink) => {
    await data.ensureLoaded();
    if (link.kind === 'filter') {
      await vscode.commands.executeCommand('intentLens.sources.focus');
      await vscode.commands.executeCommand(INTERNAL_COMMANDS.treeSetFilters, link.filters);
      return;
    }
    if (!data.logs.get(link.convId)) {
      void vscode.window.showErrorMessage(
        `Intent Lens: the linked conversation "${shownLinkText(link.convId)}" is not in this workspace's run logs. Open the folder that holds its log, or check the logs glob in settings.`,
      );
      return;
    }
    if (link.kind === 'turn')
      await vscode.commands.executeCommand(COMMANDS.openTurn, { convId: link.convId, turnIndex: link.turnIndex });
    else await vscode.commands.executeCommand(COMMANDS.openConversation, { convId: link.convId });
  };

  // Everything a link carries is untrusted: parse errors never repeat it, and what is shown of it
  // (or of an error it caused) goes through shownLinkText.
  const handleUri = async (uri: vscode.Uri) => {
    const parsed = parseIntentLink(uri.path, uri.query);
    if (!parsed.ok) {
      void vscode.window.showErrorMessage(`Intent Lens cannot open this link: ${parsed.error}.`);
      return;
    }
    try {
      await open(parsed.link);
    } catch (e) {
      void vscode.window.showErrorMessage(
        `Intent Lens could not open the link: ${shownLinkText(e instanceof Error ? e.message : String(e), 200)}`,
      );
    }
  };

  context.subscriptions.push(
    vscode.window.registerUriHandler({ handleUri }),
    // The same handler for a link given as text (the host suite opens links through it).
    vscode.commands.registerCommand(INTERNAL_COMMANDS.linksOpen, (link: unknown) =>
      typeof link === 'string' ? handleUri(vscode.Uri.parse(link)) : undefined,
    ),
    vscode.commands.registerCommand(COMMANDS.copyLink, async (arg: unknown) => {
      const a = readCommandTarget(arg);
      if (!a.convId)
        return void vscode.window.showInformationMessage(
          'Intent Lens: select a conversation or a turn in the Sources view to copy its link.',
        );
      if (a.turnIndex !== undefined)
        await copy({ kind: 'turn', convId: a.convId, turnIndex: a.turnIndex }, 'this turn');
      else await copy({ kind: 'conversation', convId: a.convId }, 'this conversation');
    }),
    vscode.commands.registerCommand(COMMANDS.copyFilterLink, async () => {
      const filters =
        (await vscode.commands.executeCommand<LinkFilters | undefined>(INTERNAL_COMMANDS.treeGetFilters)) ?? {};
      await copy({ kind: 'filter', filters }, 'the current filter');
    }),
  );
}
