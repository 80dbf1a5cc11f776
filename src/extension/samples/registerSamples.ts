// The Samples table command, and an inspection command for tests and the bench.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { SamplesPanel } from './samplesPanel';

export const SAMPLES_COMMAND = 'intentLens.samples.open';

export function registerSamples(services: ExtensionServices): void {
  services.context.subscriptions.push(
    vscode.commands.registerCommand(SAMPLES_COMMAND, async () => {
      try {
        await SamplesPanel.show(services);
      } catch (e) {
        const msg = e instanceof Error ? e.message : String(e);
        services.output.appendLine(`[samples] ${msg}`);
        void vscode.window.showErrorMessage(`Intent Lens: cannot open the Samples table: ${msg}`);
      }
    }),
    vscode.commands.registerCommand('intentLens.samples.inspect', () => {
      const p = SamplesPanel.active;
      return p ? { rows: p.currentState.rows.length, visible: p.currentState.visible.length, filters: p.currentState.filters, renderedMs: p.lastRenderedMs } : undefined;
    }),
  );
}
