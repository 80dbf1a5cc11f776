// The compare feature: "Compare Retained ↔ Revised" (retainedRevisedCommand.ts), "Compare With…"
// (compareWithCommand.ts), "Open in Native Diff" (final responses in VS Code's diff editor), and the
// keyboard navigation commands bound while a compare panel is the active editor, as a command table.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { NAVIGATE_ACTIONS } from '../../shared/protocol/compare';
import { COMMANDS, COMPARE_NAVIGATE_COMMANDS, INTERNAL_COMMANDS } from '../commandIds';
import { readExplicitPair } from './compareArgs';
import { ComparePanel } from './comparePanel';
import { COMPARE_SCHEME, FinalResponseDocuments, openNativeDiff } from './nativeDiff';
import { openCompare, type CompareServices } from './compareServices';
import { compareRetainedRevised } from './retainedRevisedCommand';
import { compareWith } from './compareWithCommand';
import { registerCommandTable, type FeatureCommand } from '../commandTable';

async function nativeDiff(cs: CompareServices, arg: unknown): Promise<void> {
  await cs.services.data.ensureLoaded();
  const pair = readExplicitPair(arg) ?? ComparePanel.active?.pair;
  if (!pair)
    return void vscode.window.showInformationMessage(
      'Intent Lens: open a compare view first (Compare Retained ↔ Revised or Compare With…).',
    );
  await openNativeDiff(cs.docs, cs.services.data, pair.left, pair.right);
}

async function openPair(cs: CompareServices, arg: unknown): Promise<void> {
  const pair = readExplicitPair(arg);
  if (!pair) throw new Error('intentLens.compare.open needs {left, right} conversation ids');
  await cs.services.data.ensureLoaded();
  await openCompare(cs, pair.left, pair.right);
}

const COMPARE_COMMANDS: ReadonlyArray<FeatureCommand<CompareServices>> = [
  { id: COMMANDS.compareRetainedRevised, run: compareRetainedRevised },
  { id: COMMANDS.compareWith, run: compareWith },
  { id: INTERNAL_COMMANDS.compareOpen, run: openPair },
  { id: COMMANDS.compareOpenNativeDiff, run: nativeDiff },
  // For the host test suite and the bench: what the active compare view shows and how fast it rendered.
  {
    id: INTERNAL_COMMANDS.compareInspectActive,
    run: () => {
      const p = ComparePanel.active;
      return p ? { pair: p.pair, state: p.currentState, rendered: p.lastRendered } : undefined;
    },
  },
  ...NAVIGATE_ACTIONS.map((action) => ({
    id: COMPARE_NAVIGATE_COMMANDS[action],
    run: () => ComparePanel.active?.navigate(action),
  })),
];

export function registerCompare(services: ExtensionServices): void {
  const docs = new FinalResponseDocuments(services.data);
  services.context.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(COMPARE_SCHEME, docs));
  registerCommandTable(services.context, { services, docs }, COMPARE_COMMANDS);
}
