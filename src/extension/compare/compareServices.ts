// What the compare commands share: the extension's services, the final responses' documents (for
// the native diff), and how a pair is opened (errors said in the window and the output).
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { ComparePanel } from './comparePanel';
import type { FinalResponseDocuments } from './nativeDiff';
import { ConversationPanel } from '../conversation/conversationPanel';
import { PickSession } from '../picks/pickSession';

export interface CompareServices {
  services: ExtensionServices;
  docs: FinalResponseDocuments;
}

/** Opens the compare view; `commandAt` is taken once the user has answered the quick picks (the render time excludes think time). */
export async function openCompare(
  cs: CompareServices,
  left: string,
  right: string,
  commandAt = Date.now(),
): Promise<void> {
  try {
    await ComparePanel.show(cs.services, cs.docs, { left, right }, commandAt);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    cs.services.output.appendLine(`[compare] ${msg}`);
    void vscode.window.showErrorMessage(`Intent Lens: cannot compare: ${msg}`);
  }
}

/** The conversation view in front, if any: palette commands follow it. */
export function frontConversation(): string | undefined {
  const front = ConversationPanel.active;
  return front?.panel.active ? front.convId : undefined;
}

/**
 * From the palette (no argument) a pick follows: it is on screen before the data is read (see
 * PickSession). A later step without one opens its own.
 */
export function pickSessionFor(arg: unknown, title: string): Promise<PickSession | undefined> {
  return arg === undefined ? PickSession.start(title) : Promise.resolve(undefined);
}

/** A conversation id the workspace knows. */
export const knownConversation = (cs: CompareServices) => (id: string) => cs.services.data.logs.get(id) !== undefined;
