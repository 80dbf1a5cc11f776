// The Samples table command, and an inspection command for tests and the bench.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { SamplesPanel } from './samplesPanel';
import { COMMANDS, INTERNAL_COMMANDS } from '../commandIds';

export function registerSamples(services: ExtensionServices): void {
  services.context.subscriptions.push(
    vscode.commands.registerCommand(COMMANDS.samplesOpen, async () => {
      try {
        await SamplesPanel.show(services);
      } catch (e) {
        const msg = e instanceof Error ? e.message : String(e);
        services.output.appendLine(`[samples] ${msg}`);
        void vscode.window.showErrorMessage(`Intent Lens: cannot open the Samples table: ${msg}`);
      }
    }),
    vscode.commands.registerCommand(INTERNAL_COMMANDS.samplesInspect, () => {
      const p = SamplesPanel.active;
      return p ? { rows: p.currentState.count, visible: p.currentState.visibleCount, filters: p.currentState.filters, renderedMs: p.lastRenderedMs } : undefined;
    }),
  );
}
